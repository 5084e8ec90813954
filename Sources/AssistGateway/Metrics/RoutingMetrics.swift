import Synchronization

/// How requests reached their models, on `/metrics`:
///
/// - `assist_provider_attempts_total{target, outcome}`: each attempt at a target by how it ended (`ok`, a
///   `FallbackCause`, `refused` when the target refused the request itself, `skipped` when its breaker was open);
/// - `assist_provider_fallbacks_total{target}`: attempts after which the next target took over;
/// - `assist_provider_breaker_open{target}`: 1 while a target's breaker is open or probing, else 0;
/// - `assist_cost_micros_total{feature}` (fed from the audit rows by `GatewayMetrics`).
///
/// Targets are labelled by name (`<provider>:<model>`), bounded by the configuration: anything else is `other`.
public final class RoutingMetrics: Sendable {
    private struct State {
        var attempts: [MetricKey: Int] = [:]
        var fallbacks: [MetricKey: Int] = [:]
    }

    private let state = Mutex(State())
    /// Every configured target, by breaker key, with its name.
    private let targets: [String: String]
    /// Whose breakers the gauge reads, set by the routing that owns them (weakly: the routing holds these metrics).
    private struct Reader { weak var routing: ProviderRouting? }
    private let reader = Mutex(Reader())

    public init(targets: [ModelTarget]) {
        self.targets = Dictionary(targets.map { ($0.breakerKey, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    func reads(_ routing: ProviderRouting) { reader.withLock { $0.routing = routing } }

    private func label(_ target: ModelTarget) -> String { targets[target.breakerKey] ?? "other" }

    func attempted(_ target: ModelTarget, outcome: String) {
        let key = MetricKey(labels: [label(target), outcome])
        state.withLock { $0.attempts[key, default: 0] += 1 }
    }

    func fellBack(from target: ModelTarget) {
        let key = MetricKey(labels: [label(target)])
        state.withLock { $0.fallbacks[key, default: 0] += 1 }
    }

    func render(into text: inout PrometheusText) {
        let state = state.withLock { $0 }
        text.counter("assist_provider_attempts_total", "Attempts at a model target, by how they ended.", ["target", "outcome"], state.attempts)
        text.counter("assist_provider_fallbacks_total", "Attempts after which the alias's next target took over.", ["target"], state.fallbacks)
        let open = reader.withLock { $0.routing }?.openBreakers() ?? []
        var breakers: [MetricKey: Int] = [:]
        for (key, name) in targets { breakers[MetricKey(labels: [name]), default: 0] += open.contains(key) ? 1 : 0 }
        text.gaugeFamily("assist_provider_breaker_open", "1 while a target's breaker is open or probing, else 0.", ["target"], breakers)
    }
}
