public import AssistTelemetry
public import AssistWire
import Foundation
import Synchronization

/// The gateway's counters and histograms since the process started, rendered as Prometheus text by
/// `GET /metrics`. Fed from the same moments as the audit (one observation per ended request), from
/// feedback and from availability reports, so the two never disagree about what happened.
///
/// Label values are bounded by construction: features and prompt versions come from the configuration
/// (anything else is `other`), outcomes from the audit statuses and the wire's error codes, availability
/// states from a closed enum. There are no user ids and no free text; tokens per user is a distribution
/// over users, not a label per user.
public final class GatewayMetrics: Sendable {
    /// Seconds; time to first token and total time share them.
    static let latencyBounds: [Double] = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60]
    /// Tokens a user has spent since the start.
    static let userTokenBounds: [Double] = [100, 1_000, 10_000, 50_000, 100_000, 500_000, 1_000_000]

    private struct State {
        var requests: [MetricKey: Int] = [:]                   // feature, prompt_version, outcome
        var trust: [MetricKey: Int] = [:]                      // feature, trust
        var timeToFirstToken: [MetricKey: Histogram] = [:]     // feature, prompt_version
        var totalTime: [MetricKey: Histogram] = [:]            // feature, prompt_version
        var tokens: [MetricKey: Int] = [:]                     // feature, direction
        var tokensByUser: [Bytewise: Int] = [:]          // rendered only as a distribution
        var feedback: [MetricKey: Int] = [:]                   // feature, prompt_version, verdict
        var availability: [MetricKey: Int] = [:]               // state
        var masked: [MetricKey: Int] = [:]                     // stage (input, provider)
        var costMicros: [MetricKey: Int] = [:]                 // feature
    }

    private let registry: FeatureRegistry
    private let state = Mutex(State())
    private let gaugeSources = Mutex<[any MetricsGaugeSource]>([])
    private let spanExporter = Mutex<(any SpanExporter)?>(nil)
    /// The provider calls, by the OpenTelemetry GenAI conventions.
    let genAI: GenAIMetrics
    /// Attempts, fallbacks and breakers of the model targets.
    public let routing: RoutingMetrics

    /// - Parameter registry: the configured features, whose ids and prompt versions may appear as labels.
    /// - Parameter models: the configured models (the providers' names), which may appear as labels.
    /// - Parameter targets: the configured model targets, which may appear as labels.
    public init(registry: FeatureRegistry, models: Set<String> = [], targets: [ModelTarget] = []) {
        self.registry = registry
        genAI = GenAIMetrics(registry: registry, models: models)
        routing = RoutingMetrics(targets: targets)
    }

    /// Shows the spans `exporter` dropped (queue full, collector down) from now on (`assist_spans_dropped_total`).
    public func countDroppedSpans(of exporter: any SpanExporter) {
        spanExporter.withLock { $0 = exporter }
    }

    /// One ended request, from its audit row.
    public func observe(_ record: AuditRecord) {
        let (feature, version) = labels(feature: record.feature, promptVersion: record.promptVersion)
        let outcome = Self.outcome(of: record)
        state.withLock { state in
            state.requests[MetricKey(labels: [feature, version, outcome]), default: 0] += 1
            state.trust[MetricKey(labels: [feature, Self.trust(of: record)]), default: 0] += 1
            if record.maskedValues > 0 { state.masked[MetricKey(labels: ["input"]), default: 0] += record.maskedValues }
            guard record.status != .rejected else { return }
            let key = MetricKey(labels: [feature, version])
            if let ttft = record.timeToFirstTokenMs {
                state.timeToFirstToken[key, default: Histogram(bounds: Self.latencyBounds)].observe(ttft / 1000)
            }
            state.totalTime[key, default: Histogram(bounds: Self.latencyBounds)].observe(record.totalMs / 1000)
            state.tokens[MetricKey(labels: [feature, "in"]), default: 0] += record.inputTokens
            state.tokens[MetricKey(labels: [feature, "out"]), default: 0] += record.outputTokens
            state.tokensByUser[Bytewise(record.user), default: 0] += record.inputTokens + record.outputTokens
            if let cost = record.costMicros {
                let (sum, overflow) = state.costMicros[MetricKey(labels: [feature]), default: 0].addingReportingOverflow(max(cost, 0))
                state.costMicros[MetricKey(labels: [feature])] = overflow ? .max : sum
            }
        }
    }

    public func observe(_ feedback: Feedback) {
        let (feature, version) = labels(feature: feedback.feature, promptVersion: feedback.promptVersion)
        state.withLock { $0.feedback[MetricKey(labels: [feature, version, feedback.verdict.rawValue]), default: 0] += 1 }
    }

    /// Values masked in one provider request's messages (`MaskingProvider`) that admission had not masked already.
    public func observeMaskedAtProvider(_ count: Int) {
        state.withLock { $0.masked[MetricKey(labels: ["provider"]), default: 0] += count }
    }

    public func observe(_ event: AvailabilityEvent) {
        state.withLock { $0.availability[MetricKey(labels: [event.state.rawValue]), default: 0] += 1 }
    }

    /// Shows `source`'s gauges from now on, read at each render (the audit spool's size, say).
    public func addGauges(from source: any MetricsGaugeSource) {
        gaugeSources.withLock { $0.append(source) }
    }

    /// Prometheus text exposition format 0.0.4.
    public func render() -> String {
        let state = state.withLock { $0 }
        var text = PrometheusText()
        text.counter("assist_requests_total", "Requests by how they ended.", ["feature", "prompt_version", "outcome"], state.requests)
        text.counter("assist_requests_by_trust_total", "Requests by the client integrity level they were measured at.", ["feature", "trust"],
                     state.trust)
        text.histogram("assist_time_to_first_token_seconds", "From the request to the first delta.", ["feature", "prompt_version"],
                       state.timeToFirstToken)
        text.histogram("assist_request_duration_seconds", "From the request to its end.", ["feature", "prompt_version"], state.totalTime)
        text.counter("assist_tokens_total", "Model tokens by feature and direction.", ["feature", "direction"], state.tokens)
        var perUser = Histogram(bounds: Self.userTokenBounds)
        for tokens in state.tokensByUser.values { perUser.observe(Double(tokens)) }
        text.distribution("assist_users_by_tokens", "Users who have spent at most le tokens since the gateway started.", perUser)
        text.counter("assist_feedback_total", "Feedback by verdict.", ["feature", "prompt_version", "verdict"], state.feedback)
        text.counter("assist_availability_reports_total", "On-device availability reports by state.", ["state"], state.availability)
        text.counter("assist_masked_values_total", "Personal values masked by the gateway: in requests' input, and in provider requests.",
                     ["stage"], state.masked)
        text.counter("assist_cost_micros_total", "What answers cost at their targets' prices, in millionths of the price's currency.",
                     ["feature"], state.costMicros)
        genAI.render(into: &text)
        routing.render(into: &text)
        if let exporter = spanExporter.withLock({ $0 }) {
            text.counter("assist_spans_dropped_total", "Spans not exported: the queue was full, or the collector failed or was too slow.", [],
                         [MetricKey(labels: []): exporter.droppedSpans])
        }
        for gauge in gaugeSources.withLock({ $0 }).flatMap(\.gauges) { text.gauge(gauge) }
        return text.output
    }

    private func labels(feature: String, promptVersion: String) -> (String, String) {
        guard registry.isConfigured(feature) else { return ("other", "other") }
        return (feature, registry.serves(feature: feature, promptVersion: promptVersion) ? promptVersion : "other")
    }

    /// ok, cancelled, upstream_failed, upstream_timeout, or the error code of a refusal (quota_exceeded,
    /// unauthenticated, invalid_input, …), from the audit row.
    static func outcome(of record: AuditRecord) -> String {
        guard record.status == .rejected else { return record.status.rawValue }
        let code = record.reason.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        return knownCodes.contains(code) ? code : "rejected"
    }

    private static let knownCodes: Set<String> = Set([
        ErrorCode.unauthenticated, .unknownFeature, .featureDisabled, .invalidInput, .invalidRequest, .payloadTooLarge,
        .notFound, .methodNotAllowed, .quotaExceeded, .tooManyStreams, .upstreamFailed, .upstreamTimeout, .unavailable,
        .shuttingDown, .internalError, .integrityRequired, .attestationInvalid, .forbidden,
    ].map(\.rawValue))

    /// The trust level of the row, or `none` when the request was refused before integrity was checked.
    static func trust(of record: AuditRecord) -> String {
        TrustLevel(rawValue: record.trust)?.rawValue ?? "none"
    }
}
