import Synchronization

/// The OpenTelemetry GenAI metrics, one observation per provider call, on `/metrics` beside the gateway's own:
///
/// - `gen_ai_client_operation_duration_seconds`: the call, from asking to its end;
/// - `gen_ai_server_time_to_first_token_seconds`: from asking to the first chunk of text;
/// - `gen_ai_server_time_per_output_token_seconds`: after the first chunk, per further output token;
/// - `gen_ai_client_token_usage`: the tokens the provider reported, by `gen_ai_token_type` (`input`, `output`).
///
/// Labelled by feature, model and provider, each bounded: features and models come from the configuration
/// (`other` for anything else), providers from the kinds wired in. Buckets are the conventions' advice.
final class GenAIMetrics: Sendable {
    static let durationBounds: [Double] = [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92]
    static let firstTokenBounds: [Double] = [0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]
    static let perTokenBounds: [Double] = [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 2.5]
    static let tokenBounds: [Double] = [1, 4, 16, 64, 256, 1_024, 4_096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304]

    /// One provider call as observed by its reader (`ProviderCallRecord`).
    struct Call: Sendable {
        var feature: String
        var model: String
        var provider: String
        var seconds: Double
        var firstTokenSeconds: Double?
        /// Seconds from the first chunk to the end.
        var afterFirstTokenSeconds: Double?
        var usage: TokenUsage?
        var failed: Bool
    }

    private struct State {
        var duration: [MetricKey: Histogram] = [:]   // feature, model, provider, error_type ("" when none)
        var firstToken: [MetricKey: Histogram] = [:]
        var perToken: [MetricKey: Histogram] = [:]
        var tokens: [MetricKey: Histogram] = [:]     // feature, model, provider, token type
    }

    private let state = Mutex(State())
    private let registry: FeatureRegistry
    private let models: Set<String>

    init(registry: FeatureRegistry, models: Set<String>) {
        self.registry = registry
        self.models = models
    }

    func observe(_ call: Call) {
        let labels = [registry.isConfigured(call.feature) ? call.feature : "other", models.contains(call.model) ? call.model : "other", call.provider]
        state.withLock { state in
            state.duration[MetricKey(labels: labels + [call.failed ? "error" : ""]), default: Histogram(bounds: Self.durationBounds)]
                .observe(call.seconds)
            if let first = call.firstTokenSeconds {
                state.firstToken[MetricKey(labels: labels), default: Histogram(bounds: Self.firstTokenBounds)].observe(first)
            }
            if let after = call.afterFirstTokenSeconds, let output = call.usage?.outputTokens, output > 1 {
                state.perToken[MetricKey(labels: labels), default: Histogram(bounds: Self.perTokenBounds)].observe(after / Double(output - 1))
            }
            if let usage = call.usage {
                state.tokens[MetricKey(labels: labels + ["input"]), default: Histogram(bounds: Self.tokenBounds)].observe(Double(usage.inputTokens))
                state.tokens[MetricKey(labels: labels + ["output"]), default: Histogram(bounds: Self.tokenBounds)].observe(Double(usage.outputTokens))
            }
        }
    }

    func render(into text: inout PrometheusText) {
        let state = state.withLock { $0 }
        let names = ["feature", "gen_ai_request_model", "gen_ai_provider_name"]
        text.histogram("gen_ai_client_operation_duration_seconds", "GenAI operation duration: a provider call, from asking to its end.",
                       names + ["error_type"], state.duration)
        text.histogram("gen_ai_server_time_to_first_token_seconds", "Time to the first chunk of text of a provider call.", names,
                       state.firstToken)
        text.histogram("gen_ai_server_time_per_output_token_seconds", "Time per output token after the first, of a provider call.", names,
                       state.perToken)
        text.histogram("gen_ai_client_token_usage", "Tokens a provider reported per call, by type.", names + ["gen_ai_token_type"], state.tokens)
    }
}
