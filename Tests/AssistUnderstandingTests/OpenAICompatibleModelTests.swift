import AssistClient
import AssistUnderstanding
import AssistWire
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers every request with one prepared status and body, and keeps the requests.
final class CannedTransport: AssistTransport {
    let status: Int
    let body: String
    let requests = Mutex<[URLRequest]>([])
    init(status: Int = 200, body: String) {
        self.status = status
        self.body = body
    }
    func send(_ request: URLRequest) -> AsyncThrowingStream<TransportEvent, any Error> {
        requests.withLock { $0.append(request) }
        let (stream, continuation) = AsyncThrowingStream<TransportEvent, any Error>.makeStream()
        continuation.yield(.head(status: status, headers: [:]))
        continuation.yield(.body(Data(body.utf8)))
        continuation.finish()
        return stream
    }
}

@Suite("OpenAI-compatible language model")
struct OpenAICompatibleModelTests {
    let schema = DynamicSchema.object(properties: [.init("topic", .string(choices: ["refund", "baggage"]))])
    let prompt = ModelPrompt(instructions: "Classify.", text: "Bagajım kayboldu")

    @Test("sends the schema as response_format and parses the message content as JSON")
    func request() async throws {
        let transport = CannedTransport(body: #"{"choices":[{"message":{"role":"assistant","content":"{\"topic\":\"baggage\"}"}}]}"#)
        let model = OpenAICompatibleModel(baseURL: URL(string: "http://model.test/v1")!, transport: transport)
        #expect(try await model.respond(to: prompt, schema: schema) == ["topic": "baggage"])
        let sent = try #require(transport.requests.withLock { $0.first })
        #expect(sent.url?.absoluteString == "http://model.test/v1/chat/completions")
        let body = try JSONParser.parse(Array(try #require(sent.httpBody)))
        #expect(body["response_format"]?["type"] == "json_schema")
        #expect(body["response_format"]?["json_schema"]?["schema"] == schema.jsonSchema)
        #expect(body["messages"]?.arrayValue?.map { $0["role"]?.stringValue ?? "" } == ["system", "user"])
        #expect(body["temperature"] == 0)
    }

    @Test("streams text from server-sent events, without a response format")
    func streaming() async throws {
        let events = [#"data: {"choices":[{"delta":{"content":"Mer"}}]}"#, #"data: {"choices":[{"delta":{"content":"haba"}}]}"#, "data: [DONE]"]
        let transport = CannedTransport(body: events.joined(separator: "\n\n") + "\n\n")
        let model = OpenAICompatibleModel(baseURL: URL(string: "http://model.test/v1")!, transport: transport)
        var text = ""
        for try await piece in model.streamText(prompt) { text += piece }
        #expect(text == "Merhaba")
        let body = try JSONParser.parse(Array(try #require(transport.requests.withLock { $0.first }?.httpBody)))
        #expect(body["stream"] == true)
        #expect(body["response_format"] == nil)
    }

    @Test("errors map to outcomes the guard understands")
    func errors() async {
        func failure(_ status: Int, _ body: String) async -> ModelError? {
            do {
                _ = try await OpenAICompatibleModel(baseURL: URL(string: "http://m.test/v1")!, transport: CannedTransport(status: status, body: body))
                    .respond(to: prompt, schema: schema)
                return nil
            } catch { return error }
        }
        #expect(await failure(429, "{}") == .rateLimited)
        #expect(await failure(400, #"{"error":{"message":"the request exceeds the available context size","type":"exceed_context_size_error"}}"#) == .contextOverflow)
        #expect(await failure(503, "{}") == .unavailable)
        guard case .failed(let reason)? = await failure(200, #"{"choices":[{"message":{"content":"not json"}}]}"#) else {
            Issue.record("expected failed"); return
        }
        #expect(reason.hasPrefix("the answer is not JSON"))
    }
}
