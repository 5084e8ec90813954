public import AssistGateway
import Foundation

/// The audit log in PostgreSQL (`audit_log`, migration 1): metadata only, one row per request, shared by
/// every replica. Semantics of `SQLiteAuditStore`: a request's end updates its `started` row in place and
/// keeps the time it was first written; each instance closes only its own interrupted rows.
public final class PostgresAuditStore: BatchedAuditStore {
    private let client: PostgresClient

    public init(client: PostgresClient) { self.client = client }

    /// An upsert by request id, so writing the same row twice (a replayed spool) is harmless.
    public func record(_ r: AuditRecord) async throws {
        try await client.query(Self.upsert, Self.parameters(r))
    }

    /// The rows in order in one transaction (the audit spool ships its journal this way): the same effect as
    /// `record` for each, one after another, all or none.
    public func record(batch: [AuditRecord]) async throws {
        let rows = batch.map(Self.parameters)
        try await client.perform { statements in
            for row in rows { try statements.query(Self.upsert, row) }
        }
    }

    private static let upsert = """
        INSERT INTO audit_log (request_id, time, user_id, feature, prompt_version, model, trust, trust_reason, status,
            reason, input_tokens, output_tokens, ttft_ms, total_ms, instance, masked_values, trace_id, target, attempts,
            cost_micros)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
        ON CONFLICT (request_id) DO UPDATE SET user_id = excluded.user_id, feature = excluded.feature,
            prompt_version = excluded.prompt_version, model = excluded.model, trust = excluded.trust,
            trust_reason = excluded.trust_reason, status = excluded.status, reason = excluded.reason,
            input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens, ttft_ms = excluded.ttft_ms,
            total_ms = excluded.total_ms, instance = excluded.instance, masked_values = excluded.masked_values,
            trace_id = excluded.trace_id, target = excluded.target, attempts = excluded.attempts,
            cost_micros = excluded.cost_micros
        """

    private static func parameters(_ r: AuditRecord) -> [PostgresValue] {
        [
            .text(r.requestId), .double(r.time.timeIntervalSince1970), .text(r.user), .text(r.feature), .text(r.promptVersion),
            .text(r.model), .text(r.trust), .text(r.trustReason), .text(r.status.rawValue), .text(r.reason), .int(r.inputTokens),
            .int(r.outputTokens), .optional(r.timeToFirstTokenMs), .double(r.totalMs), .text(r.instance),
            .int(r.maskedValues), .text(r.traceId), r.target.map { .text($0) } ?? .null, .int(r.attempts),
            r.costMicros.map { .int($0) } ?? .null,
        ]
    }

    public func closeInterrupted(instance: String) async throws -> Int {
        try await client.query("""
            WITH closed AS (
                UPDATE audit_log SET status = 'interrupted' WHERE status = 'started' AND instance = $1 RETURNING 1)
            SELECT count(*) FROM closed
            """, [.text(instance)]).first?.int(0) ?? 0
    }

    /// Served by the partial index `audit_log_open`: only open rows are read.
    public func instancesWithOpenRows() async throws -> Set<String> {
        Set(try await client.query("SELECT DISTINCT instance FROM audit_log WHERE status = 'started'", []).compactMap { $0.text(0) })
    }

    /// Newest first; ties in time in the order the rows were first written. Throws when the store is down.
    public func recent(limit: Int) async throws -> [AuditRecord] {
        try await client.query("SELECT \(Self.columns) FROM audit_log ORDER BY time DESC, id DESC LIMIT $1", [.int(limit)]).map(Self.decode)
    }

    public func record(for requestId: String) async throws -> AuditRecord? {
        try await client.query("SELECT \(Self.columns) FROM audit_log WHERE request_id = $1", [.text(requestId)]).first.map(Self.decode)
    }

    private static let columns = """
        request_id, time, user_id, feature, prompt_version, model, trust, status, reason, input_tokens, output_tokens,
        ttft_ms, total_ms, trust_reason, instance, masked_values, trace_id, target, attempts, cost_micros
        """

    private static func decode(_ row: PostgresRow) -> AuditRecord {
        var record = AuditRecord(
            requestId: row.text(0) ?? "", time: Date(timeIntervalSince1970: row.double(1) ?? 0), user: row.text(2) ?? "",
            feature: row.text(3) ?? "", promptVersion: row.text(4) ?? "", model: row.text(5) ?? "", trust: row.text(6) ?? "",
            status: AuditStatus(rawValue: row.text(7) ?? ""), reason: row.text(8) ?? "", inputTokens: row.int(9) ?? 0,
            outputTokens: row.int(10) ?? 0, timeToFirstTokenMs: row.double(11), totalMs: row.double(12) ?? 0, trustReason: row.text(13) ?? "")
        record.instance = row.text(14) ?? ""
        record.maskedValues = row.int(15) ?? 0
        record.traceId = row.text(16) ?? ""
        record.target = row.text(17)
        record.attempts = row.int(18) ?? 0
        record.costMicros = row.int(19)
        return record
    }
}
