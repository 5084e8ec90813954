/// CRC-32 (IEEE 802.3, the polynomial of zlib and ext4's metadata), table-driven: enough to tell a torn or
/// damaged journal line from a whole one, which is all it is for (it is no defence against tampering).
///
/// Eight bytes a step ("slicing by 8", eight tables of 256): every request's journal lines pass here, and a byte a
/// step was about 0.7 % of a request's CPU.
public enum CRC32 {
    /// Table `k` (at `k * 256`) gives the CRC of a byte followed by `k` zero bytes; table 0 is the classic one.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            tables[index] = value
        }
        for index in 0..<256 {
            for slice in 1..<8 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    public static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        bytes.withContiguousStorageIfAvailable(checksum(buffer:)) ?? Array(bytes).withUnsafeBufferPointer(checksum(buffer:))
    }

    /// Over raw buffers: a scan at open checks every unshipped line, and per-byte bounds checks made that
    /// several times slower in debug builds, long enough to hold a cooperative thread from other work.
    private static func checksum(buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            var index = 0
            while buffer.count - index >= 8 {
                let low = (UInt32(buffer[index]) | UInt32(buffer[index + 1]) << 8 | UInt32(buffer[index + 2]) << 16
                    | UInt32(buffer[index + 3]) << 24) ^ crc
                let high = UInt32(buffer[index + 4]) | UInt32(buffer[index + 5]) << 8 | UInt32(buffer[index + 6]) << 16
                    | UInt32(buffer[index + 7]) << 24
                crc = table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int(low >> 8 & 0xFF)]
                    ^ table[5 * 256 + Int(low >> 16 & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int(high >> 8 & 0xFF)]
                    ^ table[256 + Int(high >> 16 & 0xFF)] ^ table[Int(high >> 24)]
                index += 8
            }
            while index < buffer.count {
                crc = table[Int((crc ^ UInt32(buffer[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
            return crc ^ 0xFFFF_FFFF
        }
    }
}

/// One record of an append-only journal as a line: `CCCCCCCC PAYLOAD\n`, the CRC-32 of the payload in eight hex
/// digits, a space, the payload (which must hold no newline: JSON escapes every one), a newline. A line that lacks
/// its newline or whose checksum does not match was torn by a crash (or damaged), and is never taken for a record.
/// The audit spool's journal and the request journal write their entries this way.
public enum ChecksummedLine {
    /// `payload` framed as a line, newline included.
    public static func encode(_ payload: [UInt8]) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(payload.count + 10)
        var checksum = CRC32.checksum(payload)
        for _ in 0..<8 {
            let digit = UInt8(checksum >> 28)
            line.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            checksum <<= 4
        }
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: payload)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// The payload of one line given without its newline; nil when the line is torn or damaged.
    public static func payload(of line: some Collection<UInt8>) -> ArraySlice<UInt8>? {
        let bytes = Array(line)
        guard bytes.count > 9, bytes[8] == UInt8(ascii: " "),
              let checksum = UInt32(String(decoding: bytes[0..<8], as: UTF8.self), radix: 16) else { return nil }
        let payload = bytes[9...]
        return CRC32.checksum(payload) == checksum ? payload : nil
    }
}
