import AssistGateway
import AssistCurl
import AssistProviders
import ScriptedUpstream
import Testing

private func request(_ upstream: ScriptedUpstream) -> ProviderRequest {
    ProviderRequest(baseURL: upstream.baseURL, model: "scripted", messages: [ChatMessage(role: .user, content: "Hi")], maxOutputTokens: 50)
}

/// The provider's curl loop as a service: started by its first transfer or by `run()`, stopped by
/// `shutdown()`, leaving no stream waiting for a loop that has gone.
@Suite("Curl event loop")
struct CurlEventLoopTests {
    @Test("shutdown() fails a running transfer, run() returns once the thread has ended, later transfers fail at once")
    func shutdownEndsTransfers() async throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: ["a", "b"], ending: .stall))
        defer { upstream.stop() }
        let provider = OpenAICompatibleProvider()
        let running = Task { await provider.loop.run() }
        var iterator = provider.stream(request(upstream)).makeAsyncIterator()
        #expect(try await iterator.next() == .text("a"))
        #expect(try await iterator.next() == .text("b"))

        provider.loop.shutdown()
        await running.value
        await #expect(throws: ProviderError.transport("the provider's curl loop has stopped")) { _ = try await iterator.next() }
        #expect(await upstream.waitForEnd(of: 0)?.disconnectedAt != nil)

        provider.loop.shutdown()  // idempotent
        var late = provider.stream(request(upstream)).makeAsyncIterator()
        await #expect(throws: ProviderError.transport("the provider's curl loop has stopped")) { _ = try await late.next() }
    }

    @Test("a loop that never ran a transfer stops without ever starting a thread")
    func neverStarted() async {
        let loop = CurlEventLoop()
        loop.shutdown()
        await loop.run()
        #expect(loop.name == "curl loop")
    }
}
