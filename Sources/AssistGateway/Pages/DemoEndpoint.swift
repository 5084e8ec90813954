import AssistHTTP
import AssistWire

/// `POST /demo/token` `{"user": "u1"}` → `{"token", "user", "name", "locale", "expiresIn", "bookings"}`: the
/// browser demo's log-in (see `DemoLogin`). 404 unless the gateway runs with `--demo` and `pages.demo` is on;
/// 400 `invalid_input` for a user who is not a demo user.
struct DemoEndpoint: Sendable {
    let dependencies: GatewayDependencies

    func token(_ request: HTTPRequest) throws(GatewayError) -> HTTPResponse {
        guard dependencies.config.pages.demo, let login = dependencies.security.demoLogin else { throw GatewayError.notFound }
        guard request.method == .post else { throw .methodNotAllowed(request.method, allowed: [.post]) }
        guard let json = try? JSONParser.parse(request.body), case .object(let members) = json else {
            throw .invalidRequest("the body must be a JSON object {\"user\": \"…\"}")
        }
        if let unknown = members.keys.sorted().first(where: { $0 != "user" }) { throw .invalidInput("\(unknown): not allowed here") }
        let names = login.users.map(\.id).joined(separator: ", ")
        guard let user = members["user"]?.stringValue else { throw .invalidInput("user: required, one of \(names)") }
        guard let answer = login.logIn(user) else { throw .invalidInput("user: not a demo user (one of \(names))") }
        return Responses.json(.ok, answer, extraHeaders: [(.cacheControl, "no-store")])
    }
}
