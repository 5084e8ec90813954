import AssistBudgetPostgres
import AssistTelemetry
public import AssistGateway
public import AssistAuditSpool
public import AssistPostgres
public import AssistRedis
public import AssistServices
public import Foundation

/// The stores replicas share (`storage.kind: "shared"`), reached and ready: a Redis client (quotas, stream
/// leases, challenges, used integrity proofs) with its scripts loaded, and a PostgreSQL client with the schema migrated and every
/// record store (audit, feedback, overrides, device keys, answers, availability and refusal counts).
///
/// `connect` tries both until both answer, backing off from 100 ms to 2 s between attempts (`ReconnectBackoff`),
/// for at most `storage.connectSeconds` (replicas and their stores are often started together); then it throws
/// `Unreachable`, naming each store it could not reach (URLs without passwords) and why. Migrations run at the
/// first successful connection, in one transaction under PostgreSQL's advisory lock (`PostgresMigrator`), so
/// replicas starting together migrate once.
///
/// Each replica connects its own: the clients are `services`, started before everything that uses them and
/// stopped after it. Building a `GatewayAssembly` with it wires the stores in place of SQLite's.
public final class SharedStorage: Sendable {
    public let redis: RedisClient
    public let postgres: PostgresStores
    /// The audit spool in front of PostgreSQL's audit store, when `connect` was given a directory for it: rows
    /// are durable locally first and shipped in order, so an outage of PostgreSQL loses none and refuses none.
    public let spool: SpooledAuditStore?
    public let settings: StorageSettings
    /// libpq's URL, for the listener's own connection.
    public let postgresURL: String
    /// The LISTEN/NOTIFY channel admin actions are announced on (`PostgresReplicaSync`).
    public let adminChannel: String

    /// The clients (and the spool's shipper), in start order; they must outlive the gateway's services that use them.
    public var services: [any Service] { [redis, postgres.client] + (spool.map { [$0.shipper] } ?? []) }

    /// Why `connect` gave up: each store that did not answer, and its last error.
    public struct Unreachable: Error, CustomStringConvertible {
        public let failures: [String]
        public let seconds: Double
        public var description: String {
            "cannot reach \(failures.joined(separator: "; ")) (tried for \(seconds.formatted(.number.precision(.fractionLength(0...1)))) s)"
        }
    }

    private init(redis: RedisClient, postgres: PostgresStores, spool: SpooledAuditStore?, settings: StorageSettings, postgresURL: String,
                 adminChannel: String) {
        self.redis = redis
        self.postgres = postgres
        self.spool = spool
        self.settings = settings
        self.postgresURL = postgresURL
        self.adminChannel = adminChannel
    }

    /// Connects to `settings`' Redis and PostgreSQL (URLs already resolved against the environment), migrates,
    /// and returns once both are ready. Throws a `ConfigError` for a URL that cannot be parsed, `Unreachable`
    /// once `connectSeconds` have passed without both answering.
    /// - Parameters:
    ///   - answerRetention: how long stored summaries are served (`limits.summaryRetentionDays`).
    ///   - adminChannel: the channel admin actions are announced on; deployments sharing one database differ.
    ///   - auditSpool: the directory of this replica's audit spool (`<data-dir>/audit-spool`); nil writes audit
    ///     rows to PostgreSQL directly (a failed write then fails the request closed).
    ///   - log: told once about each store not reachable yet, while waiting.
    /// Every replica's feedback, read from PostgreSQL alone (`assist feedback export` with shared storage): no
    /// Redis, no migration, nothing to stop.
    public static func feedbackStore(_ settings: StorageSettings) throws -> any FeedbackStore {
        guard settings.kind == .shared, let postgresURL = settings.postgresURL else {
            throw ConfigError(issues: [ConfigIssue(path: "storage.postgres", message: "a postgres URL is required")])
        }
        return PostgresFeedbackStore(client: PostgresClient(url: postgresURL))
    }

