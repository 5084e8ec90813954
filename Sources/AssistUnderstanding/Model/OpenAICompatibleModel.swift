public import AssistClient
public import AssistWire
public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `LanguageModel` over any OpenAI-compatible chat-completions server — the embedded llama-server, vLLM,
/// Ollama, a hosted provider — through URLSession (the kit runs on devices, so no libcurl). The schema is
/// sent as `response_format: {"type": "json_schema", ...}` so the server constrains generation to it.
public struct OpenAICompatibleModel: LanguageModel {
    public let baseURL: URL
    public let model: String
    public let apiKey: String?
    public let maxTokens: Int
    /// Send the schema as `response_format` (the default). Off only to measure what the constraint costs.
    public let constrained: Bool
    let transport: any AssistTransport

    public init(baseURL: URL, model: String = "local", apiKey: String? = nil, maxTokens: Int = 256, constrained: Bool = true,
                transport: any AssistTransport = PlatformTransport.make()) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.maxTokens = maxTokens
        self.constrained = constrained
        self.transport = transport
    }

    /// The request body: instructions and text as separate messages, temperature 0, the schema as the
    /// response format.
    public func body(for prompt: ModelPrompt, schema: DynamicSchema) -> JSONValue {
        var body: [String: JSONValue] = [
            "model": .string(model),
            "messages": [["role": "system", "content": .string(prompt.instructions)], ["role": "user", "content": .string(prompt.text)]],
            "temperature": 0,
            "max_tokens": .number(Double(maxTokens)),
            "stream": false,
        ]
        if constrained {
            body["response_format"] = ["type": "json_schema", "json_schema": ["name": "answer", "strict": true, "schema": schema.jsonSchema]]
        }
        return .object(body)
    }

    public func respond(to prompt: ModelPrompt, schema: DynamicSchema) async throws(ModelError) -> JSONValue {
        var request = URLRequest(url: baseURL.appendingPathComponent("chat/completions"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        request.httpBody = Data(JSONWriter.bytes(body(for: prompt, schema: schema)))
        var status = 0
        var data = Data()
        do {
            for try await event in transport.send(request) {
                switch event {
                case .head(let code, _): status = code
                case .body(let piece): data.append(piece)
                }
            }
        } catch {
            throw .unavailable
        }
        let json = try? JSONParser.parse(Array(data))
        guard status == 200 else { throw Self.error(status: status, body: json) }
        guard let content = json?["choices"]?.arrayValue?.first?["message"]?["content"]?.stringValue else {
            throw .failed("no message content in the answer")
        }
        do {
            return try JSONParser.parse(content)
        } catch {
            throw .failed("the answer is not JSON: \(error)")
        }
    }

    /// Streams the answer's text (`"stream": true`, server-sent events decoded by the WHATWG decoder the
    /// client kit uses). Ending the consumption cancels the request.
    public func streamText(_ prompt: ModelPrompt) -> AsyncThrowingStream<String, any Error> {
        var request = URLRequest(url: baseURL.appendingPathComponent("chat/completions"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        var body = body(for: prompt, schema: .object(properties: [])).objectValue ?? [:]
        body["stream"] = true
        body["response_format"] = nil
        request.httpBody = Data(JSONWriter.bytes(.object(body)))
        let exchange = transport.send(request)
        return AsyncThrowingStream { continuation in
            let task = Task {
                var decoder = SSEDecoder()
                var status = 0
                do {
                    for try await part in exchange {
                        switch part {
                        case .head(let code, _): status = code
                        case .body(let data):
                            guard status == 200 else { continue }
                            for event in try decoder.feed(data) where event.data != "[DONE]" {
                                let json = try? JSONParser.parse(event.data)
                                if let text = json?["choices"]?.arrayValue?.first?["delta"]?["content"]?.stringValue, !text.isEmpty {
                                    continuation.yield(text)
                                }
                            }
                        }
                    }
                    continuation.finish(throwing: status == 200 ? nil : Self.error(status: status, body: nil))
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// OpenAI-style error statuses in our terms: 429 is a rate limit; a 400 about the context length is an
    /// overflow; 401/403/404/5xx mean the model cannot be used now.
    static func error(status: Int, body: JSONValue?) -> ModelError {
        let message = body?["error"]?["message"]?.stringValue ?? ""
        switch status {
        case 429: return .rateLimited
        case 400 where message.lowercased().contains("context") || message.lowercased().contains("too long")
            || body?["error"]?["type"]?.stringValue == "exceed_context_size_error":
            return .contextOverflow
        case 400: return .failed("model refused the request: \(message)")
        default: return .unavailable
        }
    }
}
