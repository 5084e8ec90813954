/// Case folding for HTTP's ASCII names (field names, methods, codings), without `String.lowercased()`: that one is
/// Unicode's, allocates a new string every time, and ran for every header of every request.
public enum ASCIICase {
    /// `text` with A–Z made a–z. `text` itself (no copy) when it has no uppercase letter; a string that is not
    /// all ASCII is folded by `lowercased()`, so the result is always what `lowercased()` gives.
    @inlinable
    public static func lowercased(_ text: String) -> String {
        var hasUpper = false
        for byte in text.utf8 {
            if byte >= 0x80 { return text.lowercased() }
            if byte >= 0x41 && byte <= 0x5A { hasUpper = true }
        }
        guard hasUpper else { return text }
        return String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            for (index, byte) in text.utf8.enumerated() { buffer[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
            return text.utf8.count
        }
    }

    /// Whether `bytes` spell `lowercase` (written in lowercase ASCII) in any case.
    @inlinable
    public static func equals(_ bytes: some Collection<UInt8>, _ lowercase: StaticString) -> Bool {
        lowercase.withUTF8Buffer { expected in
            bytes.count == expected.count && zip(bytes, expected).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
        }
    }

    /// Whether `text` is `lowercase` (written in lowercase ASCII) in any case.
    @inlinable
    public static func equals(_ text: String, _ lowercase: StaticString) -> Bool { equals(text.utf8, lowercase) }
}
