@testable import AssistProviders
import AssistGateway
import AssistWire
import Testing

/// The fast path over a provider's chunk reads exactly what the strict parser reads, and hands anything
/// unusual to the strict parser.
@Suite("OpenAIChunkScanner")
struct OpenAIChunkScannerTests {
    /// What the strict parser makes of `text`: its chunks, or nil when it refuses it.
    static func strict(_ text: String) -> [ProviderChunk]? {
        guard let json = try? JSONParser.parse(text) else { return nil }
        return try? OpenAIChunk.interpret(json)
    }

    /// What the fast path makes of `bytes`: its chunks, or nil when it leaves them to the strict parser.
    static func fast(_ bytes: [UInt8]) -> [ProviderChunk]? {
        var chunks: [ProviderChunk] = []
        let read = bytes.withUnsafeBufferPointer { OpenAIChunkScanner.chunks($0, into: { chunks.append($0) }) }
        return read ? chunks : nil
    }

    /// What the provider's decoding (the fast path, then the strict parser) makes of one event's data.
    static func decode(_ data: String) throws -> [ProviderChunk] {
        var data = data, chunks: [ProviderChunk] = []
        try data.withUTF8 { try OpenAIChunk.decode($0, into: { chunks.append($0) }) }
        return chunks
    }

    @Test("a hosted provider's chunks, a finish with usage, an error, whitespace: read as the strict parser reads them")
    func typicalChunks() throws {
        let chunks = [
            #"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1733000000,"model":"gpt-4o-mini","system_fingerprint":"fp_0b","choices":[{"index":0,"delta":{"role":"assistant","content":"Merhaba, d\u00fcnya \"14:40\"\n"},"logprobs":null,"finish_reason":null}],"usage":null}"#,
            #"{"id":"x","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":120,"completion_tokens":37,"total_tokens":157}}"#,
            #" { "error" : { "message" : "overloaded", "code" : 503 } } "#,
            #"{"a":[1,{"b":"}]\"{"}],"c":-1.5e3,"d":true,"choices":[]}"#,
            #"{}"#,
        ]
        for chunk in chunks where !chunk.contains("error") {
            #expect(Self.fast(Array(chunk.utf8)) == Self.strict(chunk), "\(chunk)")
        }
        #expect(Self.fast(Array(chunks[0].utf8)) == [.text("Merhaba, dünya \"14:40\"\n")])
        #expect(throws: ProviderError.self) { try Self.decode(chunks[2]) }
        #expect(try Self.decode(chunks[1]) == [.finish(reason: "stop"), .usage(TokenUsage(inputTokens: 120, outputTokens: 37))])
    }

    @Test("what it does not expect goes to the strict parser: not an object, an escaped key, a member read twice, a cut value, an error, another type")
    func handsOver() throws {
        for odd in [#"[1]"#, #""text""#, #"{"ch\u006fices":[]}"#, #"{"choices":[],"choices":[]}"#, #"{"choices":[{"delta":"#,
                    #"{"id":"a"} extra"#, #"{"choices":[1,]}"#, "not json", #"{"id":}"#, #"{"error":{"message":"x"}}"#,
                    #"{"choices":[{"delta":{"content":7}}]}"#, #"{"choices":[{"delta":{"content":"a","content":"b"}}]}"#,
                    #"{"usage":{"prompt_tokens":1.5,"completion_tokens":2}}"#, #"{"choices":"none"}"#] {
            #expect(Self.fast(Array(odd.utf8)) == nil, "\(odd)")
        }
        // Handed over, the strict parser decides: the escaped key is read, the duplicate refused.
        #expect(try Self.decode(#"{"ch\u006fices":[{"delta":{"content":"hi"}}]}"#) == [.text("hi")])
        #expect(throws: ProviderError.self) { try Self.decode(#"{"choices":[],"choices":[]}"#) }
        #expect(throws: ProviderError.self) { try Self.decode("not json") }
    }

