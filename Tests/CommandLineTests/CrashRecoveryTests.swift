import AssistSQLite
import AssistTestSupport
import AssistWire
import Foundation
import LocalServers
import ScriptedUpstream
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A gateway killed mid-stream loses nothing: every admitted request has its row written ahead, and the
/// next start on the same data directory closes what was left open, so every request has exactly one
/// closed row and the quota charged adds up to the rows' tokens.
@Suite("Crash recovery", .serialized)
struct CrashRecoveryTests {
    @Test("SIGKILL with streams open, then a restart: one closed row per request, interrupted ones keep their reservation, quotas add up")
    func sigkillAndRestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let upstream = try ScriptedUpstream(script: Script(tokens: (0..<50).map { "t\($0) " }, interval: .milliseconds(100)))
        defer { upstream.stop() }
        let data = directory.appendingPathComponent("data").path
        let started = Mutex<[Process]>([])
        defer { for process in started.withLock({ $0 }) where process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        func serve() async throws -> (AssistBinary.Running, port: Int, token: String) {
            let port = try freeLoopbackPort()
            let running = try AssistBinary.start(["serve", "--config", try scriptedServeConfig(in: directory), "--upstream", upstream.baseURL,
                                                  "--port", String(port), "--data-dir", data],
                                                 stderr: directory.appendingPathComponent("stderr-\(port).log"))
            started.withLock { $0.append(running.process) }
            let banner = try await running.output(until: "Ctrl-C")
            let token = try #require(banner.split(separator: "\n").dropFirst(2).first?.trimmingCharacters(in: .whitespaces))
            return (running, port, token)
        }

        let (first, port, token) = try await serve()
        // Two requests that finish, then three (a user's most at once) left streaming when the gateway dies.
        let body = JSONWriter.bytes(["feature": "support_chat", "input": ["message": "hi"], "locale": "en-US"])
        upstream.script = Script(tokens: ["done"])
        for _ in 0..<2 {
            let finished = try await testRequest(port: port, method: "POST", path: "/v1/assist/stream", headers: [("Authorization", "Bearer \(token)")], body: body)
            #expect(finished.status == 200)
        }
        // Long enough (60 s) that none ends before the kill, however slowly the three get their first token: 5 s once
        // did not, beside Chromium and the real model.
        upstream.script = Script(tokens: (0..<600).map { "t\($0) " }, interval: .milliseconds(100))
        var open: [TestConnection] = []
        for _ in 0..<3 {
            let connection = try TestConnection(port: port)
            try connection.send(method: "POST", path: "/v1/assist/stream", headers: [("Authorization", "Bearer \(token)")], body: body)
            _ = try await onOwnThread { try connection.read(until: "t0 ") }
            open.append(connection)
        }
        kill(first.process.processIdentifier, SIGKILL)
        try await first.exit()
        for connection in open { connection.close() }

        let (second, _, _) = try await serve()
        second.process.terminate()
        try await second.exit()

        let database = try SQLiteDatabase(path: data + "/assist.sqlite")
        let statuses = try database.query("SELECT status, count(*) FROM audit_log GROUP BY status ORDER BY status")
        #expect(statuses == [[.text("interrupted"), .integer(3)], [.text("ok"), .integer(2)]])
        let rowTokens = try database.query("SELECT sum(input_tokens + output_tokens) FROM audit_log").first?.first?.int
        let charged = try database.query("SELECT sum(tokens), sum(requests) FROM quota_usage").first
        #expect(charged?.first?.int == rowTokens)
        #expect(charged?.last?.int == 5)
        // A second restart closes nothing more.
        let (third, _, _) = try await serve()
        third.process.terminate()
        try await third.exit()
        #expect(try database.query("SELECT count(*) FROM audit_log WHERE status = 'started'") == [[.integer(0)]])
    }
}
