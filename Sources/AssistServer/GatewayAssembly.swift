import AssistCrypto
import AssistGatewayEvaluation
public import AssistGateway
public import AssistHTTPServer
import AssistIntegrity
import AssistPages
import AssistPostgres
public import AssistProviders
public import AssistServices
public import AssistSQLite
import AssistStores
import AssistBudget
import AssistBudgetPostgres
import AssistTravel
import AssistWire
public import Foundation
import CLinux

/// Builds a gateway from a configuration and a data directory: with storage kind `sqlite`, every store (quota,
/// audit, travel data…) in `<dataDir>/assist.sqlite`; with kind `shared`, the `SharedStorage` given (Redis for
/// quotas, stream leases, challenges and used integrity proofs, PostgreSQL for records and the budget app's data), the
/// travel app's built-in data still in the local SQLite file (the same on every replica, and never written by a
/// request). Then the HS256 verifier with the data dir's secret, the curl provider and the travel prompt
/// builders. `assist serve` and the end-to-end tests both start from here.
///
/// Building it starts nothing that must be stopped by hand: its background work is `services`, for the
/// caller to run in a `ServiceGroup` for as long as it serves the gateway.
public struct GatewayAssembly: Sendable {
    public let config: GatewayConfig
    public let dependencies: GatewayDependencies
    public let database: SQLiteDatabase
    public let secret: [UInt8]
    /// The shared stores, with storage kind `shared`.
    public let shared: SharedStorage?
    /// The gateway's background work, in the order it must start (a `ServiceGroup` stops it in reverse):
    /// the database's checkpoints, the refusal recorder (which writes to the database, once more as it
    /// stops), the provider's curl loop, and the memory trimmer. Without the recorder, refusal counts are not
    /// stored. (A stream's pings and deadlines need no service: the request's event loop keeps them.) With
    /// shared storage, the Redis and PostgreSQL clients come first (stopped last), then the store monitor and
    /// the listener for other replicas' admin changes; the stream slots' lease renewer runs with either kind.
    public let services: [any Service]

    /// Parses and validates a configuration file (or the built-in one when `bytes` is nil).
    public static func loadConfig(_ bytes: [UInt8]?) throws(ConfigError) -> GatewayConfig {
        try GatewayConfig.load(bytes ?? TravelApp.builtinConfigurationBytes, knownBuilders: TravelApp.knownBuilders.union(BudgetApp.knownBuilders))
    }

