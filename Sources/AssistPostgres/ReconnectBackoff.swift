/// When to try connecting again after failures in a row: `first` after the first, doubled with each
/// failure up to `limit`, and at once again after a success. Without it, a down server would be asked to
/// connect by every job (each costing a refused connection or a connect timeout); with it, work fails at
/// once while the client waits, and the first work after the wait reconnects.
struct ReconnectBackoff {
    let first: Duration
    let limit: Duration
    private(set) var failures = 0
    /// No attempt before this instant; nil when the last attempt succeeded.
    private(set) var nextAttempt: ContinuousClock.Instant?

    init(first: Duration, limit: Duration) {
        self.first = first
        self.limit = limit
    }

    /// Whether an attempt may be made at `now`.
    func allows(at now: ContinuousClock.Instant) -> Bool { nextAttempt.map { now >= $0 } ?? true }

    /// Records a failed attempt at `now`; returns the delay before the next one.
    @discardableResult
    mutating func failed(at now: ContinuousClock.Instant) -> Duration {
        failures += 1
        var delay = first
        for _ in 1..<min(failures, 32) where delay < limit { delay *= 2 }
        delay = min(delay, limit)
        nextAttempt = now + delay
        return delay
    }

    mutating func succeeded() {
        failures = 0
        nextAttempt = nil
    }
}
