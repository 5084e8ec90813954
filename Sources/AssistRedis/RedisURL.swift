import Foundation

/// Where a Redis server is and how to log in: `redis://[[user]:password@]host[:port][/db]`.
///
/// The password may only come from the URL (which itself comes from the environment or the configuration
/// file), so `description` never shows it: a URL can be logged. With a user name the login is an ACL `AUTH
/// user password` (Redis 6+); with a password alone, `AUTH password` as the `default` user. `db` is chosen
/// with `SELECT` on every new connection. TLS (`rediss://`) and Unix sockets are not supported: hiredis 0.14
/// as Debian ships it has no TLS.
public struct RedisURL: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String?
    public var password: String?
    public var database: Int

    public init(host: String, port: Int = 6379, user: String? = nil, password: String? = nil, database: Int = 0) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
    }

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses `text`; throws `Invalid` naming what is wrong (never echoing a password).
    public init(_ text: String) throws {
        guard let components = URLComponents(string: text) else { throw Invalid(description: "not a URL") }
        guard components.scheme?.lowercased() == "redis" else {
            throw Invalid(description: "scheme must be redis:// (got \(components.scheme ?? "none"); rediss:// is not supported)")
        }
        var host = components.percentEncodedHost ?? ""
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw Invalid(description: "no host") }
        let port = components.port ?? 6379
        guard (1...65_535).contains(port) else { throw Invalid(description: "port \(port) out of range") }
        var database = 0
        let path = components.path.split(separator: "/")
        if let first = path.first {
            guard path.count == 1, let number = Int(first), number >= 0 else {
                throw Invalid(description: "path must be a database number, as in redis://host:6379/0")
            }
            database = number
        }
        let user = components.user.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
        let password = components.password.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
        guard user == nil || password != nil else { throw Invalid(description: "a user name needs a password") }
        self.init(host: host, port: port, user: user, password: password, database: database)
    }

    /// The URL with the password replaced by `***`.
    public var description: String {
        let login = switch (user, password) {
        case (let user?, _?): "\(user):***@"
        case (nil, _?): ":***@"
        default: ""
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "redis://\(login)\(shownHost):\(port)/\(database)"
    }
}
