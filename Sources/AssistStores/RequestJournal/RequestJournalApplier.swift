import AssistGateway
import AssistSQLite

/// Puts request-journal entries into SQLite: the same statements the SQLite stores run on their own, and the last
/// sequence number applied, in the caller's transaction, so that entries and mark commit together.
enum RequestJournalApplier {
    /// The table that keeps the last entry SQLite has (one row).
    static let schema = """
        CREATE TABLE IF NOT EXISTS request_journal (id INTEGER PRIMARY KEY CHECK (id = 1), applied INTEGER NOT NULL)
        """

    /// Applies `entries` (in order), folded into the fewest statements that leave the same rows (`CoalescedEntries`),
    /// and records the last one's sequence number as applied.
    static func apply(_ entries: [RequestJournal.Numbered], _ run: SQLiteQuotaStore.Run) throws {
        guard let last = entries.last else { return }
        let folded = CoalescedEntries(entries.lazy.map(\.entry))
        for (key, change) in folded.windows {
            try SQLiteQuotaStore.apply(change, to: key, run)
        }
        for record in folded.rows {
            try SQLiteAuditStore.write(record, run)
        }
        _ = try run("INSERT INTO request_journal (id, applied) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET applied = ?1",
                    [.integer(Int64(bitPattern: last.sequence))])
    }

    /// At open: applies the entries of `found` SQLite does not have yet, in one transaction; returns how many, and
    /// the last sequence number SQLite has.
    static func replay(_ found: [RequestJournal.Numbered], into database: SQLiteDatabase) throws -> (count: Int, last: UInt64) {
        try database.execute(schema)
        return try database.transaction { run in
            let applied = try run("SELECT applied FROM request_journal WHERE id = 1", []).first?.first?.int.map { UInt64(max(0, $0)) } ?? 0
            let missing = found.filter { $0.sequence > applied }
            try apply(missing, run)
            return (missing.count, max(applied, missing.last?.sequence ?? 0))
        }
    }
}
