import AssistGateway
import Synchronization

/// The in-memory quota store, counting what the gateway takes and gives back, so a test can check that
/// every reservation is settled exactly once; `failing` makes it an unreachable store.
final class CountingQuotaStore: QuotaStore {
    let base: InMemoryQuotaStore
    private let counts = Mutex<(reserved: Int, settled: Int, failing: Bool)>((0, 0, false))

    init(clock: any WallClock) { base = InMemoryQuotaStore(clock: clock) }

    var reserved: Int { counts.withLock { $0.reserved } }
    var settled: Int { counts.withLock { $0.settled } }
    var failing: Bool {
        get { counts.withLock { $0.failing } }
        set { counts.withLock { $0.failing = newValue } }
    }

    struct Unreachable: Error {}

    func reserve(_ key: QuotaKey, tokens: Int, limits: QuotaLimits) async throws -> QuotaDecision {
        if failing { throw Unreachable() }
        let decision = try await base.reserve(key, tokens: tokens, limits: limits)
        if case .admitted = decision { counts.withLock { $0.reserved += 1 } }
        return decision
    }

    func settle(_ key: QuotaKey, reservedTokens: Int, actualTokens: Int) async throws {
        counts.withLock { $0.settled += 1 }
        try await base.settle(key, reservedTokens: reservedTokens, actualTokens: actualTokens)
    }
}
