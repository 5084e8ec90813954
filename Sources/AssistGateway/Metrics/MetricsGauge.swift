/// A value read at the moment `GET /metrics` is rendered, rather than counted as events happen: the size of a
/// queue or a spool, which only its owner knows.
public struct MetricsGauge: Sendable, Equatable {
    /// A Prometheus metric name (`assist_…`), unique across the gateway's metrics.
    public var name: String
    public var help: String
    public var value: Double

    public init(name: String, help: String, value: Double) {
        self.name = name
        self.help = help
        self.value = value
    }
}

/// Something whose gauges `/metrics` shows: registered once with `GatewayMetrics.addGauges(from:)` by whoever
/// assembles the gateway. `gauges` is read on every scrape, so it must be cheap and never block on I/O.
public protocol MetricsGaugeSource: Sendable {
    var gauges: [MetricsGauge] { get }
}
