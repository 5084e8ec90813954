import AssistGateway
import AssistGatewayEvaluation
import AssistHTTP
import AssistTestSupport
import AssistWire
import Synchronization
import Testing

/// A whole stream request through `Gateway`, in process, on a manual clock: the request's arrival, the
/// pump's deltas and the stream's timers all read the clock given to `GatewayDependencies`, so pings and
/// the idle timeout land on exact virtual instants, and so do the latencies in the audit row.
@Suite("Stream deadlines in virtual time")
struct StreamDeadlinesInVirtualTimeTests {
    /// A provider whose one call the test feeds by hand, and which counts its cancellations.
    final class HandFedProvider: ModelProvider {
        private struct State {
            var continuation: AsyncThrowingStream<ProviderChunk, any Error>.Continuation?
            var cancellations = 0
        }

        private let state = Mutex(State())
        var continuation: AsyncThrowingStream<ProviderChunk, any Error>.Continuation? { state.withLock { $0.continuation } }
        var cancellations: Int { state.withLock { $0.cancellations } }

        func stream(_ request: ProviderRequest) -> ProviderStream {
            let (base, continuation) = AsyncThrowingStream<ProviderChunk, any Error>.makeStream()
            state.withLock { $0.continuation = continuation }
            return ProviderStream(base) { [self] in
                state.withLock { $0.cancellations += 1 }
                continuation.finish(throwing: CancellationError())
            }
        }
    }

    struct FixedPrompt: PromptBuilder {
        let name: String
        func build(_ context: PromptContext) async throws(PromptBuildError) -> Prompt {
            Prompt(messages: [ChatMessage(role: .user, content: "hi")])
        }
    }

    @Test("pings every pingSeconds, then upstream_timeout exactly idleTimeoutSeconds after the last delta")
    func idleTimeoutThroughTheGateway() async throws {
        let clock = ManualClock()
        var json = ConfigFixture.json
        json.set("limits.firstTokenTimeoutSeconds", 10)
        json.set("limits.idleTimeoutSeconds", 5)
        json.set("limits.pingSeconds", 3)
        let config = try ConfigFixture.load(json)
        let secret = Array("virtual-time-secret".utf8)
        let provider = HandFedProvider()
        let dependencies = try GatewayDependencies(
            config: config, monotonicClock: clock, stores: .inMemory(),
            security: GatewaySecurity(tokenVerifier: JWTVerifier(secret: secret, settings: config.auth)),
            models: ModelAccess(provider: provider),
            handlers: FeatureHandlers(builders: ConfigFixture.knownBuilders.map { FixedPrompt(name: $0) }), masker: PIIMasking())

        let token = HS256TokenIssuer(secret: secret, settings: config.auth).token(for: "u1")
        let request = HTTPRequest(method: .post, path: "/v1/assist/stream",
                                  headers: [(.authorization, "Bearer \(token)"), (.contentType, "application/json")],
                                  body: JSONWriter.bytes(["feature": "support_chat", "input": ["message": "hi"], "locale": "en-US"]))
        let response = await Gateway(dependencies: dependencies).respond(to: request)
        #expect(response.status == .ok)
        guard case .stream(let produce) = response.body else {
            Issue.record("no stream: \(response.status)")
            return
        }
        let writer = RecordingBodyWriter()
        let pump = Task { await produce(writer) }
        #expect(await writer.wait { $0 == SSEFrames.ping })  // the first ping, as the response opens
        while provider.continuation == nil { await Task.yield() }
        // The stream's pings are timed from when it is watched: advancing the clock before that moved them (a race
        // a loaded machine lost, the second ping then a second late).
        while dependencies.state.liveStreams.count == 0 { await Task.yield() }

        func advance(seconds: Int) async {
            for _ in 0..<seconds {
                clock.advance(by: .seconds(1))
                #expect(await clock.waitForSleepers())
            }
        }
        await advance(seconds: 3)
        // The stream's timer sleeps again once it has written the ping (without waiting: `tryWrite`).
        #expect(await writer.wait { $0 == SSEFrames.ping + SSEFrames.ping })
        await advance(seconds: 1)  // t = 4 s
        provider.continuation?.yield(.text("Hello"))
        #expect(await writer.wait { String(decoding: $0, as: UTF8.self).contains("Hello") })
        await advance(seconds: 4)  // t = 8 s: 4 s after the delta, a ping at 7 s
        #expect(!writer.isFinished)
        #expect(provider.cancellations == 0)
        clock.advance(by: .seconds(1))  // t = 9 s: 5 s after the delta; the timeout leaves no timer to wait for
        await pump.value
        #expect(provider.cancellations == 1)
        #expect(writer.events.last == .error(code: .upstreamTimeout))

        let row = try #require(try await dependencies.stores.audit.recent(limit: 1).first)
        #expect(row.status == .upstreamTimeout)
        #expect(row.timeToFirstTokenMs == 4000)
        #expect(row.totalMs == 9000)
    }
}
