/// A decoded CBOR data item (RFC 8949), enough for App Attest attestation objects and assertions.
///
/// Decoding is strict because the input comes from the network: only definite lengths (App Attest never
/// uses indefinite ones, and rejecting them removes the break-code state machine), nesting at most
/// `maxDepth` containers deep, every declared length or count checked against the bytes actually left
/// before anything is allocated, text must be valid UTF-8, reserved additional-information values and
/// stray break codes are errors, and map keys must be integers or text strings and unique (so a second
/// `authData` cannot hide behind the first). Integer arguments in non-shortest form are accepted, as
/// RFC 8949 §5.1 allows; this decoder checks well-formedness, not deterministic encoding.
public enum CBOR: Sendable, Equatable {
    case unsigned(UInt64)
    /// A negative integer whose value is `-1 - n`, so the whole range down to -2^64 is representable.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBOR])
    /// Entries in encoded order (no dictionary: CBOR has no Hashable floats, and order helps diagnostics).
    case map([(key: CBOR, value: CBOR)])
    indirect case tagged(UInt64, CBOR)
    /// Simple values without a case of their own: 0–19 and 32–255.
    case simple(UInt8)
    case bool(Bool)
    case null
    case undefined
    /// Half, single and double precision, widened exactly to `Double`.
    case float(Double)

    public struct DecodingError: Error, CustomStringConvertible, Equatable {
        public let description: String
        init(_ what: String, at offset: Int) { description = "CBOR: \(what) at byte \(offset)" }
    }

    /// The deepest nesting of arrays, maps and tags accepted; App Attest needs 3. Bounds recursion.
    public static let maxDepth = 16

    /// Decodes exactly one item spanning all of `bytes` (trailing bytes are an error).
    public static func decode(_ bytes: [UInt8]) throws(DecodingError) -> CBOR {
        var reader = Reader(bytes: bytes)
        let item = try reader.item(depth: 0)
        guard reader.position == bytes.count else {
            throw DecodingError("\(bytes.count - reader.position) trailing bytes", at: reader.position)
        }
        return item
    }

