/// When a connection's thread may next try to connect, after failures in a row.
///
/// The first retry is immediate (a connection the server closed, as on its restart, is usually back at
/// once); after a failed attempt the wait starts at `initial` and doubles up to `maximum`, so a server that
/// is down costs one refused connect per wait instead of one per command. A success starts over.
struct ReconnectBackoff {
    let initial: Duration
    let maximum: Duration
    private var delay: Duration?
    private(set) var nextAttempt: ContinuousClock.Instant

    init(initial: Duration, maximum: Duration) {
        self.initial = initial
        self.maximum = maximum
        nextAttempt = .now
    }

    /// Whether an attempt is due now.
    func isDue(_ now: ContinuousClock.Instant = .now) -> Bool { now >= nextAttempt }

    /// Records a failed attempt and returns the wait before the next one.
    @discardableResult
    mutating func failed(_ now: ContinuousClock.Instant = .now) -> Duration {
        let wait = delay.map { min($0 * 2, maximum) } ?? initial
        delay = wait
        nextAttempt = now + wait
        return wait
    }

    /// Records a connection made: the next failure waits `initial` again.
    mutating func succeeded() {
        delay = nil
        nextAttempt = .now
    }
}
