public import AssistServices
import Dispatch
import Foundation
import Synchronization

/// A connection to Redis that callers await: one thread of its own, a bounded queue, a deadline, pipelining
/// and reconnection.
///
/// hiredis blocks, so no task of the cooperative pool ever calls it: `command` queues the command and
/// suspends its caller; the client's thread takes every command waiting (up to `maxBatch`), sends them back
/// to back and reads their replies in order (one round trip for the lot, as SQLite's queue commits a batch
/// at once), then resumes the callers. Commands from one client run in the order they were queued.
///
/// Bounded so that a caller gets an error, never a hang: past `capacity` waiting commands a submission fails
/// at once (`.busy`); a command still waiting at its deadline fails without being sent (`.busy`); every
/// connect is bounded by `connectTimeout` and every read or write by `ioTimeout`. A caller so waits at most
/// about `deadline + connectTimeout + ioTimeout`, and while the server is down much less (below).
///
/// Reconnection: a connection that failed, or that the server closed while it sat idle (a restart), is
/// dropped and a new one made before the next command, logging in and selecting the database again. While
/// connecting keeps failing, attempts back off (`reconnectDelay` doubling to `maxReconnectDelay`) and the
/// commands that arrive in between fail at once with the last `.unavailable` error, so a request never waits
/// on a server that is down. A command whose connection broke while it was in flight fails with
/// `.connectionLost` and is not retried: it may have run.
///
/// A `Service`: the thread starts with the client, so it can be used at once; `shutdown()` (or dropping the
/// client) lets the thread run the commands already queued and end; `run()` returns once it has.
public final class RedisClient: Service {
    public struct Settings: Sendable, Equatable {
        /// Commands waiting at once; past it, a submission fails at once.
        public var capacity = 4096
        /// How long a command may wait for its turn.
        public var deadline: Duration = .seconds(2)
        /// The bound on each read and write of the socket.
        public var ioTimeout: Duration = .seconds(2)
        public var connectTimeout: Duration = .seconds(1)
        /// The first wait after a failed connect, doubled after each failure in a row up to `maxReconnectDelay`.
        public var reconnectDelay: Duration = .milliseconds(100)
        public var maxReconnectDelay: Duration = .seconds(2)
        /// Commands sent together at most.
        public var maxBatch = 256
        public init() {}
    }

    public let url: RedisURL
    public let settings: Settings
    private let worker: Worker

    public init(url: RedisURL, settings: Settings = Settings()) {
        self.url = url
        self.settings = settings
        worker = Worker(url: url, settings: settings)
        let worker = worker
        let thread = Thread { worker.loop() }  // holds the worker, not the client: dropping the client stops it
        thread.name = "assist-redis"
        thread.start()
    }

    deinit { worker.shutdown() }

    public var name: String { "redis client \(url)" }

    /// Runs `arguments` (the command's name first) and returns its reply; an error reply is thrown as `.server`.
    public func command(bytes arguments: [[UInt8]]) async throws -> RedisReply {
        try await withCheckedThrowingContinuation { continuation in
            let job = Job(arguments: arguments, deadline: .now + settings.deadline, continuation: continuation)
            if let refusal = worker.submit(job) { continuation.resume(throwing: refusal) }
        }
    }

    /// `command(bytes:)` with text arguments, sent as their UTF-8 bytes.
    public func command(_ arguments: [String]) async throws -> RedisReply {
        try await command(bytes: arguments.map { Array($0.utf8) })
    }

    public func command(_ arguments: String...) async throws -> RedisReply {
        try await command(arguments)
    }

    /// Whether the thread holds a working connection now (for health checks; a command is the real test).
    public var isConnected: Bool { worker.isConnected }

    public func run() async throws {
        await worker.ended.wait(onCancel: { [worker] in worker.shutdown() })
    }

    public func shutdown() { worker.shutdown() }

    struct Job: Sendable {
        let arguments: [[UInt8]]
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<RedisReply, any Error>
    }

    /// The queue and the thread's loop: shared by the client and its thread.
    private final class Worker: Sendable {
        private struct State {
            var jobs: [Job] = []
            var stopped = false
            var connected = false
        }

        let url: RedisURL
        let settings: Settings
        let ended = Latch()
        private let state = Mutex(State())
        private let wake = DispatchSemaphore(value: 0)

        init(url: RedisURL, settings: Settings) {
            self.url = url
            self.settings = settings
        }

        var isConnected: Bool { state.withLock { $0.connected } }

        /// Queues `job`, or returns why it cannot be (and queues nothing).
        func submit(_ job: Job) -> RedisError? {
            let (refusal, first) = state.withLock { state -> (RedisError?, Bool) in
                if state.stopped { return (RedisError(.shutDown, "the client is shut down"), false) }
                if state.jobs.count >= settings.capacity {
                    return (RedisError(.busy, "\(settings.capacity) commands already waiting"), false)
                }
                state.jobs.append(job)
                return (nil, state.jobs.count == 1)
            }
            if first { wake.signal() }  // the thread takes everything it finds; it only sleeps on an empty queue
            return refusal
        }

        func shutdown() {
            state.withLock { $0.stopped = true }
            wake.signal()
        }

        func loop() {
            RedisConnection.prepareThread()
            var backoff = ReconnectBackoff(first: settings.reconnectDelay, limit: settings.maxReconnectDelay)
            var lastFailure = RedisError(.unavailable, "not connected yet")
            var connection: RedisConnection?

            func connect() {
                do {
                    connection = try RedisConnection(url, connectTimeout: settings.connectTimeout, ioTimeout: settings.ioTimeout)
                    backoff.succeeded()
                } catch {
                    lastFailure = error as? RedisError ?? RedisError(.unavailable, "\(error)")
                    backoff.failed()
                }
                let connected = connection != nil
                state.withLock { $0.connected = connected }
            }

            connect()  // at once, so that the first command does not wait for it
            while true {
                let (batch, stopped) = state.withLock { state -> ([Job], Bool) in
                    let count = min(state.jobs.count, settings.maxBatch)
                    defer { state.jobs.removeFirst(count) }
                    return (Array(state.jobs.prefix(count)), state.stopped)
                }
                if batch.isEmpty {
                    if stopped { break }
                    wake.wait()
                    continue
                }
                let now = ContinuousClock.now
                let live = batch.filter { job in
                    guard job.deadline < now else { return true }
                    job.continuation.resume(throwing: RedisError(.busy, "waited past its deadline of \(settings.deadline)"))
                    return false
                }
                guard !live.isEmpty else { continue }
                if let open = connection, open.broken || open.closedByPeer() {
                    connection = nil
                    RedisConnection.discardPendingSIGPIPE()
                    state.withLock { $0.connected = false }
                }
                if connection == nil, backoff.allows(at: now) { connect() }
                guard let open = connection else {
                    for job in live { job.continuation.resume(throwing: lastFailure) }
                    continue
                }
                let results = open.pipeline(live.map(\.arguments))
                if open.broken {
                    connection = nil
                    RedisConnection.discardPendingSIGPIPE()
                    state.withLock { $0.connected = false }
                }
                for (job, result) in zip(live, results) { job.continuation.resume(with: result) }
            }
            connection = nil
            state.withLock { $0.connected = false }
            ended.open()
        }
    }
}
