/// The cap on one user's concurrent streams (`limits.maxConcurrentStreamsPerUser`), held as leases so that
/// it holds across every replica sharing the lease store: one lease per stream, on the key `streams:USER`,
/// held by `REQUEST-ID@INSTANCE`, for the keeper's ttl (`limits.streamLeaseSeconds`). The `LeaseKeeper`
/// renews them while their streams run, and a dead replica's lapse after the ttl.
///
/// One code path for every kind of storage: a single process uses an `InMemoryLeaseStore` (then no renewal
/// is needed, and none hurts). With `fallback` (shared storage with `storage.onRedisDown: "open"`) a store
/// that cannot answer is replaced, for that stream, by a per-replica lease store at the same limit; without
/// it, the stream is refused with 503 `quota_unavailable`, as its quota would be.
///
/// A slot is taken and given back only through the request's `Reservation`, which gives it back once.
public final class StreamSlots: Sendable {
    typealias Slot = LeaseKeeper.Lease

    public let maxPerUser: Int
    private let store: any LeaseStore
    private let fallback: (any LeaseStore)?
    private let instance: String
    private let keeper: LeaseKeeper

    /// - Parameters:
    ///   - instance: this replica's id, part of every holder, so two replicas' holders never collide.
    ///   - keeper: holds and renews the leases.
    init(store: any LeaseStore, fallback: (any LeaseStore)?, maxPerUser: Int, instance: String, keeper: LeaseKeeper) {
        self.store = store
        self.fallback = fallback
        self.maxPerUser = maxPerUser
        self.instance = instance
        self.keeper = keeper
    }

    static let keyPrefix = "streams:"
    static func key(user: String) -> String { keyPrefix + user }

    /// Takes one of `user`'s slots for `request`: 429 `too_many_streams` when all are held (on any replica);
    /// 503 `quota_unavailable` when the store cannot answer and there is no fallback.
    func acquire(user: String, request: String) async throws(GatewayError) -> Slot {
        let key = Self.key(user: user), holder = request + "@" + instance
        let slot: Slot?
        do {
            slot = try await keeper.acquire(key, holder: holder, limit: maxPerUser, in: store)
        } catch {
            do {
                guard let fallback else { throw error }
                slot = try await keeper.acquire(key, holder: holder, limit: maxPerUser, in: fallback, isLocal: true)
            } catch {
                throw .quotaUnavailable("the stream slot store")
            }
        }
        guard let slot else { throw .tooManyStreams(limit: maxPerUser) }
        return slot
    }

    /// Gives `slot` back now.
    func release(_ slot: Slot) async { await keeper.release(slot) }

    /// Slots this replica holds now (tests, diagnostics).
    public var openStreams: Int { keeper.count(prefix: Self.keyPrefix) }
}
