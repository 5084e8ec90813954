import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// Streams through the shipped nginx configuration (deploy/nginx.conf) in front of two live replicas: nginx
/// must pass every byte on as it comes, and pass a client's hang-up on to the replica at once, so that the
/// provider call is cancelled as promptly as without nginx (DisconnectTests' bound, 100 ms).
///
/// nginx passes bytes on promptly to a client that keeps up even when buffering, and the gateway's streams
/// say `X-Accel-Buffering: no`; so the first test guards the whole path (a compressing or caching filter
/// added to the configuration would fail it) more than `proxy_buffering off` alone.
@Suite("Streams through nginx", .serialized)
struct NginxStreamingTests {
    @Test("the first delta reaches the client through nginx while the upstream is still writing: nothing is buffered")
    func firstDeltaIsNotBuffered() async throws {
        let gap = Duration.milliseconds(1500)
        let cluster = try await ReplicasBehindNginx(count: 2, script: Script(tokens: ["early ", "late"], interval: gap))
        let startedAt = ContinuousClock.now
        let (connection, status, headers) = try await cluster.openStream()
        #expect(status == 200)
        #expect(headers["content-type"]?.hasPrefix("text/event-stream") == true)
        _ = try await onOwnThread { try connection.read(until: "early ", timeout: .seconds(5)) }
        let firstAt = ContinuousClock.now
        let upstreamThen = try #require(cluster.upstream.requests.first)
        #expect(upstreamThen.tokensSent == 1 && !upstreamThen.finished, "the upstream had already finished: the first delta was held back")
        #expect(firstAt - startedAt < gap / 2)

        let rest = try await onOwnThread { try connection.readToEnd(timeout: .seconds(10)) }
        #expect(ContinuousClock.now - startedAt >= gap)
        #expect(String(decoding: rest, as: UTF8.self).contains("late"))
        #expect(TestResponse.events(in: rest).last == .done(finishReason: "stop", promptVersion: "2026-12-02.1"))
        let served = try #require(await cluster.auditRow(headers["x-request-id"]))
        #expect(served.row.status == .ok)
    }

    @Test("a client that hangs up at nginx mid-stream cancels the provider call within 100 ms")
    func hangUpMidStream() async throws {
        let cluster = try await ReplicasBehindNginx(count: 2, script: Script(tokens: (0..<100).map { "t\($0) " }, interval: .milliseconds(20)))
        let (connection, status, headers) = try await cluster.openStream()
        #expect(status == 200)
        _ = try await onOwnThread { try connection.read(until: "t2 ", timeout: .seconds(5)) }
        let leftAt = ContinuousClock.now
        connection.close()
        let recorded = try #require(await cluster.upstream.waitForEnd(of: 0))
        let disconnectedAt = try #require(recorded.disconnectedAt, "the upstream streamed to its end: the hang-up never reached it")
        #expect(disconnectedAt - leftAt < .milliseconds(100), "cancelled \(disconnectedAt - leftAt) after the hang-up")
        #expect(recorded.tokensSent < 100)
        let served = try #require(await cluster.auditRow(headers["x-request-id"]))
        #expect(served.row.status == .cancelled)
        #expect(served.row.outputTokens > 0)
    }

    @Test("a client that hangs up at nginx before the first token cancels the provider call within 100 ms")
    func hangUpBeforeFirstToken() async throws {
        let cluster = try await ReplicasBehindNginx(count: 2, script: Script(firstTokenDelay: .seconds(30)))
        let (connection, status, _) = try await cluster.openStream()
        #expect(status == 200)
        _ = try await onOwnThread { try connection.read(until: ": ping", timeout: .seconds(5)) }
        for _ in 0..<500 where cluster.upstream.requests.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        let leftAt = ContinuousClock.now
        connection.close()
        let recorded = try #require(await cluster.upstream.waitForEnd(of: 0))
        #expect(try #require(recorded.disconnectedAt) - leftAt < .milliseconds(100))
        #expect(recorded.tokensSent == 0)
    }
}
