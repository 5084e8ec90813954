/// Finding the next byte of interest in a buffer eight bytes at a time: the searches the per-token hot paths make
/// (the end of an event-stream line, the end of a JSON string), which a byte-at-a-time loop made a quarter of
/// the chunk scanner's time.
///
/// Each search reads whole 8-byte words while they fit, and tests all eight bytes of a word at once with the
/// classic zero-byte trick (`(x - 0x01…) & ~x & 0x80…` has the top bit set in the lowest byte of `x` that is
/// zero, and only possibly in bytes above it, so its lowest set bit is exact). The tail is searched byte by byte.
/// Every result is the same as the plain loop's; `ByteSearchTests` holds them to it on random buffers.
public enum ByteSearch {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The top bit of each byte of `word` that is zero (exact for the lowest such byte).
    @inlinable @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }

    /// The top bit of each byte of `word` that is below 0x20 (exact for the lowest such byte).
    @inlinable @inline(__always)
    static func controlBytes(_ word: UInt64) -> UInt64 { (word &- ones &* 0x20) & ~word & highs }

    /// The index of the first of `bytes[from...]` for which `matches(word)` marks a byte, or `bytes.count`.
    @inlinable @inline(__always)
    static func first(in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                      words matches: (UInt64) -> UInt64, byte matchesByte: (UInt8) -> Bool) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var index = max(start, 0)
        while bytes.count - index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let found = matches(word)
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count, !matchesByte(base[index]) { index += 1 }
        return index
    }

    /// The index of the first CR or LF at or after `start`, or `bytes.count`: where an event-stream line ends.
    @inlinable
    public static func firstLineBreak(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        first(in: bytes, from: start,
              words: { zeroBytes($0 ^ (ones &* 0x0A)) | zeroBytes($0 ^ (ones &* 0x0D)) },
              byte: { $0 == 0x0A || $0 == 0x0D })
    }

    /// The index of the first quote, backslash or control byte (below 0x20) at or after `start`, or
    /// `bytes.count`: where the plain run inside a JSON string ends.
    @inlinable
    public static func firstStringSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        first(in: bytes, from: start,
              words: { zeroBytes($0 ^ (ones &* 0x22)) | zeroBytes($0 ^ (ones &* 0x5C)) | controlBytes($0) },
              byte: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 })
    }
}
