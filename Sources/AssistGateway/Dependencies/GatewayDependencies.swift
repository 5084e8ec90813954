import AssistServices
/// What a gateway is made of: its configuration and clocks, its stores, its security, the way to the
/// models, the apps' feature code, and the state it builds for itself. Built once, at start-up; every
/// seam is a protocol, so `assist serve` wires SQLite, curl and its HTTP server while tests wire in-memory
/// stores and providers.
public struct GatewayDependencies: Sendable {
    /// Everything but the two parts the assembly sets after building it, behind one reference. The dependencies
    /// are copied into every endpoint, admission step and stream of every request; as a struct of 1,600 bytes,
    /// each copy retained every reference in it and took that much of an async frame (22 KiB in the router,
    /// which made one for each endpoint it can call, issue 32).
    private final class Parts: Sendable {
        let config: GatewayConfig
        let clock: any WallClock
        let monotonicClock: MonotonicClock
        let stores: GatewayStores
        let security: GatewaySecurity
        let models: ModelAccess
        let handlers: FeatureHandlers
        let masker: any PersonalDataMasker
        let instance: String
        let state: GatewayState
        let reloadConfiguration: (@Sendable () throws -> GatewayConfig)?
        let broadcast: any AdminBroadcast
        let qualification: Qualification
        let readQualification: (@Sendable () throws -> QualificationResults)?

        init(config: GatewayConfig, clock: any WallClock, monotonicClock: MonotonicClock, stores: GatewayStores, security: GatewaySecurity,
             models: ModelAccess, handlers: FeatureHandlers, masker: any PersonalDataMasker, instance: String, state: GatewayState,
             reloadConfiguration: (@Sendable () throws -> GatewayConfig)?, broadcast: any AdminBroadcast, qualification: Qualification,
             readQualification: (@Sendable () throws -> QualificationResults)?) {
            self.config = config
            self.clock = clock
            self.monotonicClock = monotonicClock
            self.stores = stores
            self.security = security
            self.models = models
            self.handlers = handlers
            self.masker = masker
            self.instance = instance
            self.state = state
            self.reloadConfiguration = reloadConfiguration
            self.broadcast = broadcast
            self.qualification = qualification
            self.readQualification = readQualification
        }
    }

    private let parts: Parts

    public var config: GatewayConfig { parts.config }
    /// Calendar time: quota days, token expiry, audit timestamps.
    public var clock: any WallClock { parts.clock }
    /// Instants: a request's arrival, its stream's deltas and deadlines, latencies (see `MonotonicClock`).
    public var monotonicClock: MonotonicClock { parts.monotonicClock }
    public var stores: GatewayStores { parts.stores }
    public var security: GatewaySecurity { parts.security }
    public var models: ModelAccess { parts.models }
    public var handlers: FeatureHandlers { parts.handlers }
    /// Masks personal data in what users wrote before any of it is kept (feedback).
    public var masker: any PersonalDataMasker { parts.masker }
    /// This gateway instance's id, on every audit row it writes (see `InstanceID`).
    public var instance: String { parts.instance }
    public var state: GatewayState { parts.state }
    /// Where the current request's deadlines are kept (see `MonotonicClock.requestTimers`).
    var requestTimers: any DeadlineTimers { monotonicClock.requestTimers }
    /// Re-reads and validates the configuration file for `POST /admin/reload`; nil when the gateway runs on
    /// a built-in configuration, which cannot change at run time.
    public var reloadConfiguration: (@Sendable () throws -> GatewayConfig)? { parts.reloadConfiguration }
    /// Tells the other replicas of this one's admin changes (nothing to tell for one process alone).
    public var broadcast: any AdminBroadcast { parts.broadcast }
    /// Who writes each (feature, locale)'s answers: the model, the narrator, or nobody.
    public var qualification: Qualification { parts.qualification }
    /// The browser pages' files (`/demo`, `/console`); none unless the assembly gives them.
    public var pages = BrowserPages()
    /// Which requests' spans are recorded, and where they go; off unless the assembly configures an exporter.
    public var tracing = Tracing.off
    /// Re-reads the qualification results for `POST /admin/reload`; nil when they cannot change.
    var readQualification: (@Sendable () throws -> QualificationResults)? { parts.readQualification }

