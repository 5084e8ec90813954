extension StaticString {
    /// Whether `bytes` are exactly this string's UTF-8: how the hot paths (an event stream's field names, a chunk's
    /// keys) compare bytes with a name, with no String made and no global array reached through a once-check.
    /// Inlinable, so each caller gets it specialised for its collection.
    @inlinable
    public func isSpelled<Bytes: Collection<UInt8>>(by bytes: Bytes) -> Bool {
        guard bytes.count == utf8CodeUnitCount else { return false }
        let name = utf8Start
        var offset = 0
        for byte in bytes {
            if byte != name[offset] { return false }
            offset += 1
        }
        return true
    }
}
