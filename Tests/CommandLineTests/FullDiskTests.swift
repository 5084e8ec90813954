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

/// A gateway restarted on a disk with no room left: it starts, says why, answers `/healthz` with 503 and
/// refuses requests with 503 `audit_unavailable` (it never serves unaudited), and serves again, without a
/// restart, once its files can grow. (Before, `assist serve` exited: "database or disk is full", or "disk
/// I/O error" when the log's index could not be sized.)
///
/// The full disk is a file-size limit of 0 on the restarted process (`AssistBinary.startOnFullDisk`): every
/// write that would grow a file fails, which is what SQLite meets on a full disk, with no mount and no root.
@Suite("A full disk", .serialized)
struct FullDiskTests {
    /// After a clean stop the restart cannot even open the database (its log's index cannot be sized); after a
    /// SIGKILL the log is still there and reads work, and only a write shows that nothing can be recorded.
    @Test("restarted with no room to grow: it starts, logs why, /healthz is 503 storage unavailable, a stream is 503 audit_unavailable; given room, it serves",
          arguments: [false, true])
    func startsOnAFullDisk(firstRunKilled: Bool) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let upstream = try ScriptedUpstream(script: Script(tokens: ["fine"]))
        defer { upstream.stop() }
        let data = directory.appendingPathComponent("data").path
        let started = Mutex<[Process]>([])
        defer { for process in started.withLock({ $0 }) where process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let body = JSONWriter.bytes(["feature": "support_chat", "input": ["message": "hi"], "locale": "en-US"])

        // A first run on a disk with room makes the data directory: database, secret, instance id.
        var port = try freeLoopbackPort()
        let first = try AssistBinary.start(["serve", "--upstream", upstream.baseURL, "--port", String(port), "--data-dir", data])
        started.withLock { $0.append(first.process) }
        _ = try await first.output(until: "Ctrl-C")
        if firstRunKilled { kill(first.process.processIdentifier, SIGKILL) } else { first.process.terminate() }
        try await first.exit()

        port = try freeLoopbackPort()
        let full = try AssistBinary.startOnFullDisk(["serve", "--upstream", upstream.baseURL, "--port", String(port), "--data-dir", data])
        started.withLock { $0.append(full.process) }
        let banner = try await full.output(until: "Ctrl-C")
        #expect(banner.contains("storage unavailable: \(data): "), "\(banner)")
        #expect(banner.contains("disk I/O error"))
        #expect(banner.contains("files may not grow past 0 bytes (RLIMIT_FSIZE)"))
        let lines = banner.split(separator: "\n").map(String.init)
        let tokenLine = try #require(lines.firstIndex { $0.hasPrefix("Development token") })
        let token = lines[tokenLine + 1].trimmingCharacters(in: .whitespaces)

        let health = try await testRequest(port: port, path: "/healthz")
        #expect(health.status == 503)
        #expect(health.json?["status"]?.stringValue == "unavailable")
        #expect(health.json?["checks"]?["storage"]?["status"]?.stringValue == "unavailable")
        #expect(health.json?["checks"]?["storage"]?["reason"]?.stringValue?.contains("disk I/O error") == true, "\(health.text)")
        let refused = try await testRequest(port: port, method: "POST", path: "/v1/assist/stream",
                                            headers: [("Authorization", "Bearer \(token)")], body: body)
        #expect(refused.status == 503)
        #expect(refused.errorCode == "audit_unavailable")
        #expect(refused.headers["retry-after"] != nil)
        #expect(full.process.isRunning)

        // Room again: the first attempt that begins after the raise opens the storage, and the gateway serves in the
        // same process. Attempts that began before the raise are at most those /healthz counts after it plus the one
        // then running, so the one that succeeds is at most two past that count. The bound is the gateway's own
        // count, not a time: an attempt builds the whole assembly, seconds of CPU when the pass loads both cores.
        let raised = try Process.run(URL(fileURLWithPath: "/usr/bin/prlimit"), arguments: ["--pid", String(full.process.processIdentifier), "--fsize=unlimited:"])
        while raised.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        #expect(raised.terminationStatus == 0)
        var recovered = try await testRequest(port: port, path: "/healthz")
        let counted = try #require(recovered.json?["checks"]?["storage"]?["attempts"]?.intValue, "\(recovered.text)")
        let hangGuard = ContinuousClock.now + .seconds(180)  // only so that a gateway that never recovers ends the test
        while recovered.status != 200, ContinuousClock.now < hangGuard {
            try await Task.sleep(for: .milliseconds(200))
            recovered = try await testRequest(port: port, path: "/healthz")
        }
        guard recovered.status == 200 else {
            full.process.terminate()  // its output then ends, and says what each attempt met
            Issue.record("not recovered after 180 s: \(recovered.text)\n\(try await full.output(until: "\u{0}"))")
            return
        }
        #expect(recovered.json?["checks"]?["storage"]?["status"]?.stringValue == "ok", "\(recovered.text)")
        let served = try await testRequest(port: port, method: "POST", path: "/v1/assist/stream",
                                           headers: [("Authorization", "Bearer \(token)")], body: body)
        #expect(served.status == 200)
        guard case .done? = served.modelEvents.last else {
            Issue.record("no done after recovery: \(served.text)")
            return
        }
        var log = try await full.output(until: "storage is available again")
        while !log.contains(" s)\n"), full.process.isRunning { log += try await full.output(until: "\n") }
        let attempt = try #require(log.firstMatch(of: /storage is available again: serving requests \(attempt (\d+), which took [0-9.]+ s\)/), "\(log)")
        #expect(Int(attempt.1)! <= counted + 2, "\(log)")
        full.process.terminate()
        try await full.exit()
        #expect(full.process.terminationStatus == 0)

        let database = try SQLiteDatabase(path: data + "/assist.sqlite")
        let rows = try database.query("SELECT status FROM audit_log WHERE request_id = ?", [.text(served.headers["x-request-id"] ?? "")])
        #expect(rows == [[.text("ok")]])
    }
}
