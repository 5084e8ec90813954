public import AssistGateway
import AssistHTTPServer
import AssistServer
public import AssistTestSupport
public import AssistWire
import Foundation
import NginxFront
public import ScriptedUpstream

/// Gateway replicas behind nginx, deployed as issue 12 deploys them: `count` live gateways (`GatewayHarness`,
/// each with a SQLite data dir of its own until shared storage is wired in), all calling one scripted upstream,
/// and a real nginx in front of them started from the shipped `deploy/nginx.conf` (`NginxServer`).
///
/// Every replica trusts 127.0.0.1 (nginx) as its proxy, and all share one HS256 secret (written into each
/// data dir before it starts), so a token is good on whichever replica nginx picks. Dropping it stops nginx
/// and the replicas, and removes their directories.
public final class ReplicasBehindNginx: Sendable {
    public let upstream: ScriptedUpstream
    public let replicas: [GatewayHarness]
    private let nginx: NginxServer
    private let directory: URL

    /// `limits` go to every replica (after `trustedProxies: ["127.0.0.1"]`, which they may override); `demo`: each
    /// runs as `assist serve --demo`.
    /// `extraReplicaPorts` puts more upstream servers behind nginx after the replicas, e.g. a listener
    /// that misbehaves on purpose.
    public init(count: Int = 3, script: Script = Script(), limits: [String: JSONValue] = [:], extraReplicaPorts: [Int] = [],
                demo: Bool = false) async throws {
        upstream = try ScriptedUpstream(script: script, threadPoolSize: 2)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-replicas-\(UUID().uuidString)")
        let secret = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max)) }.joined()
        var limits = limits
        if limits["trustedProxies"] == nil { limits["trustedProxies"] = ["127.0.0.1"] }
        var replicas: [GatewayHarness] = []
        do {
            for index in 0..<count {
                let data = directory.appendingPathComponent("replica-\(index)")
                try PrivateDirectory.prepare(data)
                _ = FileManager.default.createFile(atPath: data.appendingPathComponent("jwt-hs256.secret").path, contents: Data(secret.utf8),
                                                   attributes: [.posixPermissions: 0o600])
                replicas.append(try GatewayHarness(limits: limits, upstreamURL: upstream.baseURL, dataDirectory: data, demo: demo))
            }
            let ports = replicas.map(\.port) + extraReplicaPorts
            nginx = try await onOwnThread { try NginxServer.start(replicas: ports) }
        } catch {
            upstream.stop()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        self.replicas = replicas
    }

    deinit {
        nginx.stop()
        upstream.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// nginx's port: where clients connect.
    public var port: Int { nginx.port }
    /// nginx's access log (one line per request: status, the replica that served it, the request id sent).
    public var accessLog: String { nginx.accessLog }
    public var errorLog: String { nginx.errorLog }

    /// Stops replica `index`'s server, as a replica that died: its port refuses connections from now on.
    public func stopReplica(_ index: Int) { replicas[index].server.stop() }

    /// A session token good on every replica.
    public func token(_ user: String = "u1") -> String { replicas[0].token(user) }

    /// `POST /v1/assist/stream` through nginx, read to the end.
    public func stream(user: String? = "u1", body: [UInt8] = GatewayHarness.uncachedBody, headers extra: [(String, String)] = []) async throws -> TestResponse {
        var headers: [(String, String)] = [("Content-Type", "application/json")] + extra
        if let user { headers.append(("Authorization", "Bearer \(token(user))")) }
        return try await testRequest(port: port, method: "POST", path: "/v1/assist/stream", headers: headers, body: body)
    }

    /// Opens a stream through nginx and returns the connection after the response head, for tests that read
    /// as it comes or hang up.
    public func openStream(user: String = "u1", body: [UInt8] = GatewayHarness.uncachedBody) async throws -> (TestConnection, status: Int, headers: [String: String]) {
        let (port, token) = (self.port, self.token(user))
        return try await onOwnThread {
            let connection = try TestConnection(port: port)
            try connection.send(method: "POST", path: "/v1/assist/stream",
                                headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")], body: body)
            let head = try connection.readHead()
            return (connection, head.status, head.headers)
        }
    }

    /// The replica that served `requestId` and its closed audit row, waiting briefly (a stream's row closes
    /// when it has ended); nil if no replica has it.
    public func auditRow(_ requestId: String?, timeout: Duration = .seconds(5)) async -> (replica: Int, row: AuditRecord)? {
        guard let requestId else { return nil }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            for (index, replica) in replicas.enumerated() {
                if let row = (try? await replica.assembly.dependencies.stores.audit.record(for: requestId)) ?? nil, row.status != .started { return (index, row) }
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }
}
