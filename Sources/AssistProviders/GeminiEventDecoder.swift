package import AssistGateway
package import AssistWire

/// Reads Gemini's streamed `GenerateContentResponse`s (one JSON object per data-only event) into chunks.
///
/// Of each object:
/// - `candidates[0].content.parts[*].text`: `.text`, one per non-empty part; a part marked `thought` (a thinking
///   summary, sent only when asked for) is not the answer and is skipped;
/// - `candidates[0].finishReason`: `.finish` (`STOP` → "stop", `MAX_TOKENS` → "length", `SAFETY`, `RECITATION`,
///   `PROHIBITED_CONTENT`, `BLOCKLIST`, `SPII` → "content_filter", others lowercased); a prompt refused outright
///   (`promptFeedback.blockReason`, no candidates) finishes as "content_filter";
/// - `usageMetadata`: `.usage` with `promptTokenCount` in and `candidatesTokenCount` plus `thoughtsTokenCount` out
///   (thinking is billed as output and counts against `maxOutputTokens`). Gemini restates the running totals in
///   every object; they are reported from the object that carries the finish reason on (normally that one object),
///   so a reader sees the final count once, and a later restatement, if any, as a later `.usage` (the last wins);
/// - `error` (`{"code", "message", "status"}`): the provider failing mid-stream, thrown as the status it stands for,
///   with an empty body (the message is the provider's text): code ≥ 500, `UNAVAILABLE` or `INTERNAL` → `.http` with
///   the code (503 or 500 when it gives none), 429 or `RESOURCE_EXHAUSTED` → `.http(status: 429)`, anything else →
///   `.protocolViolation`.
///
/// Gemini sends no end marker: the answer is whole when a finish reason has come (`sawEnd`) and the body ends; a
/// body that ends before one is `.incomplete`. Data that is not a JSON object is a `.protocolViolation`.
package struct GeminiEventDecoder: ProviderEventDecoder {
    package private(set) var sawEnd = false

    package init() {}

    package mutating func decode(_ event: SSEDecoder.Event) throws -> [ProviderChunk] {
        let json: JSONValue
        do { json = try JSONParser.parse(event.data) } catch {
            throw ProviderError.protocolViolation("Gemini event is not JSON (\(ContentFingerprint(event.data)))")
        }
        guard json.objectValue != nil else { throw ProviderError.protocolViolation("Gemini event is not an object") }
        if let error = json["error"] { throw Self.failure(error) }
        var chunks: [ProviderChunk] = []
        let candidate = json["candidates"]?.arrayValue?.first
        for part in candidate?["content"]?["parts"]?.arrayValue ?? [] where part["thought"]?.boolValue != true {
            if let text = part["text"]?.stringValue, !text.isEmpty { chunks.append(.text(text)) }
        }
        if let reason = candidate?["finishReason"]?.stringValue {
            chunks.append(.finish(reason: Self.finishReason(reason)))
            sawEnd = true
        } else if candidate == nil, json["promptFeedback"]?["blockReason"]?.stringValue != nil {
            chunks.append(.finish(reason: "content_filter"))
            sawEnd = true
        }
        if sawEnd, let usage = json["usageMetadata"], let input = usage["promptTokenCount"]?.intValue {
            let output = (usage["candidatesTokenCount"]?.intValue ?? 0) + (usage["thoughtsTokenCount"]?.intValue ?? 0)
            chunks.append(.usage(TokenUsage(inputTokens: input, outputTokens: output)))
        }
        return chunks
    }

    /// Gemini's finish reason in the gateway's words (OpenAI's).
    static func finishReason(_ reason: String) -> String {
        switch reason {
        case "STOP": "stop"
        case "MAX_TOKENS": "length"
        case "SAFETY", "RECITATION", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII": "content_filter"
        default: reason.lowercased()
        }
    }

    /// What an `error` object is thrown as (see the type's comment).
    static func failure(_ error: JSONValue) -> ProviderError {
        let code = error["code"]?.intValue
        let status = error["status"]?.stringValue
        if let code, code >= 500, code <= 599 { return .http(status: code, body: "") }
        switch status {
        case "UNAVAILABLE": return .http(status: 503, body: "")
        case "INTERNAL": return .http(status: 500, body: "")
        case "RESOURCE_EXHAUSTED": return .http(status: 429, body: "")
        default: break
        }
        if code == 429 { return .http(status: 429, body: "") }
        return .protocolViolation("Gemini error object mid-stream" + (code.map { " (code \($0))" } ?? ""))
    }
}
