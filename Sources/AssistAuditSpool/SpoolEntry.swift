public import AssistGateway
import AssistServices
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

    /// The entry as one journal line, newline included (`ChecksummedLine`).
    func line() -> [UInt8] {
        var object = JSONObjectWriter(capacity: 512)
        switch self {
        case .row(let record):
            object.string("kind", "row")
            record.writeJournalFields(into: &object)
        case .closeInterrupted(let instance):
            object.string("kind", "close")
            object.string("instance", instance)
        }
        return ChecksummedLine.encode(object.finish())
    }

    /// The entry of one line without its newline; nil when the line is torn or damaged.
    static func decode(line: some Collection<UInt8>) -> SpoolEntry? {
        guard let json = ChecksummedLine.payload(of: line), let fields = (try? JSONParser.parse(json))?.objectValue else { return nil }
        return entry(fields)
    }

    // The JSON shape of an entry: a row's `AuditRecord.writeJournalFields` and its kind.

    private static func entry(_ fields: [String: JSONValue]) -> SpoolEntry? {
        switch fields["kind"]?.stringValue {
        case "row":
            return AuditRecord(journalFields: fields).map { .row($0) }
        case "close":
            return fields["instance"]?.stringValue.map { .closeInterrupted(instance: $0) }
        default:
            return nil
        }
    }
}
