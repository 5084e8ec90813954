/// A trace's 16-byte id, never all zeros.
public struct TraceID: Hashable, Sendable {
    public let high: UInt64
    public let low: UInt64

    public init?(high: UInt64, low: UInt64) {
        guard high != 0 || low != 0 else { return nil }
        self.high = high
        self.low = low
    }

    init?(hex: ArraySlice<UInt8>) {
        guard hex.count == 32, let high = LowerHex.uint64(hex.prefix(16)), let low = LowerHex.uint64(hex.suffix(16)) else { return nil }
        self.init(high: high, low: low)
    }

    public init?(hex: String) { self.init(hex: ArraySlice(hex.utf8)) }

    static func random<Randomness: RandomNumberGenerator>(using random: inout Randomness) -> TraceID {
        while true { if let id = TraceID(high: random.next(), low: random.next()) { return id } }
    }

    /// 32 lowercase hex digits.
    public var hex: String { LowerHex.string(high, low) }
    /// The 16 bytes, big-endian, as OTLP carries them.
    public var bytes: [UInt8] { LowerHex.bigEndian(high) + LowerHex.bigEndian(low) }

    /// Whether a ratio sampler keeps this trace: its low 8 bytes, as the OpenTelemetry `TraceIdRatioBased`
    /// sampler reads them, under `ratio` of their range.
    func falls(under ratio: Double) -> Bool {
        guard ratio < 1 else { return true }
        guard ratio > 0 else { return false }
        let bound = UInt64(ratio * Double(UInt64.max >> 1))
        return (low >> 1) < bound
    }
}

/// A span's 8-byte id, never all zeros.
public struct SpanID: Hashable, Sendable {
    public let value: UInt64

    public init?(_ value: UInt64) {
        guard value != 0 else { return nil }
        self.value = value
    }

    init?(hex: ArraySlice<UInt8>) {
        guard hex.count == 16, let value = LowerHex.uint64(hex) else { return nil }
        self.init(value)
    }

    public init?(hex: String) { self.init(hex: ArraySlice(hex.utf8)) }

    static func random<Randomness: RandomNumberGenerator>(using random: inout Randomness) -> SpanID {
        while true { if let id = SpanID(random.next()) { return id } }
    }

    /// 16 lowercase hex digits.
    public var hex: String { LowerHex.string(value) }
    /// The 8 bytes, big-endian, as OTLP carries them.
    public var bytes: [UInt8] { LowerHex.bigEndian(value) }
}

/// Lowercase hexadecimal, the only form `traceparent` allows.
enum LowerHex {
    static let digits = Array("0123456789abcdef".utf8)

    static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    static func byte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let high = nibble(high), let low = nibble(low) else { return nil }
        return high << 4 | low
    }

    static func uint64(_ hex: ArraySlice<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        for byte in hex {
            guard let digit = nibble(byte) else { return nil }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// The 16 digits of `value`.
    static func string(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            write(value, into: buffer, at: 0)
            return 16
        }
    }

    /// The 32 digits of `high` then `low`, as one string: one allocation for a trace id, where two strings joined
    /// cost three (every request makes one).
    static func string(_ high: UInt64, _ low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            write(high, into: buffer, at: 0)
            write(low, into: buffer, at: 16)
            return 32
        }
    }

    private static func write(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        for index in 0..<16 { buffer[start + index] = digits[Int(value >> UInt64(60 - 4 * index) & 0xf)] }
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> UInt64(56 - 8 * $0)) } }
}
