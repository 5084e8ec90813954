import AssistGateway
import AssistHTTPServer
import AssistRedis
import AssistServer
import AssistServices
import AssistTestSupport
import AssistTravel
import AssistWire
import ScriptedUpstream
import Foundation

/// One gateway replica, live: its HTTP server on a free loopback port, a data directory of its own (its instance
/// id, the travel data in SQLite), and the cluster's shared Redis and PostgreSQL reached through its own
/// `SharedStorage`, exactly as `assist serve` assembles it with storage kind `shared`. Its services run as
/// `assist serve` runs them.
final class Replica: Sendable {
    let cluster: ReplicaCluster
    let shared: SharedStorage
    let assembly: GatewayAssembly
    let server: HTTPServer
    let services: ServiceGroup
    let dataDirectory: URL

    /// - Parameters:
    ///   - limits: values for the `limits` section; `features`: keys per feature record; `storage`: more keys for
    ///     the `storage` section (`onRedisDown`); `integrity`: the `integrity` section, with its keys in
    ///     `environment`; `auditSpool`: audit rows through the local spool, as `assist serve` writes them;
    ///     `dataDirectory`: the replica's own directory, to start one on what an earlier one left (a new one if nil).
    init(_ cluster: ReplicaCluster, limits: [String: JSONValue] = [:], features: [String: [String: JSONValue]] = [:],
         storage: [String: JSONValue] = [:], integrity: JSONValue? = nil, environment: [String: String] = [:], auditSpool: Bool = false,
         dataDirectory directory: URL? = nil) async throws {
        self.cluster = cluster
        guard case .object(var root) = try JSONParser.parse(TravelApp.builtinConfigurationBytes),
              case .object(var limitMembers)? = root["limits"], case .object(var all)? = root["features"]
        else { fatalError("built-in configuration changed shape") }
        for (key, value) in limits { limitMembers[key] = value }
        root["limits"] = .object(limitMembers)
        for (id, changes) in features {
            guard case .object(var record)? = all[id] else { continue }
            for (key, value) in changes { record[key] = value }
            all[id] = .object(record)
        }
        // Without the built-in answer guards, so unchecked: these tests script arbitrary text (GatewayHarness does the same).
        root["features"] = .object(ScriptedFeatures.unchecked(all))
        if let integrity { root["integrity"] = integrity }
        var storageMembers: [String: JSONValue] = ["kind": "shared", "redis": .string(cluster.redisURL), "postgres": .string(cluster.postgresURL),
                                                   "connectSeconds": 10]
        for (key, value) in storage { storageMembers[key] = value }
        root["storage"] = .object(storageMembers)
        let config = try GatewayAssembly.loadConfig(JSONWriter.bytes(.object(root))).overridingUpstream(cluster.upstream.baseURL)

        dataDirectory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("assist-replica-\(UUID().uuidString)")
        try PrivateDirectory.prepare(dataDirectory)
        // The cluster's secrets, as an operator would deploy them to every replica.
        for (name, value) in [("jwt-hs256.secret", cluster.secret), ("admin.token", cluster.adminToken)] {
            _ = FileManager.default.createFile(atPath: dataDirectory.appendingPathComponent(name).path, contents: Data(value.utf8),
                                               attributes: [.posixPermissions: 0o600])
        }
        shared = try await SharedStorage.connect(config.storage, answerRetention: 86_400, adminChannel: cluster.adminChannel,
                                                 auditSpool: auditSpool ? dataDirectory.appendingPathComponent("audit-spool") : nil)
        assembly = try GatewayAssembly(config: config, dataDirectory: dataDirectory, environment: { environment[$0] }, shared: shared)
        server = try HTTPServer(configuration: assembly.serverConfiguration(host: "127.0.0.1", port: 0), responder: assembly.gateway)
        services = ServiceGroup(assembly.services)
        services.start()
        try server.start()
    }

    var port: Int { server.port }
    var dependencies: GatewayDependencies { assembly.dependencies }

    func token(_ user: String) -> String { assembly.tokenIssuer().token(for: user) }

    /// `POST /v1/assist/stream` for `user` (with `session` as its token when given: an integrity proof covers the
    /// token it was made with), read to the end.
    func stream(_ user: String, session: String? = nil, body: [UInt8] = Replica.chat, headers: [(String, String)] = []) async throws -> TestResponse {
        try await testRequest(port: port, method: "POST", path: "/v1/assist/stream",
                              headers: [("Authorization", "Bearer \(session ?? token(user))"), ("Content-Type", "application/json")] + headers,
                              body: body)
    }

    /// Opens a stream for `user` and returns its connection after the response head.
    func openStream(_ user: String, body: [UInt8] = Replica.chat) async throws -> (TestConnection, status: Int) {
        let (port, token) = (port, token(user))
        return try await onOwnThread {
            let connection = try TestConnection(port: port)
            try connection.send(method: "POST", path: "/v1/assist/stream",
                                headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")], body: body)
            return (connection, try connection.readHead().status)
        }
    }

    /// An admin call with the cluster's admin token.
    func admin(_ method: String, _ path: String, json: JSONValue? = nil) async throws -> TestResponse {
        try await testRequest(port: port, method: method, path: path, headers: [("Authorization", "Bearer \(cluster.adminToken)")],
                              body: json.map { JSONWriter.bytes($0) } ?? [])
    }

    func get(_ path: String) async throws -> TestResponse { try await testRequest(port: port, path: path) }

    /// The audit row of `requestId` once it is closed (not `started`), from the shared PostgreSQL.
    func auditRow(_ requestId: String?, timeout: Duration = .seconds(5)) async -> AuditRecord? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let requestId, let row = (try? await dependencies.stores.audit.record(for: requestId)) ?? nil, row.status != .started { return row }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    /// A feature whose answers are not stored: every request calls the model and costs quota.
    static let chat = JSONWriter.bytes(["feature": "support_chat", "input": ["message": "hi"], "locale": "en-US"])

    /// Stops as `assist serve` does on SIGTERM, less the drain: open streams cancelled, services stopped in order.
    /// `keepingData`: the data directory stays, for a replica started on it again.
    func stop(keepingData: Bool = false) async {
        server.cancelInFlight()
        server.stop()
        await services.shutdown()
        if !keepingData { try? FileManager.default.removeItem(at: dataDirectory) }
    }

    /// Stops as a replica that died would: its leases no longer renewed, and nothing it held given back (its
    /// Redis connection gone first, so giving back fails as it would with no process left). The HTTP server
    /// stops too, so its streams' clients see their connection close.
    func die() async {
        shared.redis.shutdown()
        dependencies.state.leaseKeeper.shutdown()
        server.cancelInFlight()
        server.stop()
        await services.shutdown()
    }
}
