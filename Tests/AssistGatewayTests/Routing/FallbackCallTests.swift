@testable import AssistGateway
import AssistTestSupport
import Synchronization
import Testing

/// The attempts of one call across a model alias's targets, on in-memory providers (one per target, by model
/// name) and a manual clock: which failures fall back, that nothing falls back after the first text, the
/// first-token timeout, the breakers, and what the request's route records.
@Suite("FallbackCall")
struct FallbackCallTests {
    /// What a target does with a call.
    enum Behaviour: Sendable {
        case answer([String])
        /// Fails before any chunk.
        case fail(ProviderError)
        /// Says finish and usage, then fails: none of it may reach the reader.
        case finishThenFail(ProviderError)
        case textThenFail([String], ProviderError)
        /// Nothing until cancelled.
        case hang
    }

    /// In-memory targets, by model name, counting calls and cancellations.
    final class Targets: ModelProvider {
        private let behaviour: @Sendable (String) -> Behaviour
        private let counts = Mutex<(calls: [String: Int], cancelled: [String: Int])>(([:], [:]))

        init(_ behaviour: @escaping @Sendable (String) -> Behaviour) { self.behaviour = behaviour }

        func calls(_ model: String) -> Int { counts.withLock { $0.calls[model, default: 0] } }
        func cancellations(_ model: String) -> Int { counts.withLock { $0.cancelled[model, default: 0] } }

        func stream(_ request: ProviderRequest) -> ProviderStream {
            let model = request.model
            counts.withLock { $0.calls[model, default: 0] += 1 }
            let (stream, continuation) = AsyncThrowingStream<ProviderChunk, any Error>.makeStream()
            switch behaviour(model) {
            case .answer(let text):
                for piece in text { continuation.yield(.text(piece)) }
                continuation.yield(.finish(reason: "stop"))
                continuation.yield(.usage(TokenUsage(inputTokens: 10, outputTokens: text.count)))
                continuation.finish()
            case .fail(let error):
                continuation.finish(throwing: error)
            case .finishThenFail(let error):
                continuation.yield(.finish(reason: "stop"))
                continuation.yield(.usage(TokenUsage(inputTokens: 99, outputTokens: 99)))
                continuation.finish(throwing: error)
            case .textThenFail(let text, let error):
                for piece in text { continuation.yield(.text(piece)) }
                continuation.finish(throwing: error)
            case .hang:
                break
            }
            return ProviderStream(stream) { [self] in
                counts.withLock { $0.cancelled[model, default: 0] += 1 }
                continuation.finish(throwing: CancellationError())
            }
        }
    }

    static func target(_ model: String, price: TokenPrice? = nil) -> ModelTarget {
        ModelTarget(provider: "openai-compatible", baseURL: "http://\(model).invalid/v1", model: model, price: price)
    }

    static func alias(_ models: [String], fallbackOn: Set<FallbackCause> = Set(FallbackCause.allCases),
                      breaker: BreakerSettings? = nil, timeout: Double = 5) -> ModelAlias {
        ModelAlias(targets: models.map { target($0) }, fallbackOn: fallbackOn, breaker: breaker, firstTokenTimeoutSeconds: timeout)
    }

    static func stream(_ alias: ModelAlias, _ targets: Targets, routing: ProviderRouting, route: CallRoute) -> ProviderStream {
        let request = ProviderRequest(baseURL: "", model: "", messages: [ChatMessage(role: .user, content: "hi")], maxOutputTokens: 50)
        return ProviderStream(attempts: FallbackCall(alias: alias, routing: routing, route: route) { target in
            var aimed = request
            aimed.model = target.model
            return targets.stream(aimed)
        })
    }

    /// Reads a stream to its end: the chunks, and the error it ended with.
    static func read(_ stream: ProviderStream) async -> (chunks: [ProviderChunk], error: (any Error)?) {
        var chunks: [ProviderChunk] = []
        do {
            for try await chunk in stream { chunks.append(chunk) }
            return (chunks, nil)
        } catch {
            return (chunks, error)
        }
    }

