public import AssistWire
import AssistTelemetry
import AssistHTTP

/// An app's own endpoint beside its features (the budget app's `POST /v1/budget/sms`): JSON in, JSON out, for the
/// signed-in user. The gateway authenticates the session token, holds the body to `limits.maxBodyBytes`, parses it,
/// and writes one audit row (metadata: the endpoint's name, `ok` or the error code, and the handler's summary), so an
/// app endpoint is no side door around the walls every feature has.
public protocol AppEndpoint: Sendable {
    /// Where it is served (POST only).
    var path: String { get }
    /// What its audit rows name as their feature.
    var auditName: String { get }
    /// The answer, and a short summary for the audit row (counts, never content).
    func handle(user: String, body: [String: JSONValue]) async throws(GatewayError) -> (answer: JSONValue, summary: String)
}

/// Runs an `AppEndpoint` for one request: authentication, the body cap, the JSON object (`RequestBody`: no control
/// character in any text), and the audit row.
struct AppEndpointRunner: Sendable {
    let dependencies: GatewayDependencies
    let endpoint: any AppEndpoint

    @inline(never)  // see Gateway.route
    func handle(_ context: inout RequestContext) async throws(GatewayError) -> HTTPResponse {
        guard context.http.method == .post else { throw .methodNotAllowed(context.http.method, allowed: [.post]) }
        let user = try dependencies.authenticate(context.http)
        context.user = user
        let cap = dependencies.config.limits.maxBodyBytes
        if context.http.bodyTooLarge || context.http.body.count > cap { throw .payloadTooLarge(limit: cap) }
        let members = try RequestBody.object(context.http.body, otherwise: "body must be a JSON object")
        let result: (answer: JSONValue, summary: String)
        do {
            result = try await endpoint.handle(user: user.id, body: members)
        } catch {
            await audit(context, user: user.id, status: .rejected, reason: error.code.rawValue)
            context.hasAuditRow = true
            throw error
        }
        await audit(context, user: user.id, status: .ok, reason: result.summary)
        return Responses.json(.ok, result.answer)
    }

    /// The request's row, timed from its arrival like every other row.
    private func audit(_ context: RequestContext, user: String, status: AuditStatus, reason: String) async {
        await dependencies.audit(AuditRecord(requestId: context.id, time: dependencies.clock.now(), user: user, feature: endpoint.auditName,
                                             status: status, reason: reason, totalMs: context.elapsedMs(at: dependencies.monotonicClock.now),
                                             traceId: context.trace.traceIdHex))
    }
}