    /// Throws when the stored overrides cannot be read, or a model alias names a provider kind nobody wired.
    /// - Parameter storeProbes: checks of the shared stores, run in the background (`StoreMonitor`) for `/healthz`.
    /// - Parameter monotonicClock: any clock with `ContinuousClock`'s instants; a test's manual clock drives
    ///   stream timeouts and pings in virtual time.
    public init<Monotonic: Clock>(config: GatewayConfig, clock: any WallClock = SystemWallClock(), monotonicClock: Monotonic = ContinuousClock(),
                                  stores: GatewayStores, security: GatewaySecurity, models: ModelAccess, handlers: FeatureHandlers,
                                  masker: any PersonalDataMasker, instance: String = "local", reloadConfiguration: (@Sendable () throws -> GatewayConfig)? = nil,
                                  broadcast: any AdminBroadcast = InMemoryAdminBroadcast(), storeProbes: [StoreMonitor.Probe] = [],
                                  qualification: QualificationSource = QualificationSource()) throws
    where Monotonic.Instant == ContinuousClock.Instant {
        let unwired = models.unwiredTargets(config.models)
        if !unwired.isEmpty { throw ConfigError(issues: unwired) }
        let guardIssues = handlers.guardIssues(config.features)
        if !guardIssues.isEmpty { throw ConfigError(issues: guardIssues) }
        let monotonic = MonotonicClock(monotonicClock)
        let state = try GatewayState(config: config, stores: stores, clock: clock, monotonicClock: monotonic, instance: instance,
                                     storeProbes: storeProbes)
        parts = Parts(config: config, clock: clock, monotonicClock: monotonic, stores: stores, security: security,
                      models: models.masking(with: masker) { count in state.metrics.observeMaskedAtProvider(count) },
                      handlers: handlers, masker: masker, instance: instance, state: state, reloadConfiguration: reloadConfiguration,
                      broadcast: broadcast,
                      qualification: Qualification(results: qualification.results,
                                                   identities: ModelIdentities(catalog: qualification.catalog, clock: monotonic)),
                      readQualification: qualification.read)
    }

    /// Ends a request's bookkeeping: its audit row, and the same row counted in the metrics.
    func recordEnd(_ record: AuditRecord) async {
        state.metrics.observe(record)
        await audit(record)
    }

    /// Writes an audit row; a failure is counted in the storage health and logged once per run of failures
    /// (metadata only: the request id and the store's error). Within `writingTogether` the row is held in the
    /// group, whose commit reports the outcome instead.
    @discardableResult
    func audit(_ record: AuditRecord) async -> Bool {
        var record = record
        record.instance = instance
        do {
            try await stores.audit.record(record)
            if DurableWrites.current == nil { storageSucceeded() }
            return true
        } catch {
            storageFailed("audit write failed for \(record.requestId): \(error)")
            return false
        }
    }

    /// A write reached storage: a run of failures, if there was one, is over (and said so once).
    func storageSucceeded() {
        if state.storageHealth.succeeded() { GatewayLog.warning("audit writes work again") }
    }

    /// A write failed: storage is reported failing until one succeeds, and the first failure of a run is logged.
    func storageFailed(_ what: String) {
        if state.storageHealth.failed(at: clock.now()) {
            GatewayLog.warning("\(what); storage reported failing until a write succeeds")
        }
    }

    /// At start-up: announces this replica's presence (shared storage), then closes this instance's rows a
    /// crash left `started` as `interrupted` (their reservations stay charged: what was streamed is unknown).
    /// Returns how many.
    public func closeInterruptedRequests() async throws -> Int {
        try await state.presence?.announce()
        return try await stores.audit.closeInterrupted(instance: instance)
    }
}
