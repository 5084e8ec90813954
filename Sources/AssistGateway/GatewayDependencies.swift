import AssistHTTPServer
import Foundation

/// Everything the gateway's request path stands on, each behind its protocol. `assist serve` wires SQLite
/// stores, the curl provider and the HS256 verifier; tests wire in-memory versions and a scripted upstream.
public struct GatewayDependencies: Sendable {
    public var config: GatewayConfig
    public var registry: FeatureRegistry
    public var tokenVerifier: any TokenVerifier
    public var integrity: any IntegrityVerifier
    /// Single-use challenges for App Attest (registration, fresh-challenge features).
    public var challenges: any ChallengeStore
    public var quota: any QuotaStore
    public var audit: any AuditStore
    public var availability: any AvailabilityStore
    public var feedback: any FeedbackStore
    /// Generated answers kept for repeat requests (content, apart from the audit), and the provider calls
    /// now producing them, shared by simultaneous requests for the same answer.
    public let summaries: any SummaryStore
    public let flights: SummaryFlights
    public var provider: any ModelProvider
    public var builders: [String: any PromptBuilder]
    public var structured: [String: any StructuredFeature]
    public var clock: any WallClock
    public var streamLimiter: StreamLimiter
    /// Open streams by feature, for the kill switch.
    public var liveStreams = LiveStreams()
    /// Inputs of the last hour's requests, in memory, for feedback (see `RecentRequests`).
    public let recentRequests: RecentRequests
    /// Counters for `GET /metrics`, bounded to the configured features.
    public var metrics: GatewayMetrics
    /// Reads an API key from the environment by the name a model alias gives.
    public var environment: @Sendable (String) -> String?
    /// Whether the model behind the gateway is ready (`GET /healthz`).
    public var modelReady: @Sendable () async -> Bool
    /// The admin API's bearer token; nil turns the admin API off (every call is 401).
    public var adminToken: [UInt8]?
    /// Keeps the admin API's overrides across restarts.
    public var overrides: any FeatureOverrideStore
    /// Re-reads and validates the configuration file for `POST /admin/reload`; nil when the gateway runs on
    /// the built-in configuration, which cannot change at run time.
    public var reloadConfiguration: (@Sendable () throws -> GatewayConfig)?

    public init(config: GatewayConfig, tokenVerifier: any TokenVerifier, integrity: any IntegrityVerifier = NoIntegrityVerifier(),
                challenges: any ChallengeStore = InMemoryChallengeStore(),
                quota: any QuotaStore, audit: any AuditStore, availability: any AvailabilityStore = InMemoryAvailabilityStore(),
                feedback: any FeedbackStore = InMemoryFeedbackStore(), summaries: any SummaryStore = InMemorySummaryStore(),
                provider: any ModelProvider, builders: [any PromptBuilder], structured: [any StructuredFeature] = [],
                clock: any WallClock = SystemWallClock(),
                environment: @escaping @Sendable (String) -> String? = ProcessEnvironment.value,
                modelReady: @escaping @Sendable () async -> Bool = { true },
                adminToken: [UInt8]? = nil, overrides: any FeatureOverrideStore = InMemoryFeatureOverrideStore(),
                reloadConfiguration: (@Sendable () throws -> GatewayConfig)? = nil) {
        self.config = config
        // `GatewayAssembly` reads the store once before this, so one that cannot be read stops startup
        // rather than silently forgetting a kill switch.
        self.registry = FeatureRegistry(config.features, overrides: (try? overrides.load()) ?? [:])
        self.tokenVerifier = tokenVerifier
        self.integrity = integrity
        self.challenges = challenges
        self.quota = quota
        self.audit = audit
        self.availability = availability
        self.feedback = feedback
        self.summaries = summaries
        self.flights = SummaryFlights(store: summaries, clock: clock)
        self.recentRequests = RecentRequests(clock: clock)
        self.provider = provider
        self.builders = Dictionary(builders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.structured = Dictionary(structured.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.clock = clock
        self.streamLimiter = StreamLimiter(maxPerUser: config.limits.maxConcurrentStreamsPerUser)
        self.metrics = GatewayMetrics(registry: registry)
        self.environment = environment
        self.modelReady = modelReady
        self.adminToken = adminToken
        self.overrides = overrides
        self.reloadConfiguration = reloadConfiguration
    }

    /// Ends a request's bookkeeping: its audit row, and the same row counted in the metrics.
    func recordEnd(_ record: AuditRecord) async {
        metrics.observe(record)
        await audit.record(record)
    }

    /// The caller of a small JSON request (availability events, feedback): authenticated, and the body
    /// within `limits.maxEventBytes`.
    func authenticateSmallRequest(_ request: HTTPRequest) throws(GatewayError) -> AuthenticatedUser {
        let user: AuthenticatedUser
        do {
            user = try authenticate(request)
        } catch {
            throw .unauthenticated(error)
        }
        let cap = config.limits.maxEventBytes
        if request.bodyTooLarge || request.body.count > cap { throw .payloadTooLarge(limit: cap) }
        return user
    }

    func authenticate(_ request: HTTPRequest) throws(TokenRejection) -> AuthenticatedUser {
        guard let header = request.header("authorization") else { throw .missing }
        let prefix = "bearer "
        guard header.count > prefix.count, header.lowercased().hasPrefix(prefix) else { throw .malformed }
        // Trimmed by hand: Foundation's trimmingCharacters showed in the per-request profile.
        let rest = header.dropFirst(prefix.count)
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = rest.firstIndex { !blank($0) } ?? rest.endIndex
        let end = rest.lastIndex { !blank($0) }.map { rest.index(after: $0) } ?? start
        return try tokenVerifier.verify(bearer: String(rest[start..<end]))
    }
}
