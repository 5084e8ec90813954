import AssistGateway
import AssistHTTP
import AssistTestSupport
import AssistWire
import Testing

/// The gateway holds a provider to the feature's limits itself: a model server that ignores `max_tokens`
/// or reports impossible usage can neither flood the app nor overcharge the user.
@Suite("Limits the gateway enforces on providers")
struct ProviderLimitTests {
    /// support_chat caps output at 300 tokens in the configuration fixture.
    let cap = 300

    @Test("a provider that ignores max_tokens is cut at the cap: done with finishReason length, the call cancelled, charged at most the cap")
    func runawayProvider() async throws {
        let flood = ScriptedProvider.Script(chunks: Array(repeating: .text("word "), count: 60_000) + [.finish(reason: "stop"),
                                                   .usage(TokenUsage(inputTokens: 10, outputTokens: 60_010))])
        let provider = ScriptedProvider(flood)
        let gateway = try InProcessGateway(provider: provider)
        let exchange = await gateway.stream()
        let writer = await exchange.body()
        let events = writer.events
        let deltas = events.filter { if case .delta = $0 { true } else { false } }.count
        #expect(deltas <= cap + cap / 4)
        #expect(deltas >= cap)  // a cut at the cap, not long before it
        #expect(events.last == .done(finishReason: "length", promptVersion: "2026-10-02.1", cached: false))
        #expect(provider.cancelledCalls == 1)
        let row = try #require(await gateway.auditRow(exchange))
        #expect(row.status == .ok && row.outputTokens <= cap)
        gateway.expectNothingHeld()
    }

    @Test("negative usage is charged as nothing, and inflated usage as no more than was reserved")
    func impossibleUsage() async throws {
        let usages = [TokenUsage(inputTokens: 11, outputTokens: 7), TokenUsage(inputTokens: -5_000, outputTokens: -100_000),
                      TokenUsage(inputTokens: 1_000_000, outputTokens: 60_010)]
        let provider = ScriptedProvider { call in .answer(["Fine."], usage: usages[call]) }
        let gateway = try InProcessGateway(provider: provider)
        let key = QuotaKey(user: "u1", feature: "support_chat", day: UTCDay(containing: gateway.clock.now()))
        _ = await gateway.stream().body()
        #expect(gateway.quota.base.tokens(for: key) == 18)
        let negative = await gateway.stream()
        _ = await negative.body()
        #expect(gateway.quota.base.tokens(for: key) == 18)  // not reset to 0, not reduced
        let negativeRow = try #require(await gateway.auditRow(negative))
        #expect(negativeRow.inputTokens == 0 && negativeRow.outputTokens == 0)
        let inflated = await gateway.stream()
        _ = await inflated.body()
        let row = try #require(await gateway.auditRow(inflated))
        #expect(row.outputTokens == cap && row.inputTokens < 1_000)
        gateway.expectNothingHeld()
    }
}

/// `POST /v1/assist` has deadlines: a stalled model server gets 504 upstream_timeout, audited as such,
/// and its call cancelled — in virtual time.
@Suite("Structured answer deadlines")
struct StructuredDeadlineTests {
    func lookup(_ gateway: InProcessGateway) -> Task<Exchange, Never> {
        Task { await gateway.send(.post, "/v1/assist", json: ["feature": "lookup", "input": ["text": "capital of Norway"]]) }
    }

    @Test("no first chunk within firstTokenTimeoutSeconds: 504, audited upstream_timeout, the call cancelled")
    func firstChunk() async throws {
        let clock = ManualClock()
        let provider = ScriptedProvider(ScriptedProvider.Script(chunks: [], end: .hang))
        let gateway = try InProcessGateway(provider: provider, monotonicClock: clock)
        let request = lookup(gateway)
        #expect(await clock.waitForSleepers())
        clock.advance(by: .seconds(59))
        #expect(await clock.waitForSleepers())  // still waiting at 59 s
        clock.advance(by: .seconds(1))
        let exchange = await request.value
        #expect(exchange.status == 504 && exchange.errorCode == "upstream_timeout")
        #expect(try #require(await gateway.auditRow(exchange)).status == .upstreamTimeout)
        while provider.cancelledCalls == 0 { await Task.yield() }
        gateway.expectNothingHeld()
    }

    @Test("a first chunk in time, then a stall: 504 at requestTimeoutSeconds, not before")
    func total() async throws {
        let clock = ManualClock()
        let provider = ScriptedProvider(ScriptedProvider.Script(chunks: [.text("Os")], end: .hang))
        let gateway = try InProcessGateway(provider: provider, monotonicClock: clock)
        let request = lookup(gateway)
        while provider.consumedChunks == 0 { await Task.yield() }
        #expect(await clock.waitForSleepers())
        clock.advance(by: .seconds(60))  // the first chunk came: the first-token deadline passes quietly
        #expect(await clock.waitForSleepers())
        clock.advance(by: .seconds(59))
        #expect(await clock.waitForSleepers())
        clock.advance(by: .seconds(1))  // t = 120 s
        let exchange = await request.value
        #expect(exchange.status == 504 && exchange.errorCode == "upstream_timeout")
        gateway.expectNothingHeld()
    }
}
