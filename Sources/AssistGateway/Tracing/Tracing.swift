public import AssistTelemetry

/// Whether and where the gateway's spans go: the sampler that decides a request's trace (a caller's verdict
/// is kept, parent-based), and the exporter of finished spans. Off (no exporter) unless the assembly
/// configures one (`telemetry`, `OTEL_*`): then no span is built at all, and only the trace context travels
/// (response header, provider call, audit row, log lines).
public struct Tracing: Sendable {
    public var sampler: TraceSampler
    public var exporter: (any SpanExporter)?

    public init(sampler: TraceSampler = .parentBased(root: .alwaysOn), exporter: (any SpanExporter)? = nil) {
        self.sampler = sampler
        self.exporter = exporter
    }

    public static let off = Tracing()

    /// Whether spans of `trace` are built and exported: callers build none otherwise.
    func records(_ trace: TraceContext) -> Bool { exporter != nil && trace.sampled }

    /// Exports the span of `trace`'s own span id (its parent and state from `trace`), when `trace` is recorded.
    func export(_ trace: TraceContext, name: String, kind: SpanData.Kind, start: UInt64, end: UInt64 = SpanClock.nowUnixNano(),
                attributes: [SpanAttribute], status: SpanData.Status) {
        guard let exporter, trace.sampled else { return }
        exporter.export(SpanData(traceId: trace.traceId, spanId: trace.spanId, parentSpanId: trace.parentSpanId, traceState: trace.traceState,
                                 name: name, kind: kind, startUnixNano: start, endUnixNano: max(start, end), attributes: attributes,
                                 status: status))
    }
}
