import Synchronization

/// A clock that moves only when a test says so, with `ContinuousClock`'s instants so it can stand in for
/// the gateway's clock (`MonotonicClock`): deadlines of seconds pass in no real time.
///
/// A sleeper whose deadline has already passed returns at once; the others wait until `advance(by:)` moves
/// the clock past their deadline, or their task is cancelled (they then throw `CancellationError`, as
/// `Task.sleep` does). `waitForSleepers(_:)` lets a test know that the code it drives has reached its next
/// sleep, so that advancing the clock is never raced by the code still working on the previous instant.
public final class ManualClock: Clock, Sendable {
    public typealias Instant = ContinuousClock.Instant
    public typealias Duration = Swift.Duration

    private enum Sleeper {
        case waiting(deadline: Instant, continuation: CheckedContinuation<Void, any Error>)
        /// Cancelled before it could wait: it must not wait when it gets to it.
        case cancelled
    }

    private struct State {
        var now: Instant
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>

    /// - Parameter now: the instant the clock starts at; any will do, the clock never reads real time again.
    public init(now: Instant = .now) { state = Mutex(State(now: now)) }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock now.
    public var sleeperCount: Int {
        state.withLock { state in state.sleepers.values.filter { if case .waiting = $0 { true } else { false } }.count }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        defer { _ = state.withLock { $0.sleepers.removeValue(forKey: id) } }  // a late cancellation's mark
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if case .cancelled = state.sleepers[id] { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = .waiting(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiting: CheckedContinuation<Void, any Error>? = state.withLock { state in
                if case .waiting(_, let continuation) = state.sleepers[id] {
                    state.sleepers[id] = nil
                    return continuation
                }
                state.sleepers[id] = .cancelled
                return nil
            }
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline is now reached.
    public func advance(by duration: Duration) {
        let due: [CheckedContinuation<Void, any Error>] = state.withLock { state in
            state.now += duration
            var due: [CheckedContinuation<Void, any Error>] = []
            for (id, sleeper) in state.sleepers {
                guard case .waiting(let deadline, let continuation) = sleeper, deadline <= state.now else { continue }
                state.sleepers[id] = nil
                due.append(continuation)
            }
            return due
        }
        for continuation in due { continuation.resume() }
    }

    /// Returns once at least `count` tasks sleep on this clock (false if that did not happen within many
    /// yields, so a test fails instead of hanging). Only yields: no real time is waited.
    @discardableResult
    public func waitForSleepers(_ count: Int = 1) async -> Bool {
        for _ in 0..<100_000 {
            if sleeperCount >= count { return true }
            await Task.yield()
        }
        return sleeperCount >= count
    }
}
