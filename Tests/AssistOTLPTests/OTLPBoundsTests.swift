@testable import AssistOTLP
import AssistTelemetry
import Testing

/// What no span can do to a request: grow it without bound, cut a character in half, or trap the encoder.
@Suite struct OTLPBoundsTests {
    static let traceId = TraceID(high: 1, low: 2)!
    static let spanId = SpanID(3)!

    @Test("strings are cut at a UTF-8 character boundary at or before the limit")
    func truncation() {
        #expect(OTLPLimits.truncate("abc", toBytes: 3) == "abc")
        #expect(OTLPLimits.truncate("abcd", toBytes: 3) == "abc")
        #expect(OTLPLimits.truncate("aé", toBytes: 2) == "a")  // é is two bytes: not split
        #expect(OTLPLimits.truncate("a€b", toBytes: 3) == "a")  // € is three
        #expect(OTLPLimits.truncate("😀😀", toBytes: 7) == "😀")  // four each
        #expect(OTLPLimits.truncate("😀", toBytes: 0) == "")
        #expect(OTLPLimits.truncate("😀", toBytes: -5) == "")
        let long = String(repeating: "ğ", count: 5000)  // 10,000 bytes
        let cut = OTLPLimits.standard.clip(long)
        #expect(cut.utf8.count == 4096 && cut == String(repeating: "ğ", count: 2048))
    }

    /// A span built as wrongly as a span can be: megabytes of name, key, value and message; 100,000 attributes; an
    /// array of 100,000 long strings; the extreme numbers; the latest time; an oversized tracestate.
    static func absurd() -> SpanData {
        let huge = String(repeating: "x", count: 3_000_000) + "é"
        var attributes = [SpanAttribute(huge, .string(huge)), SpanAttribute("array", .strings(Array(repeating: huge, count: 100_000))),
                          SpanAttribute("min", .int(.min)), SpanAttribute("max", .int(.max)), SpanAttribute("nan", .double(.nan)),
                          SpanAttribute("inf", .double(.infinity)), SpanAttribute("tiny", .double(.leastNonzeroMagnitude)),
                          SpanAttribute("", .string("")), SpanAttribute("control", .string("\u{0}\u{7f}\"\\\n"))]
        attributes += (0..<100_000).map { SpanAttribute("k\($0)", .int(Int64($0))) }
        return SpanData(traceId: traceId, spanId: spanId, parentSpanId: spanId, traceState: String(repeating: "t=1,", count: 1000), name: huge,
                        kind: .client, startUnixNano: .max, endUnixNano: 0, attributes: attributes, status: .error(huge))
    }

    @Test("an absurd span encodes without a trap, both ways, within a bounded size, its excess attributes counted")
    func absurdSpan() {
        let span = Self.absurd()
        let resource = OTLPResource(serviceName: String(repeating: "s", count: 100_000), serviceInstanceID: "i", version: String(repeating: "v", count: 10_000))
        let protobuf = OTLPProtobuf.request([span, span], resource: resource)
        let json = OTLPJSON.request([span, span], resource: resource)
        // Per span: name, key, value, status message at 4 KiB; 128 array elements of 4 KiB; 128 attributes.
        let perSpan = 4 * 4096 + 128 * 4096 + 128 * (4096 + 64) + 1024
        #expect(protobuf.count < 2 * perSpan + 64 * 1024)
        #expect(json.count < 2 * perSpan * 2 + 64 * 1024)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains(#""droppedAttributesCount":99881"#))  // 100,009 attributes, 128 kept
        #expect(!text.contains("traceState"))  // 4,000 bytes: left out whole, not cut
        #expect(text.contains(#"{"key":"min","value":{"intValue":"-9223372036854775808"}}"#))
        #expect(text.contains(#""startTimeUnixNano":"18446744073709551615""#) && !text.contains("endTimeUnixNano"))
        #expect(text.contains(#""control","value":{"stringValue":"\u0000\u007f\"\\\n"}"#))
        let fields = OTLPEncodingTests.fields(protobuf)
        #expect(fields.count == 1 && fields.first?.number == 1)
    }

    @Test("many spans and empty batches encode: nothing in the request's framing depends on a span being there")
    func emptyAndMany() {
        let resource = OTLPResource(serviceName: "", serviceInstanceID: "")
        #expect(!OTLPProtobuf.request([SpanData](), resource: resource).isEmpty)
        #expect(String(decoding: OTLPJSON.request([SpanData](), resource: resource), as: UTF8.self).hasSuffix(#""spans":[]}]}]}"#))
        let spans = (1...2000).map { SpanData(traceId: Self.traceId, spanId: SpanID(UInt64($0))!, name: "", kind: .internal, startUnixNano: 0, endUnixNano: 0) }
        #expect(OTLPProtobuf.request(spans, resource: resource).count > 2000 * 30)
    }
}
