/// Deadlines that are all the same distance from when they were set, so a FIFO keeps them in order.
/// Entries of connections that ended early, or whose deadline moved, stay until they come up, and are skipped
/// then (the owner compares the instant with the one it holds).
struct DeadlineQueue {
    private var entries: [(deadline: ContinuousClock.Instant, token: UInt64)] = []
    private var head = 0

    var first: ContinuousClock.Instant? { head < entries.count ? entries[head].deadline : nil }

    mutating func append(_ deadline: ContinuousClock.Instant, _ token: UInt64) {
        entries.append((deadline, token))
    }

    mutating func popExpired(_ now: ContinuousClock.Instant) -> (deadline: ContinuousClock.Instant, token: UInt64)? {
        guard head < entries.count, entries[head].deadline <= now else { return nil }
        defer {
            head += 1
            if head > 1024, head * 2 > entries.count {
                entries.removeFirst(head)
                head = 0
            }
        }
        return entries[head]
    }
}
