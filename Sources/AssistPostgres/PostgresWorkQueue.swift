import AssistServices
import AssistTelemetry
import Foundation
import Synchronization

/// A client's work, off the cooperative pool: a bounded queue, one thread with one connection, group commit.
///
/// Callers suspend (or, for synchronous protocols, wait on a semaphore) while the thread runs their work.
/// The thread takes every job waiting (up to `maxBatch`) and runs them in one transaction, each inside a
/// savepoint so that one failing job rolls back alone; one commit makes the batch durable (one WAL flush for
/// many requests' rows), and only then are the callers resumed. A batch that loses a race (a deadlock or
/// serialization failure, SQLSTATE class 40: two replicas' batches touching the same rows in opposite
/// orders) is rolled back whole and its jobs run again one by one, so work must only talk to the database.
///
/// Bounds: past `capacity` waiting jobs a submission fails at once; a job still waiting at its deadline fails
/// without running; a statement that gets no answer within `statementTimeout` closes the connection. A
/// connection that broke is replaced by the next batch (at once when it broke while idle, since nothing has
/// run yet; when it broke mid-batch, that batch fails: its commit is unknown). While the server cannot be
/// reached, jobs fail at once and connection attempts back off. Either way the caller gets an error, never a hang.
final class PostgresWorkQueue: Sendable {
    /// One caller's work. `run` executes inside the batch's transaction and returns the work's error (nil on
    /// success) with a closure that resumes the caller once the batch's commit is known (its error, or nil).
    struct Job: Sendable {
        let deadline: ContinuousClock.Instant
        let run: @Sendable (PostgresStatements) -> (error: (any Error)?, deliver: @Sendable ((any Error)?) -> Void)
        let fail: @Sendable (any Error) -> Void
    }

    let settings: PostgresClient.Settings
    private let queue: JobQueue<Job>
    private let batches = Atomic<Int>(0)
    /// Whether the thread holds an open connection (as of its last use).
    let connected = Atomic<Bool>(false)
    /// Opened when the thread has closed its connection and ended.
    let ended = Latch()

    init(url: String, settings: PostgresClient.Settings) {
        self.settings = settings
        queue = JobQueue(capacity: settings.capacity)
        let thread = Thread { [self] in
            let session = PostgresSession(url: url, settings: settings) { [self] in connected.store($0, ordering: .relaxed) }
            loop(session)
            session.drop()
            ended.open()
        }
        thread.name = "assist-postgres"
        thread.start()
    }

    /// Queues `job`; false (and nothing queued) when the queue is full or stopped.
    func submit(_ job: Job) -> Bool { queue.submit(job) }

    var isStopped: Bool { queue.isStopped }
    var committedBatches: Int { batches.load(ordering: .relaxed) }

    /// Ends the thread once the jobs already queued have run; later submissions fail.
    func shutdown() { queue.shutdown() }

    private func loop(_ session: PostgresSession) {
        while let batch = queue.nextBatch(limit: settings.maxBatch) {
            let now = ContinuousClock.now
            let live = batch.filter { job in
                guard job.deadline < now else { return true }
                job.fail(PostgresError(.busy, "the work waited past its deadline of \(settings.deadline)"))
                return false
            }
            if !live.isEmpty { run(live, session) }
        }
    }

    /// Runs `jobs` in one transaction and resumes every caller once its fate is known. A batch that lost a
    /// race was rolled back whole (retrying the job alone in the same transaction would wait again on the same
    /// locks, still holding those of the jobs before it): its jobs then run one by one, each in a transaction
    /// of its own, and once more if that loses a race too.
    private func run(_ jobs: [Job], _ session: PostgresSession) {
        if jobs.count > 1, transact(jobs, session, mayRetry: true) { return }
        for job in jobs where !transact([job], session, mayRetry: true) {
            transact([job], session, mayRetry: false)
        }
    }

    /// One transaction for `jobs`, each in a savepoint when there are several. Returns true once every job's
    /// caller has been resumed (or failed); false, with nothing delivered and everything rolled back, when a
    /// job lost a race (SQLSTATE class 40) and `mayRetry`.
    @discardableResult
    private func transact(_ jobs: [Job], _ session: PostgresSession, mayRetry: Bool) -> Bool {
        guard let connection = begin(session, jobs) else { return true }
        let timeout = settings.statementTimeout
        let statements = PostgresStatements(connection, timeout: timeout)
        let savepoints = jobs.count > 1  // a batch of one rolls back the whole transaction instead
        var deliveries: [@Sendable ((any Error)?) -> Void] = []
        deliveries.reserveCapacity(jobs.count)
        var open = true  // false once a batch of one has rolled back
        do {
            for job in jobs {
                if savepoints { try connection.execute("SAVEPOINT job", timeout: timeout) }
                let (error, deliver) = job.run(statements)
                if connection.isBroken { throw error as? PostgresError ?? PostgresError(.connectionLost, "the connection was lost") }
                if let error {
                    if mayRetry, (error as? PostgresError)?.isRetryable == true {
                        try connection.execute("ROLLBACK", timeout: timeout)
                        return false
                    }
                    if savepoints {
                        try connection.execute("ROLLBACK TO job; RELEASE job", timeout: timeout)
                    } else {
                        try connection.execute("ROLLBACK", timeout: timeout)
                        open = false
                    }
                } else if savepoints {
                    try connection.execute("RELEASE job", timeout: timeout)
                }
                deliveries.append(deliver)
            }
            if open {
                try connection.execute("COMMIT", timeout: timeout)
                batches.add(1, ordering: .relaxed)
            }
        } catch {
            // The connection broke, a statement timed out or the commit was refused: no job's work is known to
            // be committed. Jobs not yet run fail without running.
            // A rollback that fails leaves the transaction's state unknown: the connection goes, as a broken one does.
            if connection.isBroken {
                session.drop()
            } else {
                do {
                    try connection.execute("ROLLBACK", timeout: timeout)
                } catch {
                    Logger().warning("PostgreSQL rollback failed (\(error)); reconnecting")
                    session.drop()
                }
            }
            for deliver in deliveries { deliver(error) }
            for job in jobs.dropFirst(deliveries.count) { job.fail(error) }
            return true
        }
        for deliver in deliveries { deliver(nil) }
        return true
    }

    /// The connection with a transaction begun on it, or nil after failing every job. A connection found
    /// broken at BEGIN (the server restarted while it was idle) is replaced once at once: nothing has run.
    private func begin(_ session: PostgresSession, _ jobs: [Job]) -> PostgresConnection? {
        var lastError: any Error = PostgresError(.unreachable, "no connection")
        for _ in 1...2 {
            do {
                let (connection, fresh) = try session.connection()
                do {
                    try connection.execute("BEGIN", timeout: settings.statementTimeout)
                    return connection
                } catch {
                    lastError = error
                    session.drop()
                    if fresh || !(error.kind == .connectionLost || error.kind == .timedOut) { break }
                }
            } catch {
                lastError = error
                break
            }
        }
        for job in jobs { job.fail(lastError) }
        return nil
    }
}
