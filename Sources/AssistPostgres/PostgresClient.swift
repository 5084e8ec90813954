public import AssistServices
import Dispatch
import Synchronization

/// A PostgreSQL client for a gateway replica, on the event loops (issue 29): a connection per loop, owned by
/// the loop, and on each loop a task that runs the work given to it with group commit (`PostgresBatchRunner`).
/// Work runs on the loop its caller runs on (a request's task runs on its server loop), so its statements are
/// sent, and their rows read, on that one thread, pipelined (libpq's pipeline mode); a caller on no loop (a
/// background service, a tool, a test) uses the client's own loop, made on first use. No thread per connection.
///
/// `url` is libpq's: `postgres://user[:password]@host:port/database?option=value`. A password comes from the
/// URL or from `PGPASSWORD`, never from a configuration file; the client never prints the URL (see
/// `redacted`). Creating a client does not connect: the first work does, so a client may be made before its
/// server is up. `connect()` checks the server now. Name the server by address: libpq resolves a host name
/// while it starts to connect, on the loop.
///
/// Every call either returns, or throws a `PostgresError` within about `deadline` + `statementTimeout` per
/// statement: a full queue, a job waiting too long, a lost connection or a down server are errors, never a
/// hang. A `Service`: `shutdown()` (or dropping the client) lets the queued work run and closes the
/// connections; `run()` returns once it has.
public final class PostgresClient: Service {
    public struct Settings: Sendable, Equatable {
        /// Jobs waiting at once on one loop (and statements on one connection); past it, work fails at once.
        public var capacity = 4096
        /// How long work may wait for its turn, and a statement for a connection.
        public var deadline: Duration = .seconds(2)
        /// How long one statement may take before the connection is dropped.
        public var statementTimeout: Duration = .seconds(5)
        /// Jobs committed together at most.
        public var maxBatch = 256
        /// How long a connection may take to be made (at least a second).
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
    private let loops: PostgresLoops

    public init(url: String, settings: Settings = Settings()) {
        self.settings = settings
        loops = PostgresLoops(url: url, settings: settings)
    }

    /// A client whose connections also report what they hear and when they go up or down (a listener's).
    init(url: String, settings: Settings, notifications: @escaping @Sendable (String, String) -> Void,
         readiness: @escaping @Sendable (Bool) -> Void) {
        self.settings = settings
        loops = PostgresLoops(url: url, settings: settings, notifications: notifications, readiness: readiness)
    }

    deinit { loops.shutdown() }

    /// Runs `work` atomically (all of its statements or none) and returns once that is committed, in a batch
    /// with other callers' work on the same loop. `work` may run twice (after losing a deadlock), so it must do
    /// nothing but talk to the database.
    public func perform<T: Sendable>(_ work: @escaping @Sendable (PostgresStatements) async throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit(work, ownLoop: false) { continuation.resume(with: $0) }
        }
    }

    /// One statement through `perform`.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgresValue] = []) async throws -> [PostgresRow] {
        try await perform { try await $0.query(sql, parameters) }
    }

    /// Sends `payload` (at most 8,000 bytes) on `channel` to every listener, when the batch commits.
    public func notify(channel: String, payload: String) async throws {
        _ = try await perform { try await $0.query("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)]) }
    }

    /// Connects now if not connected: throws when the server cannot be reached (start-up checks, retries).
    public func connect() async throws { try await query("SELECT 1") }

    /// `perform` for synchronous protocols (`FeatureOverrideStore`): the work runs on the client's own loop;
    /// the caller's thread only waits on a semaphore, for at most the time the work can take (its deadline, a
    /// connection attempt and a few statements' timeouts), then throws `busy`. Prefer `perform`.
    public func performBlocking<T: Sendable>(_ work: @escaping @Sendable (PostgresStatements) async throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        submit(work, ownLoop: true) { result in
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

    /// Whether some loop holds an open connection now (for health reports; a statement is the real test).
    public var isConnected: Bool { loops.connectedCount > 0 }

    /// Batches committed so far (each one transaction): group commit's effect, for diagnostics and tests.
    public var committedBatches: Int { loops.committedBatches }

    public func run() async throws { await loops.ended.wait(onCancel: { [loops] in loops.shutdown() }) }

    public func shutdown() { loops.shutdown() }

    /// `url` with its password, if any, replaced by `***`: what logs and messages may show.
    public static func redacted(_ url: String) -> String {
        guard let scheme = url.firstRange(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
        let userInfo = url[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }

    private func submit<T: Sendable>(_ work: @escaping @Sendable (PostgresStatements) async throws -> T, ownLoop: Bool,
                                     _ resume: @escaping @Sendable (Result<T, any Error>) -> Void) {
        let job = PostgresBatchRunner.Job(
            deadline: .now + settings.deadline,
            run: { statements in
                let result: Result<T, any Error>
                do { result = .success(try await work(statements)) } catch { result = .failure(error) }
                let error: (any Error)? = if case .failure(let error) = result { error } else { nil }
                return (error, { commitError in resume(commitError.map { .failure($0) } ?? result) })
            },
            fail: { resume(.failure($0)) })
        guard let runner = loops.runner(ownLoop: ownLoop) else {
            return resume(.failure(PostgresError(.shutDown, "the client was shut down")))
        }
        if !runner.submit(job) {
            resume(.failure(loops.isStopped ? PostgresError(.shutDown, "the client was shut down")
                                            : PostgresError(.busy, "\(settings.capacity) jobs already waiting")))
        }
    }
}
