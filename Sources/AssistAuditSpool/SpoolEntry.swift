public import AssistGateway
import AssistWire
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
    func line() -> [UInt8] {
        var line: [UInt8] = Array("00000000 ".utf8)
        line.reserveCapacity(512)
        JSONWriter.write(.object(fields), into: &line)
        let checksum = Array(Self.hex(CRC32.checksum(line[9...])).utf8)
        line.replaceSubrange(0..<8, with: checksum)
        line.append(UInt8(ascii: "\n"))
        return line
    }

    /// The entry of one line without its newline; nil when the line is torn or damaged.
    static func decode(line: some Collection<UInt8>) -> SpoolEntry? {
        let bytes = Array(line)
        guard bytes.count > 9, bytes[8] == UInt8(ascii: " "),
              let checksum = UInt32(String(decoding: bytes[0..<8], as: UTF8.self), radix: 16) else { return nil }
        let json = bytes[9...]
        guard CRC32.checksum(json) == checksum, let fields = (try? JSONParser.parse(json))?.objectValue else { return nil }
        return entry(fields)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    // The JSON shape of an entry: short keys, a row's time as seconds since 1970 (a `Double` that JSON carries
    // exactly, so a replayed row has the very time it was given), absent fields for nil and empty defaults.
    // Written and read with `AssistWire`'s writer and parser: Foundation's `JSONEncoder` and `JSONDecoder` cost
    // more than the rest of the spool together, twice per row (written, then read back to ship).

    private var fields: [String: JSONValue] {
        switch self {
        case .row(let r):
            var fields: [String: JSONValue] = [
                "kind": "row", "id": .string(r.requestId), "time": .number(r.time.timeIntervalSince1970), "user": .string(r.user),
                "feature": .string(r.feature), "promptVersion": .string(r.promptVersion), "model": .string(r.model),
                "trust": .string(r.trust), "trustReason": .string(r.trustReason), "status": .string(r.status.rawValue),
                "reason": .string(r.reason), "instance": .string(r.instance), "input": .number(Double(r.inputTokens)),
                "output": .number(Double(r.outputTokens)), "masked": .number(Double(r.maskedValues)), "total": .number(r.totalMs),
            ]
            if !r.traceId.isEmpty { fields["trace"] = .string(r.traceId) }
            if let target = r.target { fields["target"] = .string(target) }
            if r.attempts != 0 { fields["attempts"] = .number(Double(r.attempts)) }
            if let cost = r.costMicros { fields["cost"] = .number(Double(cost)) }
            if let ttft = r.timeToFirstTokenMs { fields["ttft"] = .number(ttft) }
            return fields
        case .closeInterrupted(let instance):
            return ["kind": "close", "instance": .string(instance)]
        }
    }

    private static func entry(_ fields: [String: JSONValue]) -> SpoolEntry? {
        func text(_ key: String) -> String { fields[key]?.stringValue ?? "" }
        func integer(_ key: String) -> Int { fields[key]?.intValue ?? 0 }
        switch fields["kind"]?.stringValue {
        case "row":
            guard let id = fields["id"]?.stringValue, let time = fields["time"]?.numberValue,
                  let status = fields["status"]?.stringValue else { return nil }
            var record = AuditRecord(
                requestId: id, time: Date(timeIntervalSince1970: time), user: text("user"), feature: text("feature"),
                promptVersion: text("promptVersion"), model: text("model"), trust: text("trust"), status: AuditStatus(rawValue: status),
                reason: text("reason"), inputTokens: integer("input"), outputTokens: integer("output"),
                timeToFirstTokenMs: fields["ttft"]?.numberValue, totalMs: fields["total"]?.numberValue ?? 0,
                trustReason: text("trustReason"), maskedValues: integer("masked"))
            record.instance = text("instance")
            record.traceId = text("trace")
            (record.target, record.attempts, record.costMicros) = (fields["target"]?.stringValue, integer("attempts"), fields["cost"]?.intValue)
            return .row(record)
        case "close":
            return fields["instance"]?.stringValue.map { .closeInterrupted(instance: $0) }
        default:
            return nil
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
