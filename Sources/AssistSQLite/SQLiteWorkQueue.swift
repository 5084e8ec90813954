import AssistServices
import AssistTelemetry
import CSQLite
import Foundation
import Synchronization

/// A running gateway's database work: a bounded queue, one thread, group commit, and a way around them
/// when they are idle.
///
/// No thread the HTTP server, the cooperative pool or `/healthz` needs ever waits on SQLite's lock, a
/// checkpoint or another process. A caller that finds nothing queued, the connection free, no checkpoint
/// pressing and the database's write lock free runs its work at once on its own thread, in a transaction of
/// its own (microseconds: no hand-off, no wake-up of another thread, which under light load cost more than
/// the write); anything else sends it to the queue, where it suspends. The thread takes every job waiting (up to
/// `maxBatch`) and runs them in one transaction, each inside a savepoint so that one failing job rolls back
/// alone; one commit then makes the whole batch durable, and only then are the callers resumed. Under load
/// a batch holds many requests' rows, and the log grows by a page per batch rather than per request.
///
/// Bounds: past `capacity` waiting jobs a submission fails at once; a job still waiting at its deadline fails
/// without running; and the connection's busy timeout is the deadline, so a lock held by another process
/// fails a batch within it. Either way the caller gets an error it can turn into a 503, never a hang.
///
/// A `Service`-like owner of its thread, owned by its `SQLiteDatabase`: started with it, ended by
/// `shutdown()` (the database calls it when it goes), after which submissions fail and waiting jobs fail.
public final class SQLiteWorkQueue: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Jobs waiting at once; past it, a submission fails at once.
        public var capacity = 8192
        /// How long a job may wait for its turn, and the connection's busy timeout.
        public var deadline: Duration = .seconds(2)
        /// Jobs committed together at most.
        public var maxBatch = 512
        public init() {}
    }

    /// One caller's work. `run` executes inside the batch's transaction and says whether it failed (then its
    /// savepoint is rolled back); the closure it returns resumes the caller once the batch is committed, with
    /// the commit's error if the commit failed.
    struct Job: Sendable {
        let deadline: ContinuousClock.Instant
        let run: @Sendable (SQLiteDatabase.Statements) -> (failed: Bool, deliver: @Sendable ((any Error)?) -> Void)
        let fail: @Sendable (any Error) -> Void
    }

    let settings: Settings
    private let queue: JobQueue<Job>
    private let batches = Atomic<Int>(0)

    init(settings: Settings, database: SQLiteDatabase.Locked) {
        self.settings = settings
        queue = JobQueue(capacity: settings.capacity)
        NamedThread.start("assist-sqlite") { [self] in loop(database) }
    }

    /// Queues `job`; false (and nothing queued) when the queue is full or stopped.
    func submit(_ job: Job) -> Bool { queue.submit(job) }

    /// No job is waiting for the thread.
    var isIdle: Bool { queue.count == 0 && !queue.isStopped }

    /// Jobs waiting for the thread (not counting the batch it runs).
    var waiting: Int { queue.count }

    /// The connection's busy timeout while it is the queue's: a job waits for another process's lock no
    /// longer than it may wait for its turn.
    var busyMilliseconds: Int32 {
        Int32(clamping: settings.deadline.components.seconds * 1000 + settings.deadline.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Batches committed so far (each one transaction, one commit): group commit's effect, for diagnostics.
    var committedBatches: Int { batches.load(ordering: .relaxed) }

    /// Ends the thread once the jobs already queued have run; later submissions fail.
    func shutdown() { queue.shutdown() }

    private func loop(_ database: SQLiteDatabase.Locked) {
        while let batch = queue.nextBatch(limit: settings.maxBatch) { run(batch, on: database) }
    }

    private func run(_ batch: [Job], on database: SQLiteDatabase.Locked) {
        let now = ContinuousClock.now
        let live = batch.filter { job in
            guard job.deadline < now else { return true }
            job.fail(SQLiteDatabase.Error(message: "storage busy: a job waited past its deadline of \(settings.deadline)"))
            return false
        }
        guard !live.isEmpty else { return }
        // Each job's way to resume its caller, given the commit's error (nil when the batch committed).
        var deliveries: [@Sendable ((any Error)?) -> Void] = []
        deliveries.reserveCapacity(live.count)
        let commitError: (any Error)? = database.mutex.withLock { connection in
            let statements = SQLiteDatabase.Statements(connection)
            do {
                try statements.run("BEGIN IMMEDIATE")
            } catch {
                for job in live { deliveries.append { _ in job.fail(error) } }
                return nil
            }
            // Set when a job's savepoint could not be undone or released: its writes cannot be told apart from the
            // others', so nothing of the batch is committed and every job of it fails.
            var abandoned: (any Error)?
            for job in live {
                if let abandoned {
                    deliveries.append { _ in job.fail(abandoned) }
                    continue
                }
                do {
                    try statements.run("SAVEPOINT job")
                } catch {
                    deliveries.append { _ in job.fail(error) }
                    continue
                }
                let (failed, deliver) = job.run(statements)
                deliveries.append(deliver)
                do {
                    if failed { try statements.run("ROLLBACK TO job") }
                    try statements.run("RELEASE job")
                } catch {
                    abandoned = error
                }
            }
            if let abandoned {
                statements.rollBack()
                return abandoned
            }
            do {
                try statements.run("COMMIT")
            } catch {
                statements.rollBack()
                return error
            }
            batches.add(1, ordering: .relaxed)
            return nil
        }
        for deliver in deliveries { deliver(commitError) }
    }
}

extension SQLiteDatabase {
    /// Statements run inside `perform`'s transaction. Valid only inside the closure it is given to: it uses
    /// the connection while its lock is held (that is also why it may be `Sendable`).
    public struct Statements: Sendable {
        let connection: Connection
        init(_ connection: Connection) { self.connection = connection }

        /// Runs one statement with positional parameters and returns every row.
        @discardableResult
        public func query(_ sql: String, _ parameters: [Value] = []) throws -> [[Value]] {
            try SQLiteDatabase.run(connection, sql, parameters)
        }

        func run(_ sql: String) throws { _ = try SQLiteDatabase.run(connection, sql, []) }

        /// Ends the open transaction without its writes. A rollback that fails (the transaction may already be
        /// gone, or the connection broken) is counted in `SQLiteDatabase.failedRollbacks` and logged, never dropped:
        /// the caller is already failing its work with the error that made it roll back.
        func rollBack() {
            do {
                try run("ROLLBACK")
            } catch {
                SQLiteDatabase.rollbackFailures.add(1, ordering: .relaxed)
                Logger().warning("SQLite rollback failed: \(error)")
            }
        }
    }

    static let rollbackFailures = Atomic<Int>(0)
    /// Rollbacks that failed, in this process (`Statements.rollBack`).
    public static var failedRollbacks: Int { rollbackFailures.load(ordering: .relaxed) }

    /// Runs `work` atomically (all of its statements or none) and returns once that is committed.
    ///
    /// With a work queue, on the queue's thread in a batch with other callers' work (group commit); the caller
    /// suspends meanwhile, and gets an error, never a hang, when the queue is full, its job's deadline passes
    /// or the disk or a lock refuses the batch. Without one (tools, tests), inline in a transaction of its own.
    public func perform<T: Sendable>(_ work: @escaping @Sendable (Statements) throws -> T) async throws -> T {
        guard let workQueue else {
            return try inTransaction(work)
        }
        if let done = performAtOnce(work, queue: workQueue) { return try done.get() }
        return try await withCheckedThrowingContinuation { continuation in
            let job = SQLiteWorkQueue.Job(
                deadline: .now + workQueue.settings.deadline,
                run: { [self] statements in
                    let result = Result { try work(statements) }
                    let failed = if case .failure = result { true } else { false }
                    return (failed, { commitError in
                        _ = self  // the database outlives every job it has queued
                        if let commitError { continuation.resume(throwing: commitError) } else { continuation.resume(with: result) }
                    })
                },
                fail: { continuation.resume(throwing: $0) })
            if !workQueue.submit(job) {
                continuation.resume(throwing: Error(message: "storage busy: \(workQueue.settings.capacity) jobs already waiting"))
            }
        }
    }

    /// Runs `work` in a transaction of its own on the calling thread, if that costs no wait: nothing queued,
    /// the connection free, no checkpoint pressing, and the write lock taken at once (the busy timeout is 0
    /// for the attempt). Nil: the queue must take it.
    private func performAtOnce<T: Sendable>(_ work: (Statements) throws -> T, queue: SQLiteWorkQueue) -> Result<T, any Swift.Error>? {
        guard queue.isIdle, !(checkpointer?.isPressing ?? false) else { return nil }
        let attempt: Result<T, any Swift.Error>?? = locked.mutex.withLockIfAvailable { connection in
            guard queue.isIdle else { return nil }
            sqlite3_busy_timeout(connection.handle, 0)
            defer { sqlite3_busy_timeout(connection.handle, queue.busyMilliseconds) }
            let statements = Statements(connection)
            guard (try? statements.run("BEGIN IMMEDIATE")) != nil else { return nil }  // locked elsewhere: the queue waits
            let result = Result { try work(statements) }
            if case .failure = result {
                statements.rollBack()  // the caller gets its work's error, whether or not the rollback worked
            } else {
                do {
                    try statements.run("COMMIT")
                } catch {
                    statements.rollBack()
                    return .failure(error)
                }
            }
            atOnce.add(1, ordering: .relaxed)
            return result
        }
        return attempt ?? nil
    }

    /// Jobs waiting for the work queue's thread; nil without one (for diagnostics and tests).
    public var waitingJobs: Int? { workQueue?.waiting }

    /// Transactions `perform` ran at once on its caller's thread (for diagnostics and tests).
    public var performedAtOnce: Int { atOnce.load(ordering: .relaxed) }

    /// Batches the work queue has committed; nil without one.
    public var committedBatches: Int? { workQueue?.committedBatches }

    /// One statement through `perform`.
    @discardableResult
    public func perform(_ sql: String, _ parameters: [Value] = []) async throws -> [[Value]] {
        try await perform { try $0.query(sql, parameters) }
    }
}
