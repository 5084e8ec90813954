import AssistHTTP
import AssistTelemetry
import AssistWire

/// A request's end, recorded once, in two forms: one log line at `info` ("request ended": route, status,
/// feature, outcome, milliseconds, with the logger's request id, trace id and span id), and, when its trace is
/// recorded, its SERVER span (`http.request.method`, `http.route`, `http.response.status_code`, and the
/// gateway's `assist.*`: feature, trust, prompt version, refusal code, answer source). Metadata only, as the
/// audit row: routes from a closed set (never a client's path), codes, ids.
///
/// `Gateway.respond` records every response with a whole body; a streamed answer is recorded at its stream's
/// end (`StreamRun`), when its outcome is known, so every request has exactly one.
struct RequestEnd {
    var trace: TraceContext
    var logger: Logger
    var startedUnixNano: UInt64
    var receivedAt: ContinuousClock.Instant
    var method: String
    var route: String
    var status: Int
    var feature: FeatureRecord?
    var trust: IntegrityVerdict?
    /// The error code of a refusal; nil when answered.
    var refusal: ErrorCode?
    /// `ok`, the refusal's code, or a stream's audit status.
    var outcome: String
    /// Who wrote the answer: `provider`, `stored`, `shared`, `narrator`; nil when there was none.
    var answerSource: String?

    /// A response with a whole body.
    init(_ context: RequestContext, status: Int, refusal: ErrorCode?) {
        trace = context.trace
        logger = context.logger
        startedUnixNano = context.startedUnixNano
        receivedAt = context.receivedAt
        method = context.http.method.rawValue
        route = RefusalsBeforeAdmission.endpoint(of: context.http)
        self.status = status
        feature = context.feature
        trust = context.trust
        self.refusal = refusal
        outcome = refusal?.rawValue ?? "ok"
    }

    /// A streamed answer that ended with `status` (its audit row's).
    init(_ admitted: Admitted, ended status: AuditStatus, answerSource: String) {
        trace = admitted.trace
        logger = admitted.logger
        startedUnixNano = admitted.startedUnixNano
        receivedAt = admitted.receivedAt
        method = HTTPMethod.post.rawValue
        route = "/v1/assist/stream"
        self.status = 200
        feature = admitted.feature
        trust = admitted.trust
        outcome = status.rawValue
        self.answerSource = answerSource
    }

    func record(_ dependencies: GatewayDependencies) {
        if LogSystem.enabled(.info) {
            let milliseconds = (dependencies.monotonicClock.now - receivedAt).milliseconds
            logger.info("request ended", [("route", .string(route)), ("status", .int(status)), ("feature", .string(feature?.id ?? "")),
                                          ("outcome", .string(outcome)), ("ms", .double((milliseconds * 10).rounded() / 10))])
        }
        guard dependencies.tracing.records(trace) else { return }
        var attributes = [SpanAttribute("http.request.method", .string(method)), SpanAttribute("http.route", .string(route)),
                          SpanAttribute("http.response.status_code", .int(Int64(status))), SpanAttribute("assist.outcome", .string(outcome))]
        if let feature {
            attributes.append(SpanAttribute("assist.feature", .string(feature.id)))
            attributes.append(SpanAttribute("assist.prompt_version", .string(feature.promptVersion)))
        }
        if let trust { attributes.append(SpanAttribute("assist.trust", .string(trust.level.rawValue))) }
        if let refusal { attributes.append(SpanAttribute("assist.refusal", .string(refusal.rawValue))) }
        if let answerSource { attributes.append(SpanAttribute("assist.answer_source", .string(answerSource))) }
        // By the HTTP conventions a server span is an error for a 5xx only: a 4xx is the caller's, not ours.
        let failed = status >= 500 || (status == 200 && !["ok", AuditStatus.cancelled.rawValue].contains(outcome))
        dependencies.tracing.export(trace, name: "\(method) \(route)", kind: .server, start: startedUnixNano, attributes: attributes,
                                    status: failed ? .error(outcome) : .unset)
    }
}
