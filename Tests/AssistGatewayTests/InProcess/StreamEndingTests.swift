import AssistGateway
import AssistHTTP
import AssistTestSupport
import AssistWire
import Synchronization
import Testing

/// How an admitted stream ends, in-process: the terminal event, the audit row, the tokens charged, and
/// everything admission took given back once — whichever way it ended.
@Suite("Stream endings")
struct StreamEndingTests {
    /// A support-chat stream whose provider sent one delta and then waits until cancelled, running in a task.
    func openHangingStream() async throws
        -> (InProcessGateway, ScriptedProvider, Exchange, RecordingBodyWriter, Task<Void, Never>) {
        let provider = ScriptedProvider(ScriptedProvider.Script(chunks: [.text("first")], end: .hang))
        let gateway = try InProcessGateway(provider: provider)
        let exchange = await gateway.stream()
        let (writer, task) = exchange.start()
        #expect(await writer.waitForDeltas(1))
        return (gateway, provider, exchange, writer, task)
    }

    @Test("a finished stream: ping, deltas, done; audited ok with the provider's usage, which replaces the reservation")
    func finished() async throws {
        let gateway = try InProcessGateway()
        let exchange = await gateway.stream()
        #expect(exchange.status == 200)
        #expect(exchange.response.header(.contentType) == "text/event-stream; charset=utf-8")
        #expect(exchange.response.header(.rateLimitRemaining) == "29")
        let writer = await exchange.body()
        #expect(writer.text.hasPrefix(": ping\n\n"))
        #expect(writer.events == [.delta(text: "Hello"), .delta(text: ", "), .delta(text: "world."),
                                  .done(finishReason: "stop", promptVersion: "2026-10-02.1", cached: false)])
        let row = try #require(await gateway.auditRow(exchange))
        #expect(row.status == .ok && row.inputTokens == 11 && row.outputTokens == 7 && row.user == "u1" && row.trust == "unavailable")
        let key = QuotaKey(user: "u1", feature: "support_chat", day: UTCDay(containing: gateway.clock.now()))
        #expect(gateway.quota.base.tokens(for: key) == 18)
        gateway.expectNothingHeld()
    }

    @Test("a provider failure mid-stream: the text so far, then error upstream_failed; charged an estimate")
    func failed() async throws {
        let provider = ScriptedProvider(ScriptedProvider.Script(chunks: [.text("Partial answer")], end: .fail))
        let gateway = try InProcessGateway(provider: provider)
        let exchange = await gateway.stream()
        let writer = await exchange.body()
        #expect(writer.events == [.delta(text: "Partial answer"), .error(code: .upstreamFailed)])
        let row = try #require(await gateway.auditRow(exchange))
        #expect(row.status == .upstreamFailed && row.outputTokens == TokenEstimator.estimate("Partial answer"))
        gateway.expectNothingHeld()
    }

    @Test("the client leaves mid-stream: the provider call is cancelled, no error event, audited cancelled")
    func clientLeaves() async throws {
        let (gateway, provider, exchange, writer, task) = try await openHangingStream()
        writer.disconnect()
        task.cancel()  // what the server does when its client hangs up
        await task.value
        #expect(provider.cancelledCalls == 1)
        #expect(writer.events == [.delta(text: "first")])
        #expect(try #require(await gateway.auditRow(exchange)).status == .cancelled)
        gateway.expectNothingHeld()
    }

    @Test("a client gone before the body starts still ends the request: no provider call, slot and quota given back")
    func goneBeforeTheBody() async throws {
        let gateway = try InProcessGateway()
        let exchange = await gateway.stream()
        let writer = RecordingBodyWriter()
        writer.disconnect()
        if case .stream(let produce) = exchange.response.body { await produce(writer) }
        #expect(gateway.provider.requests.isEmpty)
        #expect(try #require(await gateway.auditRow(exchange)).status == .cancelled)
        gateway.expectNothingHeld()
    }

    @Test("the kill switch ends the feature's open streams with feature_disabled; the provider call is cancelled")
    func killSwitch() async throws {
        let (gateway, provider, exchange, writer, task) = try await openHangingStream()
        let patch = await gateway.send(.patch, "/admin/features/support_chat", as: nil, json: ["enabled": false, "endStreams": true],
                                       headers: [(.authorization, "Bearer admin-secret")])
        #expect(patch.status == 200 && patch.json?["endedStreams"]?.numberValue == 1)
        await task.value
        #expect(writer.events.last == .error(code: .featureDisabled))
        #expect(provider.cancelledCalls == 1)
        #expect(try #require(await gateway.auditRow(exchange)).status == .featureDisabled)
        #expect(await gateway.stream().errorCode == "feature_disabled")
        gateway.expectNothingHeld()
    }

    @Test("a structured feature answers one JSON object with its prompt version and rate-limit headers, charged its usage")
    func structured() async throws {
        let gateway = try InProcessGateway(provider: ScriptedProvider(.answer(["Oslo"], usage: TokenUsage(inputTokens: 3, outputTokens: 2))))
        let exchange = await gateway.send(.post, "/v1/assist", json: ["feature": "lookup", "input": ["text": "capital of Norway"]])
        #expect(exchange.status == 200)
        #expect(exchange.json?["echo"]?.stringValue == "Oslo" && exchange.json?["promptVersion"]?.stringValue == "lookup-1")
        #expect(exchange.response.header(.rateLimitRemaining) == "9")
        let row = try #require(await gateway.auditRow(exchange))
        #expect(row.status == .ok && row.inputTokens == 3 && row.outputTokens == 2 && row.feature == "lookup")
        #expect(await gateway.send(.post, "/v1/assist", json: ["feature": "support_chat", "input": ["message": "hi"]]).errorCode
                == "unknown_feature")
        gateway.expectNothingHeld()
    }
}

/// `/healthz` answers from memory: the model's readiness, whether audit writes land, the descriptor limit.
@Suite("Health")
struct HealthTests {
    @Test("ok with its checks and the open-files limit; failing audit writes make it degraded (still 200), and ok again once they land")
    func storage() async throws {
        let audit = BreakableAudit()
        let gateway = try InProcessGateway(audit: audit)
        let healthy = await gateway.send(.get, "/healthz", as: nil)
        #expect(healthy.status == 200 && healthy.json?["status"] == "ok")
        #expect(healthy.json?["checks"]?["storage"]?["status"] == "ok" && healthy.json?["checks"]?["model"]?["status"] == "ok")
        #expect((healthy.json?["limits"]?["openFiles"]?.numberValue ?? 0) > 0)

        audit.broken.withLock { $0 = true }
        // A request's own rows count (its row written ahead, then its refusal's), never a refusal before
        // admission's (RefusalRecordTests): a flood of 401s cannot make the gateway look failing.
        #expect(await gateway.stream().errorCode == "audit_unavailable")
        let degraded = await gateway.send(.get, "/healthz", as: nil)
        #expect(degraded.status == 200 && degraded.json?["status"] == "degraded")
        #expect(degraded.json?["checks"]?["storage"]?["status"] == "failing")
        #expect(degraded.json?["checks"]?["storage"]?["failedWrites"]?.numberValue == 2)

        audit.broken.withLock { $0 = false }
        _ = await gateway.stream().body()
        #expect(await gateway.send(.get, "/healthz", as: nil).json?["status"] == "ok")
    }
}
