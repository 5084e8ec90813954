import AssistWire

/// Gemini's `streamGenerateContent?alt=sse` stream: one `GenerateContentResponse` per token, each restating the
/// running usage, the last carrying the `finishReason`; events end with CRLF pairs, as Google's do. Errors as
/// `{"error":{"code","message","status"}}`.
enum ScriptedGemini: ScriptedDialect {
    static func opening(_ script: Script) -> [UInt8] { [] }

    static func token(_ text: String, index: Int, script: Script) -> [UInt8] {
        response(parts: [["text": .string(text)]], finishReason: nil, outputTokens: index + 1, script: script)
    }

    static func complete(_ script: Script) -> [UInt8] {
        response(parts: [["text": ""]], finishReason: finishReason(script.finishReason), outputTokens: script.tokens.count, script: script)
    }

    static func errorEvent(status: Int) -> [UInt8] {
        crlfFrame(errorBody(status: status, message: status == 503 ? "The model is overloaded. Please try again later." : "scripted failure"))
    }

    static func errorBody(status: Int, message: String) -> JSONValue {
        ["error": ["code": .number(Double(status)), "message": .string(message), "status": .string(grpcStatus(status))]]
    }

    static func lastMessage(_ body: JSONValue) -> String? {
        body["contents"]?.arrayValue?.last?["parts"]?.arrayValue?.first?["text"]?.stringValue
    }

    static func response(parts: [JSONValue], finishReason: String?, outputTokens: Int, script: Script) -> [UInt8] {
        var candidate: [String: JSONValue] = ["content": ["parts": .array(parts), "role": "model"], "index": 0]
        if let finishReason { candidate["finishReason"] = .string(finishReason) }
        var response: [String: JSONValue] = ["candidates": [.object(candidate)], "modelVersion": .string(ScriptedUpstream.modelId),
                                             "responseId": "scripted0123456789"]
        if script.sendUsage {
            response["usageMetadata"] = ["promptTokenCount": 42, "candidatesTokenCount": .number(Double(outputTokens)),
                                         "totalTokenCount": .number(Double(42 + outputTokens))]
        }
        return crlfFrame(.object(response))
    }

    /// The script's finish reason (OpenAI's words) as Gemini's.
    static func finishReason(_ reason: String) -> String {
        switch reason {
        case "stop": "STOP"
        case "length": "MAX_TOKENS"
        case "content_filter": "SAFETY"
        default: reason.uppercased()
        }
    }

    /// The canonical status Google's APIs give with `status`.
    static func grpcStatus(_ status: Int) -> String {
        switch status {
        case 400: "INVALID_ARGUMENT"
        case 401: "UNAUTHENTICATED"
        case 403: "PERMISSION_DENIED"
        case 404: "NOT_FOUND"
        case 429: "RESOURCE_EXHAUSTED"
        case 503: "UNAVAILABLE"
        case 504: "DEADLINE_EXCEEDED"
        default: "INTERNAL"
        }
    }

    static func crlfFrame(_ json: JSONValue) -> [UInt8] { Array("data: ".utf8) + JSONWriter.bytes(json) + Array("\r\n\r\n".utf8) }
}
