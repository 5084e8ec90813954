import Dispatch
import Synchronization

/// A bounded first-in, first-out queue of jobs for one consumer thread that takes them in batches: the
/// queueing half of every store client's work queue (SQLite, PostgreSQL).
///
/// Producers never block: `submit` refuses at once past `capacity` or after `shutdown()`. The consumer blocks
/// in `nextBatch` only while the queue is empty, and is woken once per empty-to-non-empty change, since it
/// drains everything it finds.
public final class JobQueue<Job: Sendable>: Sendable {
    private struct State {
        var jobs: [Job] = []
        var stopped = false
    }

    public let capacity: Int
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    public init(capacity: Int) { self.capacity = capacity }

    /// Queues `job`; false (and nothing queued) when the queue is full or shut down.
    public func submit(_ job: Job) -> Bool {
        let (accepted, first) = state.withLock { state -> (Bool, Bool) in
            guard !state.stopped, state.jobs.count < capacity else { return (false, false) }
            state.jobs.append(job)
            return (true, state.jobs.count == 1)
        }
        if first { wake.signal() }
        return accepted
    }

    /// The next jobs, at most `limit`, in order; waits while there are none. Nil once the queue is shut down
    /// and empty: the consumer ends.
    public func nextBatch(limit: Int) -> [Job]? {
        while true {
            let (batch, stopped) = state.withLock { state -> ([Job], Bool) in
                (Self.take(&state.jobs, limit: limit), state.stopped)
            }
            if !batch.isEmpty { return batch }
            if stopped { return nil }
            wake.wait()
        }
    }

    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// Jobs waiting (not counting a batch the consumer has taken).
    public var count: Int { state.withLock { $0.jobs.count } }

    /// Refuses further jobs; the consumer gets those already queued, then nil.
    public func shutdown() {
        state.withLock { $0.stopped = true }
        wake.signal()
    }

    /// Removes and returns the first `limit` jobs (all, when fewer): a consumer's batch, here and in `AsyncJobQueue`.
    static func take(_ jobs: inout [Job], limit: Int) -> [Job] {
        let count = min(jobs.count, limit)
        defer { jobs.removeFirst(count) }
        return Array(jobs.prefix(count))
    }
}
