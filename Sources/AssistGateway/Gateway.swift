public import AssistHTTP
import AssistTelemetry
import AssistWire

/// The gateway's HTTP surface: a router over thin endpoints, and the one place where a refusal becomes
/// its JSON error and every response gets its `X-Request-Id`. A refusal before admission (400, 401, 403
/// of a request with no audit row of its own) is recorded here, on every endpoint (`RefusalRecorder`).
///
///     GET  /healthz            status, storage and model checks, limits; 200 unless unavailable (503)
///     GET  /v1/features        the features this user may call
///     POST /v1/assist/stream   feature id + structured input → server-sent events
///     POST /v1/assist          a structured feature → one validated JSON object
///     POST /v1/events          on-device availability reports, counted
///     POST /v1/feedback        a user's verdict on one of their own answers
///     POST /v1/integrity/…     App Attest challenges and key registration
///     /admin/…                 the operators' API (AdminEndpoint), with its own token
///     GET  /metrics            Prometheus text: outcomes, latency, tokens, feedback, availability
///     GET  /openapi.json       this API's OpenAPI 3.1 description (OpenAPIEndpoint), unauthenticated
///     POST /v1/<app>/…         an app's own endpoints (AppEndpoint), e.g. the budget app's SMS import
///     POST /demo/token         the browser demo's log-in, only under `assist serve --demo` (DemoEndpoint)
///     GET  /demo, /console     the browser pages and their files under /pages/ (PagesEndpoint)
public struct Gateway: HTTPResponder {
    public let dependencies: GatewayDependencies

    public init(dependencies: GatewayDependencies) { self.dependencies = dependencies }

    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        var context = RequestContext(receivedAt: dependencies.monotonicClock.now, time: dependencies.clock.now(), http: request,
                                     sampler: dependencies.tracing.sampler)
        var response: HTTPResponse
        var refusal: ErrorCode?
        do {
            response = try await route(&context)
        } catch {
            if !context.hasAuditRow, RefusalsBeforeAdmission.counts(error.status) { await dependencies.recordRefusal(error, context) }
            response = Responses.error(error, requestId: context.id)
            refusal = error.code
        }
        response.headers.append((.requestId, context.id))
        response.headers.append((.traceId, context.trace.traceIdHex))
        // A streamed answer's end is recorded when its stream ends (`StreamRun`).
        if case .bytes = response.body {
            RequestEnd(context, status: response.status.code, refusal: refusal).record(dependencies)
        }
        return response
    }

    /// The method each routed path takes, for a 405's `Allow`.
    static let routedPaths: [String: HTTPMethod] = [
        "/v1/assist": .post, "/v1/assist/stream": .post, "/v1/features": .get, "/v1/events": .post, "/v1/feedback": .post,
        "/metrics": .get, "/healthz": .get, "/v1/integrity/challenge": .post, "/v1/integrity/appattest/register": .post,
        "/openapi.json": .get,
    ]

    /// Each endpoint's entry is `@inline(never)`: an async call's frame is allocated whole when the call starts, so an
    /// endpoint inlined here would add its frame to every request's, a health check's included, for as long as the
    /// request is admitted and answered.
    private func route(_ context: inout RequestContext) async throws(GatewayError) -> HTTPResponse {
        let request = context.http
        switch (request.method, request.path) {
        case (.post, "/v1/assist/stream"):
            return try await StreamEndpoint(dependencies: dependencies).handle(&context)
        case (.post, "/v1/assist"):
            return try await StructuredEndpoint(dependencies: dependencies).handle(&context)
        case (.post, "/v1/feedback"):
            return try await FeedbackEndpoint(dependencies: dependencies).handle(&context)
        case (.post, "/v1/events"):
            return try await EventsEndpoint(dependencies: dependencies).handle(&context)
        case (.post, "/v1/integrity/challenge"):
            return try await IntegrityEndpoint(dependencies: dependencies).challenge(&context)
        case (.post, "/v1/integrity/appattest/register"):
            return try await IntegrityEndpoint(dependencies: dependencies).register(&context)
        case (.get, "/v1/features"):
            return try await FeaturesEndpoint(dependencies: dependencies).handle(&context)
        case (.get, "/metrics"):
            return HTTPResponse(status: .ok, headers: [(.contentType, "text/plain; version=0.0.4; charset=utf-8")],
                                body: .bytes(Array(dependencies.state.metrics.render().utf8)))
        case (.get, "/openapi.json"):
            return OpenAPIEndpoint().handle()
        case (.get, "/healthz"):
            return await HealthEndpoint(dependencies: dependencies).handle()
        case (_, let path) where dependencies.handlers.endpoints[path] != nil:
            return try await AppEndpointRunner(dependencies: dependencies, endpoint: dependencies.handlers.endpoints[path]!).handle(&context)
        case (_, "/demo/token"):
            return try DemoEndpoint(dependencies: dependencies).token(request)
        case (_, let path) where PagesEndpoint(dependencies: dependencies).owns(path):
            return try PagesEndpoint(dependencies: dependencies).handle(request)
        case (_, let path) where Self.routedPaths[path] != nil:
            throw .methodNotAllowed(request.method, allowed: [Self.routedPaths[path]!])
        case (_, let path) where path.hasPrefix("/admin/"):
            return try await AdminEndpoint(dependencies: dependencies).handle(&context)
        default:
            throw GatewayError(status: 404, code: .notFound, message: "no such endpoint")
        }
    }
}
