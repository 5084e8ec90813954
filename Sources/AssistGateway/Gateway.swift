import AssistHTTPServer
import AssistWire

/// The gateway's HTTP surface: a router over thin endpoints. Every response carries `X-Request-Id`.
///
///     GET  /healthz            200 when ready (the model included), else 503
///     GET  /v1/features        the features this user may call
///     POST /v1/assist/stream   feature id + structured input → server-sent events
///     POST /v1/assist          a structured feature → one validated JSON object
///     POST /v1/events          on-device availability reports, counted
///     POST /v1/feedback        a user's verdict on one of their own answers
///     /admin/…                 the operators' API (AdminEndpoint), with its own token
///     GET  /metrics            Prometheus text: outcomes, latency, tokens, feedback, availability
public struct Gateway: HTTPResponder {
    public let dependencies: GatewayDependencies

    public init(dependencies: GatewayDependencies) { self.dependencies = dependencies }

    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        let receivedAt = ContinuousClock.now
        let requestId = RequestID.make()
        switch (request.method, request.path) {
        case ("POST", "/v1/assist/stream"):
            return await StreamEndpoint(dependencies: dependencies).handle(request, requestId: requestId, receivedAt: receivedAt)
        case ("POST", "/v1/assist"):
            return await StructuredEndpoint(dependencies: dependencies).handle(request, requestId: requestId, receivedAt: receivedAt)
        case ("POST", "/v1/feedback"):
            return await FeedbackEndpoint(dependencies: dependencies).handle(request, requestId: requestId)
        case ("POST", "/v1/events"):
            return await EventsEndpoint(dependencies: dependencies).handle(request, requestId: requestId)
        case ("POST", "/v1/integrity/challenge"):
            return await IntegrityEndpoint(dependencies: dependencies).challenge(request, requestId: requestId)
        case ("POST", "/v1/integrity/appattest/register"):
            return await IntegrityEndpoint(dependencies: dependencies).register(request, requestId: requestId)
        case ("GET", "/v1/features"):
            return FeaturesEndpoint(dependencies: dependencies).handle(request, requestId: requestId)
        case ("GET", "/metrics"):
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8"), ("X-Request-Id", requestId)],
                                body: .bytes(Array(dependencies.metrics.render().utf8)))
        case ("GET", "/healthz"):
            let ready = await dependencies.modelReady()
            return Responses.json(ready ? 200 : 503, ["status": .string(ready ? "ok" : "starting")], requestId: requestId)
        case (_, "/v1/assist"), (_, "/v1/assist/stream"), (_, "/v1/features"), (_, "/v1/events"), (_, "/v1/feedback"), (_, "/metrics"), (_, "/healthz"),
             (_, "/v1/integrity/challenge"), (_, "/v1/integrity/appattest/register"):
            return Responses.error(GatewayError(status: 405, code: .methodNotAllowed, message: "\(request.method) is not allowed here"),
                                   requestId: requestId)
        case (_, let path) where path.hasPrefix("/admin/"):
            return await AdminEndpoint(dependencies: dependencies).handle(request, requestId: requestId)
        default:
            return Responses.error(GatewayError(status: 404, code: .notFound, message: "no such endpoint"), requestId: requestId)
        }
    }
}
