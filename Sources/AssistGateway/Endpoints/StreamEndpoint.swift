import AssistHTTPServer
import AssistWire

/// `POST /v1/assist/stream`: admission (steps 1–5), then the event stream (step 6). A refusal is a JSON
/// error and an audit row; an admitted request is a `text/event-stream` whose run audits itself.
struct StreamEndpoint: Sendable {
    let dependencies: GatewayDependencies

    func handle(_ request: HTTPRequest, requestId: String, receivedAt: ContinuousClock.Instant) async -> HTTPResponse {
        switch await StreamAdmission(dependencies: dependencies).admit(request, requestId: requestId, receivedAt: receivedAt) {
        case .failure(let failure):
            await Self.audit(failure, requestId: requestId, receivedAt: receivedAt, dependencies: dependencies)
            return Responses.error(failure.error, requestId: requestId)
        case .success(let admitted):
            let run = StreamRun(dependencies: dependencies, admitted: admitted)
            var headers: [(name: String, value: String)] = [
                ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-cache"),
                ("X-Accel-Buffering", "no"), ("X-Request-Id", requestId),
            ]
            // A stored or shared answer took no quota, so there is no fresh count to report.
            if admitted.holdsQuota {
                headers += [("RateLimit-Remaining", String(admitted.remainingRequests)), ("RateLimit-Reset", String(admitted.resetSeconds))]
            }
            return HTTPResponse(status: 200, headers: headers, body: .stream { writer in await run.run(writer) })
        }
    }

    /// The audit row of a refusal: who (as far as known), which feature, why.
    static func audit(_ failure: AdmissionFailure, requestId: String, receivedAt: ContinuousClock.Instant,
                      dependencies: GatewayDependencies) async {
        await dependencies.recordEnd(AuditRecord(
            requestId: requestId, time: dependencies.clock.now(), user: failure.known.user,
            feature: failure.known.feature?.id ?? "", promptVersion: failure.known.feature?.promptVersion ?? "",
            model: failure.known.feature?.model ?? "", trust: failure.known.trust?.rawValue ?? "",
            status: .rejected, reason: failure.error.auditReason,
            totalMs: (ContinuousClock.now - receivedAt).milliseconds, trustReason: failure.known.trustReason))
    }
}