    @Test("connect, 5xx, 429 and an early end fall back to the next target, invisibly",
          arguments: [ProviderError.transport("Couldn't connect to server"), .http(status: 503, body: ""), .http(status: 429, body: ""),
                      .incomplete])
    func fallsBack(on error: ProviderError) async {
        let targets = Targets { $0 == "a" ? .finishThenFail(error) : .answer(["from ", "b"]) }
        let route = CallRoute()
        let routing = ProviderRouting()
        let (chunks, failure) = await Self.read(Self.stream(Self.alias(["a", "b"]), targets, routing: routing, route: route))
        #expect(failure == nil)
        #expect(chunks == [.text("from "), .text("b"), .finish(reason: "stop"), .usage(TokenUsage(inputTokens: 10, outputTokens: 2))],
                "nothing the failed attempt said reaches the reader")
        #expect(route.attempts == 2)
        #expect(route.target?.model == "b")
        var text = PrometheusText()
        routing.metrics.render(into: &text)
        #expect(text.output.contains("assist_provider_fallbacks_total"))
    }

    @Test("a refusal of the request itself (400) does not fall back")
    func badRequestDoesNotFallBack() async {
        let targets = Targets { $0 == "a" ? .fail(.http(status: 400, body: "bad")) : .answer(["b"]) }
        let route = CallRoute()
        let (chunks, failure) = await Self.read(Self.stream(Self.alias(["a", "b"]), targets, routing: ProviderRouting(), route: route))
        #expect(chunks.isEmpty)
        #expect(failure as? ProviderError == .http(status: 400, body: "bad"))
        #expect(targets.calls("b") == 0)
        #expect(route.attempts == 1 && route.target == nil)
    }

    @Test("after the first text a failure ends the answer: never text from two providers")
    func noFallbackAfterTheFirstText() async {
        let targets = Targets { $0 == "a" ? .textThenFail(["half"], .http(status: 502, body: "")) : .answer(["b"]) }
        let route = CallRoute()
        let (chunks, failure) = await Self.read(Self.stream(Self.alias(["a", "b"]), targets, routing: ProviderRouting(), route: route))
        #expect(chunks == [.text("half")])
        #expect(failure as? ProviderError == .http(status: 502, body: ""))
        #expect(targets.calls("b") == 0)
        #expect(route.target?.model == "a", "a answered, though not to the end")
    }

    @Test("a cause the alias does not name ends the call")
    func onlyNamedCausesFallBack() async {
        let targets = Targets { $0 == "a" ? .fail(.http(status: 429, body: "")) : .answer(["b"]) }
        let alias = Self.alias(["a", "b"], fallbackOn: [.connect, .serverError])
        let (_, failure) = await Self.read(Self.stream(alias, targets, routing: ProviderRouting(), route: CallRoute()))
        #expect(failure as? ProviderError == .http(status: 429, body: ""))
        #expect(targets.calls("b") == 0)
    }

    @Test("when every target fails, the last failure ends the call")
    func allTargetsFail() async {
        let targets = Targets { $0 == "a" ? .fail(.transport("refused")) : .fail(.http(status: 500, body: "")) }
        let route = CallRoute()
        let (_, failure) = await Self.read(Self.stream(Self.alias(["a", "b"]), targets, routing: ProviderRouting(), route: route))
        #expect(failure as? ProviderError == .http(status: 500, body: ""))
        #expect(route.attempts == 2 && route.target == nil)
    }

    @Test("a target silent past firstTokenTimeoutSeconds is cut and the next answers; the last target has no such timer")
    func firstTokenTimeout() async throws {
        let clock = ManualClock()
        let routing = ProviderRouting(clock: MonotonicClock(clock))
        let targets = Targets { $0 == "b" ? .answer(["b"]) : .hang }
        let route = CallRoute()
        let reading = Task { await Self.read(Self.stream(Self.alias(["a", "b"], timeout: 2), targets, routing: routing, route: route)) }
        #expect(await clock.waitForSleepers())
        clock.advance(by: .seconds(2))
        let (chunks, failure) = await reading.value
        #expect(failure == nil)
        #expect(chunks.first == .text("b"))
        #expect(targets.cancellations("a") == 1, "the silent attempt's call is cancelled")
        #expect(route.attempts == 2)

        // Alone (or last), a slow target is waited for: the request's own deadlines bound it.
        let alone = Targets { _ in .hang }
        let slow = Self.stream(Self.alias(["c"], timeout: 2), alone, routing: routing, route: CallRoute())
        let waiting = Task { await Self.read(slow) }
        try await Task.sleep(for: .milliseconds(50))
        #expect(clock.sleeperCount == 0, "no timer for the last target")
        slow.cancel()
        _ = await waiting.value
    }

    @Test("a breaker skips its target after `failures` in a row, then lets one probe through after openSeconds")
    func breakerSkipsThenProbes() async throws {
        let clock = ManualClock()
        let routing = ProviderRouting(clock: MonotonicClock(clock), metrics: RoutingMetrics(targets: [Self.target("a"), Self.target("b")]))
        let healthy = Atomic<Bool>(false)
        let targets = Targets { model in
            model == "a" && !healthy.load(ordering: .relaxed) ? .fail(.http(status: 503, body: "")) : .answer([model])
        }
        let alias = Self.alias(["a", "b"], breaker: BreakerSettings(failures: 2, openSeconds: 30))
        for _ in 0..<2 { _ = await Self.read(Self.stream(alias, targets, routing: routing, route: CallRoute())) }
        #expect(targets.calls("a") == 2)

        let skipped = CallRoute()
        let (chunks, _) = await Self.read(Self.stream(alias, targets, routing: routing, route: skipped))
        #expect(chunks.first == .text("b"))
        #expect(targets.calls("a") == 2, "open: a is not called")
        #expect(skipped.attempts == 1)
        var text = PrometheusText()
        routing.metrics.render(into: &text)
        #expect(text.output.contains(#"assist_provider_breaker_open{target="openai-compatible:a"} 1"#))
        #expect(text.output.contains(#"assist_provider_attempts_total{target="openai-compatible:a",outcome="skipped"} 1"#))

        clock.advance(by: .seconds(30))
        healthy.store(true, ordering: .relaxed)
        let probe = CallRoute()
        let (probed, _) = await Self.read(Self.stream(alias, targets, routing: routing, route: probe))
        #expect(probed.first == .text("a"), "the probe goes to a, which answers and closes its breaker")
        #expect(probe.target?.model == "a")
        var after = PrometheusText()
        routing.metrics.render(into: &after)
        #expect(after.output.contains(#"assist_provider_breaker_open{target="openai-compatible:a"} 0"#))
    }

    @Test("every breaker open: the call fails at once, calling nobody")
    func everyBreakerOpen() async {
        let routing = ProviderRouting()
        let targets = Targets { _ in .fail(.transport("refused")) }
        let alias = Self.alias(["a"], breaker: BreakerSettings(failures: 1, openSeconds: 60))
        _ = await Self.read(Self.stream(alias, targets, routing: routing, route: CallRoute()))
        let route = CallRoute()
        let (_, failure) = await Self.read(Self.stream(alias, targets, routing: routing, route: route))
        #expect(failure is ProviderError)
        #expect(targets.calls("a") == 1)
        #expect(route.attempts == 0)
    }

    @Test("cancelling the call cancels the attempt running and starts no other; no verdict on the target")
    func cancelStopsEverything() async throws {
        let clock = ManualClock()
        let routing = ProviderRouting(clock: MonotonicClock(clock))
        let targets = Targets { $0 == "a" ? .hang : .answer(["b"]) }
        let alias = Self.alias(["a", "b"], breaker: BreakerSettings(failures: 1, openSeconds: 60))
        let stream = Self.stream(alias, targets, routing: routing, route: CallRoute())
        let reading = Task { await Self.read(stream) }
        #expect(await clock.waitForSleepers())
        stream.cancel()
        let (chunks, failure) = await reading.value
        #expect(chunks.isEmpty)
        #expect(failure is CancellationError)
        #expect(targets.calls("b") == 0)
        #expect(routing.wouldAdmit(Self.target("a"), breaker: alias.breaker), "a cancelled call is no failure of the target")
    }

    @Test("cost is the charged usage at the answering target's price, in millionths")
    func cost() {
        let price = TokenPrice(inputPerMTok: 0.15, outputPerMTok: 0.60)
        #expect(price.costMicros(TokenUsage(inputTokens: 1000, outputTokens: 500)) == 450)
        #expect(price.costMicros(TokenUsage(inputTokens: .max, outputTokens: .max)) == TokenPrice.maxCostMicros)
        let route = CallRoute()
        #expect(route.costMicros(of: TokenUsage(inputTokens: 1, outputTokens: 1)) == nil)
        route.answered(by: Self.target("a", price: price))
        #expect(route.costMicros(of: TokenUsage(inputTokens: 10_000, outputTokens: 0)) == 1_500)
    }
}
