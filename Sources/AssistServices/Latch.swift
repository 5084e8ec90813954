import Synchronization

/// Opens once and stays open; `wait()` returns once it is open.
///
/// What the `run()` of a thread-based service awaits: the thread opens it as its last act, so `run()`
/// returns when the thread has really ended (Foundation's `Thread` cannot be joined). It may be opened
/// before anyone waits: a wait that begins later returns at once.
public final class Latch: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Opens the latch and releases every waiter; later calls do nothing.
    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the latch is open. Not ended by cancellation: what is awaited is the end of work that
    /// a cancelled caller still must not outlive (see `wait(onCancel:)`).
    public func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if open { continuation.resume() }
        }
    }

    /// Waits for the latch, calling `stop` if the waiting task is cancelled meanwhile: the usual body of
    /// a thread-based service's `run()`, with `stop` its `shutdown()`, so cancelling `run()` stops the work
    /// and still returns only once it has ended.
    public func wait(onCancel stop: @escaping @Sendable () -> Void) async {
        await withTaskCancellationHandler { await wait() } onCancel: { stop() }
    }
}
