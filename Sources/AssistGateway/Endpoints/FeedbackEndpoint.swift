import AssistHTTP
import AssistWire

/// `POST /v1/feedback {"requestId", "verdict": "wrong" | "report", "reason"?}`: only the user who made the
/// request may judge it (anyone else gets the same 404 as for an unknown id); stored with the request's
/// feature and prompt version, read from its audit row, and the request's input when it is still
/// remembered (`RecentRequests`), with personal data masked.
struct FeedbackEndpoint: Sendable {
    let dependencies: GatewayDependencies

    @inline(never)  // see Gateway.route
    func handle(_ context: inout RequestContext) async throws(GatewayError) -> HTTPResponse {
        let user = try dependencies.authenticateSmallRequest(&context)
        let members = try RequestBody.object(context.http.body, otherwise: "body must be a JSON object")
        if let unknown = members.keys.filter({ !["requestId", "verdict", "reason"].contains($0) }).sorted().first {
            throw .invalidInput("\(unknown): unknown field")
        }
        guard let target = members["requestId"]?.stringValue, !target.isEmpty, target.count <= 64 else {
            throw .invalidInput("requestId: required")
        }
        guard let verdict = members["verdict"]?.stringValue.flatMap(Feedback.Verdict.init(rawValue:)) else {
            throw .invalidInput("verdict: must be wrong or report")
        }
        var reason: String?
        if let value = members["reason"] {
            guard let text = value.stringValue, text.count <= 500 else {
                throw .invalidInput("reason: must be a string of at most 500 characters")
            }
            reason = text
        }
        let found: AuditRecord?
        do {
            found = try await dependencies.stores.audit.record(for: target)
        } catch {
            throw .unavailable("audit store")  // the row may well exist: an outage is never "no such request"
        }
        guard let row = found, row.user.sameBytes(as: user.id), !row.feature.isEmpty else { throw .notFound }
        let asked = dependencies.state.recentRequests.entry(for: target)
        // What the user wrote is kept masked: a verdict on an answer keeps what was asked, never a card number.
        let masker = dependencies.masker
        let feedback = Feedback(requestId: target, user: user.id, feature: row.feature, promptVersion: row.promptVersion,
                                verdict: verdict, reason: reason.map { masker.mask($0) }, time: dependencies.clock.now(),
                                input: asked.map { input in input.input.mapValues { masker.mask($0) } }, locale: asked?.locale)
        do {
            try await dependencies.stores.feedback.record(feedback)
        } catch {
            throw .unavailable("feedback store")
        }
        dependencies.state.metrics.observe(feedback)
        return Responses.json(.created, ["requestId": .string(target), "verdict": .string(verdict.rawValue)])
    }
}
