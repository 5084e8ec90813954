public import AssistGateway
public import AssistSQLite
import Foundation

/// The audit log in SQLite. Its columns are the metadata of `AuditRecord`; there is no column that could
/// hold prompt, input or output text. One row per request: its `started` row is replaced by its end.
public final class SQLiteAuditStore: AuditStore {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.execute("""
            CREATE TABLE IF NOT EXISTS audit_log (
                request_id TEXT PRIMARY KEY, time REAL NOT NULL, user TEXT NOT NULL, feature TEXT NOT NULL,
                prompt_version TEXT NOT NULL, model TEXT NOT NULL, trust TEXT NOT NULL, status TEXT NOT NULL,
                reason TEXT NOT NULL, input_tokens INTEGER NOT NULL, output_tokens INTEGER NOT NULL,
                ttft_ms REAL, total_ms REAL NOT NULL
            );
            CREATE INDEX IF NOT EXISTS audit_log_time ON audit_log (time);
            """)
        // Added with client integrity: why the trust level is what it is.
        let columns = try database.query("PRAGMA table_info(audit_log)").compactMap { $0[1].text }
        if !columns.contains("trust_reason") {
            try database.execute("ALTER TABLE audit_log ADD COLUMN trust_reason TEXT NOT NULL DEFAULT ''")
        }
        // Added with write-ahead rows: which gateway instance wrote the row.
        if !columns.contains("instance") {
            try database.execute("ALTER TABLE audit_log ADD COLUMN instance TEXT NOT NULL DEFAULT ''")
        }
        // Added with the gateway's own masking: how many personal values it masked in the input.
        if !columns.contains("masked_values") {
            try database.execute("ALTER TABLE audit_log ADD COLUMN masked_values INTEGER NOT NULL DEFAULT 0")
        }
        // Added with tracing: the request's W3C trace id.
        if !columns.contains("trace_id") {
            try database.execute("ALTER TABLE audit_log ADD COLUMN trace_id TEXT NOT NULL DEFAULT ''")
        }
        // Added with model targets: who answered, after how many attempts, at what cost.
        if !columns.contains("target") {
            try database.execute("ALTER TABLE audit_log ADD COLUMN target TEXT")
            try database.execute("ALTER TABLE audit_log ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0")
            try database.execute("ALTER TABLE audit_log ADD COLUMN cost_micros INTEGER")
        }
        try database.execute("CREATE INDEX IF NOT EXISTS audit_log_open ON audit_log (instance) WHERE status = 'started'")
    }

    /// A request's end updates its `started` row in place rather than replacing it: its id and time, and so
    /// their index entries, stay, which keeps the pages a commit writes (and the log) small.
    public func record(_ record: AuditRecord) async throws {
        try await database.perform { try Self.write(record, $0.query) }
    }

    /// Writes `r` with one statement runner: `Statements.query` inside `perform`, or a synchronous transaction's.
    static func write(_ r: AuditRecord, _ run: SQLiteQuotaStore.Run) throws {
        _ = try run("""
            INSERT INTO audit_log (request_id, time, user, feature, prompt_version, model, trust, status, reason,
                input_tokens, output_tokens, ttft_ms, total_ms, trust_reason, instance, masked_values, trace_id,
                target, attempts, cost_micros)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (request_id) DO UPDATE SET user = excluded.user, feature = excluded.feature,
                prompt_version = excluded.prompt_version, model = excluded.model, trust = excluded.trust, status = excluded.status,
                reason = excluded.reason, input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
                ttft_ms = excluded.ttft_ms, total_ms = excluded.total_ms, trust_reason = excluded.trust_reason, instance = excluded.instance,
                masked_values = excluded.masked_values, trace_id = excluded.trace_id, target = excluded.target,
                attempts = excluded.attempts, cost_micros = excluded.cost_micros
            """, [
            .text(r.requestId), .real(r.time.timeIntervalSince1970), .text(r.user), .text(r.feature), .text(r.promptVersion),
            .text(r.model), .text(r.trust), .text(r.status.rawValue), .text(r.reason), .integer(Int64(r.inputTokens)),
            .integer(Int64(r.outputTokens)), r.timeToFirstTokenMs.map { .real($0) } ?? .null, .real(r.totalMs), .text(r.trustReason),
            .text(r.instance), .integer(Int64(r.maskedValues)), .text(r.traceId), r.target.map { .text($0) } ?? .null,
            .integer(Int64(r.attempts)), r.costMicros.map { .integer(Int64($0)) } ?? .null,
        ])
    }

    public func closeInterrupted(instance: String) async throws -> Int {
        try await database.perform { statements in
            let open = try statements.query("SELECT count(*) FROM audit_log WHERE status = 'started' AND instance = ?", [.text(instance)])
            try statements.query("UPDATE audit_log SET status = 'interrupted' WHERE status = 'started' AND instance = ?", [.text(instance)])
            return open.first?.first?.int ?? 0
        }
    }

    public func instancesWithOpenRows() async throws -> Set<String> {
        let rows = try await database.perform("SELECT DISTINCT instance FROM audit_log WHERE status = 'started'", [])
        return Set(rows.compactMap { $0.first?.text })
    }

    public func recent(limit: Int) async throws -> [AuditRecord] {
        try await database.perform("SELECT \(Self.columns) FROM audit_log ORDER BY time DESC, rowid DESC LIMIT ?", [.integer(Int64(limit))])
            .map(Self.decode)
    }

    public func record(for requestId: String) async throws -> AuditRecord? {
        try await database.perform("SELECT \(Self.columns) FROM audit_log WHERE request_id = ?", [.text(requestId)]).first.map(Self.decode)
    }

    /// Named, so that the order `decode` reads is the order asked for, whatever order the columns were added in.
    private static let columns = """
        request_id, time, user, feature, prompt_version, model, trust, status, reason, input_tokens, output_tokens,
        ttft_ms, total_ms, trust_reason, instance, masked_values, trace_id, target, attempts, cost_micros
        """

    private static func decode(_ row: [SQLiteDatabase.Value]) -> AuditRecord {
        var record = AuditRecord(requestId: row[0].text ?? "", time: Date(timeIntervalSince1970: row[1].double ?? 0), user: row[2].text ?? "",
                        feature: row[3].text ?? "", promptVersion: row[4].text ?? "", model: row[5].text ?? "", trust: row[6].text ?? "",
                        status: AuditStatus(rawValue: row[7].text ?? ""), reason: row[8].text ?? "", inputTokens: row[9].int ?? 0,
                        outputTokens: row[10].int ?? 0, timeToFirstTokenMs: row[11].double, totalMs: row[12].double ?? 0,
                        trustReason: row[13].text ?? "")
        record.instance = row[14].text ?? ""
        record.maskedValues = row[15].int ?? 0
        record.traceId = row[16].text ?? ""
        record.target = row[17].text
        record.attempts = row[18].int ?? 0
        record.costMicros = row[19].int
        return record
    }
}
