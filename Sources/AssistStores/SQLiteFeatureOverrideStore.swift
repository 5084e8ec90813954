public import AssistGateway
public import AssistSQLite

/// The admin API's overrides in SQLite (`feature_overrides`), so a kill switch survives a restart.
public final class SQLiteFeatureOverrideStore: FeatureOverrideStore {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.execute("""
            CREATE TABLE IF NOT EXISTS feature_overrides (
                feature TEXT PRIMARY KEY, enabled INTEGER, rollout_percentage REAL
            ) WITHOUT ROWID
            """)
    }

    public func load() throws -> [String: FeatureOverride] {
        var result: [String: FeatureOverride] = [:]
        for row in try database.query("SELECT feature, enabled, rollout_percentage FROM feature_overrides") {
            guard let feature = row[0].text else { continue }
            result[feature] = FeatureOverride(enabled: row[1].int.map { $0 != 0 }, rolloutPercentage: row[2].double)
        }
        return result
    }

    public func save(_ override: FeatureOverride?, for feature: String) throws {
        guard let override, !override.isEmpty else {
            try database.query("DELETE FROM feature_overrides WHERE feature = ?", [.text(feature)])
            return
        }
        try database.query("INSERT OR REPLACE INTO feature_overrides VALUES (?, ?, ?)", [
            .text(feature), override.enabled.map { .integer($0 ? 1 : 0) } ?? .null, override.rolloutPercentage.map { .real($0) } ?? .null,
        ])
    }
}
