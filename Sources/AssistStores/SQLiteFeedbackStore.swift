public import AssistGateway
public import AssistSQLite
import AssistWire
import Foundation

/// Feedback in SQLite, apart from the audit log: it may hold the user's words. One row per request and user
/// (`feedback_request_user`, unique): a second verdict replaces the first in place.
public final class SQLiteFeedbackStore: FeedbackStore {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.execute("""
            CREATE TABLE IF NOT EXISTS feedback (
                request_id TEXT NOT NULL, user TEXT NOT NULL, feature TEXT NOT NULL, prompt_version TEXT NOT NULL,
                verdict TEXT NOT NULL, reason TEXT, time REAL NOT NULL);
            CREATE INDEX IF NOT EXISTS feedback_feature ON feedback (feature, prompt_version);
            """)
        // Added after the first release: the request's input and locale (JSON text), for golden cases.
        let columns = try database.query("PRAGMA table_info(feedback)").compactMap { $0[1].text }
        if !columns.contains("input") {
            try database.execute("ALTER TABLE feedback ADD COLUMN input TEXT; ALTER TABLE feedback ADD COLUMN locale TEXT;")
        }
        // Added later still: one verdict per request and user. A data directory from before may hold several: the
        // one written last stays, in one transaction with the index that keeps it so.
        let unique = try database.query("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'feedback_request_user'")
        if unique.isEmpty {
            try database.transaction { query in
                _ = try query("DELETE FROM feedback WHERE rowid NOT IN (SELECT max(rowid) FROM feedback GROUP BY request_id, user)", [])
                _ = try query("CREATE UNIQUE INDEX IF NOT EXISTS feedback_request_user ON feedback (request_id, user)", [])
            }
        }
    }

    public func record(_ f: Feedback) async throws {
        try await database.perform("""
            INSERT INTO feedback (request_id, user, feature, prompt_version, verdict, reason, time, input, locale)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (request_id, user) DO UPDATE SET
                feature = excluded.feature, prompt_version = excluded.prompt_version, verdict = excluded.verdict,
                reason = excluded.reason, time = excluded.time, input = excluded.input, locale = excluded.locale
            """, [
            .text(f.requestId), .text(f.user), .text(f.feature), .text(f.promptVersion), .text(f.verdict.rawValue),
            f.reason.map { .text($0) } ?? .null, .real(f.time.timeIntervalSince1970),
            f.input.map { .text(JSONWriter.string(.object($0))) } ?? .null, f.locale.map { .text($0) } ?? .null,
        ])
    }

    public func all() async throws -> [Feedback] {
        try await database.perform("""
            SELECT request_id, user, feature, prompt_version, verdict, reason, time, input, locale FROM feedback ORDER BY rowid
            """).compactMap { row in
            guard let verdict = row[4].text.flatMap(Feedback.Verdict.init(rawValue:)) else { return nil }
            return Feedback(requestId: row[0].text ?? "", user: row[1].text ?? "", feature: row[2].text ?? "", promptVersion: row[3].text ?? "",
                            verdict: verdict, reason: row[5].text, time: Date(timeIntervalSince1970: row[6].double ?? 0),
                            input: row[7].text.flatMap { try? JSONParser.parse($0).objectValue }, locale: row[8].text)
        }
    }
}
