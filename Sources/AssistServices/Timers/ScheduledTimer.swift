import Synchronization

/// One scheduled call: it runs at most once, and never after `cancel()`.
///
/// Cancelling releases the call at once, and with it whatever the call captured (a stream's writer and
/// provider call), even while the timers still hold the entry until its deadline comes up; the timers then
/// find nothing to run. Safe from any thread, any number of times.
public final class ScheduledTimer: Sendable {
    private struct State {
        var fire: (@Sendable () -> Void)?
        /// What the timers do when the call is cancelled before it runs (a sleeping task cancelled).
        var onCancel: (@Sendable () -> Void)?
    }

    private let state: Mutex<State>

    public init(_ fire: @escaping @Sendable () -> Void) { state = Mutex(State(fire: fire)) }

    /// Whether the call has neither run nor been cancelled.
    public var isPending: Bool { state.withLock { $0.fire != nil } }

    /// Drops the call unless it has run; returns whether it was still pending.
    @discardableResult
    public func cancel() -> Bool {
        let onCancel: (@Sendable () -> Void)?? = state.withLock { state in
            guard state.fire != nil else { return nil }
            defer { state = State() }
            return .some(state.onCancel)
        }
        guard let onCancel else { return false }
        onCancel?()
        return true
    }

    /// Runs the call unless it was cancelled or has run. For the timers that hold it.
    public func fire() {
        let fire = state.withLock { state in
            defer { state = State() }
            return state.fire
        }
        fire?()
    }

    /// Sets what a later `cancel()` also does; runs it at once if the call is no longer pending. For the
    /// timers that hold it.
    public func whenCancelled(_ body: @escaping @Sendable () -> Void) {
        let pending = state.withLock { state in
            if state.fire != nil { state.onCancel = body }
            return state.fire != nil
        }
        if !pending { body() }
    }
}
