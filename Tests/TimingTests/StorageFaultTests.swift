import AssistGateway
import AssistSQLite
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// Another process holding the database's write lock: the gateway stays responsive, refuses what needs
/// storage with a 503 within the work queue's deadline, lets running streams finish, and recovers once the
/// lock is let go. (Before, /healthz, /metrics and every endpoint hung, and running streams starved.)
@Suite("Storage faults: a database lock held by another process")
struct StorageFaultTests {
    @Test("with the write lock held elsewhere: /healthz and /metrics answer at once, a new stream is a 503, a running stream finishes; then all is well again")
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
        let started = ContinuousClock.now
        let refused = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(refused.status == 503)
        #expect(["unavailable", "quota_unavailable", "audit_unavailable"].contains(refused.errorCode), "\(refused.status) \(refused.headers) \(refused.text)")
        #expect(refused.headers["retry-after"] != nil)
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
    }
}
