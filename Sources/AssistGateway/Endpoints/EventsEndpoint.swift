import AssistHTTPServer
import AssistWire

/// `POST /v1/events`: an app's availability report. Authenticated, size-capped, validated strictly, then
/// counted by (feature, platform, state); 202 with no body. Nothing personal is kept: not the user, not the
/// OS version, only the count.
struct EventsEndpoint: Sendable {
    let dependencies: GatewayDependencies

    func handle(_ request: HTTPRequest, requestId: String) async -> HTTPResponse {
        do {
            _ = try dependencies.authenticateSmallRequest(request)
        } catch {
            return Responses.error(error, requestId: requestId)
        }
        let event: AvailabilityEvent
        do {
            event = try AvailabilityEvent(json: try JSONParser.parse(request.body))
        } catch let error as WireError {
            return Responses.error(.invalidInput(error.description), requestId: requestId)
        } catch {
            return Responses.error(.invalidRequest("body is not valid JSON: \(error)"), requestId: requestId)
        }
        do {
            try await dependencies.availability.record(event)
            dependencies.metrics.observe(event)
        } catch {
            return Responses.error(GatewayError(status: 503, code: .unavailable, message: "event store unavailable", retryAfterSeconds: 1),
                                   requestId: requestId)
        }
        return HTTPResponse(status: 202, headers: [("X-Request-Id", requestId), ("Content-Length", "0")])
    }
}