    @Test("random chunks, some broken at one byte: where the strict parser reads one, the fast path reads the same or hands over")
    func randomAgreement() {
        var generator = SystemRandomNumberGenerator()
        var read = 0
        for _ in 0..<2_000 {
            var members: [String: JSONValue] = [:]
            for key in ["id", "model", "created", "choices", "usage", "logprobs", "x"] where Bool.random(using: &generator) {
                members[key] = Self.randomValue(depth: 0, using: &generator)
            }
            var bytes = JSONWriter.bytes(.object(members))
            if Int.random(in: 0..<3, using: &generator) == 0 {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...127, using: &generator)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let fast = Self.fast(bytes) else { continue }
            read += 1
            if let strict = Self.strict(text) { #expect(fast == strict, "\(text)") }
        }
        #expect(read > 500, "the fast path reads most chunks")
    }

    static func randomValue(depth: Int, using generator: inout SystemRandomNumberGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &generator) {
        case 0: return .string(["", "a", "ç\"\\\n", "}]{[", "😀"].randomElement(using: &generator)!)
        case 1: return .number([0, 1, -2.5, 120, 1e20].randomElement(using: &generator)!)
        case 2: return .bool(Bool.random(using: &generator))
        case 3: return .null
        case 4: return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            var members: [String: JSONValue] = [:]
            for key in ["delta", "content", "finish_reason", "prompt_tokens", "completion_tokens", "k"] where Bool.random(using: &generator) {
                members[key] = randomValue(depth: depth + 1, using: &generator)
            }
            return .object(members)
        }
    }

    @Test("a count spelt any way JSON allows is read as the strict parser reads it: plain digits on the fast path, the rest by the parser")
    func countSpellings() {
        for count in ["0", "7", "120", "007", "00", "-0", "-3", "1e3", "2.0", "1.5", "999999999999999", "999999999999999999", "9223372036854775807",
                      "9223372036854775808", "99999999999999999999", "1_0", "0x10"] {
            let chunk = #"{"choices":[],"usage":{"prompt_tokens":"# + count + #","completion_tokens":2}}"#
            #expect(Self.fast(Array(chunk.utf8)) ?? Self.strict(chunk) == Self.strict(chunk), "\(count)")
        }
        #expect(Self.fast(Array(#"{"choices":[],"usage":{"prompt_tokens":120,"completion_tokens":37}}"#.utf8))
                == [.usage(TokenUsage(inputTokens: 120, outputTokens: 37))])
    }

    @Test("the request body, written member by member, is byte for byte what JSONWriter writes for the same object")
    func requestBodyAsJSONWriterWritesIt() {
        let messages = [ChatMessage(role: .system, content: "Be brief. \"Quotes\", a tab\t, ü, \u{1F600}"), ChatMessage(role: .user, content: "")]
        var plain = ProviderRequest(baseURL: "http://x", model: "m/1", messages: messages, maxOutputTokens: 300)
        var tuned = plain
        tuned.temperature = 0.2
        tuned.responseSchema = ["type": "object", "properties": ["a": ["type": "string"]], "required": ["a"]]
        plain.temperature = nil
        for request in [plain, tuned] {
            var object: [String: JSONValue] = [
                "model": .string(request.model),
                "messages": .array(request.messages.map { ["role": .string($0.role.rawValue), "content": .string($0.content)] }),
                "stream": true, "stream_options": ["include_usage": true], "max_tokens": .number(Double(request.maxOutputTokens)),
            ]
            if let temperature = request.temperature { object["temperature"] = .number(temperature) }
            if let schema = request.responseSchema {
                object["response_format"] = ["type": "json_schema", "json_schema": ["name": "answer", "strict": true, "schema": schema]]
            }
            #expect(OpenAIChunk.requestBody(request) == JSONWriter.bytes(.object(object)))
        }
    }
}
