public import AssistGateway
public import AssistSQLite
public import Foundation

/// Generated summaries in SQLite (`summary_cache`), apart from the audit log, with a retention period:
/// expired rows are misses and are deleted whenever a new summary is stored.
public final class SQLiteAnswerStore: AnswerStore {
    private let database: SQLiteDatabase
    private let retention: TimeInterval

    public init(database: SQLiteDatabase, retention: TimeInterval = 30 * 86_400) throws {
        self.database = database
        self.retention = retention
        try database.execute("""
            CREATE TABLE IF NOT EXISTS summary_cache (key TEXT PRIMARY KEY, text TEXT NOT NULL, stored_at REAL NOT NULL) WITHOUT ROWID
            """)
    }

    public func text(for key: AnswerKey, now: Date) async throws -> String? {
        try await database.perform("SELECT text FROM summary_cache WHERE key = ? AND stored_at > ?", [
            .text(key.storageKey), .real(now.timeIntervalSince1970 - retention),
        ]).first?[0].text
    }

    public func store(_ text: String, for key: AnswerKey, at time: Date) async throws {
        let (expired, stored) = (time.timeIntervalSince1970 - retention, time.timeIntervalSince1970)
        try await database.perform { statements in
            try statements.query("DELETE FROM summary_cache WHERE stored_at <= ?", [.real(expired)])
            try statements.query("INSERT OR REPLACE INTO summary_cache VALUES (?, ?, ?)", [.text(key.storageKey), .text(text), .real(stored)])
        }
    }
}
