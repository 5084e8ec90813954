import AssistHTTP
import AssistServices
import AssistWire
import Synchronization

/// One open stream's pings and deadlines, kept as one timer on the request's `DeadlineTimers` (its event
/// loop's under a server), re-armed each time it fires: no task per stream and no scan of every stream.
///
/// The timer is due at the earlier of the next ping and the deadline: the first-token timeout, from the
/// request's arrival, until the first delta, then the idle timeout from the last delta. A delta notes its
/// instant, and re-arms the timer only when it brings the deadline before the timer (the first delta, when
/// the idle timeout is the shorter); a later deadline is found when the timer fires, and re-armed for then.
/// A ping is skipped, not queued, when the client is behind (data is already waiting for it). A deadline
/// passed cancels the provider call, and the pump reports `upstream_timeout`.
///
/// Every instant comes from the gateway's clock (`MonotonicClock`), the one that stamps the request's arrival
/// and its deltas, so a test on a manual clock drives every deadline in virtual time.
final class StreamWatch: Sendable {
    /// Why a stream was ended from outside its pump.
    enum Stop: Sendable, Equatable {
        /// No delta within the first-token or idle timeout.
        case timeout
        /// An operator turned the feature off and asked for its streams to end.
        case featureDisabled
    }

    private struct State {
        var lastDeltaAt: ContinuousClock.Instant?
        var nextPingAt: ContinuousClock.Instant
        var stopped: Stop?
        /// The pump is done: nothing is checked or sent any more.
        var ended = false
        var timer: ScheduledTimer?
        /// When `timer` is due.
        var armedFor: ContinuousClock.Instant?
        var timers: (any DeadlineTimers)?

        /// When the timer is next needed; nil once nothing is.
        func due(startedAt: ContinuousClock.Instant, firstToken: Duration, idle: Duration) -> ContinuousClock.Instant? {
            guard stopped == nil, !ended else { return nil }
            return min(nextPingAt, deadline(startedAt: startedAt, firstToken: firstToken, idle: idle))
        }

        func deadline(startedAt: ContinuousClock.Instant, firstToken: Duration, idle: Duration) -> ContinuousClock.Instant {
            lastDeltaAt.map { $0 + idle } ?? (startedAt + firstToken)
        }
    }

    let writer: any ResponseBodyWriter
    let stream: ProviderStream
    private let clock: MonotonicClock
    private let startedAt: ContinuousClock.Instant
    private let firstToken: Duration, idle: Duration, ping: Duration
    private let state: Mutex<State>

    /// - Parameters:
    ///   - startedAt: when the request arrived; the first-token timeout runs from it.
    ///   - openedAt: when the response opened with its first ping; the next is due `pingSeconds` later.
    ///     Nil means `startedAt`.
    ///   - clock: the gateway's clock, that `startedAt`, `openedAt` and the deltas' instants come from.
    init(writer: any ResponseBodyWriter, stream: ProviderStream, startedAt: ContinuousClock.Instant, limits: Limits,
         openedAt: ContinuousClock.Instant? = nil, clock: MonotonicClock) {
        self.writer = writer
        self.stream = stream
        self.clock = clock
        self.startedAt = startedAt
        firstToken = .seconds(limits.firstTokenTimeoutSeconds)
        idle = .seconds(limits.idleTimeoutSeconds)
        ping = .seconds(limits.pingSeconds)
        state = Mutex(State(nextPingAt: (openedAt ?? startedAt) + .seconds(limits.pingSeconds)))
    }

    /// Starts keeping the stream's pings and deadlines on `timers`; until `end()`.
    func start(on timers: any DeadlineTimers) {
        state.withLock { $0.timers = timers }
        arm()
    }

    /// The pump saw a delta: the idle deadline starts over.
    func delta(at instant: ContinuousClock.Instant) {
        let sooner = state.withLock { state in
            state.lastDeltaAt = instant
            return state.armedFor.map { instant + idle < $0 } ?? false
        }
        if sooner { arm() }
    }

    /// Why this stream was ended from outside, if it was.
    var stopped: Stop? { state.withLock { $0.stopped } }

    /// Whether a timer is set for the stream now.
    var isArmed: Bool { state.withLock { $0.timer?.isPending ?? false } }

    /// Ends the stream: cancels the provider call; the pump then reports `reason`. The first stop wins.
    func stop(_ reason: Stop) {
        let (first, timer) = state.withLock { state in
            guard state.stopped == nil else { return (false, ScheduledTimer?.none) }
            state.stopped = reason
            defer { state.timer = nil }
            return (true, state.timer)
        }
        timer?.cancel()
        if first { stream.cancel() }
    }

    /// The pump is done with the stream: its timer is cancelled, and nothing is sent or stopped from now on.
    func end() {
        let timer = state.withLock { state in
            state.ended = true
            defer { state.timer = nil }
            return state.timer
        }
        timer?.cancel()
    }

    /// Sets the timer for when it is next due, replacing the one set.
    private func arm() {
        guard let (due, timers) = state.withLock({ state in
            state.due(startedAt: startedAt, firstToken: firstToken, idle: idle).flatMap { due in state.timers.map { (due, $0) } }
        }) else { return }
        let timer = timers.schedule(at: due, of: clock) { [self] in
            check(at: clock.now)
            arm()
        }
        // Of two arms at once (a delta and the timer firing, off a loop), the earlier timer is kept.
        let dropped = state.withLock { state -> ScheduledTimer? in
            guard state.stopped == nil, !state.ended else { return timer }  // stopped or ended while it was being set
            if let armed = state.timer, armed.isPending, let armedFor = state.armedFor, armedFor <= due { return timer }
            defer { (state.timer, state.armedFor) = (timer, due) }
            return state.timer
        }
        dropped?.cancel()
    }

    /// Sends the ping or stops the stream, whichever is due at `now`.
    func check(at now: ContinuousClock.Instant) {
        enum Action { case none, ping, timeout }
        let action: Action = state.withLock { state in
            guard state.stopped == nil, !state.ended else { return .none }
            if now >= state.deadline(startedAt: startedAt, firstToken: firstToken, idle: idle) { return .timeout }
            guard now >= state.nextPingAt else { return .none }
            state.nextPingAt = now + ping
            return .ping
        }
        switch action {
        case .none: break
        case .ping: writer.tryWrite(SSEFrames.ping)
        case .timeout: stop(.timeout)
        }
    }
}
