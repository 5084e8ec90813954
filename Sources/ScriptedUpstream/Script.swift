/// What the scripted upstream does with one streaming request, in whichever format it came (`ScriptedUpstream.Format`).
public struct Script: Sendable {
    public enum Ending: Sendable, Equatable {
        /// `finish_reason`, a usage chunk (when `sendUsage`), then `[DONE]`; in Anthropic's format `message_delta`
        /// (stop reason, output tokens when `sendUsage`) and `message_stop`; in Gemini's a last response with its
        /// `finishReason` (and the usage when `sendUsage`).
        case complete
        /// Ends the response after the tokens with no finish chunk and no `[DONE]` (a provider that died).
        case truncate
        /// Sends the tokens, then nothing more while keeping the connection open.
        case stall
        /// Sends the tokens, then the provider failing mid-stream as it would answer `status`, and ends the response:
        /// Anthropic's `error` event (`overloaded_error` for 529, `api_error` for 500, `rate_limit_error` for 429),
        /// Gemini's `error` object (code and status: 503 `UNAVAILABLE`, 429 `RESOURCE_EXHAUSTED`, ...), or an
        /// OpenAI-style `{"error": …}` chunk.
        case errorEvent(status: Int)
    }

    /// A status other than 200 answers with that provider's error body (see `errorQuotesRequest`).
    public var status: Int = 200
    public var tokens: [String] = ["Hello", ", ", "world", "."]
    /// Wait before the first token (the headers go out at once).
    public var firstTokenDelay: Duration = .zero
    /// Wait between tokens.
    public var interval: Duration = .zero
    public var ending: Ending = .complete
    public var sendUsage = true
    public var finishReason = "stop"
    /// With a status other than 200: the error body quotes the request's last message, as some model
    /// servers' 400s do, so a test can check that nothing of it reaches a log.
    public var errorQuotesRequest = false

    public init(status: Int = 200, tokens: [String] = ["Hello", ", ", "world", "."], firstTokenDelay: Duration = .zero,
                interval: Duration = .zero, ending: Ending = .complete, sendUsage: Bool = true, finishReason: String = "stop",
                errorQuotesRequest: Bool = false) {
        self.errorQuotesRequest = errorQuotesRequest
        self.status = status
        self.tokens = tokens
        self.firstTokenDelay = firstTokenDelay
        self.interval = interval
        self.ending = ending
        self.sendUsage = sendUsage
        self.finishReason = finishReason
    }
}

/// What the upstream saw of one request.
public struct RecordedRequest: Sendable {
    public var path: String
    /// The query string without its `?` (Gemini's `alt=sse`), if any.
    public var query: String?
    /// The format the request's path is of.
    public var format: ScriptedUpstream.Format
    /// The `Authorization` field as sent (OpenAI's `Bearer …`).
    public var authorization: String?
    /// The key in the format's own field: the bearer token, `x-api-key` or `x-goog-api-key`.
    public var apiKey: String?
    /// Every header field, by lowercased name (the first value of each), e.g. `anthropic-version`.
    public var headers: [String: String]
    /// The W3C trace context the caller sent (`traceparent`), if any.
    public var traceparent: String?
    public var body: [UInt8]
    public var receivedAt: ContinuousClock.Instant
    /// When the upstream noticed its client leave mid-stream; nil if the stream ran to its end.
    public var disconnectedAt: ContinuousClock.Instant?
    public var tokensSent: Int
    public var finished: Bool
}
