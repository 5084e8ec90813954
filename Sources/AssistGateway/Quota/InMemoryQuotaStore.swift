import Synchronization

/// A quota store for one gateway process (tests, single-node development). Windows older than the
/// clock's current day are pruned as the clock advances, so memory stays proportional to today's users.
public final class InMemoryQuotaStore: QuotaStore {
    private struct Usage { var requests = 0; var tokens = 0 }
    private let usage = Mutex<[QuotaKey: Usage]>([:])
    private let clock: any WallClock

    public init(clock: any WallClock = SystemWallClock()) { self.clock = clock }

    public func reserve(_ key: QuotaKey, tokens: Int, limits: QuotaLimits) async throws -> QuotaDecision {
        let today = UTCDay(containing: clock.now())
        return usage.withLock { usage in
            if usage.keys.contains(where: { $0.day < today }) { usage = usage.filter { $0.key.day >= today } }
            var current = usage[key] ?? Usage()
            guard current.requests + 1 <= limits.requests, current.tokens + tokens <= limits.tokens else { return .exceeded }
            current.requests += 1
            current.tokens += tokens
            usage[key] = current
            return .admitted(remainingRequests: limits.requests - current.requests, remainingTokens: limits.tokens - current.tokens)
        }
    }

    public func settle(_ key: QuotaKey, reservedTokens: Int, actualTokens: Int) async throws {
        usage.withLock { usage in
            guard var current = usage[key] else { return }
            current.tokens = max(0, current.tokens - reservedTokens + actualTokens)
            usage[key] = current
        }
    }

    /// The tokens counted for `key` so far (tests, diagnostics).
    public func tokens(for key: QuotaKey) -> Int { usage.withLock { $0[key]?.tokens ?? 0 } }
}
