import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

@Suite("Upstream faults, timeouts and pings")
struct FaultTests {
    @Test("a provider that dies after some deltas ends the stream with upstream_failed, deltas kept")
    func truncatedStream() async throws {
        let harness = try GatewayHarness(script: Script(tokens: ["one ", "two "], ending: .truncate))
        let response = try await harness.stream()
        #expect(response.status == 200)
        #expect(response.modelEvents == [.delta(text: "one "), .delta(text: "two "), .error(code: .upstreamFailed)])
        let row = try #require(await harness.auditRow(response.headers["x-request-id"]))
        #expect(row.status == .upstreamFailed)
        #expect(row.outputTokens == TokenEstimator.estimate("one two "))
        #expect(row.outputTokens > 0)
    }

    @Test("a provider answering 500 ends the stream with upstream_failed")
    func providerHTTPError() async throws {
        let harness = try GatewayHarness(script: Script(status: 500))
        let response = try await harness.stream()
        #expect(response.modelEvents == [.error(code: .upstreamFailed)])
        #expect(await harness.auditRow(response.headers["x-request-id"])?.status == .upstreamFailed)
    }

    @Test("an unreachable provider ends the stream with upstream_failed")
    func providerDown() async throws {
        // Port 1 on loopback: nothing listens there. Support chat served unchecked (the harness's default), which
        // the model writes whatever was recorded.
        let harness = try GatewayHarness(upstreamURL: "http://127.0.0.1:1/v1")
        let response = try await harness.stream(body: GatewayHarness.body(feature: "support_chat", input: ["message": "hi"], locale: "en-US"))
        #expect(response.modelEvents == [.error(code: .upstreamFailed)])
        // Checked (guards kept), the summary needs no model: an unreachable upstream cannot say who it is, so the
        // configured SmolLM2 stands, and the recorded qualification has its narrator answer every locale.
        let checked = try GatewayHarness(upstreamURL: "http://127.0.0.1:1/v1", answerGuards: true)
        guard case .done(_, _, _, let source, _)? = try await checked.stream().modelEvents.last else { Issue.record("no done"); return }
        #expect(source == .narrator)
    }

    @Test("a provider that stalls between chunks ends with upstream_timeout after the idle timeout")
    func idleTimeout() async throws {
        let harness = try GatewayHarness(script: Script(tokens: ["partial"], ending: .stall), limits: ["idleTimeoutSeconds": 0.3])
        let started = ContinuousClock.now
        let response = try await harness.stream()
        let elapsed = ContinuousClock.now - started
        #expect(response.modelEvents == [.delta(text: "partial"), .error(code: .upstreamTimeout)])
        #expect(elapsed >= .milliseconds(300))
        #expect(elapsed < .seconds(5))
        let row = try #require(await harness.auditRow(response.headers["x-request-id"]))
        #expect(row.status == .upstreamTimeout)
        // The stalled upstream connection is closed too.
        #expect(await harness.upstream.waitForEnd(of: 0)?.disconnectedAt != nil)
    }

    @Test("a provider that never sends a first token ends with upstream_timeout after the first-token timeout")
    func firstTokenTimeout() async throws {
        let harness = try GatewayHarness(script: Script(firstTokenDelay: .seconds(60)), limits: ["firstTokenTimeoutSeconds": 0.3])
        let response = try await harness.stream()
        #expect(response.modelEvents == [.error(code: .upstreamTimeout)])
        #expect(await harness.auditRow(response.headers["x-request-id"])?.timeToFirstTokenMs == nil)
    }

    @Test("headers and a ping arrive before the provider's first byte, and pings repeat")
    func pingBeforeFirstToken() async throws {
        let harness = try GatewayHarness(script: Script(tokens: ["late"], firstTokenDelay: .milliseconds(1500)), limits: ["pingSeconds": 0.4])
        let started = ContinuousClock.now
        let (connection, status, headers) = try await harness.openStream()
        #expect(status == 200)
        #expect(headers["content-type"] == "text/event-stream; charset=utf-8")
        let first = try await onOwnThread { try connection.read(until: ": ping\n\n", timeout: .seconds(1)) }
        #expect(ContinuousClock.now - started < .milliseconds(1000))
        #expect(!String(decoding: first, as: UTF8.self).contains(#""kind":"delta""#))
        let rest = try await onOwnThread { try connection.readToEnd() }
        let text = String(decoding: first + rest, as: UTF8.self)
        #expect(text.components(separatedBy: ": ping\n\n").count - 1 >= 3)
        let events = TestResponse.events(in: first + rest)
        // The booking's facts come from our data, so they need not wait for the model.
        #expect(events.first.map { if case .facts = $0 { true } else { false } } == true)
        #expect(Array(events.dropFirst()) == [.delta(text: "late"), .done(finishReason: "stop", promptVersion: "2026-11-30.1")])
    }
}
