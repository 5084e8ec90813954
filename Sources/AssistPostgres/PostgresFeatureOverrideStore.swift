public import AssistGateway

/// The admin API's overrides in PostgreSQL (`feature_overrides`, migration 3), shared by every replica.
///
/// A change is announced in its own transaction with `NOTIFY` on `channel`, the feature's id as payload:
/// listeners (`PostgresListener`) hear of it only once it is committed, and so re-read a value that is
/// there. A replica that lost its listening connection re-reads everything on `.listening(reconnected: true)`.
///
/// `FeatureOverrideStore` is synchronous, so these calls wait on `PostgresClient.performBlocking`: the
/// work runs on the client's thread, the caller waits on a semaphore, bounded by the client's timeouts.
/// `overrides()` and `store(_:for:)` are the same without blocking, for callers that can suspend.
public final class PostgresFeatureOverrideStore: FeatureOverrideStore {
    /// The channel changes are announced on.
    public static let channel = "assist_feature_overrides"

    private let client: PostgresClient

    public init(client: PostgresClient) { self.client = client }

    public func load() throws -> [String: FeatureOverride] {
        Self.decode(try client.performBlocking { try await $0.query(Self.select) })
    }

    public func save(_ override: FeatureOverride?, for feature: String) throws {
        try client.performBlocking { try await Self.write(override, for: feature, $0) }
    }

    public func overrides() async throws -> [String: FeatureOverride] {
        Self.decode(try await client.query(Self.select))
    }

    public func store(_ override: FeatureOverride?, for feature: String) async throws {
        try await client.perform { try await Self.write(override, for: feature, $0) }
    }

    private static let select = "SELECT feature, enabled, rollout_percentage FROM feature_overrides"

    private static func decode(_ rows: [PostgresRow]) -> [String: FeatureOverride] {
        var result: [String: FeatureOverride] = [:]
        for row in rows {
            guard let feature = row.text(0) else { continue }
            result[feature] = FeatureOverride(enabled: row.bool(1), rolloutPercentage: row.double(2))
        }
        return result
    }

    /// Removes the row for an empty override, as "changed back" leaves no trace; announces either.
    private static func write(_ override: FeatureOverride?, for feature: String, _ statements: PostgresStatements) async throws {
        if let override, !override.isEmpty {
            try await statements.query("""
                INSERT INTO feature_overrides (feature, enabled, rollout_percentage) VALUES ($1, $2, $3)
                ON CONFLICT (feature) DO UPDATE SET enabled = excluded.enabled, rollout_percentage = excluded.rollout_percentage
                """, [.text(feature), override.enabled.map { .bool($0) } ?? .null, .optional(override.rolloutPercentage)])
        } else {
            try await statements.query("DELETE FROM feature_overrides WHERE feature = $1", [.text(feature)])
        }
        try await statements.query("SELECT pg_notify($1, $2)", [.text(channel), .text(feature)])
    }
}