    /// - Parameter configurationFile: the file `config` was read from; `POST /admin/reload` re-reads it. Nil
    ///   (the built-in configuration) refuses reloads.
    /// - Parameter demo: the browser demo's log-in (`POST /demo/token` and `/demo`), for `assist serve --demo`
    ///   on a loopback host only; each log-in must also come from a browser on this machine (`LocalClient`).
    public init(config: GatewayConfig, dataDirectory: URL, configurationFile: String? = nil, demo: Bool = false,
                provider: OpenAICompatibleProvider = OpenAICompatibleProvider(),
                clock: any WallClock = SystemWallClock(), modelReady: @escaping @Sendable () async -> Bool = { true },
                environment: @escaping @Sendable (String) -> String? = ProcessEnvironment.value, shared: SharedStorage? = nil) throws {
        guard (config.storage.kind == .shared) == (shared != nil) else {
            throw ConfigError(issues: [ConfigIssue(path: "storage.kind", message: "\(config.storage.kind.rawValue) storage, but shared stores "
                                                   + (shared == nil ? "were not connected" : "were given"))])
        }
        try PrivateDirectory.prepare(dataDirectory)
        let database = try SQLiteDatabase(path: dataDirectory.appendingPathComponent("assist.sqlite").path, backgroundCheckpoints: true,
                                          workQueue: SQLiteWorkQueue.Settings())
        let secret = try SecretStore.hs256Secret(environmentVariable: config.auth.hs256SecretEnv, dataDirectory: dataDirectory)
        let stores: GatewayStores
        var journalShipper: RequestJournalShipper?
        let deviceKeys: any DeviceKeyStore
        let usedProofs: any ProofReplayStore
        if let shared {
            stores = shared.stores(clock: clock)
            deviceKeys = shared.deviceKeys
            usedProofs = shared.usedProofs
        } else {
            // The quota's windows and the audit rows: journaled on the request's path, in SQLite in the background.
            let audit = try SQLiteAuditStore(database: database)
            _ = try SQLiteQuotaStore(database: database)  // its table, which the journal's replay writes to
            let limits = config.storage.journal
            let shipper = RequestJournalShipper(journal: try RequestJournal(directory: dataDirectory, database: database, settings: limits),
                                                database: database, interval: .milliseconds(limits.shipMilliseconds), clock: clock)
            journalShipper = shipper
            stores = GatewayStores(
                quota: try JournaledQuotaStore(shipper: shipper, clock: clock), audit: JournaledAuditStore(shipper: shipper, store: audit),
                availability: try SQLiteAvailabilityStore(database: database), feedback: try SQLiteFeedbackStore(database: database),
                answers: try SQLiteAnswerStore(database: database, retention: TimeInterval(config.limits.summaryRetentionDays) * 86_400),
                overrides: try SQLiteFeatureOverrideStore(database: database), challenges: try SQLiteChallengeStore(database: database, clock: clock),
                refusals: try SQLiteRefusalStore(database: database),
                // A request's admission, and its end, each one journal append (`JournalWriteGroup`).
                writeGroups: { shipper.makeGroup() })
            deviceKeys = try SQLiteDeviceKeyStore(database: database)
            usedProofs = try SQLiteProofReplayStore(database: database, clock: clock)
        }
        let keys = try config.auth.jwksFile.map { path throws(ConfigError) in try JSONWebKeySet.load(path: path) } ?? JSONWebKeySet(keys: [])
        let security = GatewaySecurity(
            tokenVerifier: JWTVerifier(secret: config.auth.acceptHS256 ? secret : nil, keys: keys, settings: config.auth, clock: clock),
            integrity: try Self.integrityVerifier(config.integrity, keys: deviceKeys, challenges: stores.challenges, usedProofs: usedProofs,
                                                  clock: clock, environment: environment),
            adminToken: try SecretStore.adminToken(dataDirectory: dataDirectory),
            demoLogin: demo ? DemoLogin(users: try TravelApp.demoUsers(), issuer: HS256TokenIssuer(secret: secret, settings: config.auth, clock: clock)) : nil)
        // The budget app's data decides its answers, so replicas share it (issue 29); the travel app's is built in.
        let budget = try shared.map { BudgetStores.postgres($0.postgres.client) } ?? BudgetApp.stores(database: database)
        let handlers = FeatureHandlers(builders: try TravelApp.builders(database: database),
                                       structured: TravelApp.structuredFeatures + BudgetApp.structuredFeatures(budget, clock: clock),
                                       answerChecks: TravelApp.answerChecks, endpoints: BudgetApp.endpoints(budget))
        var reload: (@Sendable () throws -> GatewayConfig)?
        if let configurationFile { reload = { try Self.readConfig(configurationFile) } }
        self.config = config
        self.database = database
        self.secret = secret
        self.shared = shared
        let instance = try InstanceID.load(dataDirectory: dataDirectory)
        let exportSettings = try TelemetryAssembly.settings(config.telemetry, instance: instance, environment: environment)
        var dependencies = try GatewayDependencies(
            config: config, clock: clock, stores: stores, security: security,
            models: ModelAccess(providers: Self.providers(provider), environment: environment, isReady: modelReady),
            handlers: handlers, masker: PIIMasking(), instance: instance, reloadConfiguration: reload,
            broadcast: shared?.broadcast ?? InMemoryAdminBroadcast(), storeProbes: shared?.probes(auditFailsOpen: config.audit.onFailure == .open) ?? [],
            qualification: try Self.qualification(config, configurationFile: configurationFile))
        dependencies.pages = PageFiles.pages
        let telemetry = TelemetryAssembly.tracing(exportSettings)  // its thread starts here: nothing below throws
        dependencies.tracing = telemetry.tracing
        self.dependencies = dependencies
        let state = dependencies.state
        journalShipper?.report(to: state.storageHealth)  // SQLite refusing the journal's batches is failing storage too
        var replicas: [any Service] = []
        if let shared { replicas = shared.services + [state.storeMonitor, shared.listener(for: dependencies)] + [state.presence].compactMap { $0 } }
        if let spool = shared?.spool { state.metrics.addGauges(from: spool) }  // the spool's backlog in /metrics
        if let exporter = telemetry.exporter { state.metrics.countDroppedSpans(of: exporter) }
        // The exporter first, so that it stops last: the spans of the requests drained before it still go out.
        let storage: [any Service] = [database.checkpointer as (any Service)?, journalShipper].compactMap { $0 }
        let serving: [any Service] = [state.refusals, state.leaseKeeper, provider.loop, Self.memoryTrimmer(state)]
        self.services = [telemetry.exporter].compactMap { $0 } + replicas + storage + serving
    }

