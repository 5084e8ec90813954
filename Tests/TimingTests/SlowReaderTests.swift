import AssistGateway
import AssistHTTPServer
import AssistServer
import AssistSQLite
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// A stream's client is held to a rate of reading, not to a wall-clock time: live, with real sockets, at
/// small values (200 bytes/s over 1 s) against a server whose idle timeout (the old cut) is 1 s.
@Suite("Slow readers", .serialized)
struct SlowReaderTests {
    /// 4.8 MB of answer, at once: more than the kernel's socket buffers take on loopback (about 3.7 MB), so
    /// the server has bytes waiting for a client that reads slower than the upstream writes. (An upstream that
    /// ignores `max_tokens` sends as much; the gateway's output cap is raised here so that it is relayed.)
    static let tokens = 1200
    static let script = Script(tokens: Array(repeating: String(repeating: "y", count: 4000), count: tokens))

    static func harness() throws -> GatewayHarness {
        try GatewayHarness(
            script: script, limits: ["minClientReadBytesPerSecond": 200, "slowReaderWindowSeconds": 1],
            unavailableQuota: (requests: 100, tokens: 10_000_000), features: ["support_chat": ["maxOutputTokens": 2_000_000]],
            server: { $0.idleTimeoutSeconds = 1 })
    }

    @Test("a client that reads steadily but slower than the upstream writes is never cut: it reads the whole stream to done")
    func steadySlowReaderSurvives() async throws {
        let harness = try Self.harness()
        let (connection, status, headers) = try await harness.openStream(body: GatewayHarness.uncachedBody, receiveBufferBytes: 16 * 1024)
        #expect(status == 200)
        let startedAt = ContinuousClock.now
        // At most 800 KB/s, in small steady reads: the stream takes about 6 s, several times the idle timeout,
        // which a streamed body's client is not held to (only to its rate of reading).
        let body = try await onOwnThread {
            var body: [UInt8] = []
            while true {
                let chunk = try connection.readSome(timeout: .seconds(5), limit: 8192)
                if chunk.isEmpty { return body }
                body += chunk
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        #expect(ContinuousClock.now - startedAt > .seconds(2))
        let events = TestResponse.events(in: body)
        guard case .done? = events.last else {
            Issue.record("the stream did not end with done after \(body.count) bytes: \(String(describing: events.last))")
            return
        }
        #expect(events.filter { if case .delta = $0 { true } else { false } }.count == Self.tokens)
        let row = try #require(await harness.auditRow(headers["x-request-id"]))
        #expect(row.status == .ok)
    }

    @Test("a client that stops reading is ended about a window later: the provider sees a disconnect, the audit says client_stalled, the quota holds what was streamed")
    func stalledReaderIsEnded() async throws {
        let harness = try Self.harness()
        let (connection, status, headers) = try await harness.openStream(body: GatewayHarness.uncachedBody, receiveBufferBytes: 16 * 1024)
        #expect(status == 200)
        _ = try await onOwnThread { try connection.read(until: "yyyy", timeout: .seconds(5)) }
        let stoppedAt = ContinuousClock.now
        let recorded = try #require(await harness.upstream.waitForEnd(of: 0, timeout: .seconds(10)))
        let disconnectedAt = try #require(recorded.disconnectedAt, "the upstream finished instead of being cancelled")
        // The buffers fill within milliseconds; then a window (1 s) and a tenth, and slack for a busy machine.
        #expect(disconnectedAt - stoppedAt > .milliseconds(900))
        #expect(disconnectedAt - stoppedAt < .milliseconds(2500))
        #expect(recorded.tokensSent < Self.tokens)

        let row = try #require(await harness.auditRow(headers["x-request-id"]))
        #expect(row.status == .cancelled)
        #expect(row.reason == "client_stalled")
        #expect(row.outputTokens > 0 && row.outputTokens < 2_000_000)
        let charged = try harness.assembly.database.query("SELECT tokens FROM quota_usage WHERE feature = 'support_chat'")
        #expect(charged.first?.first?.int == row.inputTokens + row.outputTokens)
        connection.close()
    }
}
