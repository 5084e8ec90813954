import AssistHTTP
import AssistWire

/// `POST /v1/events`: an app's availability report. Authenticated, size-capped, validated strictly, then
/// counted by (feature, platform, state); 202 with no body. Nothing personal is kept: not the user, not the
/// OS version, only the count.
struct EventsEndpoint: Sendable {
    let dependencies: GatewayDependencies

    @inline(never)  // see Gateway.route
    func handle(_ context: inout RequestContext) async throws(GatewayError) -> HTTPResponse {
        _ = try dependencies.authenticateSmallRequest(&context)
        let json = try RequestBody.json(context.http.body)
        let event: AvailabilityEvent
        do throws(WireError) {
            event = try AvailabilityEvent(json: json)
        } catch {
            throw .invalidInput(error.description)
        }
        // Each (feature, platform, state) is a row: only configured features count, so a client cannot mint rows.
        guard dependencies.state.registry.isConfigured(event.feature) else { throw .invalidInput("feature: not a configured feature") }
        do {
            try await dependencies.stores.availability.record(event)
        } catch {
            throw .unavailable("event store")
        }
        dependencies.state.metrics.observe(event)
        return HTTPResponse(status: .accepted, headers: [(.contentLength, "0")])
    }
}
