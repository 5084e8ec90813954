package import AssistGateway
package import AssistWire

/// Reads Anthropic's streamed Messages events into chunks.
///
/// An event's JSON `type` (or, without one, its SSE event name) says what it is:
/// - `message_start`: `message.usage.input_tokens`, kept for the usage reported at the end;
/// - `content_block_delta` whose `delta.type` is `text_delta`: `delta.text` as `.text` (other deltas, a tool's
///   input or a thinking block, are not the answer and are skipped);
/// - `message_delta`: `delta.stop_reason` as `.finish` (`end_turn` and `stop_sequence` → "stop", `max_tokens` →
///   "length", others as they are), and `usage.output_tokens` (the total so far); once both counts are known a
///   `.usage` follows, normally once per stream, since the API sends one `message_delta`;
/// - `message_stop`: the end marker; the body ending before it is `.incomplete`;
/// - `error`: the provider failing mid-stream, thrown as the status it would have answered with, so a caller's
///   fallback treats it as it treats that status: `overloaded_error` → `.http(status: 529)`, `api_error` → 500,
///   `rate_limit_error` → 429, each with an empty body (the message is the provider's text, not ours to log);
///   any other type → `.protocolViolation`, naming the type only when it is one the API documents;
/// - `ping`, `content_block_start`, `content_block_stop`, and event types added later: nothing.
///
/// Data that is not a JSON object is a `.protocolViolation` (never quoting it). Parsed with `JSONParser` per event:
/// this path has no fast scanner like OpenAI's, which a benchmark would have to show is worth its code.
package struct AnthropicEventDecoder: ProviderEventDecoder {
    package private(set) var sawEnd = false
    private var inputTokens: Int?
    private var outputTokens: Int?

    package init() {}

    package mutating func decode(_ event: SSEDecoder.Event) throws -> [ProviderChunk] {
        let json: JSONValue
        do { json = try JSONParser.parse(event.data) } catch {
            throw ProviderError.protocolViolation("Anthropic event is not JSON (\(ContentFingerprint(event.data)))")
        }
        guard json.objectValue != nil else { throw ProviderError.protocolViolation("Anthropic event is not an object") }
        switch json["type"]?.stringValue ?? event.type {
        case "message_start":
            if let input = json["message"]?["usage"]?["input_tokens"]?.intValue { inputTokens = input }
            return []
        case "content_block_delta":
            guard let delta = json["delta"], delta["type"]?.stringValue == "text_delta" else { return [] }
            guard let text = delta["text"]?.stringValue else { throw ProviderError.protocolViolation("Anthropic text_delta without text") }
            return text.isEmpty ? [] : [.text(text)]
        case "message_delta":
            return messageDelta(json)
        case "message_stop":
            sawEnd = true
            return []
        case "error":
            throw Self.failure(json["error"]?["type"]?.stringValue)
        default:
            return []
        }
    }

    /// The finish reason and, once both counts are known, the usage. A `message_delta` may restate the input
    /// tokens (newer API versions do); the last word on either count wins.
    private mutating func messageDelta(_ json: JSONValue) -> [ProviderChunk] {
        var chunks: [ProviderChunk] = []
        if let reason = json["delta"]?["stop_reason"]?.stringValue { chunks.append(.finish(reason: Self.finishReason(reason))) }
        if let input = json["usage"]?["input_tokens"]?.intValue { inputTokens = input }
        if let output = json["usage"]?["output_tokens"]?.intValue { outputTokens = output }
        if let inputTokens, let outputTokens, json["usage"] != nil {
            chunks.append(.usage(TokenUsage(inputTokens: inputTokens, outputTokens: outputTokens)))
        }
        return chunks
    }

    /// Anthropic's stop reason in the gateway's words (OpenAI's): "stop", "length", or as it is.
    static func finishReason(_ reason: String) -> String {
        switch reason {
        case "end_turn", "stop_sequence": "stop"
        case "max_tokens": "length"
        default: reason
        }
    }

    /// The error types the API documents; only these are named in our message.
    static let documentedErrors: Set<String> = [
        "invalid_request_error", "authentication_error", "permission_error", "not_found_error",
        "request_too_large", "rate_limit_error", "api_error", "overloaded_error",
    ]

    /// What an `error` event of `type` is thrown as (see the type's comment).
    static func failure(_ type: String?) -> ProviderError {
        switch type {
        case "overloaded_error": .http(status: 529, body: "")
        case "api_error": .http(status: 500, body: "")
        case "rate_limit_error": .http(status: 429, body: "")
        case let type? where documentedErrors.contains(type): .protocolViolation("Anthropic error event mid-stream: \(type)")
        default: .protocolViolation("Anthropic error event mid-stream of an undocumented type")
        }
    }
}
