import AssistGateway
import AssistWire

/// The OpenAI chat-completions format as the shared transfer speaks it: `POST {baseURL}/chat/completions` with a
/// bearer key, the body `OpenAIChunk.requestBody` writes, and one JSON chunk per event until `[DONE]`.
struct OpenAIWire: ProviderWire {
    func url(for request: ProviderRequest) -> String { Self.endpoint(request.baseURL, "/chat/completions") }

    func headers(for request: ProviderRequest) -> [String] {
        var fields = ["Content-Type: application/json", "Accept: text/event-stream"]
        if let key = request.apiKey { fields.append("Authorization: Bearer \(key)") }
        return fields
    }

    func body(for request: ProviderRequest) -> [UInt8] { OpenAIChunk.requestBody(request) }

    func makeDecoder() -> Decoder { Decoder() }

    /// Each event's data is a chunk (read by `OpenAIChunk.decode`, its fast scanner first), or the end marker `[DONE]`.
    struct Decoder: ProviderEventDecoder {
        private(set) var sawEnd = false

        mutating func decode(_ event: SSEDecoder.Event) throws -> [ProviderChunk] {
            var chunks: [ProviderChunk] = []
            var data = event.data
            try data.withUTF8 { bytes in
                try decode(SSEDecoder.EventView(type: event.type, data: bytes, id: event.id)) { chunks.append($0) }
            }
            return chunks
        }

        mutating func decode(_ event: SSEDecoder.EventView, into sink: (ProviderChunk) -> Void) throws {
            if ("[DONE]" as StaticString).isSpelled(by: event.data) {
                sawEnd = true
                return
            }
            try OpenAIChunk.decode(event.data, into: sink)
        }
    }
}