    /// The value for a text key in a map; `nil` for a missing key or a non-map. Keys compare by UTF-8
    /// bytes, not Unicode canonical equivalence, so exactly the encoded key matches.
    public subscript(key: String) -> CBOR? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { entry in
            if case .text(let text) = entry.key { text.utf8.elementsEqual(key.utf8) } else { false }
        }?.value
    }

    public var bytesValue: [UInt8]? { if case .bytes(let value) = self { value } else { nil } }
    public var textValue: String? { if case .text(let value) = self { value } else { nil } }
    public var arrayValue: [CBOR]? { if case .array(let value) = self { value } else { nil } }

    /// The integer as `Int`, or `nil` if it is not an integer or does not fit.
    public var intValue: Int? {
        switch self {
        case .unsigned(let n): n <= UInt64(Int.max) ? Int(n) : nil
        case .negative(let n): n <= UInt64(Int.max) ? -1 - Int(n) : nil
        default: nil
        }
    }

    /// Structural equality. Text compares by UTF-8 bytes and floats by bit pattern, so equality follows the
    /// encoded value: NaN equals itself and 0.0 differs from -0.0.
    public static func == (lhs: CBOR, rhs: CBOR) -> Bool {
        switch (lhs, rhs) {
        case let (.unsigned(a), .unsigned(b)), let (.negative(a), .negative(b)): a == b
        case let (.bytes(a), .bytes(b)): a == b
        case let (.text(a), .text(b)): a.utf8.elementsEqual(b.utf8)
        case let (.array(a), .array(b)): a == b
        case let (.map(a), .map(b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.tagged(t, a), .tagged(u, b)): t == u && a == b
        case let (.simple(a), .simple(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null), (.undefined, .undefined): true
        case let (.float(a), .float(b)): a.bitPattern == b.bitPattern
        default: false
        }
    }
}

/// A cursor over the input. Every read is bounds-checked; nothing is allocated beyond the bytes left.
private struct Reader {
    let bytes: [UInt8]
    var position = 0

    private enum MapKey: Hashable { case unsigned(UInt64), negative(UInt64), text([UInt8]) }

    mutating func item(depth: Int) throws(CBOR.DecodingError) -> CBOR {
        let start = position
        let initial = try byte()
        let major = initial >> 5, info = initial & 0x1F
        if major == 7 { return try simpleOrFloat(info, at: start) }
        let argument = try argument(info, major: major, at: start)
        switch major {
        case 0: return .unsigned(argument)
        case 1: return .negative(argument)
        case 2: return .bytes(Array(try take(count(argument, elementSize: 1, at: start))))
        case 3:
            let raw = try take(count(argument, elementSize: 1, at: start))
            guard let text = String(validating: raw, as: UTF8.self) else { throw .init("invalid UTF-8 in text string", at: start) }
            return .text(text)
        default: break
        }
        // Arrays, maps and tags nest; the depth check comes before any recursion.
        guard depth < CBOR.maxDepth else { throw .init("nesting deeper than \(CBOR.maxDepth)", at: start) }
        switch major {
        case 4:
            let n = try count(argument, elementSize: 1, at: start)
            var items: [CBOR] = []
            items.reserveCapacity(n)
            for _ in 0..<n { items.append(try item(depth: depth + 1)) }
            return .array(items)
        case 5:
            let n = try count(argument, elementSize: 2, at: start)
            var entries: [(key: CBOR, value: CBOR)] = []
            entries.reserveCapacity(n)
            var seen = Set<MapKey>(minimumCapacity: n)
            for _ in 0..<n {
                let keyStart = position
                let key = try item(depth: depth + 1)
                let mapKey: MapKey = switch key {
                case .unsigned(let k): .unsigned(k)
                case .negative(let k): .negative(k)
                case .text(let k): .text(Array(k.utf8))
                default: throw .init("map key is not an integer or text string", at: keyStart)
                }
                guard seen.insert(mapKey).inserted else { throw .init("duplicate map key", at: keyStart) }
                entries.append((key: key, value: try item(depth: depth + 1)))
            }
            return .map(entries)
        default:
            return .tagged(argument, try item(depth: depth + 1))
        }
    }

    /// Major type 7: simple values and floats. The 1-byte form must not encode 0–31 (RFC 8949 §3.3).
    private mutating func simpleOrFloat(_ info: UInt8, at start: Int) throws(CBOR.DecodingError) -> CBOR {
        switch info {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 23: return .undefined
        case 24:
            let value = try byte()
            guard value >= 32 else { throw .init("two-byte simple value \(value) below 32", at: start) }
            return .simple(value)
        case 25: return .float(Self.half(UInt16(try uint(2))))
        case 26: return .float(Double(Float(bitPattern: UInt32(try uint(4)))))
        case 27: return .float(Double(bitPattern: try uint(8)))
        case 28...30: throw .init("reserved additional information \(info)", at: start)
        case 31: throw .init("unexpected break code", at: start)
        default: return .simple(info)
        }
    }

    /// IEEE 754 binary16, decoded by hand (RFC 8949 Appendix D) because `Float16` is missing on Intel macOS.
    private static func half(_ bits: UInt16) -> Double {
        let exponent = Int(bits >> 10 & 0x1F), mantissa = Double(bits & 0x3FF)
        let magnitude: Double = switch exponent {
        case 0: mantissa * 0x1p-24
        case 31: mantissa == 0 ? .infinity : .nan
        default: (mantissa + 1024) * Double(sign: .plus, exponent: exponent - 25, significand: 1)
        }
        return bits & 0x8000 != 0 ? -magnitude : magnitude
    }

    /// The argument of a non-simple head: the value, length or count encoded after the initial byte.
    private mutating func argument(_ info: UInt8, major: UInt8, at start: Int) throws(CBOR.DecodingError) -> UInt64 {
        switch info {
        case 0...23: return UInt64(info)
        case 24: return UInt64(try byte())
        case 25: return try uint(2)
        case 26: return try uint(4)
        case 27: return try uint(8)
        case 28...30: throw .init("reserved additional information \(info)", at: start)
        default:
            // Additional information 31: indefinite length for strings, arrays and maps; invalid otherwise.
            throw .init((2...5).contains(major) ? "indefinite length not supported" : "additional information 31 with major type \(major)", at: start)
        }
    }

    /// A declared length or count as `Int`, rejected if its elements (at least `elementSize` bytes each)
    /// could not fit in the bytes left. This is what keeps a forged 2^64 length from reserving memory.
    private func count(_ declared: UInt64, elementSize: UInt64, at start: Int) throws(CBOR.DecodingError) -> Int {
        let left = bytes.count - position
        guard declared <= UInt64(left) / elementSize else {
            throw .init("declared length \(declared) exceeds the \(left) bytes left", at: start)
        }
        return Int(declared)
    }

    private mutating func byte() throws(CBOR.DecodingError) -> UInt8 {
        guard position < bytes.count else { throw .init("unexpected end of input", at: position) }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func uint(_ width: Int) throws(CBOR.DecodingError) -> UInt64 {
        var value: UInt64 = 0
        for byte in try take(width) { value = value << 8 | UInt64(byte) }
        return value
    }

    private mutating func take(_ n: Int) throws(CBOR.DecodingError) -> ArraySlice<UInt8> {
        guard n <= bytes.count - position else { throw .init("unexpected end of input", at: bytes.count) }
        defer { position += n }
        return bytes[position..<position + n]
    }
}
