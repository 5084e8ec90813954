import AssistHTTP
import AssistWire

/// `POST /demo/token` `{"user": "u1"}` → `{"token", "user", "name", "locale", "expiresIn", "bookings"}`: the
/// browser demo's log-in (see `DemoLogin`). 404 unless the gateway runs with `--demo` and `pages.demo` is on;
/// 403 `forbidden` for a request not from this machine (`LocalClient`), before anything else is said about it;
/// 400 `invalid_input` for a user who is not a demo user.
struct DemoEndpoint: Sendable {
    let dependencies: GatewayDependencies

    func token(_ request: HTTPRequest) throws(GatewayError) -> HTTPResponse {
        guard dependencies.config.pages.demo, let login = dependencies.security.demoLogin else { throw GatewayError.notFound }
        if let refusal = LocalClient.refusal(of: request) {
            throw .forbidden("the demo log-in is only for a browser on this machine, at its loopback address and the gateway's port: "
                             + refusal.description, reason: refusal.rawValue)
        }
        guard request.method == .post else { throw .methodNotAllowed(request.method, allowed: [.post]) }
        let members = try RequestBody.object(request.body, otherwise: "the body must be a JSON object {\"user\": \"…\"}")
        if let unknown = members.keys.sorted().first(where: { $0 != "user" }) { throw .invalidInput("\(unknown): not allowed here") }
        let names = login.users.map(\.id).joined(separator: ", ")
        guard let user = members["user"]?.stringValue else { throw .invalidInput("user: required, one of \(names)") }
        guard let answer = login.logIn(user) else { throw .invalidInput("user: not a demo user (one of \(names))") }
        return Responses.json(.ok, answer, extraHeaders: [(.cacheControl, "no-store")])
    }
}
