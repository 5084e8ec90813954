/// Serializes `JSONValue` compactly with sorted keys, and escapes strings for hand-built JSON.
///
/// Deterministic output matters: golden files, audit comparisons and byte templates on the streaming
/// hot path all assume one spelling per value.
public enum JSONWriter {
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(value, into: &out)
        return out
    }

    public static func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    public static func write(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): writeNumber(n, into: &out)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(members[key]!, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeNumber(_ n: Double, into out: inout [UInt8]) {
        if n.rounded() == n, abs(n) < 9.0e15 {
            out.append(contentsOf: String(Int64(n)).utf8)
        } else {
            out.append(contentsOf: "\(n)".utf8)
        }
    }

    /// Appends `s` as a quoted JSON string: `"` `\` and control characters escaped, everything else as UTF-8.
    public static func writeString(_ s: String, into out: inout [UInt8]) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var text = s
        // Runs of bytes that need no escape are found eight bytes at a time (`ByteSearch`) and copied whole: every
        // prompt sent and every event streamed passes here.
        text.withUTF8 { bytes in
            out.append(quote)
            var runStart = 0
            while true {
                let index = ByteSearch.firstStringSpecial(in: bytes, from: runStart)
                if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                guard index < bytes.count else { break }
                let byte = bytes[index]
                out.append(backslash)
                switch byte {
                case quote, backslash: out.append(byte)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    let hex: StaticString = "0123456789abcdef"
                    hex.withUTF8Buffer { digits in
                        out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
                    }
                }
                runStart = index + 1
            }
            out.append(quote)
        }
    }
}
