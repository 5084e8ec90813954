import AssistGateway
import AssistServer
import Foundation
import LocalServers
import ScriptedUpstream
import Synchronization

/// What a test's replicas share: one Redis (a database number of its own on the process's one redis-server,
/// or a private server for a test that stops it), one PostgreSQL schema of its own on the process's one
/// server, an admin channel of its own (notifications reach every schema of a database), one scripted upstream,
/// and the same JWT secret and admin token, so any replica accepts what another issued.
///
/// Servers are started once per test process and shared, as starting them costs seconds.
final class ReplicaCluster: Sendable {
    let redisURL: String
    let postgresURL: String
    let adminChannel: String
    let upstream: ScriptedUpstream
    let secret: String
    let adminToken: String
    /// The private Redis, for a test that stops it; nil on the shared one.
    let privateRedis: RedisServer?
    /// A PostgreSQL of the cluster's own, which the test may stop; nil on the shared server.
    let privatePostgres: PostgresServer?

    private static let sharedRedis = Task { try await RedisServer.start() }
    private static let groups = Atomic<Int>(0)

    private init(redisURL: String, postgresURL: String, adminChannel: String, upstream: ScriptedUpstream, privateRedis: RedisServer?,
                 privatePostgres: PostgresServer?) {
        self.privatePostgres = privatePostgres
        self.redisURL = redisURL
        self.postgresURL = postgresURL
        self.adminChannel = adminChannel
        self.upstream = upstream
        self.privateRedis = privateRedis
        secret = UUID().uuidString + UUID().uuidString
        adminToken = "admin-" + UUID().uuidString
    }

    /// A cluster on the shared servers (`privateRedis`, `privatePostgres`: on a server of its own, which the
    /// test may stop).
    static func make(script: Script = Script(), privateRedis: Bool = false, privatePostgres: Bool = false) async throws -> ReplicaCluster {
        let group = groups.add(1, ordering: .relaxed).newValue
        let ownPostgres = privatePostgres ? try await PostgresServer.start() : nil
        let postgres = if let ownPostgres { ownPostgres } else { try await PostgresServer.shared() }
        let schema = try await postgres.createSchema("replicas_\(group)_\(getpid())")
        let redis = privateRedis ? try await RedisServer.start() : try await sharedRedis.value
        // Databases 1…15 of the shared server, one per cluster (16 and more share one: their users differ).
        let database = privateRedis ? 0 : 1 + (group - 1) % 15
        return ReplicaCluster(redisURL: redis.url + "/\(database)", postgresURL: schema, adminChannel: "assist_admin_\(group)",
                              upstream: try ScriptedUpstream(script: script, threadPoolSize: 4), privateRedis: privateRedis ? redis : nil,
                              privatePostgres: ownPostgres)
    }

    /// Stops the upstream and a private Redis or PostgreSQL.
    func remove() async {
        upstream.stop()
        await privateRedis?.remove()
        try? await privatePostgres?.stop()
    }
}
