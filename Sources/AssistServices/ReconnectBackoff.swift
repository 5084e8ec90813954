/// When a client's connection thread may next try to connect, after failures in a row: at once at first and
/// after a success (a connection the server closed, as on its restart, is usually back at once), then `first`
/// after a failure, doubled with each further failure up to `limit`.
///
/// Without it a server that is down would be asked to connect by every command or job (each a refused
/// connection or a connect timeout); with it work fails at once while the client waits, and the first work
/// after the wait reconnects. One rule for every store client (Redis, PostgreSQL).
public struct ReconnectBackoff: Sendable {
    public let first: Duration
    public let limit: Duration
    public private(set) var failures = 0
    /// No attempt before this instant; nil when the last attempt succeeded (or none was made).
    public private(set) var nextAttempt: ContinuousClock.Instant?

    public init(first: Duration, limit: Duration) {
        self.first = first
        self.limit = limit
    }

    /// Whether an attempt may be made at `now`.
    public func allows(at now: ContinuousClock.Instant = .now) -> Bool { nextAttempt.map { now >= $0 } ?? true }

    /// Records a failed attempt at `now`; returns the wait before the next one.
    @discardableResult
    public mutating func failed(at now: ContinuousClock.Instant = .now) -> Duration {
        failures += 1
        var delay = first
        for _ in 1..<min(failures, 32) where delay < limit { delay *= 2 }
        delay = min(delay, limit)
        nextAttempt = now + delay
        return delay
    }

    /// Records a connection made: the next failure waits `first` again.
    public mutating func succeeded() {
        failures = 0
        nextAttempt = nil
    }
}