    /// A provider for every kind a model target may name, all on the one curl loop `openAI` runs on: the embedded
    /// llama-server speaks OpenAI's format; Anthropic and Gemini their own.
    static func providers(_ openAI: OpenAICompatibleProvider) -> [String: any ModelProvider] {
        [OpenAICompatibleProvider.kind: openAI, ModelTarget.embeddedKind: openAI,
         AnthropicProvider.kind: AnthropicProvider(openAI.streaming), GeminiProvider.kind: GeminiProvider(openAI.streaming)]
    }

    /// Gives the heap back once a burst of streams has ended: without it the allocator keeps the pages of 5,000
    /// closed streams for the next burst (`make bench`, phase `streams`).
    static func memoryTrimmer(_ state: GatewayState) -> IdleTrimmer {
        IdleTrimmer(openWork: { [liveStreams = state.liveStreams] in liveStreams.count }, trim: {
            _ = assist_malloc_trim()
        })
    }

    /// The qualification results: the built-in configuration's compiled in; a configuration file's at its
    /// `qualification.results`, relative to the file (re-read on reload). A file that is not there, or cannot be
    /// read, stops start-up (and fails a reload) naming `qualification.results`: a configuration copied without
    /// its results would otherwise serve every locale as `qualification.unknown` says, with one log line (issue 28).
    static func qualification(_ config: GatewayConfig, configurationFile: String?) throws -> QualificationSource {
        guard let configurationFile else {
            return QualificationSource(results: try QualificationResults(json: try JSONParser.parse(TravelApp.builtinQualificationBytes)),
                                       catalog: OpenAIModelCatalog())
        }
        let path = resultsPath(config.qualification.results, configurationFile: configurationFile)
        let read: @Sendable () throws -> QualificationResults = {
            guard let results = try readResults(at: path) else {
                throw ConfigError(issues: [ConfigIssue(path: "qualification.results", message: "\(path) does not exist: record results with "
                    + "`assist eval --record`, or name a results file (one with none is {\"results\": []})")])
            }
            return results
        }
        return QualificationSource(results: try read(), read: read, catalog: OpenAIModelCatalog())
    }

