import AssistHTTP

/// `POST /v1/assist/stream`: admission, then the event stream. A refusal is a JSON error (audited by
/// admission); an admitted request is a `text/event-stream` whose run ends the request itself.
struct StreamEndpoint: Sendable {
    let dependencies: GatewayDependencies

    @inline(never)  // see Gateway.route
    func handle(_ context: inout RequestContext) async throws(GatewayError) -> HTTPResponse {
        let (admitted, _) = try await Admission(dependencies: dependencies).admit(&context, kind: .stream)
        let run = StreamRun(dependencies: dependencies, admitted: admitted)
        let headers: [HTTPField] = [
            (.contentType, "text/event-stream; charset=utf-8"), (.cacheControl, "no-cache"), (.accelBuffering, "no"),
        ]
        return HTTPResponse(status: .ok, headers: headers + admitted.rateLimitHeaders, body: .stream { writer in await run.run(writer) })
    }
}
