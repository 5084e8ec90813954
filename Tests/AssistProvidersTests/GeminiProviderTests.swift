@testable import AssistProviders
import AssistGateway
import AssistWire
import ScriptedUpstream
import Testing

/// Gemini's streamGenerateContent: the request as documented, a recorded stream read into chunks, its errors
/// classified as a fallback needs them, and the whole call against the scripted upstream speaking the format.
@Suite("Gemini provider")
struct GeminiProviderTests {
    typealias Support = ProviderTestSupport

    /// A stream as the API sends it with `alt=sse` (CRLF-delimited data-only events, usage restated in each): a
    /// thought part to skip, text over two responses, the finish reason with the final usage.
    static let recorded = """
    data: {"candidates": [{"content": {"parts": [{"text": "Planning the answer", "thought": true}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 11,"totalTokenCount": 11},"modelVersion": "gemini-2.5-flash","responseId": "abc"}\r
    \r
    data: {"candidates": [{"content": {"parts": [{"text": "Merhaba"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 11,"candidatesTokenCount": 1,"totalTokenCount": 12},"modelVersion": "gemini-2.5-flash","responseId": "abc"}\r
    \r
    data: {"candidates": [{"content": {"parts": [{"text": ", d\\u00fcnya"}, {"text": "!"}],"role": "model"},"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 11,"candidatesTokenCount": 4,"thoughtsTokenCount": 20,"totalTokenCount": 35},"modelVersion": "gemini-2.5-flash","responseId": "abc"}\r
    \r

    """

