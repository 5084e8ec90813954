import Dispatch
import Foundation
import Synchronization

/// When the audit journal is synced: a thread that, once told bytes were written, waits out what is left of
/// `interval` since its last sync and then calls `sync`, so that under load one `fdatasync` covers every write
/// of the interval and no request waits for the disk (issue 29). `syncNow` asks for a sync at once and returns
/// after it; `stop` makes a last sync of what is written and ends the thread.
///
/// Only the schedule lives here; what a sync does (which file, what becomes durable) is the journal's `sync`.
final class SpoolSyncer: Sendable {
    private struct State {
        /// Written since the last sync began.
        var dirty = false
        /// Callers of `syncNow`, resumed after the next sync.
        var waiters: [@Sendable () -> Void] = []
        var stopped = false
        /// The last sync has begun: `syncNow` returns at once from then on.
        var finished = false
    }

    private let interval: Duration
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    init(interval: Duration) { self.interval = interval }

    /// Starts the thread; `sync` runs on it, one call at a time. Called once, by the journal, as soon as the journal
    /// can be captured; bytes written before that are synced at its first turn.
    func start(sync: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            loop(sync)
            ended.signal()
        }
        thread.name = "assist-audit-sync"
        thread.start()
    }

    /// Bytes were written: sync them within `interval`.
    func written() {
        let first = state.withLock { state in
            defer { state.dirty = true }
            return !state.dirty
        }
        if first { wake.signal() }
    }

    /// Returns once a sync that began after this call has ended (at once after `stop`'s last sync began).
    func syncNow() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state in
                if !state.finished { state.waiters.append { continuation.resume() } }
                return state.finished
            }
            if finished { continuation.resume() } else { wake.signal() }
        }
    }

    /// Makes a last sync and ends the thread; returns once it has ended. Blocks: call it from a thread of
    /// one's own (the journal's), never from the cooperative pool.
    func stopAndWait() {
        state.withLock { $0.stopped = true }
        wake.signal()
        ended.wait()
    }

    private func loop(_ sync: () -> Void) {
        var lastSync = ContinuousClock.now - interval
        while true {
            let (dirty, urgent, stopped) = state.withLock { ($0.dirty, !$0.waiters.isEmpty, $0.stopped) }
            if !dirty && !urgent && !stopped {
                wake.wait()
                continue
            }
            let next = lastSync + interval
            if !urgent && !stopped && ContinuousClock.now < next {
                // Woken early only by `syncNow` or `stop`; either way the state is read again.
                let (seconds, attoseconds) = (next - ContinuousClock.now).components
                _ = wake.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
                continue
            }
            let (waiters, last) = state.withLock { state in
                defer { (state.waiters, state.dirty) = ([], false) }
                if state.stopped { state.finished = true }
                return (state.waiters, state.stopped)
            }
            lastSync = .now
            sync()
            for waiter in waiters { waiter() }
            if last { return }
        }
    }
}
