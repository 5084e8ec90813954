import Synchronization

/// `JobQueue` for a consumer that is a task, not a thread: the same bounds and order, but the consumer
/// suspends in `nextBatch` while the queue is empty instead of blocking a thread (a PostgreSQL client's
/// batches, run on an event loop).
public final class AsyncJobQueue<Job: Sendable>: Sendable {
    private struct State {
        var jobs: [Job] = []
        var stopped = false
        /// The consumer, while it waits for a job.
        var waiter: CheckedContinuation<Void, Never>?
    }

    public let capacity: Int
    private let state = Mutex(State())

    public init(capacity: Int) { self.capacity = capacity }

    /// Queues `job`; false (and nothing queued) when the queue is full or shut down.
    public func submit(_ job: Job) -> Bool {
        let (accepted, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
            guard !state.stopped, state.jobs.count < capacity else { return (false, nil) }
            state.jobs.append(job)
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        waiter?.resume()
        return accepted
    }

    /// The next jobs, at most `limit`, in order; suspends while there are none. Nil once the queue is shut
    /// down and empty: the consumer ends. One consumer only.
    public func nextBatch(limit: Int) async -> [Job]? {
        while true {
            let (batch, stopped) = state.withLock { state -> ([Job], Bool) in
                (JobQueue<Job>.take(&state.jobs, limit: limit), state.stopped)
            }
            if !batch.isEmpty { return batch }
            if stopped { return nil }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    guard state.jobs.isEmpty, !state.stopped else { return true }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// Refuses further jobs; the consumer gets those already queued, then nil.
    public func shutdown() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.stopped = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}
