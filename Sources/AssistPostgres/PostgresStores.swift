public import Foundation

/// The gateway's record stores in one PostgreSQL database, over one client, once its schema is migrated.
///
/// Quotas, stream leases and challenges are not here: they must be exact and fast across replicas and
/// live in Redis. App Attest counters are here, durable next to their keys.
public struct PostgresStores: Sendable {
    public let client: PostgresClient
    public let audit: PostgresAuditStore
    public let feedback: PostgresFeedbackStore
    public let overrides: PostgresFeatureOverrideStore
    public let deviceKeys: PostgresDeviceKeyStore
    public let answers: PostgresAnswerStore
    public let availability: PostgresAvailabilityStore
    public let refusals: PostgresRefusalStore

    /// Applies `PostgresSchema.migrations` and the apps' (`appMigrations`, numbered from 1001), once across replicas
    /// starting together, then makes the stores. Throws when the server cannot be reached or a migration fails; the
    /// caller retries with back-off.
    public static func open(client: PostgresClient, answerRetention: TimeInterval = 30 * 86_400,
                            appMigrations: [PostgresMigration] = []) async throws -> PostgresStores {
        try await PostgresMigrator.migrate(client, PostgresSchema.migrations + appMigrations)
        return PostgresStores(client: client, answerRetention: answerRetention)
    }

    private init(client: PostgresClient, answerRetention: TimeInterval) {
        self.client = client
        audit = PostgresAuditStore(client: client)
        feedback = PostgresFeedbackStore(client: client)
        overrides = PostgresFeatureOverrideStore(client: client)
        deviceKeys = PostgresDeviceKeyStore(client: client)
        answers = PostgresAnswerStore(client: client, retention: answerRetention)
        availability = PostgresAvailabilityStore(client: client)
        refusals = PostgresRefusalStore(client: client)
    }
}
