public import AssistCrypto
public import AssistHTTP
public import AssistTelemetry
public import Foundation

/// One request as the gateway answers it: its id and arrival time, the HTTP request, and what has been
/// learned of it so far (who asks, how far their device is trusted, which feature as served). Handlers
/// and admission steps fill it in; a refusal is audited from whatever it holds by then.
public struct RequestContext: Sendable {
    /// Returned as `X-Request-Id` and written in the audit row, so a user's report can be matched to it.
    public let id: String
    /// The request's place in a distributed trace: the caller's `traceparent` continued, or a new trace. Its
    /// span is the gateway's SERVER span; the provider call is a child of it (`ProviderRequest.headers`).
    public let trace: TraceContext
    /// Writes the request's log lines, each with its request id, trace id and span id.
    public let logger: Logger
    /// When the request arrived, for latency and deadlines: an instant of the gateway's `MonotonicClock`.
    public let receivedAt: ContinuousClock.Instant
    /// The calendar time it arrived (the quota day, cache retention).
    public let time: Date
    /// The real time it arrived, in nanoseconds since 1970: its SERVER span's start.
    public let startedUnixNano = SpanClock.nowUnixNano()
    public let http: HTTPRequest
    public var user: AuthenticatedUser?
    public var trust: IntegrityVerdict?
    /// The feature record as this user is served it (the candidate's when they are in its share).
    public var feature: FeatureRecord?
    /// How many personal values (card, IBAN, identity, passport, phone numbers, e-mail addresses) the gateway
    /// masked in the request's input (`MaskPersonalData`): the audit row keeps the count, never the values.
    public var maskedValues = 0
    /// Whether the request has an audit row of its own: admitted (its row written ahead), or refused or
    /// ended by a step that wrote one. A 400, 401 or 403 of a request without one is a refusal before
    /// admission, which `Gateway.respond` records by count (`RefusalRecorder`).
    var hasAuditRow = false

    public init(id: String = RequestID.make(), receivedAt: ContinuousClock.Instant = .now, time: Date, http: HTTPRequest,
                sampler: TraceSampler = .parentBased(root: .alwaysOn)) {
        self.id = id
        var random = PooledRandom()
        // A trace is continued from exactly one traceparent; two or more start a new one.
        var parent: String?, parents = 0
        for field in http.headers where field.name == .traceparent { (parent, parents) = (field.value, parents + 1) }
        trace = .continuing(traceparent: parents == 1 ? parent : nil, tracestate: http.header(.tracestate), sampler: sampler,
                            using: &random)
        logger = Logger(fields: Logger.requestFields(id: id, trace: trace))
        self.receivedAt = receivedAt
        self.time = time
        self.http = http
    }

    /// Milliseconds from the request's arrival to `now`, both read from the same clock.
    func elapsedMs(at now: ContinuousClock.Instant) -> Double { (now - receivedAt).milliseconds }
}