    @Test("the request: POST {base}/models/{model}:streamGenerateContent?alt=sse, x-goog-api-key, contents with model turns, systemInstruction, generationConfig")
    func requestEncoding() throws {
        var request = Support.request(baseURL: "https://generativelanguage.googleapis.com/v1beta/", model: "gemini-2.5-flash", apiKey: "AIza-test")
        let wire = GeminiWire()
        #expect(wire.url(for: request) == "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
        #expect(wire.headers(for: request) == ["Content-Type: application/json", "Accept: text/event-stream", "x-goog-api-key: AIza-test"])
        var body = try JSONParser.parse(wire.body(for: request))
        #expect(body["contents"] == [["role": "user", "parts": [["text": "Hi"]]], ["role": "model", "parts": [["text": "Merhaba!"]]],
                                     ["role": "user", "parts": [["text": "Saat kaç?"]]]])
        #expect(body["systemInstruction"] == ["parts": [["text": "Be brief.\n\nAnswer in Turkish."]]])
        #expect(body["generationConfig"] == ["maxOutputTokens": 50, "temperature": 0.2])

        let schema: JSONValue = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"]]
        request.responseSchema = schema
        request.temperature = nil
        request.messages.removeAll { $0.role == .system }
        body = try JSONParser.parse(wire.body(for: request))
        #expect(body["generationConfig"] == ["maxOutputTokens": 50, "responseMimeType": "application/json", "responseJsonSchema": schema])
        #expect(body["systemInstruction"] == nil)

        // The model is one path segment, whatever the configuration says.
        request.model = "models/gemini-2.5-pro"
        #expect(wire.url(for: request).hasSuffix("/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse"))
        request.model = "../x?y#z"
        #expect(wire.url(for: request).hasSuffix("/models/..%2Fx%3Fy%23z:streamGenerateContent?alt=sse"))
    }

    @Test("a recorded stream: text parts in order (thoughts skipped), STOP as stop, the final usage with thinking counted as output")
    func decodesRecordedStream() throws {
        var decoder = GeminiEventDecoder()
        let chunks = try Support.decode(Self.recorded, with: &decoder)
        #expect(chunks == [.text("Merhaba"), .text(", dünya"), .text("!"), .finish(reason: "stop"), .usage(TokenUsage(inputTokens: 11, outputTokens: 24))])
        #expect(decoder.sawEnd)

        var cut = GeminiEventDecoder()
        // "\r\n" is one Character: split the stream into its lines by it.
        let twoEvents = Self.recorded.split(separator: "\r\n", omittingEmptySubsequences: false).prefix(4).joined(separator: "\r\n") + "\r\n"
        let partial = try Support.decode(twoEvents, with: &cut)
        #expect(partial == [.text("Merhaba")], "usage waits for the finish")
        #expect(!cut.sawEnd, "no finish reason: not an end")
    }

    @Test("finish reasons: MAX_TOKENS is length, the safety family content_filter, others lowercased; a blocked prompt finishes as content_filter")
    func finishReasons() throws {
        let cases = [("STOP", "stop"), ("MAX_TOKENS", "length"), ("SAFETY", "content_filter"), ("RECITATION", "content_filter"),
                     ("PROHIBITED_CONTENT", "content_filter"), ("BLOCKLIST", "content_filter"), ("SPII", "content_filter"),
                     ("MALFORMED_FUNCTION_CALL", "malformed_function_call"), ("OTHER", "other")]
        for (reason, expected) in cases {
            var decoder = GeminiEventDecoder()
            #expect(try decoder.decode(SSEDecoder.Event(data: #"{"candidates":[{"finishReason":"\#(reason)","index":0}]}"#)) == [.finish(reason: expected)])
            #expect(decoder.sawEnd)
        }
        var decoder = GeminiEventDecoder()
        let blocked = try decoder.decode(SSEDecoder.Event(data: #"{"promptFeedback":{"blockReason":"SAFETY"},"usageMetadata":{"promptTokenCount":9,"totalTokenCount":9}}"#))
        #expect(blocked == [.finish(reason: "content_filter"), .usage(TokenUsage(inputTokens: 9, outputTokens: 0))])
        #expect(decoder.sawEnd)
    }

    @Test("error objects: 5xx, UNAVAILABLE and INTERNAL are http 5xx, 429 and RESOURCE_EXHAUSTED a 429, others a protocol violation without the provider's text; garbage too")
    func errorObjects() throws {
        func error(_ object: String) -> (any Error)? {
            var decoder = GeminiEventDecoder()
            do {
                _ = try decoder.decode(SSEDecoder.Event(data: #"{"error":\#(object)}"#))
                return nil
            } catch { return error }
        }
        #expect(error(#"{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}"#) as? ProviderError == .http(status: 503, body: ""))
        #expect(error(#"{"code":500,"message":"x","status":"INTERNAL"}"#) as? ProviderError == .http(status: 500, body: ""))
        #expect(error(#"{"status":"UNAVAILABLE"}"#) as? ProviderError == .http(status: 503, body: ""))
        #expect(error(#"{"code":429,"message":"x","status":"RESOURCE_EXHAUSTED"}"#) as? ProviderError == .http(status: 429, body: ""))
        #expect(error(#"{"status":"RESOURCE_EXHAUSTED"}"#) as? ProviderError == .http(status: 429, body: ""))
        guard case .protocolViolation(let message)? = error(#"{"code":400,"message":"secret words","status":"INVALID_ARGUMENT"}"#) as? ProviderError else {
            Issue.record("a 400 mid-stream is a protocol violation")
            return
        }
        #expect(!message.contains("secret"))
        for garbage in ["not json", "[{\"candidates\":[]}]", "42", "{\"candidates\":"] {
            var decoder = GeminiEventDecoder()
            #expect(throws: ProviderError.self) { try decoder.decode(SSEDecoder.Event(data: garbage)) }
        }
    }

    @Test("live: tokens in order, then finish and usage; the key and trace context reach the upstream on the model's path with alt=sse")
    func liveHappyPath() async throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: ["Mer", "haba", " dünya"]), format: .gemini)
        defer { upstream.stop() }
        let (chunks, error) = await Support.read(GeminiProvider().stream(Support.request(baseURL: upstream.baseURL, model: "gemini-2.5-flash", apiKey: "AIza-live")))
        #expect(error == nil)
        #expect(chunks == [.text("Mer"), .text("haba"), .text(" dünya"), .finish(reason: "stop"), .usage(TokenUsage(inputTokens: 42, outputTokens: 3))])
        let recorded = try #require(upstream.requests.first)
        #expect(recorded.path == "/v1beta/models/gemini-2.5-flash:streamGenerateContent")
        #expect(recorded.query == "alt=sse")
        #expect(recorded.format == .gemini)
        #expect(recorded.apiKey == "AIza-live")
        #expect(recorded.authorization == nil)
        #expect(recorded.traceparent == Support.traceparent)
    }

    @Test("live: a finish without usage, and a length finish, read as such")
    func liveNoUsage() async throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: ["a"], sendUsage: false, finishReason: "length"), format: .gemini)
        defer { upstream.stop() }
        let (chunks, error) = await Support.read(GeminiProvider().stream(Support.request(baseURL: upstream.baseURL)))
        #expect(error == nil)
        #expect(chunks == [.text("a"), .finish(reason: "length")])
    }

    @Test("live: a 503 status is http 503 with Google's error body; a 429 is a 429")
    func liveHTTPErrors() async throws {
        for status in [503, 429] {
            let upstream = try ScriptedUpstream(script: Script(status: status), format: .gemini)
            defer { upstream.stop() }
            let (chunks, error) = await Support.read(GeminiProvider().stream(Support.request(baseURL: upstream.baseURL)))
            #expect(chunks.isEmpty)
            guard case .http(let got, let body)? = error as? ProviderError else { Issue.record("\(String(describing: error))"); continue }
            #expect(got == status)
            #expect(body.contains(status == 503 ? "UNAVAILABLE" : "RESOURCE_EXHAUSTED"))
        }
    }

    @Test("live: an error object mid-stream, after the text that arrived, is its status; a body ending without a finish reason is incomplete")
    func liveMidStream() async throws {
        let failing = try ScriptedUpstream(script: Script(tokens: ["a", "b"], ending: .errorEvent(status: 503)), format: .gemini)
        defer { failing.stop() }
        var (chunks, error) = await Support.read(GeminiProvider().stream(Support.request(baseURL: failing.baseURL)))
        #expect(Support.texts(chunks) == ["a", "b"])
        #expect(error as? ProviderError == .http(status: 503, body: ""))

        let truncated = try ScriptedUpstream(script: Script(tokens: ["a", "b"], ending: .truncate), format: .gemini)
        defer { truncated.stop() }
        (chunks, error) = await Support.read(GeminiProvider().stream(Support.request(baseURL: truncated.baseURL)))
        #expect(Support.texts(chunks) == ["a", "b"])
        #expect(error as? ProviderError == .incomplete)
    }
}
