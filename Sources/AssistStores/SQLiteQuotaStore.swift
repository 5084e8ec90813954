public import AssistGateway
public import AssistSQLite

/// Quotas in SQLite: one atomic upsert per reservation.
///
/// `INSERT … ON CONFLICT DO UPDATE … WHERE <within limits> RETURNING` either admits and counts in one step or
/// changes nothing, so concurrent requests against a limit of K admit exactly K, here and across processes
/// sharing the file.
public final class SQLiteQuotaStore: QuotaStore {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.execute("""
            CREATE TABLE IF NOT EXISTS quota_usage (
                user TEXT NOT NULL, feature TEXT NOT NULL, day INTEGER NOT NULL,
                requests INTEGER NOT NULL, tokens INTEGER NOT NULL,
                PRIMARY KEY (user, feature, day)
            ) WITHOUT ROWID
            """)
    }

    public func reserve(_ key: QuotaKey, tokens: Int, limits: QuotaLimits) async throws -> QuotaDecision {
        guard limits.requests >= 1, tokens <= limits.tokens else { return .exceeded }
        let rows = try await database.perform("""
            INSERT INTO quota_usage (user, feature, day, requests, tokens) VALUES (?1, ?2, ?3, 1, ?4)
            ON CONFLICT (user, feature, day) DO UPDATE SET requests = requests + 1, tokens = tokens + ?4
            WHERE requests + 1 <= ?5 AND tokens + ?4 <= ?6
            RETURNING requests, tokens
            """, [.text(key.user), .text(key.feature), .integer(Int64(key.day.index)), .integer(Int64(tokens)),
                  .integer(Int64(limits.requests)), .integer(Int64(limits.tokens))])
        guard let row = rows.first, let requests = row[0].int, let used = row[1].int else { return .exceeded }
        return .admitted(remainingRequests: limits.requests - requests, remainingTokens: limits.tokens - used)
    }

    public func settle(_ key: QuotaKey, reservedTokens: Int, actualTokens: Int) async throws {
        try await database.perform { try Self.settle(key, reservedTokens: reservedTokens, actualTokens: actualTokens, $0.query) }
    }

    /// One statement runner: `Statements.query` inside `perform`, or a synchronous transaction's.
    public typealias Run = (String, [SQLiteDatabase.Value]) throws -> [[SQLiteDatabase.Value]]

    /// Applies a run of journaled reservations and settlements of `key`'s window whatever its limits (the request
    /// journal, whose in-memory authority already admitted them), folded by `CoalescedEntries`: at most an update
    /// (settlements before any reservation, which change nothing when the window has no row), then an upsert.
    static func apply(_ change: CoalescedEntries.WindowChange, to key: QuotaKey, _ run: Run) throws {
        let window: [SQLiteDatabase.Value] = [.text(key.user), .text(key.feature), .integer(Int64(key.day.index))]
        if let before = change.before {
            _ = try run("UPDATE quota_usage SET tokens = MAX(tokens + ?4, ?5) WHERE user = ?1 AND feature = ?2 AND day = ?3",
                        window + [.integer(before.shift), .integer(before.floor)])
        }
        if let counted = change.counted {
            _ = try run("""
                INSERT INTO quota_usage (user, feature, day, requests, tokens) VALUES (?1, ?2, ?3, ?4, MAX(?5, ?6))
                ON CONFLICT (user, feature, day) DO UPDATE SET requests = requests + ?4, tokens = MAX(tokens + ?5, ?6)
                """, window + [.integer(change.requests), .integer(counted.shift), .integer(counted.floor)])
        }
    }

    static func settle(_ key: QuotaKey, reservedTokens: Int, actualTokens: Int, _ run: Run) throws {
        _ = try run("""
            UPDATE quota_usage SET tokens = MAX(0, tokens - ?4 + ?5) WHERE user = ?1 AND feature = ?2 AND day = ?3
            """, [.text(key.user), .text(key.feature), .integer(Int64(key.day.index)), .integer(Int64(reservedTokens)),
                  .integer(Int64(actualTokens))])
    }

    /// Every window of `day` or later (the request journal's in-memory authority starts from them).
    static func windows(from day: UTCDay, _ run: Run) throws -> [(key: QuotaKey, requests: Int, tokens: Int)] {
        try run("SELECT user, feature, day, requests, tokens FROM quota_usage WHERE day >= ?", [.integer(Int64(day.index))]).compactMap { row in
            guard let user = row[0].text, let feature = row[1].text, let day = row[2].int, let requests = row[3].int,
                  let tokens = row[4].int else { return nil }
            return (QuotaKey(user: user, feature: feature, day: UTCDay(index: day)), requests, tokens)
        }
    }

    /// Requests and tokens counted for `key` (tests, diagnostics).
    public func usage(for key: QuotaKey) throws -> (requests: Int, tokens: Int) {
        let rows = try database.query("SELECT requests, tokens FROM quota_usage WHERE user = ? AND feature = ? AND day = ?",
                                      [.text(key.user), .text(key.feature), .integer(Int64(key.day.index))])
        return (rows.first?[0].int ?? 0, rows.first?[1].int ?? 0)
    }
}
