public import AssistGateway
public import Foundation

/// Generated summaries in PostgreSQL (`summary_cache`, migration 5), shared by every replica, with a
/// retention period as `SQLiteAnswerStore`: an entry stored `retention` ago or earlier is a miss, and expired
/// entries are deleted whenever a new one is stored.
public final class PostgresAnswerStore: AnswerStore {
    private let client: PostgresClient
    private let retention: TimeInterval

    public init(client: PostgresClient, retention: TimeInterval = 30 * 86_400) {
        self.client = client
        self.retention = retention
    }

    public func text(for key: AnswerKey, now: Date) async throws -> String? {
        try await client.query("SELECT text FROM summary_cache WHERE key = $1 AND stored_at > $2", [
            .text(key.storageKey), .double(now.timeIntervalSince1970 - retention),
        ]).first?.text(0)
    }

    public func store(_ text: String, for key: AnswerKey, at time: Date) async throws {
        let (expired, stored) = (time.timeIntervalSince1970 - retention, time.timeIntervalSince1970)
        try await client.perform { statements in
            try await statements.query("DELETE FROM summary_cache WHERE stored_at <= $1", [.double(expired)])
            try await statements.query("""
                INSERT INTO summary_cache (key, text, stored_at) VALUES ($1, $2, $3)
                ON CONFLICT (key) DO UPDATE SET text = excluded.text, stored_at = excluded.stored_at
                """, [.text(key.storageKey), .text(text), .double(stored)])
        }
    }
}
