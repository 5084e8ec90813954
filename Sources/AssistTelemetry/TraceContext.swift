/// A W3C Trace Context (https://www.w3.org/TR/trace-context/) as the gateway carries it through one request:
/// the trace it belongs to, its own span, the caller's span it continues, and whether it is sampled.
///
/// An incoming `traceparent` that is valid is continued (same trace id, the caller's span as parent, its
/// sampled flag and `tracestate`); anything else starts a new trace, as the specification asks: a malformed
/// header is ignored, never an error, and its `tracestate` goes with it.
public struct TraceContext: Sendable, Equatable {
    public let traceId: TraceID
    /// `traceId` as 32 lowercase hex digits, made once: a request writes it to its response, its audit rows,
    /// its log lines and its provider call's `traceparent`.
    public let traceIdHex: String
    /// This hop's span (the gateway's SERVER span for a request).
    public var spanId: SpanID
    /// The caller's span, when a valid `traceparent` came in.
    public var parentSpanId: SpanID?
    public var sampled: Bool
    /// The vendors' `tracestate`, passed on unchanged: printable ASCII only, at most `maxTraceStateBytes`, else
    /// dropped.
    public var traceState: String?

    public init(traceId: TraceID, spanId: SpanID, parentSpanId: SpanID? = nil, sampled: Bool, traceState: String? = nil) {
        self.traceId = traceId
        traceIdHex = traceId.hex
        self.spanId = spanId
        self.parentSpanId = parentSpanId
        self.sampled = sampled
        self.traceState = traceState
    }

    /// The specification's limit for `tracestate` (32 members of up to 256 characters is 8,192 bytes, but
    /// vendors may truncate at 512); ours: longer is dropped, as a vendor may.
    public static let maxTraceStateBytes = 512

    /// Continues the caller's trace when `traceparent` is valid, else starts one; `sampler` decides a new
    /// trace's flag, and a continued one keeps the caller's (parent-based sampling).
    public static func continuing<Randomness: RandomNumberGenerator>(traceparent: String?, tracestate: String?, sampler: TraceSampler,
                                                                     using random: inout Randomness) -> TraceContext {
        let spanId = SpanID.random(using: &random)
        if let traceparent, let parent = TraceParent(parsing: traceparent) {
            let state = tracestate.flatMap { state in
                !state.isEmpty && state.utf8.count <= maxTraceStateBytes && state.utf8.allSatisfy { (0x20...0x7E).contains($0) } ? state : nil
            }
            return TraceContext(traceId: parent.traceId, spanId: spanId, parentSpanId: parent.spanId,
                                sampled: sampler.samplesContinued(parentSampled: parent.sampled, traceId: parent.traceId), traceState: state)
        }
        let traceId = TraceID.random(using: &random)
        return TraceContext(traceId: traceId, spanId: spanId, sampled: sampler.samplesNew(traceId: traceId))
    }

    /// A new trace, sampled by `sampler` (requests that arrive with no context, and work of the gateway's own).
    public static func starting(sampler: TraceSampler = .alwaysOn) -> TraceContext {
        var random = PooledRandom()
        return continuing(traceparent: nil, tracestate: nil, sampler: sampler, using: &random)
    }

    /// A span under this one in the same trace (a provider call). It shares this one's `traceIdHex`, not a copy
    /// of its own: an open stream holds both contexts for as long as it runs.
    public func child<Randomness: RandomNumberGenerator>(using random: inout Randomness) -> TraceContext {
        var child = self
        child.spanId = SpanID.random(using: &random)
        child.parentSpanId = spanId
        return child
    }

    public func child() -> TraceContext {
        var random = PooledRandom()
        return child(using: &random)
    }

    /// The `traceparent` header naming this span as the parent of the next hop: `00-{trace}-{span}-{flags}`.
    public var traceparent: String { "00-\(traceIdHex)-\(spanId.hex)-\(sampled ? "01" : "00")" }
}

/// The fields of a valid `traceparent` header.
public struct TraceParent: Sendable, Equatable {
    public var traceId: TraceID
    public var spanId: SpanID
    public var sampled: Bool

    /// Parses by the specification's rules: version two lowercase hex digits and not `ff`; version `00` exactly
    /// 55 characters, a later version at least 55 and, if longer, a `-` after the flags (its extra fields are
    /// ignored); trace and parent ids lowercase hex and not all zero.
    public init?(parsing header: String) {
        let bytes = Array(header.utf8)
        guard bytes.count >= 55, bytes[2] == UInt8(ascii: "-"), bytes[35] == UInt8(ascii: "-"), bytes[52] == UInt8(ascii: "-"),
              let version = LowerHex.byte(bytes[0], bytes[1]), version != 0xff,
              let flags = LowerHex.byte(bytes[53], bytes[54]),
              let traceId = TraceID(hex: bytes[3..<35]), let spanId = SpanID(hex: bytes[36..<52]) else { return nil }
        if version == 0 { guard bytes.count == 55 else { return nil } }
        else if bytes.count > 55 { guard bytes[55] == UInt8(ascii: "-") else { return nil } }
        self.traceId = traceId
        self.spanId = spanId
        self.sampled = flags & 1 == 1
    }
}

/// Which traces are recorded: the `OTEL_TRACES_SAMPLER` choices that need no plug-in.
public enum TraceSampler: Sendable, Equatable {
    case alwaysOn, alwaysOff
    /// A new trace is sampled when its id falls under the ratio (the same id, the same verdict, on every replica).
    case traceIdRatio(Double)
    /// A continued trace keeps its caller's verdict; a new one is decided by `root`.
    indirect case parentBased(root: TraceSampler)

    func samplesNew(traceId: TraceID) -> Bool {
        switch self {
        case .alwaysOn: true
        case .alwaysOff: false
        case .traceIdRatio(let ratio): traceId.falls(under: ratio)
        case .parentBased(let root): root.samplesNew(traceId: traceId)
        }
    }

    func samplesContinued(parentSampled: Bool, traceId: TraceID) -> Bool {
        switch self {
        case .parentBased: parentSampled
        default: samplesNew(traceId: traceId)
        }
    }
}
