import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import LocalServers
import ScriptedUpstream
import Testing

func temporaryDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

@Suite("The assist command", .serialized)
struct CLITests {
    @Test("check-config accepts the built-in configuration and lists every error of a bad one with its path")
    func checkConfig() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../config/travel.json").standardized
        let valid = try await onOwnThread { try AssistBinary.run(["check-config", config.path]) }
        #expect(valid.status == 0, "\(valid.stderr)")

        var json = try JSONParser.parse(Array(try Data(contentsOf: config)))
        guard case .object(var root) = json, case .object(var features)? = root["features"],
              case .object(var summary)? = features["itinerary_summary"] else { Issue.record("unexpected shape"); return }
        summary["maxOutputTokens"] = 0
        summary["model"] = "missing-alias"
        features["itinerary_summary"] = .object(summary)
        root["features"] = .object(features)
        root["surprise"] = true
        root["models"] = ["local-small": ["targets": [["provider": "embedded", "model": "SmolLM2-135M-Instruct"],
                                                      ["provider": "gemini", "baseURL": "generativelanguage.googleapis.com", "model": "g"]],
                                          "fallbackOn": ["5xx", "slow"]]]
        json = .object(root)
        let bad = directory.appendingPathComponent("bad.json")
        try Data(JSONWriter.bytes(json)).write(to: bad)
        let invalid = try await onOwnThread { try AssistBinary.run(["check-config", bad.path]) }
        #expect(invalid.status == 1)
        let lines = Set(invalid.stderr.split(separator: "\n").map(String.init))
        #expect(lines.contains("features.itinerary_summary.maxOutputTokens: must be > 0"))
        #expect(lines.contains("surprise: unknown key"))
        #expect(lines.contains { $0.hasPrefix("features.itinerary_summary.model: names no model alias") })
        #expect(lines.contains { $0.hasPrefix("models.local-small.targets[1].baseURL: must be an http(s) URL") }, "\(invalid.stderr)")
        #expect(lines.contains { $0.hasPrefix("models.local-small.fallbackOn: unknown cause \"slow\"") })

        // Shared storage: the URLs from the file or the environment, which wins; missing ones are named.
        guard case .object(var sharedRoot) = try JSONParser.parse(Array(try Data(contentsOf: config))) else { return }
        sharedRoot["storage"] = ["kind": "shared", "postgres": "postgres://assist@127.0.0.1:5432/assist"]
        let shared = directory.appendingPathComponent("shared.json")
        try Data(JSONWriter.bytes(.object(sharedRoot))).write(to: shared)
        let missing = try await onOwnThread { try AssistBinary.run(["check-config", shared.path], environment: ["ASSIST_REDIS_URL": ""]) }
        #expect(missing.status == 1 && missing.stderr.contains("storage.redis: is required for kind \"shared\" (in the file or ASSIST_REDIS_URL)"))
        let fromEnvironment = try await onOwnThread {
            try AssistBinary.run(["check-config", shared.path], environment: ["ASSIST_REDIS_URL": "redis://127.0.0.1:6379"])
        }
        #expect(fromEnvironment.status == 0 && fromEnvironment.stdout.contains("shared storage"), "\(fromEnvironment.stderr)")

