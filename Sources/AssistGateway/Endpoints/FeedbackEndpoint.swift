import AssistHTTPServer
import AssistWire

/// `POST /v1/feedback {"requestId", "verdict": "wrong" | "report", "reason"?}`: only the user who made the
/// request may judge it (anyone else gets the same 404 as for an unknown id); stored with the request's
/// feature and prompt version, read from its audit row, and the request's input when it is still
/// remembered (`RecentRequests`).
struct FeedbackEndpoint: Sendable {
    let dependencies: GatewayDependencies

    func handle(_ request: HTTPRequest, requestId: String) async -> HTTPResponse {
        let user: AuthenticatedUser
        do {
            user = try dependencies.authenticateSmallRequest(request)
        } catch {
            return Responses.error(error, requestId: requestId)
        }
        guard let json = try? JSONParser.parse(request.body), case .object(let members) = json else {
            return Responses.error(.invalidRequest("body must be a JSON object"), requestId: requestId)
        }
        if let unknown = members.keys.filter({ !["requestId", "verdict", "reason"].contains($0) }).sorted().first {
            return Responses.error(.invalidInput("\(unknown): unknown field"), requestId: requestId)
        }
        guard let target = members["requestId"]?.stringValue, !target.isEmpty, target.count <= 64 else {
            return Responses.error(.invalidInput("requestId: required"), requestId: requestId)
        }
        guard let verdict = members["verdict"]?.stringValue.flatMap(Feedback.Verdict.init(rawValue:)) else {
            return Responses.error(.invalidInput("verdict: must be wrong or report"), requestId: requestId)
        }
        var reason: String?
        if let value = members["reason"] {
            guard let text = value.stringValue, text.count <= 500 else {
                return Responses.error(.invalidInput("reason: must be a string of at most 500 characters"), requestId: requestId)
            }
            reason = text
        }
        guard let row = await dependencies.audit.record(for: target), row.user == user.id, !row.feature.isEmpty else {
            return Responses.error(.notFound, requestId: requestId)
        }
        do {
            let asked = dependencies.recentRequests.entry(for: target)
            let feedback = Feedback(requestId: target, user: user.id, feature: row.feature, promptVersion: row.promptVersion,
                                    verdict: verdict, reason: reason, time: dependencies.clock.now(), input: asked?.input, locale: asked?.locale)
            try await dependencies.feedback.record(feedback)
            dependencies.metrics.observe(feedback)
        } catch {
            return Responses.error(GatewayError(status: 503, code: .unavailable, message: "feedback store unavailable", retryAfterSeconds: 1),
                                   requestId: requestId)
        }
        return Responses.json(201, ["requestId": .string(target), "verdict": .string(verdict.rawValue)], requestId: requestId)
    }
}
