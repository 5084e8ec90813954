@testable import AssistOTLP
import AssistTelemetry
import Testing

/// The two encodings of an export request, byte for byte on a small known span. The protobuf vector is what the
/// reference implementation (opentelemetry-proto 1.45.2 with protobuf, from PyPI) serializes for the same message,
/// built field by field in Python; `OTLPExportTests` (CommandLineTests) decodes both encodings of richer spans
/// with that implementation.
@Suite struct OTLPEncodingTests {
    static let resource = OTLPResource(serviceName: "assist", serviceInstanceID: "i1")

    /// Trace 0102…0f10, span 1112…1718, no parent, SERVER, 1 s to 2 s after the epoch, one int attribute, status ok.
    static let span = SpanData(traceId: TraceID(high: 0x0102_0304_0506_0708, low: 0x090a_0b0c_0d0e_0f10)!, spanId: SpanID(0x1112_1314_1516_1718)!,
                               name: "GET", kind: .server, startUnixNano: 1_000_000_000, endUnixNano: 2_000_000_000,
                               attributes: [SpanAttribute("http.response.status_code", .int(200))], status: .ok)

    /// `python3 -c` building ExportTraceServiceRequest{resource_spans: [{resource: {attributes: service.name=assist,
    /// service.instance.id=i1, telemetry.sdk.name=assist, telemetry.sdk.language=swift}, scope_spans: [{scope: {name:
    /// assist}, spans: [the span above, flags=1]}]}]} and printing `SerializeToString().hex()`.
    static let golden = "0aeb010a7a0a180a0c736572766963652e6e616d6512080a066173736973740a1b0a13736572766963652e696e7374616e63652e6964"
        + "12040a0269310a1e0a1274656c656d657472792e73646b2e6e616d6512080a066173736973740a210a1674656c656d657472792e73646b2e6c61"
        + "6e677561676512070a057377696674126d0a080a0661737369737412610a100102030405060708090a0b0c0d0e0f10120811121314151617182a"
        + "0347455430023900ca9a3b000000004100943577000000004a200a19687474702e726573706f6e73652e7374617475735f636f6465120318c8017a"
        + "021801850101000000"

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test("protobuf: a known span's request is the reference implementation's bytes exactly")
    func protobufGolden() {
        #expect(Self.hex(OTLPProtobuf.request([Self.span], resource: Self.resource)) == Self.golden)
    }

    @Test("varints: one byte below 128, seven bits a byte after, a negative int64 in ten bytes")
    func varints() {
        func encoded(_ value: UInt64) -> [UInt8] {
            var writer = ProtobufWriter()
            writer.varint(value)
            return writer.bytes
        }
        #expect(encoded(0) == [0])
        #expect(encoded(127) == [0x7f])
        #expect(encoded(300) == [0xac, 0x02])
        #expect(encoded(UInt64(bitPattern: -1)) == [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])
        #expect(encoded(.max).count == 10)
        var writer = ProtobufWriter()
        writer.fixed64Field(7, 1_000_000_000)
        writer.fixed32Field(16, 1)
        #expect(writer.bytes == [0x39, 0x00, 0xca, 0x9a, 0x3b, 0, 0, 0, 0, 0x85, 0x01, 0x01, 0, 0, 0])
    }

