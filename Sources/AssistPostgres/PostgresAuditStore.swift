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
    /// `record` for each, one after another, all or none. Sent as one multi-row upsert per `rowsPerStatement`
    /// rows of `AuditRecord.collapsed(batch)`, so a batch costs PostgreSQL one statement, not one per row: a request's
    /// `started` row and its end, shipped together, become one row written once (PostgreSQL also refuses a statement
    /// that updates one row twice).
    public func record(batch: [AuditRecord]) async throws {
        let rows = AuditRecord.collapsed(batch)
        let statements = stride(from: 0, to: rows.count, by: Self.rowsPerStatement).map { start in
            let chunk = rows[start..<min(start + Self.rowsPerStatement, rows.count)]
            return (Self.upsert(rows: chunk.count), chunk.flatMap(Self.parameters))
        }
        try await client.perform { session in
            for (sql, parameters) in statements { try await session.query(sql, parameters) }
        }
    }

    /// Rows per statement: 20 parameters each, well inside PostgreSQL's 65,535 per statement.
    static let rowsPerStatement = 1_000

    private static let columnCount = 20

    private static let upsert = upsert(rows: 1)

    /// The upsert of `rows` rows, `$1`…`$20` the first one's values, `$21`… the second's.
    private static func upsert(rows: Int) -> String {
        var values: [String] = []
        values.reserveCapacity(rows)
        for row in 0..<rows {
            let first = row * columnCount + 1
            values.append("(" + (first..<first + columnCount).map { "$\($0)" }.joined(separator: ", ") + ")")
        }
        return """
            INSERT INTO audit_log (request_id, time, user_id, feature, prompt_version, model, trust, trust_reason, status,
                reason, input_tokens, output_tokens, ttft_ms, total_ms, instance, masked_values, trace_id, target, attempts,
                cost_micros)
            VALUES \(values.joined(separator: ",\n    "))
            ON CONFLICT (request_id) DO UPDATE SET user_id = excluded.user_id, feature = excluded.feature,
                prompt_version = excluded.prompt_version, model = excluded.model, trust = excluded.trust,
                trust_reason = excluded.trust_reason, status = excluded.status, reason = excluded.reason,
                input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens, ttft_ms = excluded.ttft_ms,
                total_ms = excluded.total_ms, instance = excluded.instance, masked_values = excluded.masked_values,
                trace_id = excluded.trace_id, target = excluded.target, attempts = excluded.attempts,
                cost_micros = excluded.cost_micros
            """
    }

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
