import AssistTelemetry

/// An OTLP `ExportTraceServiceRequest` in JSON, the body of an `http/json` export, by OTLP's JSON mapping
/// (https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding), which is protobuf's JSON mapping but for:
/// - keys are the fields' lowerCamelCase names (`resourceSpans`, `startTimeUnixNano`), never snake_case;
/// - `traceId`, `spanId` and `parentSpanId` are lowercase hex strings, not base64 as protobuf's mapping has bytes;
/// - enums (`kind`, `status.code`) are integers, not names.
/// And, as protobuf's mapping has them: 64-bit integers (`intValue`, the `fixed64` times) are decimal strings;
/// 32-bit ones (`flags`, `droppedAttributesCount`) are numbers; a `double` is a number, or `"NaN"`,
/// `"Infinity"`, `"-Infinity"`; a field at its default is left out, but a `oneof`'s value never is.
///
/// The same shape and the same bounds (`OTLPLimits`) as `OTLPProtobuf`: the two encodings of a batch carry the
/// same spans, which the tests hold to by decoding both with the reference implementation.
enum OTLPJSON {
    /// The request's bytes for `spans`, sent by `sender`.
    static func request(_ spans: some Collection<SpanData>, resource sender: OTLPResource, limits: OTLPLimits = .standard) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + spans.count * 512)
        out += #"{"resourceSpans":[{"resource":{"attributes":"#.utf8
        list(sender.attributes[...], to: &out) { write($0, to: &$1, limits: limits) }
        out += #"},"scopeSpans":[{"scope":{"name":"#.utf8
        JSONText.appendString(OTLPResource.scopeName, to: &out)
        if !sender.version.isEmpty {
            out += #","version":"#.utf8
            JSONText.appendString(limits.clip(sender.version), to: &out)
        }
        out += #"},"spans":"#.utf8
        list(spans, to: &out) { write($0, to: &$1, limits: limits) }
        out += "}]}]}".utf8
        return out
    }

    /// One span's object.
    static func write(_ span: SpanData, to out: inout [UInt8], limits: OTLPLimits) {
        out += #"{"traceId":""#.utf8
        out += span.traceId.hex.utf8
        out += #"","spanId":""#.utf8
        out += span.spanId.hex.utf8
        out += "\"".utf8
        if let state = limits.traceState(span.traceState) {
            out += #","traceState":"#.utf8
            JSONText.appendString(state, to: &out)
        }
        if let parent = span.parentSpanId {
            out += #","parentSpanId":""#.utf8
            out += parent.hex.utf8
            out += "\"".utf8
        }
        out += #","flags":"#.utf8
        out += String(OTLPProtobuf.sampledFlags).utf8
        let name = limits.clip(span.name)
        if !name.isEmpty {
            out += #","name":"#.utf8
            JSONText.appendString(name, to: &out)
        }
        out += #","kind":"#.utf8
        out += String(span.kind.rawValue).utf8
        if span.startUnixNano != 0 { out += #","startTimeUnixNano":"\#(span.startUnixNano)""#.utf8 }
        if span.endUnixNano != 0 { out += #","endTimeUnixNano":"\#(span.endUnixNano)""#.utf8 }
        let (kept, dropped) = limits.kept(span.attributes)
        if !kept.isEmpty {
            out += #","attributes":"#.utf8
            list(kept, to: &out) { write($0, to: &$1, limits: limits) }
        }
        if dropped > 0 { out += #","droppedAttributesCount":\#(dropped)"#.utf8 }
        switch span.status {
        case .unset: break
        case .ok: out += #","status":{"code":1}"#.utf8
        case .error(let description):
            out += #","status":{"#.utf8
            let message = limits.clip(description)
            if !message.isEmpty {
                out += #""message":"#.utf8
                JSONText.appendString(message, to: &out)
                out += ",".utf8
            }
            out += #""code":2}"#.utf8
        }
        out += "}".utf8
    }

    /// One `KeyValue`'s object.
    static func write(_ attribute: SpanAttribute, to out: inout [UInt8], limits: OTLPLimits) {
        out += "{".utf8
        let key = limits.clip(attribute.key)
        if !key.isEmpty {
            out += #""key":"#.utf8
            JSONText.appendString(key, to: &out)
            out += ",".utf8
        }
        out += #""value":{"#.utf8
        switch attribute.value {
        case .string(let text):
            out += #""stringValue":"#.utf8
            JSONText.appendString(limits.clip(text), to: &out)
        case .bool(let flag): out += (flag ? #""boolValue":true"# : #""boolValue":false"#).utf8
        case .int(let number): out += #""intValue":"\#(number)""#.utf8
        case .double(let number): out += #""doubleValue":\#(double(number))"#.utf8
        case .strings(let texts):
            out += #""arrayValue":{"#.utf8
            if !texts.isEmpty {
                out += #""values":"#.utf8
                list(texts.prefix(limits.maxArrayElements), to: &out) { text, out in
                    out += #"{"stringValue":"#.utf8
                    JSONText.appendString(limits.clip(text), to: &out)
                    out += "}".utf8
                }
            }
            out += "}".utf8
        }
        out += "}}".utf8
    }

    /// A double as protobuf's JSON mapping writes it: a number when finite (Swift's shortest round-tripping form,
    /// which is valid JSON: `1.5`, `1e-07`, `1e+20`), else one of the three strings the mapping names.
    static func double(_ number: Double) -> String {
        if number.isNaN { return #""NaN""# }
        if number.isInfinite { return number < 0 ? #""-Infinity""# : #""Infinity""# }
        return String(number)
    }

    /// `[` the elements, each written by `element`, separated by commas `]`.
    private static func list<Elements: Collection>(_ elements: Elements, to out: inout [UInt8],
                                                   _ element: (Elements.Element, inout [UInt8]) -> Void) {
        out += "[".utf8
        var first = true
        for item in elements {
            if !first { out += ",".utf8 }
            first = false
            element(item, &out)
        }
        out += "]".utf8
    }
}
