import AssistGateway
import AssistHTTPServer
import AssistProviders
import AssistStores
import AssistTravel
import Foundation

/// Builds a gateway from a configuration and a data directory: SQLite stores (quota, audit, travel data)
/// in `<dataDir>/assist.sqlite`, the HS256 verifier with the data dir's secret, the curl provider and the
/// travel prompt builders. `assist serve` and the end-to-end tests both start from here.
public struct GatewayAssembly: Sendable {
    public let config: GatewayConfig
    public let dependencies: GatewayDependencies
    public let database: SQLiteDatabase
    public let secret: [UInt8]

    /// Parses and validates a configuration file (or the built-in one when `bytes` is nil).
    public static func loadConfig(_ bytes: [UInt8]?) throws(ConfigError) -> GatewayConfig {
        try GatewayConfig.load(bytes ?? TravelApp.builtinConfigurationBytes, knownBuilders: knownBuilders)
    }

    /// Structured features compiled into this gateway.
    public static let structuredFeatures: [any StructuredFeature] = [SmartSearchFeature()]

    /// Every name a feature's `template.builder` may use: the travel prompt builders and the structured handlers.
    public static var knownBuilders: Set<String> {
        TravelApp.builderNames.union(structuredFeatures.map(\.name))
    }

    /// - Parameter configurationFile: the file `config` was read from; `POST /admin/reload` re-reads it. Nil
    ///   (the built-in configuration) refuses reloads.
    public init(config: GatewayConfig, dataDirectory: URL, configurationFile: String? = nil,
                provider: any ModelProvider = OpenAICompatibleProvider(),
                clock: any WallClock = SystemWallClock(), modelReady: @escaping @Sendable () async -> Bool = { true }) throws {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let database = try SQLiteDatabase(path: dataDirectory.appendingPathComponent("assist.sqlite").path, backgroundCheckpoints: true)
        let secret = try SecretStore.hs256Secret(environmentVariable: config.auth.hs256SecretEnv, dataDirectory: dataDirectory)
        let quota = try SQLiteQuotaStore(database: database)
        let audit = try SQLiteAuditStore(database: database)
        let availability = try SQLiteAvailabilityStore(database: database)
        let feedback = try SQLiteFeedbackStore(database: database)
        let summaries = try SQLiteSummaryStore(database: database, retention: TimeInterval(config.limits.summaryRetentionDays) * 86_400)
        let builders = try TravelApp.builders(database: database)
        let overrides = try SQLiteFeatureOverrideStore(database: database)
        _ = try overrides.load()  // unreadable: stop here rather than forget a kill switch
        let adminToken = try SecretStore.adminToken(dataDirectory: dataDirectory)
        let keys = try config.auth.jwksFile.map { path throws(ConfigError) in try JSONWebKeySet.load(path: path) } ?? JSONWebKeySet(keys: [])
        var reload: (@Sendable () throws -> GatewayConfig)?
        if let configurationFile { reload = { try Self.readConfig(configurationFile) } }
        self.config = config
        self.database = database
        self.secret = secret
        self.dependencies = GatewayDependencies(
            config: config,
            tokenVerifier: JWTVerifier(secret: config.auth.acceptHS256 ? secret : nil, keys: keys, settings: config.auth, clock: clock),
            quota: quota,
            audit: audit,
            availability: availability,
            feedback: feedback,
            summaries: summaries,
            provider: provider,
            builders: builders,
            structured: Self.structuredFeatures,
            clock: clock,
            modelReady: modelReady,
            adminToken: adminToken,
            overrides: overrides,
            reloadConfiguration: reload)
    }

    /// Reads and validates a configuration file: every issue with its path, or the configuration.
    public static func readConfig(_ path: String) throws -> GatewayConfig {
        guard let data = FileManager.default.contents(atPath: path) else { throw ConfigError(issues: [ConfigIssue(path: path, message: "cannot read")]) }
        return try loadConfig(Array(data))
    }

    public var gateway: Gateway { Gateway(dependencies: dependencies) }

    public func tokenIssuer(clock: any WallClock = SystemWallClock()) -> HS256TokenIssuer {
        HS256TokenIssuer(secret: secret, settings: config.auth, clock: clock)
    }

    /// HTTP server settings that follow the configuration's limits.
    public func serverConfiguration(host: String, port: Int) -> HTTPServer.Configuration {
        var server = HTTPServer.Configuration()
        server.host = host
        server.port = port
        server.maxBodyBytes = config.limits.maxBodyBytes
        return server
    }
}
