import Synchronization

/// The deadlines of a structured feature's answer (`POST /v1/assist`): the provider's first chunk within
/// `limits.firstTokenTimeoutSeconds` and the whole answer within `limits.requestTimeoutSeconds`, however
/// many model calls the handler makes. A stalled model server must not keep a client waiting unbounded.
final class AnswerDeadline: Sendable {
    private let clock: MonotonicClock
    private let firstChunk: Duration
    private let total: Duration
    private let sawChunk = Atomic<Bool>(false)

    init(clock: MonotonicClock, limits: Limits) {
        self.clock = clock
        firstChunk = .seconds(limits.firstTokenTimeoutSeconds)
        total = .seconds(limits.requestTimeoutSeconds)
    }

    /// `base`, noting when any of its calls yields its first chunk.
    func watching(_ base: any ModelProvider) -> any ModelProvider { WatchedProvider(base: base, deadline: self) }

    /// `body`'s result, or nil when a deadline passed first (then `body`'s task, and with it the provider
    /// call it is reading, is cancelled).
    func run<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) async -> Result? {
        let start = clock.now
        return await withTaskGroup(of: Result?.self) { group in
            group.addTask { await body() }
            group.addTask { [self] in
                do {
                    try await clock.sleep(until: start + firstChunk)
                    if sawChunk.load(ordering: .acquiring) { try await clock.sleep(until: start + total) }
                } catch {}
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    private struct WatchedProvider: ModelProvider {
        let base: any ModelProvider
        let deadline: AnswerDeadline

        func stream(_ request: ProviderRequest) -> ProviderStream {
            // Tapped, not rebuilt: the call keeps its observer, its limit and its attempts.
            base.stream(request).tapped { [deadline] _ in deadline.sawChunk.store(true, ordering: .releasing) }
        }
    }
}