    public static func connect(_ settings: StorageSettings, answerRetention: TimeInterval, adminChannel: String = PostgresReplicaSync.defaultChannel,
                               auditSpool: URL? = nil,
                               redisSettings: RedisClient.Settings = RedisClient.Settings(),
                               postgresSettings: PostgresClient.Settings = PostgresClient.Settings(),
                               log: @escaping @Sendable (String) -> Void = { _ in }) async throws -> SharedStorage {
        guard settings.kind == .shared, let redisText = settings.redisURL, let postgresURL = settings.postgresURL else {
            throw ConfigError(issues: [ConfigIssue(path: "storage", message: "kind \"shared\" with a redis and a postgres URL is required")])
        }
        let redisURL: RedisURL
        do {
            redisURL = try RedisURL(redisText)
        } catch {
            throw ConfigError(issues: [ConfigIssue(path: "storage.redis", message: "\(error)")])
        }
        let redis = RedisClient(url: redisURL, settings: redisSettings)
        let client = PostgresClient(url: postgresURL, settings: postgresSettings)
        let shownPostgres = PostgresClient.redacted(postgresURL)
        let started = ContinuousClock.now
        let deadline = started + .milliseconds(Int(settings.connectSeconds * 1000))
        var backoff = ReconnectBackoff(first: .milliseconds(100), limit: .seconds(2))
        var (redisError, postgresError): (String?, String?) = ("not tried", "not tried")
        var (redisLogged, postgresLogged) = (false, false)
        var stores: PostgresStores?
        while true {
            if redisError != nil {
                do {
                    _ = try await redis.command("PING")
                    let quota = RedisQuotaStore(client: redis)
                    try await quota.prepare()
                    try await RedisAdmissionStore(client: redis, quota: quota).prepare()
                    redisError = nil
                } catch {
                    redisError = "\(error)"
                }
            }
            if stores == nil {
                do {
                    stores = try await PostgresStores.open(client: client, answerRetention: answerRetention, appMigrations: BudgetSchema.migrations)
                    postgresError = nil
                } catch {
                    postgresError = "\(error)"
                }
            }
            if redisError == nil, let stores {
                // The journal is replayed (rows an earlier run left unshipped go first) before anything new.
                var spool: SpooledAuditStore?
                if let auditSpool { spool = try await SpooledAuditStore.open(directory: auditSpool.path, remote: stores.audit) }
                return SharedStorage(redis: redis, postgres: stores, spool: spool, settings: settings, postgresURL: postgresURL,
                                     adminChannel: adminChannel)
            }
            let now = ContinuousClock.now
            guard now < deadline else { break }
            if let redisError, !redisLogged {
                redisLogged = true
                log("waiting for Redis at \(redisURL): \(redisError)")
            }
            if let postgresError, !postgresLogged {
                postgresLogged = true
                log("waiting for PostgreSQL at \(shownPostgres): \(postgresError)")
            }
            try await Task.sleep(for: min(backoff.failed(at: now), deadline - now))  // the last attempt at the deadline
        }
        redis.shutdown()
        client.shutdown()
        var failures: [String] = []
        if let redisError { failures.append("Redis at \(redisURL): \(redisError)") }
        if let postgresError { failures.append("PostgreSQL at \(shownPostgres): \(postgresError)") }
        let elapsed = ContinuousClock.now - started
        throw Unreachable(failures: failures, seconds: elapsed.seconds)
    }

    /// The gateway's stores over these clients; reference-app data stays in the local SQLite file.
    func stores(clock: any WallClock) -> GatewayStores {
        let quota = RedisQuotaStore(client: redis, clock: clock)
        return GatewayStores(
            quota: quota, audit: spool ?? postgres.audit, availability: postgres.availability,
            feedback: postgres.feedback, answers: postgres.answers, overrides: postgres.overrides, challenges: RedisChallengeStore(client: redis),
            refusals: postgres.refusals, leases: RedisLeases(client: redis), combinedAdmission: RedisAdmissionStore(client: redis, quota: quota))
    }

    /// App Attest keys and their counters, durable in PostgreSQL (never in Redis alone: a Redis restart must
    /// not make an old assertion valid again).
    var deviceKeys: any DeviceKeyStore { postgres.deviceKeys }

    /// Integrity proofs already used (Play Integrity tokens), in Redis beside the challenges: every replica
    /// refuses a token another has accepted, for as long as the token could be accepted at all.
    var usedProofs: any ProofReplayStore { RedisProofReplayStore(client: redis) }

    /// What `/healthz` reports for each store (`StoreMonitor`): a `PING`, a `SELECT 1`. Redis is critical unless
    /// `onRedisDown` is `open`; PostgreSQL unless audit fails open (`audit.onFailure: "open"`) or rows are spooled,
    /// when a PostgreSQL that is down is reported `spooling`.
    func probes(auditFailsOpen: Bool) -> [StoreMonitor.Probe] {
        let (redis, client) = (self.redis, postgres.client)
        return [
            StoreMonitor.Probe(name: "redis", critical: settings.onRedisDown == .closed) { _ = try await redis.command("PING") },
            StoreMonitor.Probe(name: "postgres", critical: spool == nil && !auditFailsOpen,
                               whenDown: spool == nil ? "unavailable" : "spooling") { try await client.connect() },
        ]
    }

    /// Announces this replica's admin changes to the others.
    var broadcast: any AdminBroadcast { PostgresAdminBroadcast(client: postgres.client, channel: adminChannel) }

    /// Hears the other replicas' admin changes and applies them to `dependencies`' state.
    func listener(for dependencies: GatewayDependencies) -> PostgresReplicaSync {
        PostgresReplicaSync(url: postgresURL, sync: ReplicaSync(dependencies: dependencies), channel: adminChannel)
    }
}
