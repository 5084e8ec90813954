#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A finished span, as an exporter sends it: OpenTelemetry's span data model, the part the gateway uses.
/// Its attributes are metadata (routes, codes, models, token counts), never a user's text or a model's answer:
/// there is no attribute for content anywhere in the gateway, whatever the configuration says.
public struct SpanData: Sendable, Equatable {
    /// OTLP's `SpanKind` numbers.
    public enum Kind: Int, Sendable {
        case `internal` = 1, server = 2, client = 3
    }

    /// OTLP's `Status`: unset, ok, or an error with a message (an error code, never content).
    public enum Status: Sendable, Equatable {
        case unset, ok
        case error(String)
    }

    public var traceId: TraceID
    public var spanId: SpanID
    public var parentSpanId: SpanID?
    public var traceState: String?
    public var name: String
    public var kind: Kind
    /// Wall-clock nanoseconds since 1970, as OTLP carries them.
    public var startUnixNano: UInt64
    public var endUnixNano: UInt64
    public var attributes: [SpanAttribute]
    public var status: Status

    public init(traceId: TraceID, spanId: SpanID, parentSpanId: SpanID? = nil, traceState: String? = nil, name: String, kind: Kind,
                startUnixNano: UInt64, endUnixNano: UInt64, attributes: [SpanAttribute] = [], status: Status = .unset) {
        self.traceId = traceId
        self.spanId = spanId
        self.parentSpanId = parentSpanId
        self.traceState = traceState
        self.name = name
        self.kind = kind
        self.startUnixNano = startUnixNano
        self.endUnixNano = endUnixNano
        self.attributes = attributes
        self.status = status
    }

    /// The value of attribute `key`, if the span has it.
    public func attribute(_ key: String) -> AttributeValue? { attributes.last { $0.key == key }?.value }
}

/// One attribute of a span.
public struct SpanAttribute: Sendable, Equatable {
    public var key: String
    public var value: AttributeValue

    public init(_ key: String, _ value: AttributeValue) {
        self.key = key
        self.value = value
    }
}

/// OTLP's `AnyValue`, the kinds the gateway writes.
public enum AttributeValue: Sendable, Equatable {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case strings([String])
}

/// Where finished spans go. `export` never blocks and never fails the caller: an exporter that cannot keep up
/// drops and counts (`droppedSpans`).
public protocol SpanExporter: Sendable {
    func export(_ span: SpanData)
    /// Spans dropped so far (queue full, export failed), for `/metrics`.
    var droppedSpans: Int { get }
}

/// Keeps every span in memory: tests, and a gateway that wants its spans in process.
public final class InMemorySpanExporter: SpanExporter {
    private let spans = Mutex<[SpanData]>([])
    public init() {}
    public func export(_ span: SpanData) { spans.withLock { $0.append(span) } }
    public var droppedSpans: Int { 0 }
    public var exported: [SpanData] { spans.withLock { $0 } }
}

/// Wall-clock time in nanoseconds since 1970 (`CLOCK_REALTIME`), the time base of OTLP spans.
public enum SpanClock {
    public static func nowUnixNano() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
