import AssistGateway
import AssistWire

/// Anthropic's Messages API, streamed: `POST {baseURL}/messages` (`baseURL` like `https://api.anthropic.com/v1`) with
/// the key in `x-api-key` and the API version in `anthropic-version`, answered by named events that
/// `AnthropicEventDecoder` reads.
///
/// The body: `model`, `max_tokens`, `stream`, `temperature` when set, the system messages joined (blank line between)
/// as the top-level `system` (the API has no system role in `messages`), and the user and assistant turns as
/// `messages`, each content a plain string.
///
/// A `responseSchema` goes as a structured output, `output_config: {format: {type: "json_schema", schema}}`: Anthropic
/// documents this (generally available, no beta header; it replaced the beta's top-level `output_format`) as
/// constraining decoding to the schema, as OpenAI's `response_format` does, rather than asking for it in an
/// instruction a model may not follow. The cost: a model older than the documented ones (Claude Sonnet 4.5, Opus
/// 4.5, Haiku 4.5 and later) answers 400, which is a configuration error (an alias naming such a model for a
/// structured feature), seen at once; and the schema must be strict in the same way OpenAI's are
/// (`additionalProperties: false` on every object), as the gateway's already are.
struct AnthropicWire: ProviderWire {
    /// The API version the request and event shapes here are of.
    static let apiVersion = "2023-06-01"

    func url(for request: ProviderRequest) -> String { Self.endpoint(request.baseURL, "/messages") }

    func headers(for request: ProviderRequest) -> [String] {
        var fields = ["content-type: application/json", "accept: text/event-stream", "anthropic-version: \(Self.apiVersion)"]
        if let key = request.apiKey { fields.append("x-api-key: \(key)") }
        return fields
    }

    func body(for request: ProviderRequest) -> [UInt8] { JSONWriter.bytes(Self.body(request)) }

    func makeDecoder() -> AnthropicEventDecoder { AnthropicEventDecoder() }

    /// The request body as JSON (see the type's comment).
    static func body(_ request: ProviderRequest) -> JSONValue {
        var body: [String: JSONValue] = [
            "model": .string(request.model),
            "max_tokens": .number(Double(request.maxOutputTokens)),
            "stream": true,
            "messages": .array(request.messages.compactMap { message in
                message.role == .system ? nil : ["role": .string(message.role.rawValue), "content": .string(message.content)]
            }),
        ]
        let system = request.messages.filter { $0.role == .system }.map(\.content)
        if !system.isEmpty { body["system"] = .string(system.joined(separator: "\n\n")) }
        if let temperature = request.temperature { body["temperature"] = .number(temperature) }
        if let schema = request.responseSchema {
            body["output_config"] = ["format": ["type": "json_schema", "schema": schema]]
        }
        return .object(body)
    }
}
