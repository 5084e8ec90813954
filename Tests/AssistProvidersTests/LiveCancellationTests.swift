import AssistGateway
import AssistProviders
import ScriptedUpstream
import Testing

/// Every wire format's provider, cancelled by its consumer mid-answer, closes its upstream connection: the shared
/// transfer does it for all of them, and each format's upstream sees it.
@Suite("Providers: a consumer that stops closes the upstream connection")
struct LiveCancellationTests {
    static func provider(_ format: ScriptedUpstream.Format, loopClient: Bool) -> any ModelProvider {
        let streaming = CurlStreaming(loopClient: loopClient)
        return switch format {
        case .openAI: OpenAICompatibleProvider(streaming)
        case .anthropic: AnthropicProvider(streaming)
        case .gemini: GeminiProvider(streaming)
        }
    }

    @Test("long before the script's end, over the loop client and over libcurl",
          arguments: [ScriptedUpstream.Format.openAI, .anthropic, .gemini], [true, false])
    func cancelling(_ format: ScriptedUpstream.Format, loopClient: Bool) async throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: (0..<1000).map { "t\($0)" }, interval: .milliseconds(10)), format: format)
        defer { upstream.stop() }
        let provider = Self.provider(format, loopClient: loopClient)
        let request = ProviderTestSupport.request(baseURL: upstream.baseURL)
        let consumer = Task {
            for try await chunk in provider.stream(request) { if case .text("t3") = chunk { break } }
        }
        try await consumer.value
        let endedAt = ContinuousClock.now
        let recorded = try #require(await upstream.waitForEnd(of: 0))
        // A loose bound: this suite runs beside others; TimingTests holds the tight one for the shared transfer.
        #expect(try #require(recorded.disconnectedAt) - endedAt < .seconds(1))
        #expect(recorded.tokensSent < 200)
    }
}
