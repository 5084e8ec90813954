/// Where the gateway's records and counters live, each behind its protocol: SQLite under `assist serve` (kind
/// `sqlite`), Redis and PostgreSQL for replicas (kind `shared`), in memory in tests (every in-memory store is a
/// real implementation, not a stand-in).
public struct GatewayStores: Sendable {
    public var quota: any QuotaStore
    public var audit: any AuditStore
    public var availability: any AvailabilityStore
    public var feedback: any FeedbackStore
    /// Generated answers kept for repeat requests: content, so apart from the audit, with a retention.
    public var answers: any AnswerStore
    /// The admin API's overrides (kill switch, rollout), kept across restarts.
    public var overrides: any FeatureOverrideStore
    /// Single-use challenges for App Attest (registration, fresh-challenge features).
    public var challenges: any ChallengeStore
    /// Refusals before admission counted per minute, endpoint, reason and address (`RefusalRecorder`).
    public var refusals: any RefusalStore
    /// Leases on stream slots (`StreamSlots`): in memory for one process, in Redis across replicas.
    public var leases: any LeaseStore
    /// A store that takes a slot and a quota reservation in one call (Redis: one round trip); nil asks `leases`
    /// and `quota` in turn (`admission`).
    public var combinedAdmission: (any AdmissionStore)?
    /// A new group to hold a request step's writes in, made durable together (`DurableWriteGroup`): SQLite's
    /// request journal; nil where the stores write at once.
    public var writeGroups: (@Sendable () -> any DurableWriteGroup)?

    /// What admission takes slots and quota from: `combinedAdmission`, or `leases` and `quota` in turn.
    public var admission: any AdmissionStore { combinedAdmission ?? SeparateAdmissionStore(quota: quota, leases: leases) }

    public init(quota: any QuotaStore, audit: any AuditStore, availability: any AvailabilityStore, feedback: any FeedbackStore,
                answers: any AnswerStore, overrides: any FeatureOverrideStore, challenges: any ChallengeStore, refusals: any RefusalStore,
                leases: any LeaseStore = InMemoryLeaseStore(), combinedAdmission: (any AdmissionStore)? = nil,
                writeGroups: (@Sendable () -> any DurableWriteGroup)? = nil) {
        self.quota = quota
        self.audit = audit
        self.availability = availability
        self.feedback = feedback
        self.answers = answers
        self.overrides = overrides
        self.challenges = challenges
        self.refusals = refusals
        self.leases = leases
        self.combinedAdmission = combinedAdmission
        self.writeGroups = writeGroups
    }

    /// Every store in memory, on `clock`: one process, nothing kept across restarts.
    public static func inMemory(clock: any WallClock = SystemWallClock()) -> GatewayStores {
        GatewayStores(quota: InMemoryQuotaStore(clock: clock), audit: InMemoryAuditStore(), availability: InMemoryAvailabilityStore(),
                      feedback: InMemoryFeedbackStore(), answers: InMemoryAnswerStore(), overrides: InMemoryFeatureOverrideStore(),
                      challenges: InMemoryChallengeStore(clock: clock), refusals: InMemoryRefusalStore())
    }
}
