import AssistWire

/// The OpenAI chat-completions stream, shaped as a hosted provider's: its ids, times and fingerprint around each
/// token, so that what a gateway pays to read them is measured.
enum ScriptedOpenAI: ScriptedDialect {
    static func opening(_ script: Script) -> [UInt8] { [] }

    static func token(_ text: String, index: Int, script: Script) -> [UInt8] { chunk(["content": .string(text)], finishReason: nil) }

    static func complete(_ script: Script) -> [UInt8] {
        var bytes = chunk([:], finishReason: script.finishReason)
        if script.sendUsage {
            let usage: JSONValue = ["prompt_tokens": 42, "completion_tokens": .number(Double(script.tokens.count)),
                                    "total_tokens": .number(Double(42 + script.tokens.count))]
            bytes += frame(["id": "scripted", "object": "chat.completion.chunk", "choices": [], "usage": usage])
        }
        return bytes + Array("data: [DONE]\n\n".utf8)
    }

    static func errorEvent(status: Int) -> [UInt8] {
        frame(["error": ["message": "scripted failure", "code": .number(Double(status))]])
    }

    static func errorBody(status: Int, message: String) -> JSONValue { ["error": ["message": .string(message)]] }

    static func lastMessage(_ body: JSONValue) -> String? { body["messages"]?.arrayValue?.last?["content"]?.stringValue }

    static func chunk(_ delta: [String: JSONValue], finishReason: String?) -> [UInt8] {
        frame(["id": "chatcmpl-scripted-0123456789", "object": "chat.completion.chunk", "created": 1_733_000_000,
               "model": .string(ScriptedUpstream.modelId), "system_fingerprint": "fp_scripted01",
               "choices": [["index": 0, "delta": .object(delta), "logprobs": .null, "finish_reason": finishReason.map { .string($0) } ?? .null]]])
    }
}
