import AssistGateway
import AssistWire

/// The OpenAI chat-completions wire format: the request body, and the chunks of its streamed answer.
enum OpenAIChunk {
    static func requestBody(_ request: ProviderRequest) -> [UInt8] {
        var body: [String: JSONValue] = [
            "model": .string(request.model),
            "messages": .array(request.messages.map { ["role": .string($0.role.rawValue), "content": .string($0.content)] }),
            "stream": true,
            "stream_options": ["include_usage": true],
            "max_tokens": .number(Double(request.maxOutputTokens)),
        ]
        if let temperature = request.temperature { body["temperature"] = .number(temperature) }
        if let schema = request.responseSchema {
            body["response_format"] = ["type": "json_schema", "json_schema": ["name": "answer", "strict": true, "schema": schema]]
        }
        return JSONWriter.bytes(.object(body))
    }

    /// Decodes one event's data, `{"choices":[{"delta":{"content":"…"},"finish_reason":…}],"usage":…}`, on its
    /// bytes where they lie, each chunk handed to `sink` (text, finish, usage, in that order): the per-token path,
    /// which makes no array and no String but the text's. An `{"error": …}` object mid-stream is the provider
    /// failing. The scanner reads the usual chunk; anything it does not expect is parsed strictly (`interpret`).
    static func decode(_ data: UnsafeBufferPointer<UInt8>, into sink: (ProviderChunk) -> Void) throws {
        if OpenAIChunkScanner.chunks(data, into: sink) { return }
        let json: JSONValue
        do { json = try JSONParser.parse(data) } catch {
            throw ProviderError.protocolViolation("chunk is not JSON (\(ContentFingerprint(String(decoding: data, as: UTF8.self))))")
        }
        for chunk in try interpret(json) { sink(chunk) }
    }

    /// What a strictly parsed chunk says.
    static func interpret(_ json: JSONValue) throws -> [ProviderChunk] {
        guard json.objectValue != nil else { throw ProviderError.protocolViolation("chunk is not an object") }
        if let error = json["error"] {
            throw ProviderError.protocolViolation("provider error mid-stream (\(ContentFingerprint(JSONWriter.string(error))))")
        }
        var chunks: [ProviderChunk] = []
        if let choice = json["choices"]?.arrayValue?.first {
            if let text = choice["delta"]?["content"]?.stringValue, !text.isEmpty { chunks.append(.text(text)) }
            if let reason = choice["finish_reason"]?.stringValue { chunks.append(.finish(reason: reason)) }
        }
        if let usage = json["usage"], let input = usage["prompt_tokens"]?.intValue, let output = usage["completion_tokens"]?.intValue {
            chunks.append(.usage(TokenUsage(inputTokens: input, outputTokens: output)))
        }
        return chunks
    }
}
