import AssistGateway
import AssistWire

/// Gemini's `streamGenerateContent` as server-sent events: `POST {baseURL}/models/{model}:streamGenerateContent?alt=sse`
/// (`baseURL` like `https://generativelanguage.googleapis.com/v1beta`) with the key in `x-goog-api-key` (a header, not
/// the `key` query parameter, so that it stays out of URLs that logs and proxies keep), answered by data-only events
/// that `GeminiEventDecoder` reads.
///
/// The body: the user and assistant turns as `contents` (roles `user` and `model`, one text part each), the system
/// messages joined (blank line between) as `systemInstruction`, and `generationConfig` with `maxOutputTokens` and
/// `temperature` when set. A `responseSchema` goes as `responseJsonSchema` with `responseMimeType: application/json`,
/// the field that takes JSON Schema as it is (the older `responseSchema` takes an OpenAPI subset, which the gateway's
/// schemas are not written in).
struct GeminiWire: ProviderWire {
    func url(for request: ProviderRequest) -> String {
        Self.endpoint(request.baseURL, "/models/\(Self.pathSegment(request.model)):streamGenerateContent?alt=sse")
    }

    func headers(for request: ProviderRequest) -> [String] {
        var fields = ["Content-Type: application/json", "Accept: text/event-stream"]
        if let key = request.apiKey { fields.append("x-goog-api-key: \(key)") }
        return fields
    }

    func body(for request: ProviderRequest) -> [UInt8] { JSONWriter.bytes(Self.body(request)) }

    func makeDecoder() -> GeminiEventDecoder { GeminiEventDecoder() }

    /// The request body as JSON (see the type's comment).
    static func body(_ request: ProviderRequest) -> JSONValue {
        var config: [String: JSONValue] = ["maxOutputTokens": .number(Double(request.maxOutputTokens))]
        if let temperature = request.temperature { config["temperature"] = .number(temperature) }
        if let schema = request.responseSchema {
            config["responseMimeType"] = "application/json"
            config["responseJsonSchema"] = schema
        }
        var body: [String: JSONValue] = [
            "contents": .array(request.messages.compactMap { message in
                guard message.role != .system else { return nil }
                return ["role": message.role == .assistant ? "model" : "user", "parts": [["text": .string(message.content)]]]
            }),
            "generationConfig": .object(config),
        ]
        let system = request.messages.filter { $0.role == .system }.map(\.content)
        if !system.isEmpty { body["systemInstruction"] = ["parts": [["text": .string(system.joined(separator: "\n\n"))]]] }
        return .object(body)
    }

    /// The model's name as one path segment: without the `models/` prefix Gemini's own listings give it, and
    /// anything but letters, digits and `-._~` percent-encoded, so a configured name cannot reach another path.
    static func pathSegment(_ model: String) -> String {
        let name = model.hasPrefix("models/") ? model.dropFirst("models/".count) : model[...]
        var encoded = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}
