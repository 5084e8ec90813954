import AssistHTTP
import AssistTelemetry
import AssistWire

/// A request that passed every admission step: what its answer needs, and the reservation its end gives back.
struct Admitted: Sendable {
    /// The request's id and arrival, kept instead of its whole context: an open stream should not hold the
    /// request's headers and body for as long as it runs.
    let requestId: String
    let receivedAt: ContinuousClock.Instant
    /// The request's trace (`RequestContext.trace`): the provider call is its child span.
    let trace: TraceContext
    /// The request's log lines, with its ids (`RequestContext.logger`).
    let logger: Logger
    /// When it arrived in real time (`RequestContext.startedUnixNano`): its SERVER span's start.
    let startedUnixNano: UInt64
    let user: String
    let trust: IntegrityVerdict
    /// The record this user is served (the candidate's when they are in its share).
    let feature: FeatureRecord
    let model: ModelAlias
    let prompt: Prompt
    /// The request's locale (`PromptContext.locale`). The context itself, input and all, is handed to the endpoint
    /// beside this (`Admission.admit`), not kept here: a stream holds its `Admitted` for as long as it runs.
    let locale: String
    /// The kill-switch epoch of the feature when it was found enabled (see `LiveStreams`).
    let killEpoch: Int
    let source: AnswerSource
    let reservation: Reservation
    /// Personal values masked in the input (`RequestContext.maskedValues`).
    let maskedValues: Int
    /// What is left of the window after this request, for the rate-limit headers (when it holds quota).
    let remainingRequests: Int
    let resetSeconds: Int
    /// Who answered, after how many attempts: filled by its provider calls, read by its audit row.
    let route = CallRoute()

    /// What this request's provider calls carry (`ModelAccess.provider(for:call:)`).
    func providerCall(_ dependencies: GatewayDependencies) -> RequestCall {
        RequestCall(feature: feature.id, trace: trace, tracing: dependencies.tracing, metrics: dependencies.state.metrics.genAI,
                    routing: dependencies.state.routing, route: route)
    }

    /// `RateLimit-*` fields for a request that took quota; a stored or shared answer took none, so there is no
    /// fresh count to report.
    var rateLimitHeaders: [HTTPField] {
        guard source.isCharged else { return [] }
        return [(.rateLimitRemaining, String(remainingRequests)), (.rateLimitReset, String(resetSeconds))]
    }

    /// Ends the request, whatever its kind and outcome: settles the reservation with the real usage (the
    /// provider's, or an estimate of prompt and output) and writes the audit row. Metadata only. A stored
    /// or shared answer costs this request nothing. `reason` says more of how it ended (`client_stalled`);
    /// the row's reason keeps why it cost nothing too, if it did (`cached,client_stalled`).
    func end(_ status: AuditStatus, reason: String = "", usage: TokenUsage?, outputText: String = "",
             firstDeltaAt: ContinuousClock.Instant? = nil, dependencies: GatewayDependencies) async {
        let charged = source.isCharged
        // An estimate never charges past the cap: a relay cut at the cap runs a little over it by estimate.
        let outputTokens = charged ? usage?.outputTokens ?? min(TokenEstimator.estimate(outputText), feature.maxOutputTokens) : 0
        let inputTokens = charged ? usage?.inputTokens ?? prompt.estimatedTokens : 0
        // Settled before the row is final: whoever reads a request's final row finds its quota settled.
        let usage = TokenUsage(inputTokens: inputTokens, outputTokens: outputTokens)
        // The tokens charged, at the price of the target that answered: the cost the quota and the row agree on.
        let cost = route.costMicros(of: usage)
        // The settlements and the row are made durable in one step (one journal append on SQLite storage); a
        // failure is the storage health's, and leaves the reservation counted, never less.
        _ = await dependencies.writingTogether {
            await reservation.settle(usage: usage, costMicros: cost ?? 0)
            await dependencies.recordEnd(finalRow(status, reason: reason, usage: usage, cost: cost, firstDeltaAt: firstDeltaAt, dependencies))
        }
    }

    private func finalRow(_ status: AuditStatus, reason: String, usage: TokenUsage, cost: Int?, firstDeltaAt: ContinuousClock.Instant?,
                          _ dependencies: GatewayDependencies) -> AuditRecord {
        let (inputTokens, outputTokens) = (usage.inputTokens, usage.outputTokens)
        var record = AuditRecord(
            requestId: requestId, time: dependencies.clock.now(), user: user, feature: feature.id,
            promptVersion: feature.promptVersion, model: feature.model, trust: trust.level.rawValue,
            status: status, reason: auditReason(reason), inputTokens: inputTokens, outputTokens: outputTokens,
            timeToFirstTokenMs: firstDeltaAt.map { ($0 - receivedAt).milliseconds },
            totalMs: (dependencies.monotonicClock.now - receivedAt).milliseconds, trustReason: trust.reason, maskedValues: maskedValues,
            traceId: trace.traceIdHex)
        (record.target, record.attempts, record.costMicros) = (route.target?.name, route.attempts, cost)
        return record
    }
}

extension Admitted {
    /// The audit row's reason: why the request cost nothing (`cached`, `shared`), whether this replica's
    /// stand-ins counted it (`redis_down`), and `more` (how it ended), comma-separated, each when there is one.
    func auditReason(_ more: String = "") -> String {
        [source.auditReason, reservation.auditReason, more].filter { !$0.isEmpty }.joined(separator: ",")
    }
}

/// Where an admitted request's answer comes from. Only a prompt with a cache key (`Prompt.cacheKey`) can
/// be anything but `.provider`.
enum AnswerSource: Sendable {
    /// Its own provider call.
    case provider
    /// An answer stored for an earlier identical request: no provider call, no slot, no quota.
    case stored(String)
    /// Its own provider call, shared with identical requests that arrive while it runs, and stored when it
    /// completes. Charged for every token of it.
    case leads(SharedCall)
    /// The running call of an identical earlier request: no slot, no quota.
    case follows(SharedCall)
    /// The narrator's answer (the model is not qualified for this locale): no provider call, no slot, no quota.
    case narrated(String)

    /// Whether the request took a slot and quota, and pays for the call's tokens.
    var isCharged: Bool {
        switch self {
        case .provider, .leads: true
        case .stored, .follows, .narrated: false
        }
    }

    var isStored: Bool {
        if case .stored = self { true } else { false }
    }

    /// Says in the audit row why a request cost no tokens.
    var auditReason: String {
        switch self {
        case .provider, .leads: ""
        case .stored: "cached"
        case .follows: "shared"
        case .narrated: "narrator"
        }
    }

    /// `assist.answer_source` on the request's span: who wrote the answer.
    var sourceName: String {
        switch self {
        case .provider, .leads: "provider"
        case .stored: "stored"
        case .follows: "shared"
        case .narrated: "narrator"
        }
    }
}
