@testable import AssistProviders
import AssistGateway
import AssistWire
import ScriptedUpstream
import Testing

/// Anthropic's Messages API: the request as documented, a recorded stream read into chunks, its errors classified as
/// a fallback needs them, and the whole call against the scripted upstream speaking the format.
@Suite("Anthropic provider")
struct AnthropicProviderTests {
    typealias Support = ProviderTestSupport

    /// A stream as the API sends it (shapes from Anthropic's streaming documentation): a ping, a thinking block
    /// and a tool's input to skip, two text deltas, the stop reason and usage, the end marker.
    static let recorded = """
    event: message_start
    data: {"type": "message_start", "message": {"id": "msg_1nZdL29xx5MUA1yADyHTEsnR8uuvGzszyY", "type": "message", "role": "assistant", "content": [], "model": "claude-sonnet-4-5", "stop_reason": null, "stop_sequence": null, "usage": {"input_tokens": 25, "output_tokens": 1}}}

    event: content_block_start
    data: {"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": ""}}

    event: content_block_delta
    data: {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "Let me think"}}

    event: content_block_stop
    data: {"type": "content_block_stop", "index": 0}

    event: content_block_start
    data: {"type": "content_block_start", "index": 1, "content_block": {"type": "text", "text": ""}}

    event: ping
    data: {"type": "ping"}

    event: content_block_delta
    data: {"type": "content_block_delta", "index": 1, "delta": {"type": "text_delta", "text": "Merhaba"}}

    event: content_block_delta
    data: {"type": "content_block_delta", "index": 1, "delta": {"type": "text_delta", "text": ", d\\u00fcnya!"}}

    event: content_block_delta
    data: {"type": "content_block_delta", "index": 2, "delta": {"type": "input_json_delta", "partial_json": "{\\"a\\""}}

    event: content_block_stop
    data: {"type": "content_block_stop", "index": 1}

    event: message_delta
    data: {"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": null}, "usage": {"output_tokens": 15}}

    event: message_stop
    data: {"type": "message_stop"}


    """

