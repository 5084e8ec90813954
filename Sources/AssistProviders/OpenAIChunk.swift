import AssistGateway
import AssistWire

/// The OpenAI chat-completions wire format: the request body, and the chunks of its streamed answer.
enum OpenAIChunk {
    /// The request's JSON, member by member in sorted key order: the bytes `JSONWriter` would write for the same
    /// object, without building it as a dictionary first (once per request, with the whole prompt in it).
    static func requestBody(_ request: ProviderRequest) -> [UInt8] {
        var body = JSONObjectWriter(capacity: request.messages.reduce(256) { $0 + $1.content.utf8.count + 40 })
        body.number("max_tokens", Double(request.maxOutputTokens))
        body.array("messages", of: request.messages.map { message in
            var object = JSONObjectWriter(capacity: message.content.utf8.count + 40)
            object.string("content", message.content)
            object.string("role", message.role.rawValue)
            return object.finish()
        })
        body.string("model", request.model)
        if let schema = request.responseSchema {
            body.value("response_format", ["json_schema": ["name": "answer", "schema": schema, "strict": true], "type": "json_schema"])
        }
        body.bool("stream", true)
        body.value("stream_options", ["include_usage": true])
        if let temperature = request.temperature { body.number("temperature", temperature) }
        return body.finish()
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
