public import AssistWire

/// The browser demo's log-in (`POST /demo/token`): a fixed set of demo users, each given a short-lived session
/// token on request, with no password. It exists only under `assist serve --demo`; without it the path is 404.
///
/// Nobody beyond this machine may mint a token. `--demo` listens on a loopback host only, and that alone does not
/// keep others out: a proxy on this machine connects from loopback for anyone, and a web page can reach loopback
/// through its visitor's browser (DNS rebinding). So each log-in must also come from a local client by
/// `LocalClient`'s rules (no trusted proxy as its peer, no forwarding header, a `Host` of loopback and the
/// gateway's own port); any other is 403 `forbidden`.
public struct DemoLogin: Sendable {
    /// A demo user and what the demo app's own back end would tell its client about them.
    public struct User: Sendable {
        public var id: String
        public var name: String
        public var locale: String
        /// The user's bookings as the demo lists them (`[{"id", "status", "route"}]`).
        public var bookings: JSONValue

        public init(id: String, name: String, locale: String, bookings: JSONValue) {
            self.id = id
            self.name = name
            self.locale = locale
            self.bookings = bookings
        }
    }

    /// Fifteen minutes: long enough for a demo, short enough that a token copied out of the page soon stops working.
    public static let lifetimeSeconds = 900

    public let users: [User]
    let issuer: HS256TokenIssuer

    public init(users: [User], issuer: HS256TokenIssuer) {
        self.users = users
        self.issuer = issuer
    }

    /// The log-in answer for `user`, or nil for someone who is not a demo user.
    func logIn(_ user: String) -> JSONValue? {
        guard let found = users.first(where: { $0.id.sameBytes(as: user) }) else { return nil }
        return ["token": .string(issuer.token(for: found.id, lifetimeSeconds: Self.lifetimeSeconds)), "user": .string(found.id),
                "name": .string(found.name), "locale": .string(found.locale), "expiresIn": .number(Double(Self.lifetimeSeconds)),
                "bookings": found.bookings]
    }
}
