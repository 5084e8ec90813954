import AssistGateway
import AssistProviders
import AssistWire
import Foundation
import ScriptedUpstream
import Testing

func request(_ upstream: ScriptedUpstream, apiKey: String? = nil) -> ProviderRequest {
    ProviderRequest(baseURL: upstream.baseURL, model: "scripted", apiKey: apiKey,
                    messages: [ChatMessage(role: .system, content: "Be brief."), ChatMessage(role: .user, content: "Hi")],
                    maxOutputTokens: 50, temperature: 0.2)
}

/// Each test runs on both transports: the loop's own HTTP/1.1 client (which a plain-HTTP local upstream gets by
/// default) and libcurl (which TLS and named hosts get).
@Suite("OpenAI-compatible provider, over the loop client and over libcurl")
struct OpenAICompatibleProviderTests {
    static let transports = ["loop client", "libcurl"]

    func provider(_ transport: String, highWaterBytes: Int = 16 * 1024) -> OpenAICompatibleProvider {
        OpenAICompatibleProvider(CurlStreaming(highWaterBytes: highWaterBytes, loopClient: transport == "loop client"))
    }

    @Test("streams text, the finish reason and usage, and sends the documented request", arguments: transports)
    func happyPath(_ transport: String) async throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: ["Mer", "haba"]))
        defer { upstream.stop() }
        var chunks: [ProviderChunk] = []
        for try await chunk in provider(transport).stream(request(upstream, apiKey: "sk-test")) { chunks.append(chunk) }
        #expect(chunks == [.text("Mer"), .text("haba"), .finish(reason: "stop"), .usage(TokenUsage(inputTokens: 42, outputTokens: 2))])
        let recorded = try #require(upstream.requests.first)
        #expect(recorded.path == "/v1/chat/completions")
        #expect(recorded.authorization == "Bearer sk-test")
        let body = try JSONParser.parse(recorded.body)
        #expect(body["model"] == "scripted")
        #expect(body["stream"] == true)
        #expect(body["stream_options"] == ["include_usage": true])
        #expect(body["max_tokens"] == 50)
        #expect(body["messages"] == [["role": "system", "content": "Be brief."], ["role": "user", "content": "Hi"]])
    }

    @Test("a stream that ends without [DONE] is an error after the text that did arrive", arguments: transports)
    func truncated(_ transport: String) async throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: ["a", "b"], ending: .truncate))
        defer { upstream.stop() }
        var texts: [String] = []
        await #expect(throws: ProviderError.incomplete) {
            for try await chunk in provider(transport).stream(request(upstream)) { if case .text(let t) = chunk { texts.append(t) } }
        }
        #expect(texts == ["a", "b"])
    }

    @Test("a non-2xx answer is an http error with the status and body", arguments: transports)
    func httpError(_ transport: String) async throws {
        let upstream = try ScriptedUpstream(script: Script(status: 429))
        defer { upstream.stop() }
        do {
            for try await _ in provider(transport).stream(request(upstream)) {}
            Issue.record("expected an error")
        } catch let error as ProviderError {
            guard case .http(let status, let body) = error else { Issue.record("\(error)"); return }
            #expect(status == 429)
            #expect(body.contains("scripted failure"))
        }
    }

    @Test("cancelling the consumer closes the upstream connection within milliseconds", arguments: transports)
    func cancellation(_ transport: String) async throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: (0..<1000).map { "t\($0)" }, interval: .milliseconds(10)))
        defer { upstream.stop() }
        let provider = self.provider(transport)
        let consumer = Task {
            for try await chunk in provider.stream(request(upstream)) { if case .text("t3") = chunk { break } }
        }
        try await consumer.value
        let endedAt = ContinuousClock.now
        let recorded = try #require(await upstream.waitForEnd(of: 0))
        #expect(try #require(recorded.disconnectedAt) - endedAt < .milliseconds(100))
        #expect(recorded.tokensSent < 100)
    }

    @Test("a consumer that stops reading pauses the transfer: the upstream cannot run ahead without bound", arguments: transports)
    func backpressure(_ transport: String) async throws {
        let token = String(repeating: "x", count: 4096)
        let upstream = try ScriptedUpstream(script: Script(tokens: Array(repeating: token, count: 20_000)))
        defer { upstream.stop() }
        let stream = provider(transport, highWaterBytes: 16 * 1024).stream(request(upstream))
        var iterator = stream.makeAsyncIterator()
        _ = try await iterator.next()
        // The upstream must come to a standstill (socket buffers full, the transfer paused) long before its 80 MiB.
        var previous = -1
        var sent = 0
        for _ in 0..<30 {
            try await Task.sleep(for: .milliseconds(200))
            sent = upstream.requests.first?.tokensSent ?? 0
            if sent == previous { break }
            previous = sent
        }
        #expect(sent == previous, "the upstream never stopped sending")
        #expect(sent < 5_000)
        // Reading again resumes the transfer.
        var received = 1
        while received < 200, let chunk = try await iterator.next() { if case .text = chunk { received += 1 } }
        #expect(received == 200)
    }
}
