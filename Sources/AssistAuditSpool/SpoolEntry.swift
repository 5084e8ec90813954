public import AssistGateway
import Foundation

/// One record of the audit spool's journal, and its encoding as one line of the file.
///
/// A line is `CCCCCCCC JSON\n`: the CRC-32 of the JSON in eight hex digits, a space, the entry as JSON (which
/// escapes every newline, so a line is one entry), a newline. A line that lacks its newline or whose checksum
/// does not match was torn by a crash (or damaged) and is never taken for a record: the journal's scan drops a
/// torn tail and skips (and counts) a damaged line in the middle. Nothing but metadata is written, since an
/// `AuditRecord` has no field for prompt or answer text.
public enum SpoolEntry: Sendable, Equatable {
    /// A request's audit row, as `AuditStore.record` was given it.
    case row(AuditRecord)
    /// `closeInterrupted(instance:)`, kept in the journal's order so that it closes, remotely, exactly the
    /// `started` rows journaled before it and none written after.
    case closeInterrupted(instance: String)

    /// The entry as one journal line, newline included.
    func line() throws -> [UInt8] {
        let json = try Self.encoder.encode(Stored(self))
        var line = Array(Self.hex(CRC32.checksum(json)).utf8)
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: json)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// The entry of one line without its newline; nil when the line is torn or damaged.
    static func decode(line: some Collection<UInt8>) -> SpoolEntry? {
        let bytes = Array(line)
        guard bytes.count > 9, bytes[8] == UInt8(ascii: " "),
              let checksum = UInt32(String(decoding: bytes[0..<8], as: UTF8.self), radix: 16) else { return nil }
        let json = bytes[9...]
        guard CRC32.checksum(json) == checksum, let stored = try? JSONDecoder().decode(Stored.self, from: Data(json)) else { return nil }
        return stored.entry
    }

    private static let encoder = JSONEncoder()

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// The JSON shape of an entry: short keys, a row's time as seconds since 1970 (a `Double` that JSON carries
    /// exactly, so a replayed row has the very time it was given).
    private struct Stored: Codable {
        var kind: String
        var id: String?
        var time: Double?
        var user, feature, promptVersion, model, trust, trustReason, status, reason, instance, trace, target: String?
        var input, output, masked, attempts, cost: Int?
        var ttft: Double?
        var total: Double?

        init(_ entry: SpoolEntry) {
            switch entry {
            case .row(let r):
                kind = "row"
                id = r.requestId
                time = r.time.timeIntervalSince1970
                user = r.user
                feature = r.feature
                promptVersion = r.promptVersion
                model = r.model
                trust = r.trust
                trustReason = r.trustReason
                status = r.status.rawValue
                reason = r.reason
                instance = r.instance
                input = r.inputTokens
                output = r.outputTokens
                masked = r.maskedValues
                trace = r.traceId.isEmpty ? nil : r.traceId
                target = r.target
                attempts = r.attempts == 0 ? nil : r.attempts
                cost = r.costMicros
                ttft = r.timeToFirstTokenMs
                total = r.totalMs
            case .closeInterrupted(let instance):
                kind = "close"
                self.instance = instance
            }
        }

        var entry: SpoolEntry? {
            switch kind {
            case "row":
                guard let id, let time, let status else { return nil }
                var record = AuditRecord(
                    requestId: id, time: Date(timeIntervalSince1970: time), user: user ?? "", feature: feature ?? "",
                    promptVersion: promptVersion ?? "", model: model ?? "", trust: trust ?? "", status: AuditStatus(rawValue: status),
                    reason: reason ?? "", inputTokens: input ?? 0, outputTokens: output ?? 0, timeToFirstTokenMs: ttft,
                    totalMs: total ?? 0, trustReason: trustReason ?? "", maskedValues: masked ?? 0)
                record.instance = instance ?? ""
                record.traceId = trace ?? ""
                (record.target, record.attempts, record.costMicros) = (target, attempts ?? 0, cost)
                return .row(record)
            case "close":
                return instance.map { .closeInterrupted(instance: $0) }
            default:
                return nil
            }
        }
    }
}

/// CRC-32 (IEEE 802.3, the polynomial of zlib and ext4's metadata), table-driven: enough to tell a torn or
/// damaged journal line from a whole one, which is all it is for (it is no defence against tampering).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        bytes.withContiguousStorageIfAvailable(checksum(buffer:)) ?? Array(bytes).withUnsafeBufferPointer(checksum(buffer:))
    }

    /// Over raw buffers: a scan at open checks every unshipped line, and per-byte bounds checks made that
    /// several times slower in debug builds, long enough to hold a cooperative thread from other work.
    private static func checksum(buffer: UnsafeBufferPointer<UInt8>) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            return crc ^ 0xFFFF_FFFF
        }
    }
}
