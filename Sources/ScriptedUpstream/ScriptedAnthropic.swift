import AssistWire

/// Anthropic's Messages stream: `message_start` (input tokens), a text block of `content_block_delta`s,
/// `message_delta` (stop reason, output tokens) and `message_stop`; errors as `{"type":"error","error":{…}}`.
enum ScriptedAnthropic: ScriptedDialect {
    static func opening(_ script: Script) -> [UInt8] {
        let message: JSONValue = ["id": "msg_scripted0123456789", "type": "message", "role": "assistant", "content": [],
                                  "model": .string(ScriptedUpstream.modelId), "stop_reason": .null, "stop_sequence": .null,
                                  "usage": ["input_tokens": 42, "output_tokens": 1]]
        return event("message_start", ["type": "message_start", "message": message])
            + event("content_block_start", ["type": "content_block_start", "index": 0, "content_block": ["type": "text", "text": ""]])
            + event("ping", ["type": "ping"])
    }

    static func token(_ text: String, index: Int, script: Script) -> [UInt8] {
        event("content_block_delta", ["type": "content_block_delta", "index": 0, "delta": ["type": "text_delta", "text": .string(text)]])
    }

    static func complete(_ script: Script) -> [UInt8] {
        var delta: [String: JSONValue] = ["type": "message_delta", "delta": ["stop_reason": .string(stopReason(script.finishReason)), "stop_sequence": .null]]
        if script.sendUsage { delta["usage"] = ["output_tokens": .number(Double(script.tokens.count))] }
        return event("content_block_stop", ["type": "content_block_stop", "index": 0])
            + event("message_delta", .object(delta))
            + event("message_stop", ["type": "message_stop"])
    }

    static func errorEvent(status: Int) -> [UInt8] {
        event("error", errorBody(status: status, message: status == 529 ? "Overloaded" : "scripted failure"))
    }

    static func errorBody(status: Int, message: String) -> JSONValue {
        ["type": "error", "error": ["type": .string(errorType(status)), "message": .string(message)]]
    }

    static func lastMessage(_ body: JSONValue) -> String? { body["messages"]?.arrayValue?.last?["content"]?.stringValue }

    /// The error type Anthropic documents for `status`.
    static func errorType(_ status: Int) -> String {
        switch status {
        case 400: "invalid_request_error"
        case 401: "authentication_error"
        case 403: "permission_error"
        case 404: "not_found_error"
        case 413: "request_too_large"
        case 429: "rate_limit_error"
        case 529: "overloaded_error"
        default: "api_error"
        }
    }

    /// The script's finish reason (OpenAI's words) as Anthropic's stop reason.
    static func stopReason(_ finishReason: String) -> String {
        switch finishReason {
        case "stop": "end_turn"
        case "length": "max_tokens"
        default: finishReason
        }
    }

    static func event(_ name: String, _ json: JSONValue) -> [UInt8] {
        Array("event: \(name)\n".utf8) + frame(json)
    }
}
