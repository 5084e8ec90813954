import AssistServices

/// How far a generation's journal has been shipped: the byte offset just past the last entry the remote store
/// has committed. Kept in the spool's `shipped` file, overwritten in place and synced after each shipped batch.
///
/// Its encoding has a fixed width (`GENERATION OFFSET CRC\n`, 51 bytes) and a checksum, so that a write torn by a
/// crash reads as no mark at all, never as a wrong one; no mark means the journal is shipped again from its
/// start, which the remote store's upsert by request id makes harmless.
struct ShippedMark: Equatable {
    var generation: Int
    var offset: Int

    static let size = 51

    var bytes: [UInt8] {
        let body = Self.padded(generation) + " " + Self.padded(offset)
        let checksum = String(CRC32.checksum(Array(body.utf8)), radix: 16)
        return Array((body + " " + String(repeating: "0", count: 8 - checksum.count) + checksum + "\n").utf8)
    }

    /// The mark in `bytes`, or nil when they are not a whole, intact mark.
    init?(bytes: [UInt8]) {
        guard bytes.count == Self.size, bytes.last == UInt8(ascii: "\n") else { return nil }
        let fields = String(decoding: bytes.dropLast(), as: UTF8.self).split(separator: " ")
        guard fields.count == 3, let generation = Int(fields[0]), let offset = Int(fields[1]),
              UInt32(fields[2], radix: 16) == CRC32.checksum(Array("\(fields[0]) \(fields[1])".utf8)) else { return nil }
        self.init(generation: generation, offset: offset)
    }

    init(generation: Int, offset: Int) {
        self.generation = generation
        self.offset = offset
    }

    private static func padded(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 20 - digits.count)) + digits
    }
}
