import AssistGateway
import Synchronization
import Testing

/// Gauges read at render time from their owners (the audit spool's size is one).
@Suite("Metrics gauges")
struct MetricsGaugeTests {
    /// A source whose value the test moves.
    final class Backlog: MetricsGaugeSource {
        let rows = Mutex(0.0)
        var gauges: [MetricsGauge] {
            [MetricsGauge(name: "assist_test_backlog_rows", help: "Rows waiting.", value: rows.withLock { $0 })]
        }
    }

    @Test("a registered source's gauges are rendered with HELP and TYPE, read afresh at each render")
    func gaugesAreReadAtRender() throws {
        let metrics = GatewayMetrics(registry: FeatureRegistry(try ConfigFixture.load().features))
        #expect(!metrics.render().contains("assist_test_backlog_rows"))
        let backlog = Backlog()
        metrics.addGauges(from: backlog)
        backlog.rows.withLock { $0 = 12 }
        #expect(metrics.render().contains("# HELP assist_test_backlog_rows Rows waiting.\n# TYPE assist_test_backlog_rows gauge\nassist_test_backlog_rows 12\n"))
        backlog.rows.withLock { $0 = 0 }
        #expect(metrics.render().contains("\nassist_test_backlog_rows 0\n"))
    }
}
