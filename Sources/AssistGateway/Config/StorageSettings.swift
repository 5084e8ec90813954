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
    /// The request journal's limits (`sqlite` storage only).
    public var journal = Journal()

    /// With `sqlite` storage a request's quota and audit entries are appended to `<data dir>/requests.journal` and
    /// taken into SQLite in the background (`RequestJournal`, `RequestJournalShipper`); these bound it.
    public struct Journal: Sendable, Equatable {
        /// Entries held for SQLite at most; past it, appends fail (503) until SQLite takes them again.
        public var maxBacklog = 65_536
        /// The size past which the file is rewritten with only the entries still waiting.
        public var rewriteBytes = 1 << 20
        /// How long after the first waiting entry they are taken into SQLite, and how often while entries keep coming
        /// (at once once 512 wait, `RequestJournalShipper.wakeBacklog`, which bounds each commit at any load). Half a
        /// second lets the backlog reach that wake at 500/s too, so commits are as large there as at higher loads.
        public var shipMilliseconds = 500

        public static let maxBacklogRange = 1_024...16_777_216
        public static let rewriteBytesRange = 65_536...(1 << 30)
        public static let shipMillisecondsRange = 1...10_000

        public init() {}

        static func decode(_ value: JSONValue, at path: String, reader: inout ConfigReader) -> Journal {
            var journal = Journal()
            guard let members = reader.object(value, at: path, allowed: ["maxBacklog", "rewriteBytes", "shipMilliseconds"]) else { return journal }
            func bounded(_ key: String, _ range: ClosedRange<Int>, _ current: Int) -> Int {
                guard let value = reader.int(members, key, at: path, default: current) else { return current }
                guard range.contains(value) else {
                    reader.issue("\(path).\(key)", "must be between \(range.lowerBound) and \(range.upperBound)")
                    return current
                }
                return value
            }
            journal.maxBacklog = bounded("maxBacklog", maxBacklogRange, journal.maxBacklog)
            journal.rewriteBytes = bounded("rewriteBytes", rewriteBytesRange, journal.rewriteBytes)
            journal.shipMilliseconds = bounded("shipMilliseconds", shipMillisecondsRange, journal.shipMilliseconds)
            return journal
        }
    }

    public init() {}

    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> StorageSettings {
        var settings = StorageSettings()
        guard value != nil,
              let members = reader.object(value, at: path, allowed: ["kind", "redis", "postgres", "connectSeconds", "onRedisDown", "journal"]) else {
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
        if let journal = members["journal"] {
            // Shared storage has no request journal (Redis admits, the audit spool journals rows): refused, not ignored.
            if settings.kind == .shared { reader.issue("\(path).journal", "is for kind \"sqlite\"") }
            settings.journal = Journal.decode(journal, at: "\(path).journal", reader: &reader)
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
