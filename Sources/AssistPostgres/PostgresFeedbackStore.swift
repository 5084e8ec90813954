public import AssistGateway
import AssistWire
import Foundation

/// Feedback in PostgreSQL (`feedback`, migration 2), apart from the audit log: it may hold the user's words.
/// The request's input is kept as the JSON text `JSONWriter` made, so it reads back exactly. One row per request
/// and user (migration 8): a second verdict replaces the first in place.
public final class PostgresFeedbackStore: FeedbackStore {
    private let client: PostgresClient

    public init(client: PostgresClient) { self.client = client }

    public func record(_ f: Feedback) async throws {
        try await client.query("""
            INSERT INTO feedback (request_id, user_id, feature, prompt_version, verdict, reason, time, input, locale)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            ON CONFLICT (request_id, user_id) DO UPDATE SET
                feature = excluded.feature, prompt_version = excluded.prompt_version, verdict = excluded.verdict,
                reason = excluded.reason, time = excluded.time, input = excluded.input, locale = excluded.locale
            """, [
            .text(f.requestId), .text(f.user), .text(f.feature), .text(f.promptVersion), .text(f.verdict.rawValue),
            .optional(f.reason), .double(f.time.timeIntervalSince1970), .optional(f.input.map { JSONWriter.string(.object($0)) }),
            .optional(f.locale),
        ])
    }

    /// Every row, in the order written.
    public func all() async throws -> [Feedback] {
        try await client.query("""
            SELECT request_id, user_id, feature, prompt_version, verdict, reason, time, input, locale FROM feedback ORDER BY id
            """).compactMap { row in
            guard let verdict = row.text(4).flatMap(Feedback.Verdict.init(rawValue:)) else { return nil }
            return Feedback(requestId: row.text(0) ?? "", user: row.text(1) ?? "", feature: row.text(2) ?? "", promptVersion: row.text(3) ?? "",
                            verdict: verdict, reason: row.text(5), time: Date(timeIntervalSince1970: row.double(6) ?? 0),
                            input: row.text(7).flatMap { try? JSONParser.parse($0).objectValue }, locale: row.text(8))
        }
    }
}
