/// Protocol Buffers' wire format (https://protobuf.dev/programming-guides/encoding/), the part an OTLP request
/// needs: varints, fixed 32- and 64-bit fields, and length-delimited fields (bytes, strings, nested messages).
///
/// Hand-written because no Swift package may be fetched, and because the request is small and fixed: one message
/// type, written once per batch, never read. Fields are written in the order the caller writes them; the OTLP
/// encoder writes them in field-number order, as protobuf's own serializers do, so its bytes can be held to
/// theirs byte for byte.
///
/// Nothing here can trap: lengths are the counts of arrays that exist (so they fit in a `UInt64`), and every
/// number is written by shifting and masking, never by arithmetic that could overflow.
struct ProtobufWriter {
    /// Protobuf's wire types: how a field's value is framed after its tag.
    enum WireType: UInt64 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5
    }

    private(set) var bytes: [UInt8] = []

    init() {}

    /// A base-128 varint: seven bits a byte, least significant first, the high bit set on every byte but the last.
    /// A negative `int64` is written as its two's complement (ten bytes), as protobuf's `int64` is.
    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }

    /// A field's key: its number shifted left three bits, or'ed with its wire type.
    mutating func tag(_ field: UInt64, _ type: WireType) {
        varint(field << 3 | type.rawValue)
    }

    mutating func varintField(_ field: UInt64, _ value: UInt64) {
        tag(field, .varint)
        varint(value)
    }

    /// Eight bytes, little-endian: `fixed64` times and the bits of a `double`.
    mutating func fixed64Field(_ field: UInt64, _ value: UInt64) {
        tag(field, .fixed64)
        for shift in stride(from: UInt64(0), to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// Four bytes, little-endian: a span's `flags`.
    mutating func fixed32Field(_ field: UInt64, _ value: UInt32) {
        tag(field, .fixed32)
        for shift in stride(from: UInt32(0), to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// A length-delimited field of raw bytes (an id).
    mutating func bytesField(_ field: UInt64, _ value: [UInt8]) {
        tag(field, .lengthDelimited)
        varint(UInt64(value.count))
        bytes += value
    }

    /// A length-delimited field of UTF-8 text. Written even when empty: the caller decides whether a default value
    /// is left out (it must not be inside a `oneof`, where presence is the value).
    mutating func stringField(_ field: UInt64, _ value: String) {
        tag(field, .lengthDelimited)
        varint(UInt64(value.utf8.count))
        bytes += value.utf8
    }

    /// A nested message: `body` writes its fields, which are then framed by their length. The nested bytes are
    /// copied once into this writer; at OTLP's depth (seven levels at most) and batch size that is cheap.
    mutating func messageField(_ field: UInt64, _ body: (inout ProtobufWriter) -> Void) {
        var inner = ProtobufWriter()
        body(&inner)
        tag(field, .lengthDelimited)
        varint(UInt64(inner.bytes.count))
        bytes += inner.bytes
    }
}
