import AssistTestSupport
import ScriptedUpstream
import AssistWire
import Foundation
import GatewayTestSupport
import LocalServers
import Testing

@Suite("assist eval, as a user runs it", .serialized)
struct EvalCommandTests {
    func reports() -> (json: URL, junit: URL) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("assist-eval-\(UUID().uuidString)")
        return (base.appendingPathExtension("json"), base.appendingPathExtension("xml"))
    }

    @Test("good answers: progress, a per-check table, PASS, both reports, exit 0")
    func passes() async throws {
        let good = try EvaluationSamples.good()
        let upstream = try PreparedUpstream.start { good[$0]?[$1] }
        let (json, junit) = reports()
        defer { try? FileManager.default.removeItem(at: json); try? FileManager.default.removeItem(at: junit) }
        let result = try await onOwnThread {
            try AssistBinary.run(["eval", "--feature", "itinerary_summary", "--upstream", upstream.baseURL, "--golden", EvaluationSamples.goldenSet.path,
                                  "--json", json.path, "--junit", junit.path])
        }
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("[28/28]"))
        #expect(result.stdout.contains("times_match_booking") && result.stdout.contains("language_matches_locale"))
        #expect(result.stdout.contains("PASS itinerary_summary: 100.0%"))
        let report = try JSONParser.parse(Array(try Data(contentsOf: json)))
        #expect(report["features"]?.arrayValue?.first?["passed"] == true)
        #expect(String(decoding: try Data(contentsOf: junit), as: UTF8.self).contains(#"tests="28" failures="0""#))
    }

    @Test("English answers for every locale fall below the threshold: FAIL, exit 1, failures in JUnit")
    func failsBelowThreshold() async throws {
        let good = try EvaluationSamples.good()
        let upstream = try PreparedUpstream.start { booking, _ in good[booking]?["en"] }
        let (json, junit) = reports()
        defer { try? FileManager.default.removeItem(at: json); try? FileManager.default.removeItem(at: junit) }
        let result = try await onOwnThread {
            try AssistBinary.run(["eval", "--upstream", upstream.baseURL, "--golden", EvaluationSamples.goldenSet.path, "--feature", "itinerary_summary",
                                  "--junit", junit.path])
        }
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("FAIL itinerary_summary"))
        #expect(result.stdout.contains("language_matches_locale: written in en, locale is tr-TR"))
        #expect(String(decoding: try Data(contentsOf: junit), as: UTF8.self).contains(#"<failure message="language_matches_locale">"#))
    }

    @Test("bad arguments exit 2 with a message")
    func badArguments() async throws {
        let unknown = try await onOwnThread { try AssistBinary.run(["eval", "--feature", "nope", "--upstream", "http://127.0.0.1:9/v1"]) }
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown feature nope"))
        let golden = try await onOwnThread {
            try AssistBinary.run(["eval", "--golden", "/nonexistent.jsonl", "--upstream", "http://127.0.0.1:9/v1"])
        }
        #expect(golden.status == 2)
        #expect(golden.stderr.contains("--golden needs --feature"))
        let option = try await onOwnThread { try AssistBinary.run(["eval", "--bogus"]) }
        #expect(option.status == 2)
    }

    @Test("a structured feature's golden set is held to schema_valid and grounded")
    func structured() async throws {
        // A model that answers every sentence with an empty object: the rules answer, within the contract.
        let upstream = try ScriptedUpstream(script: Script(tokens: ["{}"]))
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../golden/smart_search.jsonl").standardized
        let result = try await onOwnThread {
            try AssistBinary.run(["eval", "--feature", "smart_search", "--upstream", upstream.baseURL, "--golden", golden.path])
        }
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("schema_valid") && result.stdout.contains("grounded"))
        #expect(result.stdout.contains("PASS smart_search: 100.0%"))
    }

    @Test("eval prints the served answers beside the raw ones; --record keeps each locale's rate, and serve then narrates the failing locale")
    func recordThenServe() async throws {
        // A model that writes good English whatever the locale: en-* qualifies, tr-TR does not.
        let good = try EvaluationSamples.good()
        let upstream = try PreparedUpstream.start { booking, _ in good[booking]?["en"] }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        guard case .object(var root) = try JSONParser.parse(Array(try Data(contentsOf: repository.appendingPathComponent("config/travel.json")))) else {
            Issue.record("config/travel.json is not an object")
            return
        }
        root["qualification"] = ["results": "qualification.json"]
        let config = directory.appendingPathComponent("travel.json")
        try Data(JSONWriter.bytes(.object(root))).write(to: config)

        let recorded = try await onOwnThread {
            try AssistBinary.run(["eval", "--feature", "itinerary_summary", "--upstream", upstream.baseURL, "--config", config.path,
                                  "--golden", EvaluationSamples.goldenSet.path, "--record"])
        }
        #expect(recorded.status == 1, "\(recorded.stdout)\n\(recorded.stderr)")
        // Served, the guard falls back to the narrator for Turkish: every case passes, the raw model's Turkish none.
        #expect(recorded.stdout.contains("tr-TR    0/11 (0%)        11/11 (100%)     11"), "\(recorded.stdout)")
        let results = try JSONParser.parse(Array(try Data(contentsOf: directory.appendingPathComponent("qualification.json"))))
        let rows = results["results"]?.arrayValue ?? []
        let turkish = rows.first { $0["locale"] == "tr-TR" }
        #expect(turkish?["model"] == .string(ScriptedUpstream.modelId) && turkish?["passed"] == 0 && turkish?["cases"] == 11)
        #expect(rows.first { $0["locale"] == "en-US" }?["passRate"] == 1)

        let port = try freeLoopbackPort()
        let data = directory.appendingPathComponent("data")
        let running = try AssistBinary.start(["serve", "--config", config.path, "--upstream", upstream.baseURL, "--port", String(port),
                                              "--data-dir", data.path])
        defer { if running.process.isRunning { running.process.terminate() } }
        let banner = try await running.output(until: "Ctrl-C")
        let token = try #require(banner.split(separator: "\n").dropFirst(2).first?.trimmingCharacters(in: .whitespaces))
        let features = try await testRequest(port: port, path: "/v1/features", headers: [("Authorization", "Bearer \(token)")])
        let summary = features.json?["features"]?.arrayValue?.first { $0["id"] == "itinerary_summary" }
        #expect(summary?["locales"] == ["en-US": "model", "en-GB": "model", "tr-TR": "narrator"])
        let before = upstream.requests.count
        let turkishSummary = try await testRequest(port: port, method: "POST", path: "/v1/assist/stream", headers: [("Authorization", "Bearer \(token)")],
                                                   body: JSONWriter.bytes(["feature": "itinerary_summary", "input": ["bookingId": "BK-2041"], "locale": "tr-TR"]))
        guard case .done(_, _, _, let source, _)? = turkishSummary.events.last else { Issue.record("no done: \(turkishSummary.text)"); return }
        #expect(source == .narrator)
        #expect(upstream.requests.count == before, "the narrator answered: no model call")
        running.process.terminate()
        try await running.exit()
    }
}
