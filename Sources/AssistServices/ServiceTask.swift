import Synchronization

/// The bookkeeping of a `Service` whose work is one task: `run()` starts it once and returns when it ends,
/// `shutdown()` cancels it, whichever comes first.
///
/// A second `run()` while the first runs waits for the same task; a `run()` after `shutdown()` returns at once,
/// as does one whose caller is cancelled (the work is cancelled with it). The work should treat cancellation
/// as its signal to stop (finishing what must be finished, such as a last flush).
public final class ServiceTask: Sendable {
    private enum State {
        case idle
        case running(Task<Void, Never>)
        case stopped
    }

    private let state = Mutex(State.idle)

    public init() {}

    /// Runs `work` as the service's one task, unless it runs already or the service was shut down; returns
    /// when that task has ended.
    public func run(_ work: @escaping @Sendable () async -> Void) async {
        let current: Task<Void, Never>? = state.withLock { state in
            switch state {
            case .idle:
                let task = Task { await work() }
                state = .running(task)
                return task
            case .running(let task): return task
            case .stopped: return nil
            }
        }
        guard let current else { return }
        await withTaskCancellationHandler { await current.value } onCancel: { current.cancel() }
    }

    /// Cancels the task if it runs, and keeps it from ever starting otherwise.
    public func shutdown() {
        let running = state.withLock { state -> Task<Void, Never>? in
            defer { state = .stopped }
            if case .running(let task) = state { return task }
            return nil
        }
        running?.cancel()
    }
}
