public import AssistGateway
import AssistServices
import AssistWire

/// One change the request journal holds until SQLite has it: a quota reservation, its settlement, or an audit row.
///
/// A line of the journal is a `ChecksummedLine` whose payload is the entry as JSON with its sequence number
/// (`seq`), which orders entries across the journal's rewrites and tells a replay which ones SQLite already has.
/// Only metadata is written: an `AuditRecord` has no field for prompt or answer text.
public enum RequestJournalEntry: Sendable, Equatable {
    /// One request and `tokens` counted in `key`'s window (what `SQLiteQuotaStore.reserve` counts once admitted).
    case reserve(QuotaKey, tokens: Int)
    /// `key`'s tokens corrected from the `reserved` estimate to the `actual` count.
    case settle(QuotaKey, reserved: Int, actual: Int)
    /// A request's audit row (its `started` row, or its end replacing it).
    case row(AuditRecord)

    /// Entries numbered from `first` on as one journal line, newline included: a lone entry as its own JSON
    /// object, several as a `group` holding each (`{"kind":"group","entries":[…]}`), so that one checksum covers
    /// them all and a line a crash tore loses all of them, never some.
    static func line<Entries: Collection<RequestJournalEntry>>(_ entries: Entries, first: UInt64) -> [UInt8] {
        guard entries.count > 1 else { return ChecksummedLine.encode(entries.first.map { $0.object(sequence: first) } ?? []) }
        var group = JSONObjectWriter(capacity: 512 * entries.count)
        group.string("kind", "group")
        group.array("entries", of: entries.enumerated().map { $1.object(sequence: first + UInt64($0)) })
        return ChecksummedLine.encode(group.finish())
    }

    /// The entry numbered `sequence` as one journal line, newline included.
    func line(sequence: UInt64) -> [UInt8] { Self.line(CollectionOfOne(self), first: sequence) }

    /// The entry as a JSON object (`JSONObjectWriter`: no dictionary on the request's path).
    private func object(sequence: UInt64) -> [UInt8] {
        var object = JSONObjectWriter(capacity: 512)
        switch self {
        case .reserve(let key, let tokens):
            object.string("kind", "reserve")
            Self.writeKey(key, into: &object)
            object.integer("tokens", tokens)
        case .settle(let key, let reserved, let actual):
            object.string("kind", "settle")
            Self.writeKey(key, into: &object)
            object.integer("reserved", reserved)
            object.integer("actual", actual)
        case .row(let record):
            object.string("kind", "row")
            record.writeJournalFields(into: &object)
        }
        object.integer("seq", sequence)
        return object.finish()
    }

    /// The numbered entries of one line given without its newline (one, or a group's); nil when the line is torn,
    /// damaged, or holds anything that is not an entry (then none of a group's are taken).
    static func decode(line: some Collection<UInt8>) -> [(sequence: UInt64, entry: RequestJournalEntry)]? {
        guard let json = ChecksummedLine.payload(of: line), let fields = (try? JSONParser.parse(json))?.objectValue else { return nil }
        guard fields["kind"]?.stringValue == "group" else { return decode(fields: fields).map { [$0] } }
        guard case .array(let members)? = fields["entries"], !members.isEmpty else { return nil }
        var entries: [(sequence: UInt64, entry: RequestJournalEntry)] = []
        for member in members {
            guard let fields = member.objectValue, let entry = decode(fields: fields) else { return nil }
            entries.append(entry)
        }
        return entries
    }

    private static func decode(fields: [String: JSONValue]) -> (sequence: UInt64, entry: RequestJournalEntry)? {
        guard let sequence = fields["seq"]?.intValue, sequence > 0 else { return nil }
        func integer(_ name: String) -> Int? { fields[name]?.intValue }
        let entry: RequestJournalEntry
        switch fields["kind"]?.stringValue {
        case "reserve":
            guard let key = key(fields), let tokens = integer("tokens") else { return nil }
            entry = .reserve(key, tokens: tokens)
        case "settle":
            guard let key = key(fields), let reserved = integer("reserved"), let actual = integer("actual") else { return nil }
            entry = .settle(key, reserved: reserved, actual: actual)
        case "row":
            guard let record = AuditRecord(journalFields: fields) else { return nil }
            entry = .row(record)
        default:
            return nil
        }
        return (UInt64(sequence), entry)
    }

    private static func writeKey(_ key: QuotaKey, into object: inout JSONObjectWriter) {
        object.string("user", key.user)
        object.string("feature", key.feature)
        object.integer("day", key.day.index)
    }

    private static func key(_ fields: [String: JSONValue]) -> QuotaKey? {
        guard let user = fields["user"]?.stringValue, let feature = fields["feature"]?.stringValue,
              let day = fields["day"]?.intValue else { return nil }
        return QuotaKey(user: user, feature: feature, day: UTCDay(index: day))
    }
}
