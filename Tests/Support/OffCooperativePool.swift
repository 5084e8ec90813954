import Dispatch
import Foundation
import Synchronization

/// Runs `body` with its jobs on a thread of its own instead of the cooperative pool, for a test whose work is long
/// and CPU-bound without suspending (a golden set through the rules, key generation, thousands of requests in
/// process).
///
/// The pool has one thread per core, two here. A test that computes for seconds on it holds a core's whole share
/// of the pass: every other test, pure ones included, waits its turn, and its elapsed time measures that queue
/// (issue 27). On its own thread, the work competes for the CPU as any thread does, and the pool stays free for
/// the tests that only need a moment of it.
public func offCooperativePool<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
    let executor = DedicatedThreadExecutor()
    defer { executor.shutdown() }
    return try await withTaskExecutorPreference(executor) { try await body() }
}

/// A task executor with one thread of its own, which runs its jobs in order until `shutdown`.
public final class DedicatedThreadExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var stopped = false
        /// The thread has returned: a job enqueued later (an unstructured task the body left running) gets a thread
        /// of its own.
        var exited = false
    }

    private let state = Mutex(State())
    /// Signalled once per job and once by `shutdown`: each turn of the thread takes one signal.
    private let wake = DispatchSemaphore(value: 0)

    public init() {
        let thread = Thread { [self] in run() }
        thread.name = "test-off-pool"
        thread.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let exited = state.withLock { state in
            if !state.exited { state.jobs.append(job) }
            return state.exited
        }
        guard exited else {
            wake.signal()
            return
        }
        let executor = asUnownedTaskExecutor()
        Thread { job.runSynchronously(on: executor) }.start()
    }

    /// Stops the thread once the jobs already enqueued have run.
    public func shutdown() {
        state.withLock { $0.stopped = true }
        wake.signal()
    }

    private func run() {
        while true {
            wake.wait()
            let job = state.withLock { state -> UnownedJob? in
                if state.jobs.isEmpty, state.stopped { state.exited = true }
                return state.jobs.isEmpty ? nil : state.jobs.removeFirst()
            }
            if let job { job.runSynchronously(on: asUnownedTaskExecutor()) } else if state.withLock({ $0.exited }) { return }
        }
    }
}
