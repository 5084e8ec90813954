import AssistGateway
import AssistSQLite
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// Another process holding the database's write lock: the gateway stays responsive and keeps answering, since a
/// request's quota and audit rows go to the request journal, not to SQLite; `/healthz` says storage is failing
/// once the journal's batches are refused; running streams finish; and once the lock is let go, SQLite gets every
/// row and count that waited. (Before the journal, a new stream was a 503; before the work queue, /healthz,
/// /metrics and every endpoint hung, and running streams starved.)
@Suite("Storage faults: a database lock held by another process")
struct StorageFaultTests {
    @Test("with the write lock held elsewhere: /healthz and /metrics answer at once, a new stream is answered, storage reads failing, a running stream finishes; then SQLite has every row")
    func heldLock() async throws {
        let harness = try GatewayHarness(script: Script(tokens: (0..<6).map { "t\($0) " }, interval: .milliseconds(100)))
        let (running, status, _) = try await harness.openStream(body: GatewayHarness.uncachedBody)
        #expect(status == 200)
        _ = try await onOwnThread { try running.read(until: "t0 ") }

        let holder = try SQLiteDatabase(path: harness.dataDirectory.appendingPathComponent("assist.sqlite").path)
        try holder.execute("BEGIN IMMEDIATE")
        var released = false
        defer { if !released { try? holder.execute("ROLLBACK") } }

        for path in ["/healthz", "/metrics"] {
            let started = ContinuousClock.now
            let response = try await testRequest(port: harness.port, method: "GET", path: path)
            #expect(ContinuousClock.now - started < .seconds(1), "\(path) took \(ContinuousClock.now - started)")
            #expect(response.status == 200)
        }
        let journaled = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(journaled.status == 200, "\(journaled.status) \(journaled.text)")
        // The journal's batches wait for the lock for the work queue's deadline (2 s), then count as failing storage.
        var storage: JSONValue?
        for _ in 0..<100 {
            storage = try await testRequest(port: harness.port, method: "GET", path: "/healthz").json?["checks"]?["storage"]
            if storage?["status"] == "failing" { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(storage?["status"] == "failing", "\(String(describing: storage))")
        // The stream that was running when the lock was taken is answered to its end.
        let rest = try await onOwnThread { try running.readToEnd() }
        guard case .done(let reason, _, _, _, _)? = TestResponse.events(in: rest).last, reason == "stop" else {
            Issue.record("the running stream did not end with done: \(String(decoding: rest, as: UTF8.self))")
            return
        }

        try holder.execute("ROLLBACK")
        released = true
        let again = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(again.status == 200)
        guard case .done(let reason, _, _, _, _)? = again.modelEvents.last, reason == "stop" else {
            Issue.record("no done: \(again.text)")
            return
        }
        #expect(await harness.auditRow(again.headers["x-request-id"])?.status == .ok)
        // The row of the request answered while the lock was held reached SQLite, read past the journal.
        let id = try #require(journaled.headers["x-request-id"])
        #expect(try holder.query("SELECT status FROM audit_log WHERE request_id = ?", [.text(id)]).first?.first?.text == "ok")
        #expect(try await testRequest(port: harness.port, method: "GET", path: "/healthz").json?["checks"]?["storage"]?["status"] == "ok")
    }
}