    @Test("JSON: lowerCamelCase keys, hex ids, integer enums, 64-bit numbers as strings, defaults left out")
    func jsonGolden() {
        let json = String(decoding: OTLPJSON.request([Self.span], resource: Self.resource), as: UTF8.self)
        let resource = #"{"key":"service.name","value":{"stringValue":"assist"}},{"key":"service.instance.id","value":{"stringValue":"i1"}},"#
            + #"{"key":"telemetry.sdk.name","value":{"stringValue":"assist"}},{"key":"telemetry.sdk.language","value":{"stringValue":"swift"}}"#
        let span = #"{"traceId":"0102030405060708090a0b0c0d0e0f10","spanId":"1112131415161718","flags":1,"name":"GET","kind":2,"#
            + #""startTimeUnixNano":"1000000000","endTimeUnixNano":"2000000000","#
            + #""attributes":[{"key":"http.response.status_code","value":{"intValue":"200"}}],"status":{"code":1}}"#
        #expect(json == #"{"resourceSpans":[{"resource":{"attributes":["# + resource + #"]},"scopeSpans":[{"scope":{"name":"assist"},"spans":["#
            + span + "]}]}]}")
    }

    @Test("JSON: every attribute kind, a parent, an error status, a version; doubles as the mapping writes them")
    func jsonKinds() {
        var span = Self.span
        span.parentSpanId = SpanID(0xabcd)
        span.traceState = "congo=t61rcWkgMzE"
        span.status = .error("upstream_timeout")
        span.attributes = [SpanAttribute("s", .string("a\"b\n")), SpanAttribute("b", .bool(false)), SpanAttribute("i", .int(.min)),
                           SpanAttribute("d", .double(0.5)), SpanAttribute("n", .double(.nan)), SpanAttribute("x", .double(-.infinity)),
                           SpanAttribute("a", .strings(["x", "y"])), SpanAttribute("e", .strings([]))]
        let resource = OTLPResource(serviceName: "assist", serviceInstanceID: "i1", version: "1.2")
        let json = String(decoding: OTLPJSON.request([span], resource: resource), as: UTF8.self)
        #expect(json.contains(#""scope":{"name":"assist","version":"1.2"}"#))
        #expect(json.contains(#"{"key":"service.version","value":{"stringValue":"1.2"}}"#))
        #expect(json.contains(#""traceState":"congo=t61rcWkgMzE","parentSpanId":"000000000000abcd","#))
        #expect(json.contains(#"{"key":"s","value":{"stringValue":"a\"b\n"}},{"key":"b","value":{"boolValue":false}},"#))
        #expect(json.contains(#"{"key":"i","value":{"intValue":"-9223372036854775808"}},{"key":"d","value":{"doubleValue":0.5}},"#))
        #expect(json.contains(#"{"key":"n","value":{"doubleValue":"NaN"}},{"key":"x","value":{"doubleValue":"-Infinity"}},"#))
        #expect(json.contains(#"{"key":"a","value":{"arrayValue":{"values":[{"stringValue":"x"},{"stringValue":"y"}]}}},"#))
        #expect(json.contains(#"{"key":"e","value":{"arrayValue":{}}}]"#))
        #expect(json.contains(#""status":{"message":"upstream_timeout","code":2}}"#))
    }

    @Test("protobuf: a oneof's default value is still written, an unset status and a missing parent are not")
    func protobufPresence() {
        var span = Self.span
        span.status = .unset
        span.attributes = [SpanAttribute("b", .bool(false)), SpanAttribute("s", .string("")), SpanAttribute("i", .int(0))]
        var writer = ProtobufWriter()
        OTLPProtobuf.write(span, to: &writer, limits: .standard)
        let fields = Self.fields(writer.bytes)
        #expect(fields.map(\.number) == [1, 2, 5, 6, 7, 8, 9, 9, 9, 16])  // no parent (4), no status (15)
        #expect(fields.filter { $0.number == 9 }.map { Self.hex($0.payload) } == [
            "0a0162120210" + "00",  // key "b" value { bool_value false }
            "0a017312020a" + "00",  // key "s" value { string_value "" }
            "0a0169120218" + "00",  // key "i" value { int_value 0 }
        ])
    }

    /// The top-level fields of a message: number and payload (a varint's or fixed field's bytes, or a
    /// length-delimited field's contents). Enough of a reader to check which fields were written.
    static func fields(_ bytes: [UInt8]) -> [(number: UInt64, payload: [UInt8])] {
        var fields: [(number: UInt64, payload: [UInt8])] = []
        var index = 0
        func varint() -> (value: UInt64, bytes: [UInt8]) {
            var value: UInt64 = 0, shift: UInt64 = 0, read: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                read.append(byte)
                value |= UInt64(byte & 0x7f) << shift
                shift += 7
                if byte < 0x80 { break }
            }
            return (value, read)
        }
        while index < bytes.count {
            let key = varint().value
            switch key & 7 {
            case 0: fields.append((key >> 3, varint().bytes))
            case 1: fields.append((key >> 3, Array(bytes[index..<min(bytes.count, index + 8)]))); index += 8
            case 5: fields.append((key >> 3, Array(bytes[index..<min(bytes.count, index + 4)]))); index += 4
            case 2:
                let length = Int(varint().value)
                fields.append((key >> 3, Array(bytes[index..<min(bytes.count, index + length)])))
                index += length
            default: return fields
            }
        }
        return fields
    }
}
