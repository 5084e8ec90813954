public import AssistGateway
public import AssistHTTPServer
public import AssistServer
public import AssistServices
public import AssistTestSupport
import AssistTravel
public import AssistWire
public import Foundation
public import ScriptedUpstream

/// A real gateway (its HTTP server, curl, SQLite in a temporary data dir, the travel data) in front of a
/// scripted upstream, on free loopback ports. Each test builds its own, so tests can run in parallel.
/// The assembly's services run as `assist serve` runs them, and stop when the harness goes.
public final class GatewayHarness: Sendable {
    public let upstream: ScriptedUpstream
    public let server: HTTPServer
    public let assembly: GatewayAssembly
    public let services: ServiceGroup
    public let dataDirectory: URL
    public let clock: any WallClock
    private let ownsDataDirectory: Bool
    public var configurationFile: URL { dataDirectory.appendingPathComponent("config.json") }

    /// `limits`, `auth`, `unavailableQuota` and `features` (keys per feature record) override the built-in
    /// configuration's values; `upstreamURL` points the
    /// models somewhere other than the scripted upstream. `dataDirectory` reuses another harness's (a restart);
    /// `configurationFile` writes the configuration to `<data dir>/config.json` and serves from it, as
    /// `assist serve --config` does, so `POST /admin/reload` can re-read it. `answerGuards`: keep the built-in
    /// features' `guard`s; off by default, as most tests script arbitrary text to test what surrounds an answer.
    /// `demo`: the browser demo's log-in, as `assist serve --demo`; `pages` replaces the configuration's `pages`, and
    /// `telemetry` its `telemetry`, `storage` its `storage`. `models`, given the scripted upstream's base URL, replaces the configuration's model
    /// aliases, served as written (no `upstreamURL` override: each target says where it is).
    public init(script: Script = Script(), limits: [String: JSONValue] = [:], auth: [String: JSONValue] = [:], integrity: JSONValue? = nil,
         clock: any WallClock = SystemWallClock(), environment: [String: String] = [:], unavailableQuota: (requests: Int, tokens: Int)? = nil,
         features featureOverrides: [String: [String: JSONValue]] = [:], upstreamURL: String? = nil,
         dataDirectory sharedDirectory: URL? = nil, configurationFile: Bool = false, answerGuards: Bool = false,
         demo: Bool = false, pages: JSONValue? = nil, telemetry: JSONValue? = nil, storage: JSONValue? = nil, models: ((_ upstreamURL: String) -> JSONValue)? = nil, modelReady: @escaping @Sendable () async -> Bool = { true },
         server configureServer: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
        upstream = try ScriptedUpstream(script: script)
        var json = try JSONParser.parse(TravelApp.builtinConfigurationBytes)
        guard case .object(var root) = json, case .object(var limitMembers)? = root["limits"],
              case .object(var features)? = root["features"] else { fatalError("built-in configuration changed shape") }
        for (key, value) in limits { limitMembers[key] = value }
        root["limits"] = .object(limitMembers)
        if let integrity { root["integrity"] = integrity }
        if let pages { root["pages"] = pages }
        if let telemetry { root["telemetry"] = telemetry }
        if let storage { root["storage"] = storage }
        if !auth.isEmpty {
            var authMembers = root["auth"]?.objectValue ?? [:]
            for (key, value) in auth { authMembers[key] = value }
            root["auth"] = .object(authMembers)
        }
        if let quota = unavailableQuota {
            for (id, feature) in features {
                guard case .object(var record) = feature, case .object(var quotas)? = record["quotas"] else { continue }
                quotas["unavailable"] = ["requestsPerDay": .number(Double(quota.requests)), "tokensPerDay": .number(Double(quota.tokens))]
                record["quotas"] = .object(quotas)
                features[id] = .object(record)
            }
            root["features"] = .object(features)
        }
        if case .object(var all)? = root["features"] {
            if !answerGuards {
                all = ScriptedFeatures.unchecked(all)
            }
            for (id, overrides) in featureOverrides {
                guard case .object(var record)? = all[id] else { continue }
                for (key, value) in overrides { record[key] = value }
                all[id] = .object(record)
            }
            root["features"] = .object(all)
        }
        // Against the scripted upstream, the models are named as it names itself: its identity is then the same
        // whether its model list answers in time or the configured name stands in (a busy machine), so the
        // embedded model's qualification results never apply by chance.
        if let models { root["models"] = models(upstream.baseURL) }
        if upstreamURL == nil, models == nil, case .object(var models)? = root["models"] {
            for (alias, record) in models {
                if case .object(var members) = record { members["model"] = .string(ScriptedUpstream.modelId); models[alias] = .object(members) }
            }
            root["models"] = .object(models)
        }
        // The scripted upstream is no model anyone recorded: its locales are the model's unless a test says otherwise
        // (the gateway's own default narrates them). A configuration file names a results file next to it.
        var qualification = root["qualification"]?.objectValue ?? [:]
        if qualification["unknown"] == nil { qualification["unknown"] = "serve" }
        if configurationFile, qualification["results"] == nil { qualification["results"] = "qualification.json" }
        root["qualification"] = .object(qualification)
        json = .object(root)
        let loaded = try GatewayAssembly.loadConfig(JSONWriter.bytes(json))
        let config = models == nil ? loaded.overridingUpstream(upstreamURL ?? upstream.baseURL) : loaded
        dataDirectory = sharedDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("assist-e2e-\(UUID().uuidString)")
        ownsDataDirectory = sharedDirectory == nil
        var file: String?
        if configurationFile {
            try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
            file = dataDirectory.appendingPathComponent("config.json").path
            try Data(JSONWriter.bytes(json)).write(to: URL(fileURLWithPath: file!))
            let results = dataDirectory.appendingPathComponent("qualification.json")
            if !FileManager.default.fileExists(atPath: results.path) { try Data(#"{"results": []}"#.utf8).write(to: results) }
        }
        self.clock = clock
        assembly = try GatewayAssembly(config: config, dataDirectory: dataDirectory, configurationFile: file, demo: demo, clock: clock,
                                       modelReady: modelReady,
                                       environment: { environment[$0] ?? ProcessInfo.processInfo.environment[$0] })
        var serverConfiguration = assembly.serverConfiguration(host: "127.0.0.1", port: 0)
        configureServer(&serverConfiguration)
        server = try HTTPServer(configuration: serverConfiguration, responder: assembly.gateway)
        services = ServiceGroup(assembly.services)
        services.start()
        try server.start()
    }

    deinit {
        server.stop()
        // A deinit cannot wait: the services stop in order in the background, their failures reported.
        let services = self.services
        Task { await services.shutdown() }
        upstream.stop()
        if ownsDataDirectory { try? FileManager.default.removeItem(at: dataDirectory) }
    }

    /// Stops the server, then the services, and waits for them, as `assist serve` does on SIGTERM: the request
    /// journal ships what it holds and gives the data directory up, so another gateway can start on it (a restart).
    public func stop() async {
        server.stop()
        await services.shutdown()
    }

    public var port: Int { server.port }

    public func token(_ user: String = "u1") -> String { assembly.tokenIssuer(clock: clock).token(for: user) }

    /// The admin API's token (the data dir's, or `ASSIST_ADMIN_TOKEN`).
    public var adminToken: String { String(decoding: (try? SecretStore.adminToken(dataDirectory: dataDirectory)) ?? [], as: UTF8.self) }

    public static func body(feature: String = "itinerary_summary", input: JSONValue = ["bookingId": "BK-2041"], locale: String = "tr-TR") -> [UInt8] {
        JSONWriter.bytes(["feature": .string(feature), "input": input, "locale": .string(locale)])
    }

    /// A stream feature whose answers are not stored: every request calls the model and costs quota.
    public static let uncachedBody = body(feature: "support_chat", input: ["message": "hi"])

    /// `POST /v1/assist/stream`, read to the end.
    public func stream(user: String? = "u1", body: [UInt8] = GatewayHarness.body(), authorization: String? = nil,
                headers extra: [(String, String)] = []) async throws -> TestResponse {
        var headers: [(String, String)] = [("Content-Type", "application/json")] + extra
        if let authorization {
            headers.append(("Authorization", authorization))
        } else if let user {
            headers.append(("Authorization", "Bearer \(token(user))"))
        }
        return try await testRequest(port: port, method: "POST", path: "/v1/assist/stream", headers: headers, body: body)
    }

    /// Opens a stream and returns the connection after the response head, for tests that read slowly or hang up.
    /// `receiveBufferBytes`: the client socket's receive buffer (see `TestConnection`).
    public func openStream(user: String = "u1", body: [UInt8] = GatewayHarness.body(),
                           receiveBufferBytes: Int? = nil) async throws -> (TestConnection, status: Int, headers: [String: String]) {
        let (port, token) = (self.port, self.token(user))
        return try await onOwnThread {
            let connection = try TestConnection(port: port, receiveBufferBytes: receiveBufferBytes)
            try connection.send(method: "POST", path: "/v1/assist/stream",
                                headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")], body: body)
            let head = try connection.readHead()
            return (connection, head.status, head.headers)
        }
    }

    /// The closed audit row of `requestId`, waiting briefly for it (a stream's row closes when it has ended).
    public func auditRow(_ requestId: String?, timeout: Duration = .seconds(5)) async -> AuditRecord? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            // An admitted request's row is `started` until it ends: wait for its end.
            if let requestId, let row = (try? await assembly.dependencies.stores.audit.record(for: requestId)) ?? nil, row.status != .started { return row }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }
}