        #expect(try await onOwnThread { try AssistBinary.run(["check-config", directory.appendingPathComponent("none.json").path]) }.status == 1)
        #expect(try await onOwnThread { try AssistBinary.run(["check-config"]) }.status == 2)
        #expect(try await onOwnThread { try AssistBinary.run(["frobnicate"]) }.status == 2)
    }

    @Test("serve with shared storage it cannot reach retries for connectSeconds, then exits 1 naming each store")
    func serveUnreachableSharedStorage() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../config/travel.json").standardized
        guard case .object(var root) = try JSONParser.parse(Array(try Data(contentsOf: config))) else { Issue.record("unexpected shape"); return }
        root["storage"] = ["kind": "shared", "redis": "redis://127.0.0.1:1", "postgres": "postgres://assist:secret@127.0.0.1:1/assist",
                           "connectSeconds": 1]
        root["qualification"] = ["results": .string(config.deletingLastPathComponent().appendingPathComponent("../golden/qualification.json").standardized.path)]
        let file = directory.appendingPathComponent("shared.json")
        try Data(JSONWriter.bytes(.object(root))).write(to: file)
        let started = ContinuousClock.now
        let result = try await onOwnThread {
            try AssistBinary.run(["serve", "--config", file.path, "--data-dir", directory.appendingPathComponent("data").path,
                                  "--upstream", "http://127.0.0.1:1/v1", "--port", "0"], environment: ["ASSIST_REDIS_URL": "", "ASSIST_DATABASE_URL": ""])
        }
        #expect(result.status == 1)
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(result.stderr.contains("cannot reach Redis at redis://127.0.0.1:1/0"), "\(result.stderr)")
        #expect(result.stderr.contains("PostgreSQL at postgres://assist:***@127.0.0.1:1/assist"), "\(result.stderr)")
        #expect(!result.stderr.contains("secret"))
    }

    @Test("token prints an HS256 token the data dir's secret verifies, with the requested lifetime")
    func token() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await onOwnThread { try AssistBinary.run(["token", "--user", "u2", "--ttl", "120", "--data-dir", directory.path]) }
        #expect(result.status == 0, "\(result.stderr)")
        let token = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let secret = try SecretStore.hs256Secret(environmentVariable: "ASSIST_TEST_UNSET_SECRET", dataDirectory: directory)
        let verifier = JWTVerifier(secret: secret, settings: AuthSettings())
        #expect(try verifier.verify(bearer: token) == AuthenticatedUser(id: "u2"))
        let payload = try JSONParser.parse(try #require(Base64URLProbe.decode(String(token.split(separator: ".")[1]))))
        #expect((payload["exp"]?.numberValue ?? 0) - (payload["iat"]?.numberValue ?? 0) == 120)
        // The secret from the environment wins over the data dir.
        let fromEnvironment = try await onOwnThread {
            try AssistBinary.run(["token", "--user", "u1", "--data-dir", directory.path], environment: ["ASSIST_JWT_HS256_SECRET": "s3cret"])
        }
        let envVerifier = JWTVerifier(secret: Array("s3cret".utf8), settings: AuthSettings())
        #expect(try envVerifier.verify(bearer: fromEnvironment.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).id == "u1")
        #expect(try await onOwnThread { try AssistBinary.run(["token"]) }.status == 2)
        // No token outlives auth.maxTokenLifetimeSeconds (24 h): exactly that is issued, a second more refused.
        #expect(try await onOwnThread { try AssistBinary.run(["token", "--user", "u1", "--ttl", "86400", "--data-dir", directory.path]) }.status == 0)
        let tooLong = try await onOwnThread { try AssistBinary.run(["token", "--user", "u1", "--ttl", "86401", "--data-dir", directory.path]) }
        #expect(tooLong.status == 2 && tooLong.stderr.contains("maxTokenLifetimeSeconds"))
        // --admin prints the admin API's token for that data dir, the one `serve` accepts.
        let admin = try await onOwnThread { try AssistBinary.run(["token", "--admin", "--data-dir", directory.path]) }
        #expect(admin.status == 0)
        #expect(Array(admin.stdout.trimmingCharacters(in: .whitespacesAndNewlines).utf8) == (try SecretStore.adminToken(dataDirectory: directory)))
        #expect(try await onOwnThread { try AssistBinary.run(["token", "--admin", "--user", "u1"]) }.status == 2)
    }

    @Test("serve prints URL, token and a curl command; SIGTERM lets the running stream finish, then exits 0; --log-format json logs JSON lines")
    func serveAndDrain() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let upstream = try ScriptedUpstream(script: Script(tokens: (0..<8).map { "t\($0) " }, interval: .milliseconds(100)))
        defer { upstream.stop() }
        let port = try freeLoopbackPort()
        let log = directory.appendingPathComponent("stderr.log")
        let running = try AssistBinary.start(["serve", "--config", try scriptedServeConfig(in: directory), "--upstream", upstream.baseURL,
                                              "--port", String(port), "--data-dir", directory.path, "--log-format", "json"], stderr: log)
        let process = running.process
        defer { if process.isRunning { process.terminate() } }
        let banner = try await running.output(until: "Ctrl-C")
        #expect(banner.contains("listening on http://127.0.0.1:\(port)"))
        #expect(banner.contains("curl -N http://127.0.0.1:\(port)/v1/assist/stream"))
        let token = try #require(banner.split(separator: "\n").dropFirst(2).first?.trimmingCharacters(in: .whitespaces))

        let connection = try TestConnection(port: port)
        try connection.send(method: "POST", path: "/v1/assist/stream", headers: [("Authorization", "Bearer \(token)")],
                            body: JSONWriter.bytes(["feature": "support_chat", "input": ["message": "Where is my bag?"], "locale": "en-US"]))
        _ = try await onOwnThread { try connection.read(until: "t0 ") }
        process.terminate()  // SIGTERM
        let rest = try await onOwnThread { try connection.readToEnd() }
        #expect(TestResponse.events(in: rest).last == .done(finishReason: "stop", promptVersion: "2026-12-02.1"))
        try await running.exit()
        #expect(process.terminationStatus == 0)
        #expect(process.terminationReason == .exit)
        // Every line of the log is one JSON object; the stream's end is one of them, with its ids, and never its text.
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
        let ends = lines.filter { $0["message"] == "request ended" && $0["route"] == "/v1/assist/stream" }
        #expect(ends.count == 1 && ends.first?["outcome"] == "ok" && ends.first?["feature"] == "support_chat", "\(lines)")
        #expect(ends.first?["trace_id"]?.stringValue?.count == 32 && ends.first?["request_id"]?.stringValue?.isEmpty == false)
        #expect(lines.contains { $0["level"] == "notice" && $0["message"]?.stringValue?.hasPrefix("SIGTERM: draining") == true })
        #expect(!lines.contains { JSONWriter.string($0).contains("Where is my bag") })
        let unknownLevel = try await onOwnThread { try AssistBinary.run(["serve", "--log-level", "loud", "--data-dir", directory.path]) }
        #expect(unknownLevel.status == 2 && unknownLevel.stderr.contains("--log-level must be one of debug, info, notice, warning, error"))
    }

    @Test("budget import-sms: each line stored, already imported or not understood, by number; --dry-run stores nothing")
    func budgetImportSMS() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/bank-sms/sample.txt").path
        let arguments = ["budget", "import-sms", sample, "--user", "u7", "--data-dir", directory.path]
        let dry = try await onOwnThread { try AssistBinary.run(arguments + ["--dry-run"]) }
        #expect(dry.stdout.contains("line 1: would store 2026-11-12 Migros (groceries) TRY 1245.50"), "\(dry.stdout)")
        #expect(dry.stdout.hasSuffix("would store 4, already imported 1, not understood 1 (user u7)\n"))
        let stored = try await onOwnThread { try AssistBinary.run(arguments) }
        #expect(stored.status == 1, "a line was not understood")
        #expect(stored.stdout.contains("line 3: not imported: not a card payment message in a known format"))
        #expect(stored.stdout.contains("line 6: already imported 2026-11-12 Migros"))
        #expect(stored.stdout.hasSuffix("stored 4, already imported 1, not understood 1 (user u7)\n"), "\(stored.stdout)")
        let again = try await onOwnThread { try AssistBinary.run(arguments) }
        #expect(again.stdout.hasSuffix("stored 0, already imported 5, not understood 1 (user u7)\n"))
        let asked = try await onOwnThread {
            try AssistBinary.run(["budget", "ask", "How much did I spend at Migros in November?", "--user", "u7", "--today", "2026-12-01",
                                  "--offline", "--locale", "en-US", "--data-dir", directory.path])
        }
        #expect(asked.stdout.contains("1,245.50"), "\(asked.stdout) \(asked.stderr)")
    }

    @Test("serve --demo names /demo and /console, and its log-in works; --demo refuses a host other than loopback")
    func serveDemo() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let refused = try await onOwnThread { try AssistBinary.run(["serve", "--demo", "--host", "0.0.0.0", "--data-dir", directory.path]) }
        #expect(refused.status == 2 && refused.stderr.contains("loopback"), "\(refused.stderr)")

        let upstream = try ScriptedUpstream()
        defer { upstream.stop() }
        let port = try freeLoopbackPort()
        let running = try AssistBinary.start(["serve", "--demo", "--upstream", upstream.baseURL, "--port", String(port), "--data-dir", directory.path])
        let process = running.process
        defer { if process.isRunning { process.terminate() } }
        let banner = try await running.output(until: "Ctrl-C")
        #expect(banner.contains("http://127.0.0.1:\(port)/demo") && banner.contains("http://127.0.0.1:\(port)/console"), "\(banner)")
        let login = try await testRequest(port: port, method: "POST", path: "/demo/token", body: Array(#"{"user":"u3"}"#.utf8))
        #expect(login.status == 200 && login.json?["name"] == "Megan Carter", "\(login.text)")
        #expect(try await testRequest(port: port, path: "/demo").status == 200)
        process.terminate()
        try await running.exit()
        #expect(process.terminationStatus == 0)
    }

    @Test("SIGTERM sent the moment the banner is read drains and exits 0, every time (it once went unheard)")
    func sigtermRightAfterBanner() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let upstream = try ScriptedUpstream(script: Script(tokens: ["done"]))
        defer { upstream.stop() }
        for round in 0..<5 {
            let log = directory.appendingPathComponent("stderr-\(round).log")
            let running = try AssistBinary.start(["serve", "--upstream", upstream.baseURL, "--port", String(try freeLoopbackPort()),
                                                  "--data-dir", directory.path], stderr: log)
            defer { if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) } }
            _ = try await running.output(until: "Ctrl-C")
            running.process.terminate()
            try await running.exit(within: .seconds(15))
            #expect(running.process.terminationReason == .exit && running.process.terminationStatus == 0)
            #expect(try String(contentsOf: log, encoding: .utf8).contains("SIGTERM: draining"))
        }
    }

    @Test("feedback export writes the gateway's wrong verdicts as golden cases, masked")
    func feedbackExport() async throws {
        let harness = try GatewayHarness()
        let chat = try await harness.stream(body: GatewayHarness.body(feature: "support_chat", input: ["message": "mail me at ada@example.com"]))
        let id = try #require(chat.headers["x-request-id"])
        _ = await harness.auditRow(id)
        let sent = try await testRequest(port: harness.port, method: "POST", path: "/v1/feedback",
                                         headers: [("Authorization", "Bearer \(harness.token())")],
                                         body: JSONWriter.bytes(["requestId": .string(id), "verdict": "wrong"]))
        #expect(sent.status == 201)
        let out = harness.dataDirectory.appendingPathComponent("feedback.jsonl")
        let result = try await onOwnThread {
            try AssistBinary.run(["feedback", "export", "--data-dir", harness.dataDirectory.path, "--out", out.path])
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("1 golden cases exported"))
        let line = try JSONParser.parse(String(decoding: try Data(contentsOf: out), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(line["id"] == .string("fb-\(id)"))
        #expect(line["input"]?["message"] == "mail me at [email]")
        #expect(try await onOwnThread { try AssistBinary.run(["feedback", "export", "--data-dir", "/nonexistent"]) }.status == 2)
        #expect(try await onOwnThread { try AssistBinary.run(["feedback", "import"]) }.status == 2)
    }
}

import AssistCrypto
typealias Base64URLProbe = Base64URL
