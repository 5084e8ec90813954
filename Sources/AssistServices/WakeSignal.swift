import Synchronization

/// Wakes one waiting task: a journal's shipper (the audit spool's, the request journal's), when there is work or
/// it is asked to stop.
///
/// A signal with nobody waiting is kept, so a wake between "nothing to do" and the wait is never lost; any
/// number of signals before a wait count as one.
public final class WakeSignal: Sendable {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Void, Never>
        /// Ends the wait at its limit; cancelled when a signal ends it first, so no sleeping task outlives it.
        let timer: Task<Void, Never>
    }

    private struct State {
        var pending = false
        var waiter: Waiter?
        var nextId = 0
    }

    private let state = Mutex(State())

    public init() {}

    public func signal() {
        let waiter = state.withLock { state in
            defer { state.waiter = nil }
            if state.waiter == nil { state.pending = true }
            return state.waiter
        }
        waiter?.timer.cancel()
        waiter?.continuation.resume()
    }

    /// Returns at the next signal (at once if one is pending), or once `limit` has passed. One waiter at a time.
    public func wait(upTo limit: Duration) async {
        let id = state.withLock { state in
            state.nextId += 1
            return state.nextId
        }
        await withCheckedContinuation { continuation in
            let timer = Task { [self] in
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                let expired = state.withLock { state -> Waiter? in
                    guard let waiter = state.waiter, waiter.id == id else { return nil }
                    state.waiter = nil
                    return waiter
                }
                expired?.continuation.resume()
            }
            let waiting = state.withLock { state in
                if state.pending {
                    state.pending = false
                    return false
                }
                state.waiter = Waiter(id: id, continuation: continuation, timer: timer)
                return true
            }
            if !waiting {
                timer.cancel()
                continuation.resume()
            }
        }
    }
}
