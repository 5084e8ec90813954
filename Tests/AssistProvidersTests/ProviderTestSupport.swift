@testable import AssistProviders
import AssistGateway
import AssistWire
import ScriptedUpstream

/// What the adapters' tests share: a request to a scripted upstream, a stream read to its end, and a recorded
/// event stream run through a format's decoder.
enum ProviderTestSupport {
    static let traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

    /// A request with a system message, a turn each way, a temperature and the trace context.
    static func request(baseURL: String, model: String = "scripted", apiKey: String? = "test-key") -> ProviderRequest {
        var request = ProviderRequest(baseURL: baseURL, model: model, apiKey: apiKey,
                                      messages: [ChatMessage(role: .system, content: "Be brief."), ChatMessage(role: .system, content: "Answer in Turkish."),
                                                 ChatMessage(role: .user, content: "Hi"), ChatMessage(role: .assistant, content: "Merhaba!"),
                                                 ChatMessage(role: .user, content: "Saat kaç?")],
                                      maxOutputTokens: 50, temperature: 0.2)
        request.headers = [(name: "traceparent", value: traceparent)]
        return request
    }

    /// Everything a stream yields, and the error it ended with (nil: it ended normally).
    static func read(_ stream: ProviderStream) async -> (chunks: [ProviderChunk], error: (any Error)?) {
        var chunks: [ProviderChunk] = []
        do {
            for try await chunk in stream { chunks.append(chunk) }
            return (chunks, nil)
        } catch {
            return (chunks, error)
        }
    }

    /// The texts among `chunks`.
    static func texts(_ chunks: [ProviderChunk]) -> [String] {
        chunks.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// `stream`'s events (as a server sent them, cut into SSE events) through `decoder`: the chunks, in order.
    static func decode(_ stream: String, with decoder: inout some ProviderEventDecoder) throws -> [ProviderChunk] {
        var sse = SSEDecoder()
        var chunks: [ProviderChunk] = []
        for event in try sse.feed(Array(stream.utf8)) { chunks += try decoder.decode(event) }
        return chunks
    }
}
