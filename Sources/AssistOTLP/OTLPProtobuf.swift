import AssistTelemetry

/// An OTLP `ExportTraceServiceRequest` in protobuf, the body of an `http/protobuf` export
/// (https://opentelemetry.io/docs/specs/otlp/#otlphttp-request): one `ResourceSpans` (this process) holding one
/// `ScopeSpans` ("assist") holding the batch.
///
/// The field numbers are opentelemetry-proto's (checked against its descriptors by the tests, through the
/// Python package's decoder). Fields are written in field-number order, and a field at its default (an empty
/// string, kind 0, an unset status) is left out, as protobuf's serializers do, so a known span's bytes can be
/// compared byte for byte. Inside `AnyValue`, a `oneof`, the value is written even when it is a default
/// (`""`, `false`, `0`): there presence is the value.
///
/// Bounded by `OTLPLimits`: a span's strings, attributes and arrays are clipped as it says. Nothing traps.
enum OTLPProtobuf {
    /// Field numbers, by message.
    enum Request { static let resourceSpans: UInt64 = 1 }
    enum ResourceSpans { static let resource: UInt64 = 1, scopeSpans: UInt64 = 2 }
    enum Resource { static let attributes: UInt64 = 1 }
    enum ScopeSpans { static let scope: UInt64 = 1, spans: UInt64 = 2 }
    enum Scope { static let name: UInt64 = 1, version: UInt64 = 2 }
    enum Span {
        static let traceId: UInt64 = 1, spanId: UInt64 = 2, traceState: UInt64 = 3, parentSpanId: UInt64 = 4, name: UInt64 = 5,
                   kind: UInt64 = 6, startTime: UInt64 = 7, endTime: UInt64 = 8, attributes: UInt64 = 9,
                   droppedAttributesCount: UInt64 = 10, status: UInt64 = 15, flags: UInt64 = 16
    }
    enum Status { static let message: UInt64 = 2, code: UInt64 = 3 }
    enum KeyValue { static let key: UInt64 = 1, value: UInt64 = 2 }
    enum AnyValue { static let string: UInt64 = 1, bool: UInt64 = 2, int: UInt64 = 3, double: UInt64 = 4, array: UInt64 = 5 }
    enum ArrayValue { static let values: UInt64 = 1 }

    /// Span `flags`: the W3C trace flags in the low byte. Every exported span was sampled (a span that is not is
    /// never recorded), so the sampled bit is set. Whether the parent is remote (bits 8 and 9) is not known to
    /// `SpanData`, so it is not claimed.
    static let sampledFlags: UInt32 = 0x01

    /// The request's bytes for `spans`, sent by `sender`.
    static func request(_ spans: some Collection<SpanData>, resource sender: OTLPResource, limits: OTLPLimits = .standard) -> [UInt8] {
        var writer = ProtobufWriter()
        writer.messageField(Request.resourceSpans) { resourceSpans in
            resourceSpans.messageField(ResourceSpans.resource) { resource in
                for attribute in sender.attributes { resource.messageField(Resource.attributes) { write(attribute, to: &$0, limits: limits) } }
            }
            resourceSpans.messageField(ResourceSpans.scopeSpans) { scopeSpans in
                scopeSpans.messageField(ScopeSpans.scope) { scope in
                    scope.stringField(Scope.name, OTLPResource.scopeName)
                    if !sender.version.isEmpty { scope.stringField(Scope.version, limits.clip(sender.version)) }
                }
                for span in spans { scopeSpans.messageField(ScopeSpans.spans) { write(span, to: &$0, limits: limits) } }
            }
        }
        return writer.bytes
    }

    /// One `Span`'s fields.
    static func write(_ span: SpanData, to writer: inout ProtobufWriter, limits: OTLPLimits) {
        writer.bytesField(Span.traceId, span.traceId.bytes)
        writer.bytesField(Span.spanId, span.spanId.bytes)
        if let state = limits.traceState(span.traceState) { writer.stringField(Span.traceState, state) }
        if let parent = span.parentSpanId { writer.bytesField(Span.parentSpanId, parent.bytes) }
        let name = limits.clip(span.name)
        if !name.isEmpty { writer.stringField(Span.name, name) }
        writer.varintField(Span.kind, UInt64(span.kind.rawValue))
        if span.startUnixNano != 0 { writer.fixed64Field(Span.startTime, span.startUnixNano) }
        if span.endUnixNano != 0 { writer.fixed64Field(Span.endTime, span.endUnixNano) }
        let (kept, dropped) = limits.kept(span.attributes)
        for attribute in kept { writer.messageField(Span.attributes) { write(attribute, to: &$0, limits: limits) } }
        if dropped > 0 { writer.varintField(Span.droppedAttributesCount, UInt64(dropped)) }
        switch span.status {
        case .unset: break
        case .ok: writer.messageField(Span.status) { $0.varintField(Status.code, 1) }
        case .error(let description):
            let message = limits.clip(description)
            writer.messageField(Span.status) { status in
                if !message.isEmpty { status.stringField(Status.message, message) }
                status.varintField(Status.code, 2)
            }
        }
        writer.fixed32Field(Span.flags, sampledFlags)
    }

    /// One `KeyValue`'s fields.
    static func write(_ attribute: SpanAttribute, to writer: inout ProtobufWriter, limits: OTLPLimits) {
        let key = limits.clip(attribute.key)
        if !key.isEmpty { writer.stringField(KeyValue.key, key) }
        writer.messageField(KeyValue.value) { value in
            switch attribute.value {
            case .string(let text): value.stringField(AnyValue.string, limits.clip(text))
            case .bool(let flag): value.varintField(AnyValue.bool, flag ? 1 : 0)
            case .int(let number): value.varintField(AnyValue.int, UInt64(bitPattern: number))
            case .double(let number): value.fixed64Field(AnyValue.double, number.bitPattern)
            case .strings(let texts):
                value.messageField(AnyValue.array) { array in
                    for text in texts.prefix(limits.maxArrayElements) {
                        array.messageField(ArrayValue.values) { $0.stringField(AnyValue.string, limits.clip(text)) }
                    }
                }
            }
        }
    }
}
