public import AssistServices
import Dispatch
import Synchronization

/// A PostgreSQL client for a gateway replica: one connection on a thread of its own, reached through a
/// bounded queue with group commit (`PostgresWorkQueue`), which reconnects after the server restarts.
///
/// `url` is libpq's: `postgres://user[:password]@host:port/database?option=value`. A password comes from the
/// URL or from `PGPASSWORD`, never from a configuration file; the client never prints the URL (see
/// `redacted`). Creating a client does not connect: the first work does, so a client may be made before its
/// server is up. `connect()` checks the server now.
///
/// Every call either returns, or throws a `PostgresError` within about `deadline` + `statementTimeout` per
/// statement: a full queue, a job waiting too long, a lost connection or a down server are errors, never a
/// hang. A `Service`: `shutdown()` (or dropping the client) lets the queued work run and ends the thread;
/// `run()` returns once it has ended.
public final class PostgresClient: Service {
    public struct Settings: Sendable, Equatable {
        /// Jobs waiting at once; past it, work fails at once.
        public var capacity = 4096
        /// How long work may wait for its turn.
        public var deadline: Duration = .seconds(2)
        /// How long one statement may take before the connection is dropped.
        public var statementTimeout: Duration = .seconds(5)
        /// Jobs committed together at most.
        public var maxBatch = 256
        /// libpq's `connect_timeout` (its floor is 2 s); a refused connection fails at once.
        public var connectTimeoutSeconds = 2
        /// The wait after a failed connection attempt, doubled with each failure in a row up to the limit.
        public var reconnectDelay: Duration = .milliseconds(100)
        public var maxReconnectDelay: Duration = .seconds(2)
        /// Shown in `pg_stat_activity`.
        public var applicationName = "assist"
        public init() {}
    }

    public let name = "PostgreSQL client"
    public let settings: Settings
    private let queue: PostgresWorkQueue

    public init(url: String, settings: Settings = Settings()) {
        self.settings = settings
        queue = PostgresWorkQueue(url: url, settings: settings)
    }

    deinit { queue.shutdown() }

    /// Runs `work` atomically (all of its statements or none) and returns once that is committed, on the
    /// client's thread in a batch with other callers' work. `work` may run twice (after losing a deadlock),
    /// so it must do nothing but talk to the database.
    public func perform<T: Sendable>(_ work: @escaping @Sendable (PostgresStatements) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit(work) { continuation.resume(with: $0) }
        }
    }

    /// One statement through `perform`.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgresValue] = []) async throws -> [PostgresRow] {
        try await perform { try $0.query(sql, parameters) }
    }

    /// Sends `payload` (at most 8,000 bytes) on `channel` to every listener, when the batch commits.
    public func notify(channel: String, payload: String) async throws {
        _ = try await perform { try $0.query("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)]) }
    }

    /// Connects now if not connected: throws when the server cannot be reached (start-up checks, retries).
    public func connect() async throws { try await query("SELECT 1") }

    /// `perform` for synchronous protocols (`FeatureOverrideStore`): the work still runs on the client's
    /// thread; the caller's thread only waits on a semaphore, for at most the time the work can take (its
    /// deadline, a connection attempt and a few statements' timeouts), then throws `busy`. Prefer `perform`.
    public func performBlocking<T: Sendable>(_ work: @escaping @Sendable (PostgresStatements) throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        submit(work) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        let limit = settings.deadline + .seconds(settings.connectTimeoutSeconds) + settings.statementTimeout * 4
        let milliseconds = Int(limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000)
        guard done.wait(timeout: .now() + .milliseconds(milliseconds)) == .success, let result = outcome.withLock({ $0 }) else {
            throw PostgresError(.busy, "no answer within \(limit)")
        }
        return try result.get()
    }

    /// Whether the client's connection was open when last used (health reports).
    public var isConnected: Bool { queue.connected.load(ordering: .relaxed) }

    /// Batches committed so far (each one transaction): group commit's effect, for diagnostics and tests.
    public var committedBatches: Int { queue.committedBatches }

    public func run() async throws { await queue.ended.wait(onCancel: { [queue] in queue.shutdown() }) }

    public func shutdown() { queue.shutdown() }

    /// `url` with its password, if any, replaced by `***`: what logs and messages may show.
    public static func redacted(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
        let userInfo = url[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }

    private func submit<T: Sendable>(_ work: @escaping @Sendable (PostgresStatements) throws -> T,
                                     _ resume: @escaping @Sendable (Result<T, any Error>) -> Void) {
        let job = PostgresWorkQueue.Job(
            deadline: .now + settings.deadline,
            run: { statements in
                let result = Result { try work(statements) }
                let error: (any Error)? = if case .failure(let error) = result { error } else { nil }
                return (error, { commitError in resume(commitError.map { .failure($0) } ?? result) })
            },
            fail: { resume(.failure($0)) })
        if !queue.submit(job) {
            resume(.failure(queue.isStopped ? PostgresError(.shutDown, "the client was shut down")
                                            : PostgresError(.busy, "\(settings.capacity) jobs already waiting")))
        }
    }
}
