import AssistServices

/// The gateway's clock for instants: when a request arrived, when its stream's first token is due, when
/// its next ping is, how long it took.
///
/// A `ContinuousClock` in production; a test passes a manual clock and drives first-token and idle
/// timeouts and pings in virtual time. Every such instant is read here (never from `ContinuousClock.now`
/// directly), so a deadline computed from a request's arrival and the instant it is checked against come
/// from the same clock. Any `Clock` whose instants are `ContinuousClock.Instant` can stand behind it; it
/// is type-erased so that the gateway's types need no generic parameter. Calendar time (quota days,
/// expiry) is `WallClock`'s.
public struct MonotonicClock: Clock {
    public typealias Instant = ContinuousClock.Instant

    private let read: @Sendable () -> Instant
    private let sleeper: @Sendable (Instant, Duration?) async throws -> Void
    public let minimumResolution: Duration
    /// Whether this is the system's `ContinuousClock`, the clock an event loop's deadlines are kept on.
    public let isSystem: Bool

    public init<C: Clock>(_ clock: C) where C.Instant == ContinuousClock.Instant {
        if let erased = clock as? MonotonicClock {
            self = erased
            return
        }
        read = { clock.now }
        sleeper = { deadline, tolerance in try await clock.sleep(until: deadline, tolerance: tolerance) }
        minimumResolution = clock.minimumResolution
        isSystem = clock is ContinuousClock
    }

    public var now: Instant { read() }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await sleeper(deadline, tolerance)
    }
}

extension MonotonicClock {
    /// Where a deadline on this clock is kept: the timers of the event loop that runs the current request
    /// (`RequestTimers.current`, bound by the server), beside the server's own deadlines; else a sleeping task
    /// on this clock (a tool, an in-process caller). A clock other than the system's (a test's manual clock)
    /// always keeps its own, since a loop's deadlines are on the system's clock.
    var requestTimers: any DeadlineTimers {
        guard isSystem, let loop = RequestTimers.current else { return SleepingTimers(clock: self) }
        return loop
    }
}

extension DeadlineTimers {
    /// Calls `fire` at `deadline`, an instant of `clock` (at once if it has passed).
    func schedule(at deadline: ContinuousClock.Instant, of clock: MonotonicClock, _ fire: @escaping @Sendable () -> Void) -> ScheduledTimer {
        let now = clock.now
        return schedule(after: deadline > now ? deadline - now : .zero, fire)
    }
}
