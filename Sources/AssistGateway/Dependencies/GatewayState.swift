/// What one gateway holds in memory while it runs, built once from its configuration and stores: the
/// feature registry (overrides applied), open streams and their slots, shared
/// provider calls, recent inputs for feedback, the metrics, and the count of refusals before admission.
public final class GatewayState: Sendable {
    public let registry: FeatureRegistry
    /// Every lease this replica holds (stream slots, answer generation); a `Service` that renews them, which
    /// whoever serves this gateway must run.
    public let leaseKeeper: LeaseKeeper
    /// Each user's concurrent streams, as leases (across replicas with shared storage).
    public let streamSlots: StreamSlots
    /// This replica's presence lease, and the closing of departed replicas' open rows; a `Service` that whoever
    /// serves this gateway must run. Shared storage only: one process has no other replicas.
    public let presence: ReplicaPresence?
    /// This replica's own quota counts and stream slots, used in place of the shared store's while it cannot
    /// answer, when `storage.onRedisDown` is `open` (shared storage only); nil otherwise.
    let standIn: (any AdmissionStore)?
    /// Open streams by feature, for the kill switch.
    public let liveStreams: LiveStreams
    /// Provider calls now producing cacheable answers, shared by simultaneous identical requests.
    public let sharedCalls: SharedCalls
    /// Inputs of the last hour's requests, for feedback (see `RecentRequests`).
    public let recentRequests: RecentRequests
    /// Counters for `GET /metrics`, bounded to the configured features.
    public let metrics: GatewayMetrics
    /// The model targets' breakers and attempt timers, shared by every request.
    let routing: ProviderRouting
    /// Whether audit writes land, as the last ones found (`GET /healthz`).
    public let storageHealth = StorageHealth()
    /// Refusals before admission, counted per minute, endpoint, reason and address; a `Service` that
    /// whoever serves this gateway must run, or the counts are never stored.
    public let refusals: RefusalRecorder
    /// Whether the shared stores answer (`/healthz`); a `Service` that probes them, which whoever serves this
    /// gateway must run. Empty for a single process.
    public let storeMonitor: StoreMonitor
    /// Integrity challenges issued per user this minute.
    let challengeRate: ChallengeRate

    /// Reads the stored overrides: a store that cannot be read stops start-up rather than silently
    /// forgetting a kill switch.
    init(config: GatewayConfig, stores: GatewayStores, clock: any WallClock, monotonicClock: MonotonicClock, instance: String,
         storeProbes: [StoreMonitor.Probe]) throws {
        registry = FeatureRegistry(config.features, overrides: try stores.overrides.load())
        let standIns = config.storage.kind == .shared && config.storage.onRedisDown == .open
        standIn = standIns ? SeparateAdmissionStore(quota: InMemoryQuotaStore(clock: clock), leases: InMemoryLeaseStore()) : nil
        leaseKeeper = LeaseKeeper(ttl: .milliseconds(Int((config.limits.streamLeaseSeconds * 1000).rounded())), clock: monotonicClock)
        streamSlots = StreamSlots(maxPerUser: config.limits.maxConcurrentStreamsPerUser, instance: instance, keeper: leaseKeeper)
        presence = config.storage.kind == .shared
            ? ReplicaPresence(instance: instance, leases: stores.leases, keeper: leaseKeeper, audit: stores.audit, sweepInterval: leaseKeeper.ttl,
                              clock: monotonicClock)
            : nil
        liveStreams = LiveStreams()
        sharedCalls = SharedCalls(store: stores.answers, leases: stores.leases, keeper: leaseKeeper, instance: instance, clock: clock,
                                  monotonicClock: monotonicClock)
        recentRequests = RecentRequests(clock: clock)
        let targets = config.models.sorted(by: { $0.key < $1.key }).flatMap(\.value.targets)
        metrics = GatewayMetrics(registry: registry, models: Set(targets.map(\.model)), targets: targets)
        routing = ProviderRouting(clock: monotonicClock, metrics: metrics.routing)
        refusals = RefusalRecorder(store: stores.refusals, audit: stores.audit, instance: instance, clock: monotonicClock)
        storeMonitor = StoreMonitor(probes: storeProbes, wallClock: clock, clock: monotonicClock)
        challengeRate = ChallengeRate(perMinute: config.integrity.challengesPerMinute, clock: clock)
    }
}
