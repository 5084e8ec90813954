public import AssistGateway
public import AssistSQLite

/// Refusal counts in SQLite, one row per (minute, endpoint, reason, address), added to by upsert.
///
/// Written only by `RefusalRecorder`'s flushes (one job on the database's work queue per batch, every few
/// seconds), never per refusal; `RefusalTally` bounds the rows a minute can add, and `removeCounts(before:)`
/// the minutes kept.
public final class SQLiteRefusalStore: RefusalStore {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.execute("""
            CREATE TABLE IF NOT EXISTS refusal_counts (
                minute INTEGER NOT NULL, endpoint TEXT NOT NULL, reason TEXT NOT NULL, address TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (minute, endpoint, reason, address)
            ) WITHOUT ROWID
            """)
    }

    public func add(_ counts: [RefusalKey: Int]) async throws {
        guard !counts.isEmpty else { return }
        try await database.perform { statements in
            for (key, count) in counts {
                try statements.query("""
                    INSERT INTO refusal_counts VALUES (?1, ?2, ?3, ?4, ?5)
                    ON CONFLICT (minute, endpoint, reason, address) DO UPDATE SET count = count + excluded.count
                    """, [.integer(Int64(key.minute)), .text(key.endpoint), .text(key.reason), .text(key.address), .integer(Int64(count))])
            }
        }
    }

    public func counts(since minute: Int) async throws -> [RefusalKey: Int] {
        var result: [RefusalKey: Int] = [:]
        let rows = try await database.perform("SELECT minute, endpoint, reason, address, count FROM refusal_counts WHERE minute >= ?1",
                                                 [.integer(Int64(minute))])
        for row in rows {
            guard let minute = row[0].int, let endpoint = row[1].text, let reason = row[2].text, let address = row[3].text,
                  let count = row[4].int else { continue }
            result[RefusalKey(minute: minute, endpoint: endpoint, reason: reason, address: address)] = count
        }
        return result
    }

    public func removeCounts(before minute: Int) async throws {
        try await database.perform("DELETE FROM refusal_counts WHERE minute < ?1", [.integer(Int64(minute))])
    }
}
