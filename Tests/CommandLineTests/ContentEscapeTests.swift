import AssistCrypto
import AssistTestSupport
import AssistWire
import Foundation
import LocalServers
import ScriptedUpstream
import Testing

/// Nothing a user wrote leaves the request: after a provider failure that quotes the request in its error
/// body, and feedback carrying a card number, neither the gateway's log nor any file of its data directory
/// (the database, its WAL included) holds the message's marker or the card number.
@Suite("Content stays inside the request", .serialized)
struct ContentEscapeTests {
    static let marker = "MARKER-7f3a91"
    static let card = "4111111111111111"

    @Test("provider errors quoting the request (400, 500), a cut stream, a crash mid-stream and a restart, feedback with a card number: no marker or card in the logs or data dir")
    func nothingEscapes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-content-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let upstream = try ScriptedUpstream(script: Script(status: 400, errorQuotesRequest: true))
        defer { upstream.stop() }
        let data = directory.appendingPathComponent("data")
        var logs: [URL] = []
        func serve() async throws -> (AssistBinary.Running, port: Int, auth: [(String, String)]) {
            let port = try freeLoopbackPort()
            let log = directory.appendingPathComponent("stderr-\(logs.count).log")
            logs.append(log)
            let running = try AssistBinary.start(["serve", "--config", try scriptedServeConfig(in: directory), "--upstream", upstream.baseURL,
                                                  "--port", String(port), "--data-dir", data.path],
                                                 stderr: log)
            let banner = try await running.output(until: "Ctrl-C")
            let token = try #require(banner.split(separator: "\n").dropFirst(2).first?.trimmingCharacters(in: .whitespaces))
            return (running, port, [("Authorization", "Bearer \(token)")])
        }
        let (running, port, auth) = try await serve()
        let process = running.process
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        let message = "\(Self.marker): my card \(Self.card) was charged twice"
        let body = JSONWriter.bytes(["feature": "support_chat", "input": ["message": .string(message)], "locale": "en-US"])
        let failed = try await testRequest(port: port, method: "POST", path: "/v1/assist/stream", headers: auth, body: body)
        #expect(failed.events.last == .error(code: .upstreamFailed))
        #expect(upstream.requests.count == 1)
        let id = try #require(failed.headers["x-request-id"])
        let feedback = try await testRequest(port: port, method: "POST", path: "/v1/feedback", headers: auth,
                                             body: JSONWriter.bytes(["requestId": .string(id), "verdict": "wrong",
                                                                     "reason": .string("it charged \(Self.card) again")]))
        #expect(feedback.status == 201)
        // More faults with the same message: a 500 quoting it, a stream cut mid-way, and a crash mid-stream.
        upstream.script = Script(status: 500, errorQuotesRequest: true)
        #expect(try await testRequest(port: port, method: "POST", path: "/v1/assist/stream", headers: auth, body: body).events.last
                == .error(code: .upstreamFailed))
        upstream.script = Script(tokens: ["one "], ending: .truncate)
        #expect(try await testRequest(port: port, method: "POST", path: "/v1/assist/stream", headers: auth, body: body).events.last
                == .error(code: .upstreamFailed))
        upstream.script = Script(tokens: (0..<50).map { "t\($0) " }, interval: .milliseconds(100))
        let open = try TestConnection(port: port)
        try open.send(method: "POST", path: "/v1/assist/stream", headers: auth, body: body)
        _ = try await onOwnThread { try open.read(until: "t0 ") }
        kill(process.processIdentifier, SIGKILL)
        try await running.exit()
        open.close()
        // The restart closes the interrupted request; then a clean stop.
        let (restarted, _, _) = try await serve()
        restarted.process.terminate()
        try await restarted.exit()

        let logText = try logs.map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) }.joined()
        #expect(logText.contains("provider failed"), "the failure is logged, without content: \(logText)")
        #expect(logText.contains("closed 1 requests an earlier run left unfinished"), "\(logText)")
        #expect(!logText.contains(Self.marker) && !logText.contains(Self.card), "\(logText)")
        // Every file, the audit spool's journal included.
        for file in try FileManager.default.subpathsOfDirectory(atPath: data.path) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: data.appendingPathComponent(file).path, isDirectory: &isDirectory),
                  !isDirectory.boolValue else { continue }
            let bytes = String(decoding: try Data(contentsOf: data.appendingPathComponent(file)), as: UTF8.self)
            #expect(!bytes.contains(Self.card), "card number in \(file)")
            // The message itself is kept only as feedback's input (masked); the provider's echo nowhere else.
            #expect(!bytes.contains("invalid request:"), "provider error body in \(file)")
        }
    }
}
