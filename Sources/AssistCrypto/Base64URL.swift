/// Base64url without padding (RFC 4648 §5), as JWTs use it. Decoding is strict: padding, whitespace and
/// characters outside the URL-safe alphabet are errors, not silently skipped.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let reverse: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = Int8(i) }
        return table
    }()

    /// Unpadded base64url. Written straight into the string's storage: request ids and tokens are made with it on
    /// every request, and an array of bytes first, then a string of them, cost two allocations where one will do.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let count = bytes.count
        let length = count / 3 * 4 + [0, 2, 3][count % 3]
        return String(unsafeUninitializedCapacity: length) { out in
            var (position, pending, held) = (0, UInt32(0), 0)
            func put(_ shift: UInt32) {
                out[position] = alphabet[Int(pending >> shift & 63)]
                position += 1
            }
            for byte in bytes {
                pending = pending << 8 | UInt32(byte)
                held += 1
                if held == 3 {
                    put(18); put(12); put(6); put(0)
                    (pending, held) = (0, 0)
                }
            }
            if held > 0 {  // one byte gives two characters, two give three
                pending <<= 8 * UInt32(3 - held)
                put(18); put(12)
                if held == 2 { put(6) }
            }
            return position
        }
    }

    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(input.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for c in input {
            let v = reverse[Int(c)]
            guard v >= 0 else { return nil }
            buffer = buffer << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        // Leftover bits must be zero, or two different strings would decode to the same bytes.
        guard buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return out
    }
}
