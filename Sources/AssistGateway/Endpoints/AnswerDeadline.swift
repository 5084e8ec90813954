import AssistServices
import Synchronization

/// The deadlines of a structured feature's answer (`POST /v1/assist`): the provider's first chunk within
/// `limits.firstTokenTimeoutSeconds` and the whole answer within `limits.requestTimeoutSeconds`, however
/// many model calls the handler makes. A stalled model server must not keep a client waiting unbounded.
///
/// Kept as one timer on the request's timers (its event loop's under a server), not as a task racing the
/// answer: when a deadline passes, every model call the answer has open is cancelled, and any it opens later
/// is cancelled as it starts, so the handler returns at once and its answer is dropped. What can stall is the
/// model; the stores a handler reads have deadlines of their own.
final class AnswerDeadline: Sendable {
    private struct State {
        var timedOut = false
        var timer: ScheduledTimer?
        /// The answer's model calls, to cancel when a deadline passes; none once the answer is done.
        var calls: [ProviderStream] = []
        var done = false
    }

    private let clock: MonotonicClock
    private let timers: any DeadlineTimers
    private let firstChunk: Duration
    private let total: Duration
    private let state = Mutex(State())
    /// Set by every chunk of every call: an atomic store, no lock on the chunks' path.
    private let sawChunk = Atomic<Bool>(false)

    init(clock: MonotonicClock, timers: any DeadlineTimers, limits: Limits) {
        self.clock = clock
        self.timers = timers
        firstChunk = .seconds(limits.firstTokenTimeoutSeconds)
        total = .seconds(limits.requestTimeoutSeconds)
    }

    /// `base`, its calls noting their first chunk and cancelled when a deadline passes.
    func watching(_ base: any ModelProvider) -> any ModelProvider { WatchedProvider(base: base, deadline: self) }

    /// `body`'s result, or nil when a deadline passed first (then the model calls `body` is reading were
    /// cancelled, and it returned early).
    func run<Result: Sendable>(_ body: () async -> Result) async -> Result? {
        let start = clock.now
        arm(at: start + firstChunk) { [self] in
            guard sawChunk.load(ordering: .acquiring) else { return timeOut() }
            arm(at: start + total) { [self] in timeOut() }
        }
        let result = await body()
        let (timer, timedOut) = state.withLock { state in
            state.done = true
            state.calls = []
            defer { state.timer = nil }
            return (state.timer, state.timedOut)
        }
        timer?.cancel()
        return timedOut ? nil : result
    }

    private func arm(at deadline: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) {
        let timer = timers.schedule(at: deadline, of: clock, fire)
        let kept = state.withLock { state in
            guard !state.done, !state.timedOut else { return false }
            state.timer = timer
            return true
        }
        if !kept { timer.cancel() }
    }

    private func timeOut() {
        let open = state.withLock { state -> [ProviderStream] in
            guard !state.done else { return [] }
            state.timedOut = true
            defer { state.calls = [] }
            return state.calls
        }
        for call in open { call.cancel() }
    }

    /// Registers a call the answer opened; false when a deadline has passed already (the call is not wanted).
    private func opened(_ call: ProviderStream) -> Bool {
        state.withLock { state in
            guard !state.timedOut else { return false }
            if !state.done { state.calls.append(call) }
            return true
        }
    }

    private struct WatchedProvider: ModelProvider {
        let base: any ModelProvider
        let deadline: AnswerDeadline

        func stream(_ request: ProviderRequest) -> ProviderStream {
            // Tapped, not rebuilt: the call keeps its observer, its limit and its attempts.
            let call = base.stream(request).tapped { [deadline] _ in deadline.sawChunk.store(true, ordering: .releasing) }
            if !deadline.opened(call) { call.cancel() }
            return call
        }
    }
}
