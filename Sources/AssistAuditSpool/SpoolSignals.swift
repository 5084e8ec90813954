import Synchronization

/// Wakes one waiting task: the audit spool's shipper, when rows become durable or it is asked to stop.
///
/// A signal with nobody waiting is kept, so a wake between "nothing to do" and the wait is never lost; any
/// number of signals before a wait count as one.
final class WakeSignal: Sendable {
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

    func signal() {
        let waiter = state.withLock { state in
            defer { state.waiter = nil }
            if state.waiter == nil { state.pending = true }
            return state.waiter
        }
        waiter?.timer.cancel()
        waiter?.continuation.resume()
    }

    /// Returns at the next signal (at once if one is pending), or once `limit` has passed. One waiter at a time.
    func wait(upTo limit: Duration) async {
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

/// Mutual exclusion across suspension points: the spool ships from one place at a time (its service, or a
/// `closeInterrupted` shipping at start-up), so that batches reach the remote store in journal order.
final class AsyncLock: Sendable {
    private struct State {
        var held = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Runs `work` holding the lock; waiters get it in the order they asked.
    func withLock<T: Sendable>(_ work: () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await work()
    }

    private func acquire() async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state in
                if state.held {
                    state.waiters.append(continuation)
                    return false
                }
                state.held = true
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Hands the lock to the first waiter, or frees it.
    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.held = false
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
