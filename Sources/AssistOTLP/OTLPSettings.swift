public import AssistTelemetry

/// Where and how the gateway's spans go: an OTLP/HTTP collector's traces URL, the body's encoding, headers
/// (a vendor's API key), the service's name, and the exporter's bounds (timeout, queue, batches).
///
/// A value the operator gives, in a configuration file or through OpenTelemetry's standard environment variables
/// (`OTLPSettings.fromEnvironment`, where the environment wins field by field). No settings at all means no
/// export: the gateway then records no spans to send.
public struct OTLPSettings: Sendable, Equatable {
    /// OTLP/HTTP's two encodings, by the names `OTEL_EXPORTER_OTLP_PROTOCOL` gives them. gRPC is not offered: it
    /// would need HTTP/2 framing and a gRPC library for no gain over `http/protobuf` to the same collectors.
    public enum WireProtocol: String, Sendable, CaseIterable {
        case httpProtobuf = "http/protobuf"
        case httpJSON = "http/json"

        /// The request's `Content-Type`.
        public var contentType: String {
            switch self {
            case .httpProtobuf: "application/x-protobuf"
            case .httpJSON: "application/json"
            }
        }
    }

    /// The full traces URL the batches are posted to (`http://collector:4318/v1/traces`), used as is.
    public var endpoint: String
    /// `http/protobuf` unless told otherwise, as OpenTelemetry's SDKs default.
    public var wireProtocol: WireProtocol
    /// Sent with every request (`Authorization`, a vendor's key): names and values as given; each is checked when
    /// it is read from the environment (a token name; no control characters in either).
    public var headers: [String: String]
    /// `service.name`: "assist" unless told otherwise.
    public var serviceName: String
    /// `service.instance.id`; nil draws a random one when the exporter starts (replicas are told apart either way).
    public var serviceInstanceID: String?
    /// `service.version` and the instrumentation scope's version; empty leaves both out.
    public var serviceVersion: String
    /// Which traces are recorded (`OTEL_TRACES_SAMPLER`): parent-based always-on unless told otherwise, as the
    /// specification defaults. Read by whoever starts traces; the exporter sends whatever it is given.
    public var sampler: TraceSampler
    /// How long one export may take, connecting included (`OTEL_EXPORTER_OTLP_TIMEOUT`; 10 s by default).
    public var timeout: Duration
    /// Spans held while the collector is slow or away; past this, new spans are dropped and counted
    /// (`OTEL_BSP_MAX_QUEUE_SIZE`; 2,048 by default).
    public var maxQueueSize: Int
    /// Spans in one request at most (`OTEL_BSP_MAX_EXPORT_BATCH_SIZE`; 512 by default).
    public var maxExportBatchSize: Int
    /// How long a span may wait for a full batch before a smaller one is sent (`OTEL_BSP_SCHEDULE_DELAY`; 1 s).
    public var scheduledDelay: Duration
    /// How long `shutdown()` may spend sending what is queued before the rest is dropped (2 s by default).
    public var shutdownTimeout: Duration

    public init(endpoint: String, wireProtocol: WireProtocol = .httpProtobuf, headers: [String: String] = [:], serviceName: String = "assist",
                serviceInstanceID: String? = nil, serviceVersion: String = "", sampler: TraceSampler = .parentBased(root: .alwaysOn),
                timeout: Duration = .seconds(10), maxQueueSize: Int = 2048, maxExportBatchSize: Int = 512,
                scheduledDelay: Duration = .seconds(1), shutdownTimeout: Duration = .seconds(2)) {
        self.endpoint = endpoint
        self.wireProtocol = wireProtocol
        self.headers = headers
        self.serviceName = serviceName
        self.serviceInstanceID = serviceInstanceID
        self.serviceVersion = serviceVersion
        self.sampler = sampler
        self.timeout = timeout
        self.maxQueueSize = maxQueueSize
        self.maxExportBatchSize = maxExportBatchSize
        self.scheduledDelay = scheduledDelay
        self.shutdownTimeout = shutdownTimeout
    }

    /// The traces URL for a collector's base URL, as `OTEL_EXPORTER_OTLP_ENDPOINT` is read: `{base}/v1/traces`
    /// with exactly one slash between them, whatever the base ends with.
    public static func tracesURL(base: String) -> String {
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed) + "/v1/traces"
    }

    /// The same settings held within the exporter's working range: sizes at least 1 (a batch no larger than the
    /// queue), times at least a millisecond. What a caller could get wrong in a configuration file cannot make the
    /// exporter spin, divide by zero or never send.
    var bounded: OTLPSettings {
        var settings = self
        settings.maxQueueSize = min(max(1, maxQueueSize), 1 << 20)
        settings.maxExportBatchSize = min(max(1, maxExportBatchSize), settings.maxQueueSize)
        let millisecond = Duration.milliseconds(1), hour = Duration.seconds(3600)
        settings.timeout = min(max(millisecond, timeout), hour)
        settings.scheduledDelay = min(max(millisecond, scheduledDelay), hour)
        settings.shutdownTimeout = min(max(.zero, shutdownTimeout), hour)
        return settings
    }
}

extension Duration {
    /// Whole milliseconds, rounded down; what curl's `_MS` options and the OTEL variables count in.
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds.multipliedReportingOverflow(by: 1000).partialValue &+ attoseconds / 1_000_000_000_000_000
    }

    /// Whole nanoseconds, from 0 up to `Int.max` (a negative duration is 0): what a semaphore's deadline takes.
    var clampedNanoseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, carried) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflow || carried ? Int.max : Int(clamping: sum)
    }
}
