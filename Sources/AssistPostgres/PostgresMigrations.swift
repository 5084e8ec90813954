/// One step of a schema's history. Versions only grow; a released migration is never edited, only followed
/// by another one.
public struct PostgresMigration: Sendable, Equatable {
    public let version: Int
    public let name: String
    /// Statements, several allowed; they run in the migration run's one transaction.
    public let sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}

/// Applies versioned migrations, recording each in `schema_migrations(version)`, safely when several
/// replicas start at once.
///
/// A run is one transaction that first takes a transaction-scoped advisory lock (`pg_advisory_xact_lock`):
/// the first replica to take it applies what is missing; the others wait for it, then find every version
/// recorded and apply nothing. Since PostgreSQL's DDL is transactional, a migration that fails leaves the
/// schema as it was, with none of that run's versions recorded.
public enum PostgresMigrator {
    /// The advisory lock's key, shared by every Assist replica ("Assist" in ASCII).
    public static let lockKey: Int64 = 0x41_73_73_69_73_74

    /// How long a run may wait for the lock and apply its migrations.
    public static let timeout: Duration = .seconds(120)

    /// Applies the `migrations` not yet recorded, in version order; returns the versions this call applied.
    @discardableResult
    public static func migrate(_ client: PostgresClient, _ migrations: [PostgresMigration]) async throws -> [Int] {
        let ordered = migrations.sorted { $0.version < $1.version }
        guard Set(ordered.map(\.version)).count == ordered.count else {
            throw PostgresError(.invalidArgument, "two migrations share a version")
        }
        return try await client.perform { statements in
            try await statements.query("SELECT pg_advisory_xact_lock($1)", [.integer(lockKey)], timeout: timeout)
            try await statements.execute("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                """)
            let applied = Set(try await statements.query("SELECT version FROM schema_migrations").compactMap { $0.int(0) })
            var now: [Int] = []
            for migration in ordered where !applied.contains(migration.version) {
                try await statements.execute(migration.sql, timeout: timeout)
                try await statements.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                                     [.int(migration.version), .text(migration.name)])
                now.append(migration.version)
            }
            return now
        }
    }

    /// The versions recorded, in order.
    public static func appliedVersions(_ client: PostgresClient) async throws -> [Int] {
        try await client.query("SELECT version FROM schema_migrations ORDER BY version").compactMap { $0.int(0) }
    }
}