    @Test("the request: POST {base}/messages, the key, version and accept fields, system joined, turns, caps, schema as a structured output")
    func requestEncoding() throws {
        var request = Support.request(baseURL: "https://api.anthropic.com/v1/", model: "claude-sonnet-4-5", apiKey: "sk-ant-test")
        let wire = AnthropicWire()
        #expect(wire.url(for: request) == "https://api.anthropic.com/v1/messages")
        #expect(wire.headers(for: request) == ["content-type: application/json", "accept: text/event-stream",
                                               "anthropic-version: 2023-06-01", "x-api-key: sk-ant-test"])
        var body = try JSONParser.parse(wire.body(for: request))
        #expect(body["model"] == "claude-sonnet-4-5")
        #expect(body["max_tokens"] == 50)
        #expect(body["stream"] == true)
        #expect(body["temperature"] == 0.2)
        #expect(body["system"] == "Be brief.\n\nAnswer in Turkish.")
        #expect(body["messages"] == [["role": "user", "content": "Hi"], ["role": "assistant", "content": "Merhaba!"],
                                     ["role": "user", "content": "Saat kaç?"]])
        #expect(body["output_config"] == nil)

        let schema: JSONValue = ["type": "object", "properties": ["city": ["type": "string"]], "required": ["city"], "additionalProperties": false]
        request.responseSchema = schema
        request.temperature = nil
        request.apiKey = nil
        request.messages.removeAll { $0.role == .system }
        body = try JSONParser.parse(wire.body(for: request))
        #expect(body["output_config"] == ["format": ["type": "json_schema", "schema": schema]])
        #expect(body["temperature"] == nil)
        #expect(body["system"] == nil)
        #expect(!wire.headers(for: request).contains { $0.hasPrefix("x-api-key") })
    }

    @Test("a recorded stream: the text deltas only, end_turn as stop, usage once from both counts, message_stop as the end")
    func decodesRecordedStream() throws {
        var decoder = AnthropicEventDecoder()
        let chunks = try Support.decode(Self.recorded, with: &decoder)
        #expect(chunks == [.text("Merhaba"), .text(", dünya!"), .finish(reason: "stop"), .usage(TokenUsage(inputTokens: 25, outputTokens: 15))])
        #expect(decoder.sawEnd)

        var cut = AnthropicEventDecoder()
        _ = try Support.decode(String(Self.recorded.prefix { $0 != "}" }) + "}}}\n\n", with: &cut)
        #expect(!cut.sawEnd, "no message_stop: not an end")
    }

    @Test("stop reasons: max_tokens is length, stop_sequence is stop, others as they are; no usage without the output count")
    func stopReasons() throws {
        for (reason, expected) in [("max_tokens", "length"), ("stop_sequence", "stop"), ("end_turn", "stop"), ("tool_use", "tool_use"), ("refusal", "refusal")] {
            var decoder = AnthropicEventDecoder()
            let chunks = try Support.decode("""
            event: message_start
            data: {"type":"message_start","message":{"usage":{"input_tokens":3,"output_tokens":1}}}

            event: message_delta
            data: {"type":"message_delta","delta":{"stop_reason":"\(reason)"}}


            """, with: &decoder)
            #expect(chunks == [.finish(reason: expected)], "\(reason)")
        }
    }

    @Test("error events: overloaded is a 529 and api_error a 500 (5xx for a fallback), rate_limit a 429, others a protocol violation without the provider's text")
    func errorEvents() throws {
        func error(_ type: String) -> (any Error)? {
            var decoder = AnthropicEventDecoder()
            do {
                _ = try decoder.decode(SSEDecoder.Event(type: "error", data: #"{"type":"error","error":{"type":"\#(type)","message":"secret words"}}"#))
                return nil
            } catch { return error }
        }
        #expect(error("overloaded_error") as? ProviderError == .http(status: 529, body: ""))
        #expect(error("api_error") as? ProviderError == .http(status: 500, body: ""))
        #expect(error("rate_limit_error") as? ProviderError == .http(status: 429, body: ""))
        for type in ["invalid_request_error", "something_new"] {
            guard case .protocolViolation(let message)? = error(type) as? ProviderError else { Issue.record("\(type)"); continue }
            #expect(!message.contains("secret"))
        }
        for garbage in ["not json", "[1,2]", #""text""#, "{\"type\":"] {
            var decoder = AnthropicEventDecoder()
            #expect(throws: ProviderError.self) { try decoder.decode(SSEDecoder.Event(type: "content_block_delta", data: garbage)) }
        }
        var decoder = AnthropicEventDecoder()
        #expect(throws: ProviderError.self) {
            try decoder.decode(SSEDecoder.Event(data: #"{"type":"content_block_delta","delta":{"type":"text_delta","text":7}}"#))
        }
    }

    @Test("live: tokens in order, then finish and usage; the key, version and trace context reach the upstream on /v1/messages")
    func liveHappyPath() async throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: ["Mer", "haba", " dünya"]), format: .anthropic)
        defer { upstream.stop() }
        let (chunks, error) = await Support.read(AnthropicProvider().stream(Support.request(baseURL: upstream.baseURL, apiKey: "sk-ant-live")))
        #expect(error == nil)
        #expect(chunks == [.text("Mer"), .text("haba"), .text(" dünya"), .finish(reason: "stop"), .usage(TokenUsage(inputTokens: 42, outputTokens: 3))])
        let recorded = try #require(upstream.requests.first)
        #expect(recorded.path == "/v1/messages")
        #expect(recorded.format == .anthropic)
        #expect(recorded.apiKey == "sk-ant-live")
        #expect(recorded.authorization == nil)
        #expect(recorded.headers["anthropic-version"] == "2023-06-01")
        #expect(recorded.traceparent == Support.traceparent)
        #expect(try JSONParser.parse(recorded.body)["system"] == "Be brief.\n\nAnswer in Turkish.")
    }

    @Test("live: coalesced, the text of one delivery comes as one chunk")
    func liveCoalesced() async throws {
        let upstream = try ScriptedUpstream(script: Script(tokens: ["a", "b", "c"]), format: .anthropic)
        defer { upstream.stop() }
        var request = Support.request(baseURL: upstream.baseURL)
        request.coalesceText = true
        let (chunks, error) = await Support.read(AnthropicProvider().stream(request))
        #expect(error == nil)
        #expect(Support.texts(chunks).joined() == "abc")
    }

    @Test("live: an overloaded status is http 529 with Anthropic's error body; a 429 is a 429")
    func liveHTTPErrors() async throws {
        for status in [529, 429] {
            let upstream = try ScriptedUpstream(script: Script(status: status), format: .anthropic)
            defer { upstream.stop() }
            let (chunks, error) = await Support.read(AnthropicProvider().stream(Support.request(baseURL: upstream.baseURL)))
            #expect(chunks.isEmpty)
            guard case .http(let got, let body)? = error as? ProviderError else { Issue.record("\(String(describing: error))"); continue }
            #expect(got == status)
            #expect(body.contains(status == 529 ? "overloaded_error" : "rate_limit_error"))
        }
    }

    @Test("live: overloaded mid-stream, after the text that arrived, is a 529; a stream cut before message_stop is incomplete")
    func liveMidStream() async throws {
        let overloaded = try ScriptedUpstream(script: Script(tokens: ["a", "b"], ending: .errorEvent(status: 529)), format: .anthropic)
        defer { overloaded.stop() }
        var (chunks, error) = await Support.read(AnthropicProvider().stream(Support.request(baseURL: overloaded.baseURL)))
        #expect(Support.texts(chunks) == ["a", "b"])
        #expect(error as? ProviderError == .http(status: 529, body: ""))

        let truncated = try ScriptedUpstream(script: Script(tokens: ["a", "b"], ending: .truncate), format: .anthropic)
        defer { truncated.stop() }
        (chunks, error) = await Support.read(AnthropicProvider().stream(Support.request(baseURL: truncated.baseURL)))
        #expect(Support.texts(chunks) == ["a", "b"])
        #expect(error as? ProviderError == .incomplete)
    }
}
