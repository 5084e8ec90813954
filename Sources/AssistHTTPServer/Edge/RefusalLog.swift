import Synchronization

/// Log lines about refused connections, at most one a second, each with the count since the last.
///
/// A flood is refused thousands of times a second; a line per refusal would make the log the bottleneck.
/// The first refusal after a quiet second is logged at once; later ones are counted, and the count goes
/// out with the next line, when a refusal or the edge's timer finds a second has passed.
struct RefusalLog {
    enum Reason: Hashable, CaseIterable {
        case overloaded
        case tooManyFromAddress
        case outOfDescriptors

        var text: String {
            switch self {
            case .overloaded: "at the connection limit"
            case .tooManyFromAddress: "at the limit per client address"
            case .outOfDescriptors: "out of file descriptors"
            }
        }
    }

    let interval: Duration
    private var counts: [Reason: Int] = [:]
    private var lastLine: ContinuousClock.Instant?

    init(interval: Duration = .seconds(1)) {
        self.interval = interval
    }

    /// Counts a refusal; a line to log when one may go out now.
    mutating func refused(_ reason: Reason, now: ContinuousClock.Instant) -> String? {
        counts[reason, default: 0] += 1
        return flush(now: now)
    }

    /// The line for refusals not yet logged, when a second has passed since the last one.
    mutating func flush(now: ContinuousClock.Instant) -> String? {
        guard !counts.isEmpty else { return nil }
        if let lastLine, now - lastLine < interval { return nil }
        let total = counts.values.reduce(0, +)
        let reasons = Reason.allCases.compactMap { reason in counts[reason].map { "\(reason.text): \($0)" } }.joined(separator: ", ")
        counts = [:]
        lastLine = now
        return "http edge: refused \(total) connection\(total == 1 ? "" : "s") (\(reasons))"
    }

    /// Whether refusals wait to be logged: the edge's timer must wake up for them.
    var hasPending: Bool { !counts.isEmpty }
}

/// The edge's one `RefusalLog`, shared by its shares on every loop, so the log keeps one line a second
/// however many loops refuse. A refusal takes its lock once; refusals are the exception, not the path.
final class SharedRefusalLog: Sendable {
    private let log = Mutex(RefusalLog())

    func refused(_ reason: RefusalLog.Reason, now: ContinuousClock.Instant) -> String? {
        log.withLock { $0.refused(reason, now: now) }
    }

    func flush(now: ContinuousClock.Instant) -> String? {
        log.withLock { $0.flush(now: now) }
    }
}
