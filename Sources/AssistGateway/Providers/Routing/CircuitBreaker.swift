/// One target's breaker, as a pure state machine over instants (no clock of its own, no lock): closed while
/// calls succeed; open for `openSeconds` after `failures` consecutive failures, when calls skip the target;
/// then one probe, whose verdict closes it or opens it again.
///
/// A probe that never gets a verdict (its client left before the provider answered) is replaced by another
/// after `openSeconds`, so an abandoned probe cannot hold a target shut for good.
struct CircuitBreaker: Equatable {
    enum State: Equatable {
        case closed(failures: Int)
        case open(until: ContinuousClock.Instant)
        case probing(since: ContinuousClock.Instant)
    }

    /// What a call may do with the target now.
    enum Admission: Equatable {
        case pass
        /// The one call let through to find out whether the target is back.
        case probe
        case skip
    }

    let settings: BreakerSettings
    private(set) var state: State = .closed(failures: 0)

    init(settings: BreakerSettings) { self.settings = settings }

    private var openFor: Duration { .milliseconds(Int64(settings.openSeconds * 1000)) }

    /// Whether the target is skipped now: open and not yet due a probe, or a probe in flight.
    var isOpen: Bool {
        if case .closed = state { false } else { true }
    }

    mutating func admit(at now: ContinuousClock.Instant) -> Admission {
        switch state {
        case .closed:
            return .pass
        case .open(let until) where now >= until, .probing(let until) where now >= until + openFor:
            state = .probing(since: now)
            return .probe
        case .open, .probing:
            return .skip
        }
    }

    /// The target answered: whatever it was, it is back.
    mutating func succeeded() { state = .closed(failures: 0) }

    /// The target failed in a way that counts (`FallbackCause`); a call admitted before the breaker opened may
    /// report after, and changes nothing then.
    mutating func failed(at now: ContinuousClock.Instant) {
        switch state {
        case .closed(let failures):
            let count = failures + 1
            state = count >= settings.failures ? .open(until: now + openFor) : .closed(failures: count)
        case .probing:
            state = .open(until: now + openFor)
        case .open:
            break
        }
    }
}
