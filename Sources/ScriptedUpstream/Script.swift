/// What the scripted upstream does with one chat-completions request.
public struct Script: Sendable {
    public enum Ending: Sendable, Equatable {
        /// `finish_reason`, a usage chunk (when `sendUsage`), then `[DONE]`.
        case complete
        /// Ends the response after the tokens with no finish chunk and no `[DONE]` (a provider that died).
        case truncate
        /// Sends the tokens, then nothing more while keeping the connection open.
        case stall
    }

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
    public var authorization: String?
    /// The W3C trace context the caller sent (`traceparent`), if any.
    public var traceparent: String?
    public var body: [UInt8]
    public var receivedAt: ContinuousClock.Instant
    /// When the upstream noticed its client leave mid-stream; nil if the stream ran to its end.
    public var disconnectedAt: ContinuousClock.Instant?
    public var tokensSent: Int
    public var finished: Bool
}
