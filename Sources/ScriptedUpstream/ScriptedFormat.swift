import AssistWire

extension ScriptedUpstream {
    /// A provider's wire format the upstream speaks. It answers each on that format's own path (whatever format it
    /// was made with), so one upstream can stand for providers of several kinds; `format` only chooses the API prefix
    /// `baseURL` names.
    public enum Format: String, Sendable, CaseIterable {
        /// OpenAI's chat completions: `POST /v1/chat/completions`, `Authorization: Bearer`, `data:` chunks, `[DONE]`.
        case openAI = "openai"
        /// Anthropic's messages: `POST /v1/messages`, `x-api-key`, named events ending with `message_stop`.
        case anthropic
        /// Gemini's `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`, `x-goog-api-key`, data-only events
        /// (CRLF-delimited, as Google's are), the last with a `finishReason`.
        case gemini

        /// The path prefix a configuration's base URL has for this format.
        public var apiPrefix: String { self == .gemini ? "/v1beta" : "/v1" }

        /// The format whose streaming endpoint `path` is, if any.
        static func of(path: String) -> Format? {
            if path.hasSuffix("/chat/completions") { return .openAI }
            if path.hasSuffix("/messages") { return .anthropic }
            if path.contains("/models/"), path.hasSuffix(":streamGenerateContent") { return .gemini }
            return nil
        }

        /// The key a request of this format carries: its bearer token, `x-api-key` or `x-goog-api-key`.
        func apiKey(_ header: (String) -> String?) -> String? {
            switch self {
            case .openAI:
                guard let authorization = header("authorization"), authorization.hasPrefix("Bearer ") else { return nil }
                return String(authorization.dropFirst("Bearer ".count))
            case .anthropic: return header("x-api-key")
            case .gemini: return header("x-goog-api-key")
            }
        }

        var dialect: any ScriptedDialect.Type {
            switch self {
            case .openAI: ScriptedOpenAI.self
            case .anthropic: ScriptedAnthropic.self
            case .gemini: ScriptedGemini.self
            }
        }
    }
}

/// How one format says each part of a script: the bytes of its stream, in order, and its error bodies.
protocol ScriptedDialect: Sendable {
    /// What goes out before the first token, at once with the headers (Anthropic's `message_start`); may be empty.
    static func opening(_ script: Script) -> [UInt8]
    /// Token `index` (from 0) of the script's text.
    static func token(_ text: String, index: Int, script: Script) -> [UInt8]
    /// The end of a complete answer: finish reason, usage (when `script.sendUsage`), end marker.
    static func complete(_ script: Script) -> [UInt8]
    /// The provider failing mid-stream as it would answer `status` (`Script.Ending.errorEvent`).
    static func errorEvent(status: Int) -> [UInt8]
    /// The body of an answer with the non-200 `status`.
    static func errorBody(status: Int, message: String) -> JSONValue
    /// The text of a request's last message (what a user typed), if the body has one.
    static func lastMessage(_ body: JSONValue) -> String?
}

extension ScriptedDialect {
    /// An event of data only, blank-line terminated.
    static func frame(_ json: JSONValue) -> [UInt8] { Array("data: ".utf8) + JSONWriter.bytes(json) + Array("\n\n".utf8) }
}
