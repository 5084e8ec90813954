extension CBOR {
    /// The item in CBOR's preferred (shortest-argument) encoding, definite lengths only. The client kit
    /// encodes assertions with it, and tests rebuild attestation objects with one field changed.
    public var encoded: [UInt8] {
        var out: [UInt8] = []
        encode(into: &out)
        return out
    }

    private func encode(into out: inout [UInt8]) {
        switch self {
        case .unsigned(let value): Self.head(0, value, into: &out)
        case .negative(let value): Self.head(1, value, into: &out)
        case .bytes(let bytes):
            Self.head(2, UInt64(bytes.count), into: &out)
            out += bytes
        case .text(let text):
            Self.head(3, UInt64(text.utf8.count), into: &out)
            out += text.utf8
        case .array(let items):
            Self.head(4, UInt64(items.count), into: &out)
            for item in items { item.encode(into: &out) }
        case .map(let entries):
            Self.head(5, UInt64(entries.count), into: &out)
            for entry in entries {
                entry.key.encode(into: &out)
                entry.value.encode(into: &out)
            }
        case .tagged(let tag, let item):
            Self.head(6, tag, into: &out)
            item.encode(into: &out)
        case .simple(let value):
            if value < 24 { out.append(0xE0 | value) } else { out += [0xF8, value] }
        case .bool(let value): out.append(value ? 0xF5 : 0xF4)
        case .null: out.append(0xF6)
        case .undefined: out.append(0xF7)
        case .float(let value):
            out.append(0xFB)
            out += withUnsafeBytes(of: value.bitPattern.bigEndian) { Array($0) }
        }
    }

    private static func head(_ major: UInt8, _ argument: UInt64, into out: inout [UInt8]) {
        let type = major << 5
        switch argument {
        case ..<24: out.append(type | UInt8(argument))
        case ..<0x100: out += [type | 24, UInt8(argument)]
        case ..<0x1_0000: out += [type | 25] + withUnsafeBytes(of: UInt16(argument).bigEndian) { Array($0) }
        case ..<0x1_0000_0000: out += [type | 26] + withUnsafeBytes(of: UInt32(argument).bigEndian) { Array($0) }
        default: out += [type | 27] + withUnsafeBytes(of: argument.bigEndian) { Array($0) }
        }
    }
}
