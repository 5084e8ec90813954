/// How fast a client takes a streamed body, judged only while bytes are waiting for it: the rule that
/// tells a client that has stopped reading from one that reads slowly.
///
/// A client has stalled when, over the last `window` during which the server had bytes waiting for it
/// without a break, it took fewer than `minBytesPerSecond × window` bytes. Time when nothing waits (the
/// provider is slow, the client keeps up) never counts against it, and a client that reads steadily above
/// the rate is never stalled, however long the stream.
///
/// "Took" is what left the server's own buffer for the socket. The socket is kept from running far ahead
/// of the client (`TCP_NOTSENT_LOWAT` on streamed responses), so that is what the client's TCP accepted,
/// within a few kilobytes; it moves in steps of the client's receive window updates, so the window must be
/// long compared with one step at the slowest rate worth serving (a few seconds over the internet).
///
/// Samples come from a periodic check (`ReadPaceMonitor`); the rule needs no timer of its own.
struct ReadPace {
    let minBytesPerSecond: Int
    let window: Duration
    /// (instant, bytes taken so far) since bytes began waiting, oldest first; the oldest is never newer than
    /// the newest one at least a window old.
    private var samples: [(at: ContinuousClock.Instant, taken: Int)] = []

    init(minBytesPerSecond: Int, window: Duration) {
        self.minBytesPerSecond = minBytesPerSecond
        self.window = window
    }

    /// What the body's buffer says at `now`: bytes taken by the client since the body began, and, when bytes
    /// are waiting, since when without a break and how many had been taken then. Returns whether the client
    /// has stalled.
    mutating func check(at now: ContinuousClock.Instant, taken: Int,
                        waiting: (since: ContinuousClock.Instant, takenThen: Int)?) -> Bool {
        guard let waiting else {
            samples.removeAll(keepingCapacity: true)
            return false
        }
        // Samples from before this run of waiting say nothing about it; its start is a sample of its own.
        if let first = samples.first, first.at < waiting.since { samples.removeAll(keepingCapacity: true) }
        if samples.isEmpty { samples.append((waiting.since, waiting.takenThen)) }
        samples.append((now, taken))
        // The newest sample at least a window old is the start of the span judged; older ones are not needed.
        guard let start = samples.lastIndex(where: { now - $0.at >= window }) else { return false }
        samples.removeFirst(start)
        return taken - samples[0].taken < minimumBytes
    }

    /// The least a client must take over one window.
    private var minimumBytes: Int {
        let (seconds, attoseconds) = window.components
        return Int((Double(seconds) + Double(attoseconds) / 1e18) * Double(minBytesPerSecond))
    }
}
