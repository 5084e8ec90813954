import AssistWire

/// Where the gateway keeps its state: `sqlite` (the default: one file in the data directory, one process), or
/// `shared` (Redis for counters, leases and single-use values; PostgreSQL for records), so that many replicas
/// behave as one gateway.
///
/// The URLs may be in the file or in `ASSIST_REDIS_URL` and `ASSIST_DATABASE_URL`; the environment wins, so a
/// deployment can keep credentials out of the file. There is no password field: a password is part of a URL,
/// which belongs in the environment.
public struct StorageSettings: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case sqlite, shared
    }

    /// What a replica does when Redis cannot be reached.
    public enum OnRedisDown: String, Sendable {
        /// The default: requests that need a quota get 503 `quota_unavailable`.
        case closed
        /// Requests are admitted under a per-replica limiter at the same limits, and audited as such.
        case open
    }

    public static let redisEnvironment = "ASSIST_REDIS_URL"
    public static let postgresEnvironment = "ASSIST_DATABASE_URL"

    public var kind = Kind.sqlite
    public var redisURL: String?
    public var postgresURL: String?
    /// How long `assist serve` retries stores it cannot reach, with back-off, before it exits 1.
    public var connectSeconds: Double = 30
    public var onRedisDown = OnRedisDown.closed

    public init() {}

    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> StorageSettings {
        var settings = StorageSettings()
        guard value != nil,
              let members = reader.object(value, at: path, allowed: ["kind", "redis", "postgres", "connectSeconds", "onRedisDown"]) else {
            return settings
        }
        if let name = reader.string(members, "kind", at: path) {
            if let kind = Kind(rawValue: name) { settings.kind = kind } else { reader.issue("\(path).kind", "must be sqlite or shared") }
        }
        settings.redisURL = reader.string(members, "redis", at: path, required: false)
        settings.postgresURL = reader.string(members, "postgres", at: path, required: false)
        settings.connectSeconds = reader.number(members, "connectSeconds", at: path, default: settings.connectSeconds)
        if settings.connectSeconds < 0 { reader.issue("\(path).connectSeconds", "must be >= 0") }
        if let name = reader.string(members, "onRedisDown", at: path, required: false) {
            if let parsed = OnRedisDown(rawValue: name) { settings.onRedisDown = parsed } else { reader.issue("\(path).onRedisDown", "must be closed or open") }
        }
        if settings.kind == .sqlite, settings.redisURL != nil || settings.postgresURL != nil {
            reader.issue(path, "redis and postgres are for kind \"shared\"")
        }
        return settings
    }

    /// The settings with the environment's URLs in place of the file's, checked: `shared` needs both, each
    /// with its scheme. Issues name the key and the variable that could have supplied it.
    public func resolved(environment: (String) -> String?) throws(ConfigError) -> StorageSettings {
        var settings = self
        if let url = environment(Self.redisEnvironment), !url.isEmpty { settings.redisURL = url }
        if let url = environment(Self.postgresEnvironment), !url.isEmpty { settings.postgresURL = url }
        guard settings.kind == .shared else { return settings }
        var issues: [ConfigIssue] = []
        func check(_ url: String?, key: String, variable: String, schemes: [String]) {
            guard let url else {
                return issues.append(ConfigIssue(path: "storage.\(key)", message: "is required for kind \"shared\" (in the file or \(variable))"))
            }
            if !schemes.contains(where: { url.hasPrefix($0 + "://") }) {
                issues.append(ConfigIssue(path: "storage.\(key)", message: "must be a \(schemes.map { $0 + "://" }.joined(separator: " or ")) URL"))
            }
        }
        check(settings.redisURL, key: "redis", variable: Self.redisEnvironment, schemes: ["redis"])
        check(settings.postgresURL, key: "postgres", variable: Self.postgresEnvironment, schemes: ["postgres", "postgresql"])
        guard issues.isEmpty else { throw ConfigError(issues: issues) }
        return settings
    }
}
