import Synchronization

/// Caps the streams one user may have open at once on this gateway (the next is 429 `too_many_streams`).
///
/// Per process on purpose: it protects this gateway's connections and provider slots; the daily quota is
/// what is shared across gateways.
public final class StreamLimiter: Sendable {
    private let open = Mutex<[String: Int]>([:])
    public let maxPerUser: Int

    public init(maxPerUser: Int) { self.maxPerUser = maxPerUser }

    /// Takes a slot for `user`, or returns false when all of theirs are in use.
    public func acquire(_ user: String) -> Bool {
        open.withLock { open in
            let count = open[user, default: 0]
            guard count < maxPerUser else { return false }
            open[user] = count + 1
            return true
        }
    }

    /// Streams open now, all users together (tests, diagnostics).
    public var openStreams: Int { open.withLock { $0.values.reduce(0, +) } }

    public func release(_ user: String) {
        open.withLock { open in
            let count = open[user, default: 0] - 1
            open[user] = count > 0 ? count : nil
        }
    }
}
