/// What a provider's answer is held to by the gateway itself, whatever the provider does: a model server
/// that ignores `max_tokens`, or reports negative or inflated usage, must neither flood an app nor make
/// its user pay for it.
///
/// - Text is relayed until it reaches the feature's output cap, estimated from the text with the
///   `TokenEstimator` rule. The estimate runs high, so a slack of a quarter keeps a provider that honours
///   its cap from being cut short; past it the provider call is cancelled and the answer ends with
///   finish reason `length`.
/// - Reported usage is clamped: output tokens to [0, the cap], input tokens to [0, `inputCeiling`] (the
///   prompt's estimate, which sized the reservation), so no answer is charged more than was reserved.
public struct OutputLimit: Sendable {
    public let maxOutputTokens: Int
    /// The most input tokens a call may be charged; nil leaves reported input counts as they are (only
    /// negatives are cleared).
    public let inputCeiling: Int?

    public init(maxOutputTokens: Int, inputCeiling: Int? = nil) {
        self.maxOutputTokens = maxOutputTokens
        self.inputCeiling = inputCeiling
    }

    /// The estimate of relayed output past which relaying stops.
    var relayCap: Int { maxOutputTokens + max(16, maxOutputTokens / 4) }

    func clamp(_ usage: TokenUsage) -> TokenUsage {
        let input = max(usage.inputTokens, 0)
        return TokenUsage(inputTokens: inputCeiling.map { min(input, $0) } ?? input,
                          outputTokens: min(max(usage.outputTokens, 0), maxOutputTokens))
    }
}

/// A provider whose every call is held to one `OutputLimit`: what a structured feature's handler is given,
/// so the limits hold on that path too.
public struct LimitedProvider: ModelProvider {
    public let base: any ModelProvider
    public let limit: OutputLimit

    public init(_ base: any ModelProvider, limit: OutputLimit) {
        self.base = base
        self.limit = limit
    }

    public func stream(_ request: ProviderRequest) -> ProviderStream { base.stream(request).limited(by: limit) }
}