    /// The qualification results file at `path`, as the gateway reads it and `assist eval --record` extends it;
    /// nil when there is none. One that cannot be read is a `ConfigError` naming `qualification.results`.
    public static func readResults(at path: String) throws -> QualificationResults? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try QualificationResults(json: try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        } catch {
            throw ConfigError(issues: [ConfigIssue(path: "qualification.results", message: "\(path): \(error)")])
        }
    }

    /// `results` as a path: absolute as it is, else relative to the configuration file's directory.
    public static func resultsPath(_ results: String, configurationFile: String) -> String {
        results.hasPrefix("/") ? results
            : URL(fileURLWithPath: configurationFile).deletingLastPathComponent().appendingPathComponent(results).standardizedFileURL.path
    }

    /// The verifiers the `integrity` section configures, with their keys read now: a missing or unusable key
    /// stops start-up with the name of what is wrong, rather than silently treating every device as unverified.
    static func integrityVerifier(_ settings: IntegritySettings, keys: any DeviceKeyStore, challenges: any ChallengeStore,
                                  usedProofs: any ProofReplayStore, clock: any WallClock, environment: (String) -> String?) throws -> any IntegrityVerifier {
        guard settings.appAttest != nil || settings.playIntegrity != nil else { return NoIntegrityVerifier() }
        func fail(_ path: String, _ message: String) -> ConfigError { ConfigError(issues: [ConfigIssue(path: path, message: message)]) }
        var appAttest: AppAttestVerifier?
        if let apple = settings.appAttest {
            var root = AppAttestVerifier.appleRoot
            if let file = apple.rootCertificateFile {
                guard let pem = try? String(contentsOfFile: file, encoding: .utf8), let pinned = try? Certificate(pem: pem) else {
                    throw fail("integrity.appAttest.rootCertificateFile", "cannot read a PEM certificate from \(file)")
                }
                root = pinned
            }
            appAttest = AppAttestVerifier(appId: apple.appId, environment: AppAttestEnvironment(rawValue: apple.environment) ?? .production, root: root)
        }
        var play: ClientIntegrityVerifier.PlayIntegrity?
        if let google = settings.playIntegrity {
            guard let decryption = environment(google.decryptionKeyEnv).flatMap({ Data(base64Encoded: $0) }), decryption.count == 32 else {
                throw fail("integrity.playIntegrity.decryptionKeyEnv", "$\(google.decryptionKeyEnv) must hold the base64 AES-256 decryption key")
            }
            guard let verification = environment(google.verificationKeyEnv).flatMap({ Data(base64Encoded: $0) }),
                  let key = try? PublicKey(spki: Array(verification)) else {
                throw fail("integrity.playIntegrity.verificationKeyEnv", "$\(google.verificationKeyEnv) must hold the base64 DER verification key")
            }
            play = ClientIntegrityVerifier.PlayIntegrity(
                token: PlayIntegrityToken(decryptionKey: Array(decryption), verificationKey: key),
                policy: PlayIntegrityPolicy(packageName: google.packageName, maxAgeSeconds: google.maxAgeSeconds, requireLicensed: google.requireLicensed))
        }
        return ClientIntegrityVerifier(appAttest: appAttest, playIntegrity: play, keys: keys, challenges: challenges, proofs: usedProofs, clock: clock)
    }

    /// Reads and validates a configuration file: every issue with its path, or the configuration.
    /// The configuration in the file at `path`. A file that cannot be read is an issue naming it and why; an issue
    /// of the whole file (not JSON) names the file instead of `$`.
    public static func readConfig(_ path: String) throws -> GatewayConfig {
        var isDirectory: ObjCBool = false
        let problem: String? = if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            "cannot read: no such file"
        } else if isDirectory.boolValue {
            "cannot read: a directory, not a configuration file"
        } else if !FileManager.default.isReadableFile(atPath: path) {
            "cannot read: permission denied"
        } else {
            nil
        }
        if let problem { throw ConfigError(issues: [ConfigIssue(path: path, message: problem)]) }
        guard let data = FileManager.default.contents(atPath: path) else { throw ConfigError(issues: [ConfigIssue(path: path, message: "cannot read")]) }
        do {
            return try loadConfig(Array(data))
        } catch {
            throw Self.naming(path, in: error)
        }
    }

    /// `error` with its issue about the whole file (path `$`) named by the file.
    private static func naming(_ file: String, in error: ConfigError) -> ConfigError {
        var issues: [ConfigIssue] = []
        for issue in error.issues { issues.append(issue.path == "$" ? ConfigIssue(path: file, message: issue.message) : issue) }
        return ConfigError(issues: issues)
    }

    public var gateway: Gateway { Gateway(dependencies: dependencies) }

    public func tokenIssuer(clock: any WallClock = SystemWallClock()) -> HS256TokenIssuer {
        HS256TokenIssuer(secret: secret, settings: config.auth, clock: clock)
    }

    /// HTTP server settings that follow the configuration's limits.
    public func serverConfiguration(host: String, port: Int) -> HTTPServer.Configuration {
        Self.serverConfiguration(for: config, host: host, port: port)
    }

    /// HTTP server settings that follow `config`'s limits (for a server that starts before its gateway can
    /// be built: see `DeferredGateway`).
    public static func serverConfiguration(for config: GatewayConfig, host: String, port: Int) -> HTTPServer.Configuration {
        var server = HTTPServer.Configuration()
        server.host = host
        server.port = port
        server.maxBodyBytes = config.limits.maxBodyBytes
        let limits = config.limits
        server.headerTimeoutSeconds = limits.headerTimeoutSeconds
        server.maxConnectionsPerAddress = limits.maxConnectionsPerAddress
        server.trustedProxies = limits.trustedProxies
        server.connectionLimit = limits.maxConnections
        server.reservedDescriptors = limits.reservedDescriptors
        server.minClientReadBytesPerSecond = limits.minClientReadBytesPerSecond
        server.slowReaderWindowSeconds = limits.slowReaderWindowSeconds
        // A request may hold an upstream connection besides its own (a stream does, for as long as it runs).
        server.descriptorsPerConnection = 2
        return server
    }
}
