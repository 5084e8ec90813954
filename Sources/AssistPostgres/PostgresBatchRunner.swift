import AssistEventLoop
import AssistServices
import AssistTelemetry

/// A client's work on one event loop: a bounded queue and one task on the loop that runs it with group commit.
///
/// The task takes every job waiting (up to `maxBatch`) and runs them in one transaction, each inside a
/// savepoint so that one failing job rolls back alone; one commit makes the batch durable (one WAL flush for
/// many requests' rows), and only then are the callers resumed. Savepoints and their releases are pipelined
/// ahead of the job's statements, not waited for. A batch that loses a race (a deadlock or serialization
/// failure, SQLSTATE class 40: two replicas' batches touching the same rows in opposite orders) is rolled back
/// whole and its jobs run again one by one, so work must only talk to the database.
///
/// Bounds: past `capacity` waiting jobs a submission fails at once; a job still waiting at its deadline fails
/// without running; a statement that gets no answer within `statementTimeout` closes the connection
/// (`PostgresConnectionMachine`). A connection that broke is replaced by the next batch (at once when it broke
/// while idle; when it broke mid-batch, that batch fails: its commit is unknown). While the server cannot be
/// reached, jobs fail at once and connection attempts back off. Either way the caller gets an error, never a hang.
final class PostgresBatchRunner: Sendable {
    /// One caller's work. `run` executes inside the batch's transaction and returns the work's error (nil on
    /// success) with a closure that resumes the caller once the batch's commit is known (its error, or nil).
    struct Job: Sendable {
        let deadline: ContinuousClock.Instant
        let run: @Sendable (PostgresStatements) async -> (error: (any Error)?, deliver: @Sendable ((any Error)?) -> Void)
        let fail: @Sendable (any Error) -> Void
    }

    let link: PostgresLoopLink
    /// Opened when the runner's task has ended.
    let ended = Latch()
    private let queue: AsyncJobQueue<Job>
    private var settings: PostgresClient.Settings { link.loops.settings }

    init(link: PostgresLoopLink) {
        self.link = link
        queue = AsyncJobQueue(capacity: link.loops.settings.capacity)
        Task(executorPreference: link.loop) { [self] in
            while let batch = await queue.nextBatch(limit: settings.maxBatch) {
                let now = ContinuousClock.now
                let live = batch.filter { job in
                    guard job.deadline < now else { return true }
                    job.fail(PostgresError(.busy, "the work waited past its deadline of \(settings.deadline)"))
                    return false
                }
                if !live.isEmpty { await run(live) }
            }
            ended.open()
        }
    }

    /// Queues `job`; false (and nothing queued) when the queue is full or stopped.
    func submit(_ job: Job) -> Bool { queue.submit(job) }

    /// Ends the task once the jobs already queued have run; later submissions fail.
    func stop() { queue.shutdown() }

    /// Runs `jobs` in one transaction and resumes every caller once its fate is known. A batch that lost a
    /// race was rolled back whole (retrying the job alone in the same transaction would wait again on the same
    /// locks, still holding those of the jobs before it): its jobs then run one by one, each in a transaction
    /// of its own, and once more if that loses a race too.
    private func run(_ jobs: [Job]) async {
        if jobs.count > 1, await transact(jobs, mayRetry: true) { return }
        for job in jobs where !(await transact([job], mayRetry: true)) {
            await transact([job], mayRetry: false)
        }
    }

    /// One transaction for `jobs`, each in a savepoint when there are several. Returns true once every job's
    /// caller has been resumed (or failed); false, with nothing delivered and everything rolled back, when a
    /// job lost a race (SQLSTATE class 40) and `mayRetry`.
    @discardableResult
    private func transact(_ jobs: [Job], mayRetry: Bool) async -> Bool {
        guard let statements = await begin(jobs) else { return true }
        let savepoints = jobs.count > 1  // a batch of one rolls back the whole transaction instead
        var deliveries: [@Sendable ((any Error)?) -> Void] = []
        deliveries.reserveCapacity(jobs.count)
        var open = true  // false once a batch of one has rolled back
        do {
            for job in jobs {
                if savepoints { statements.send("SAVEPOINT job") }
                let (error, deliver) = await job.run(statements)
                if let lost = error as? PostgresError, [.connectionLost, .timedOut, .shutDown].contains(lost.kind) { throw lost }
                if let error {
                    if mayRetry, (error as? PostgresError)?.isRetryable == true {
                        try await statements.query("ROLLBACK")
                        return false
                    }
                    if savepoints {
                        try await statements.query("ROLLBACK TO job")
                        statements.send("RELEASE job")
                    } else {
                        try await statements.query("ROLLBACK")
                        open = false
                    }
                } else if savepoints {
                    statements.send("RELEASE job")
                }
                deliveries.append(deliver)
            }
            if open {
                try await statements.query("COMMIT")
                link.loops.batchCommitted()
            }
        } catch {
            // The connection broke, a statement timed out or the commit was refused: no job's work is known to
            // be committed. Jobs not yet run fail without running. A connection that broke is gone already; on
            // one that did not, a rollback that fails leaves the transaction's state unknown: it is dropped.
            do throws(PostgresError) {
                try await statements.query("ROLLBACK")
            } catch let rollbackError where rollbackError.kind != .connectionLost && rollbackError.kind != .shutDown {
                Logger().warning("PostgreSQL rollback failed (\(rollbackError)); reconnecting")
                await drop()
            } catch {}
            for deliver in deliveries { deliver(error) }
            for job in jobs.dropFirst(deliveries.count) { job.fail(error) }
            return true
        }
        for deliver in deliveries { deliver(nil) }
        return true
    }

    /// Statements bound to a transaction begun now, or nil after failing every job. A connection found broken
    /// at BEGIN (the server restarted while it was idle, not noticed yet) is replaced once at once: nothing has run.
    private func begin(_ jobs: [Job]) async -> PostgresStatements? {
        let unbound = PostgresStatements(link: link, epoch: nil, timeout: settings.statementTimeout)
        var lastError = PostgresError(.unreachable, "no connection")
        for attempt in 1...2 {
            do throws(PostgresError) {
                let answer = try await unbound.run(.query("BEGIN", []), timeout: settings.statementTimeout)
                return PostgresStatements(link: link, epoch: answer.epoch, timeout: settings.statementTimeout)
            } catch {
                lastError = error
                guard attempt == 1, error.kind == .connectionLost || error.kind == .timedOut else { break }
            }
        }
        for job in jobs { job.fail(lastError) }
        return nil
    }

    /// Closes the connection; the next statement makes a new one.
    private func drop() async {
        let link = link
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            if !link.loop.onLoop({
                link.connection().drop()
                continuation.resume()
            }) { continuation.resume() }
        }
    }
}
