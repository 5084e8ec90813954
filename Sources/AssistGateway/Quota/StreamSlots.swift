/// The cap on one user's concurrent streams (`limits.maxConcurrentStreamsPerUser`), held as leases so that
/// it holds across every replica sharing the lease store: one lease per stream, on the key `streams:USER`,
/// held by `REQUEST-ID@INSTANCE`, for the keeper's ttl (`limits.streamLeaseSeconds`). The `LeaseKeeper`
/// renews them while their streams run, and a dead replica's lapse after the ttl.
///
/// A slot is taken with the request's quota, in one call to the `AdmissionStore` (one Redis round trip across
/// replicas), and given back with its settlement, in one more; both only through the request's `Reservation`,
/// which gives back once. Here: what a slot is called, and the keeper that holds the slots granted meanwhile.
public final class StreamSlots: Sendable {
    typealias Slot = LeaseKeeper.Lease

    public let maxPerUser: Int
    private let instance: String
    private let keeper: LeaseKeeper

    /// - Parameters:
    ///   - instance: this replica's id, part of every holder, so two replicas' holders never collide.
    ///   - keeper: holds and renews the leases.
    init(maxPerUser: Int, instance: String, keeper: LeaseKeeper) {
        self.maxPerUser = maxPerUser
        self.instance = instance
        self.keeper = keeper
    }

    /// The lease key of a user's streams; stores that place keys (Redis's hash tags) recognise it by this prefix.
    public static let keyPrefix = "streams:"
    public static func key(user: String) -> String { keyPrefix + user }

    /// The slot `request` asks of `user`'s.
    func request(user: String, request: String) -> SlotRequest {
        SlotRequest(key: Self.key(user: user), holder: request + "@" + instance, limit: maxPerUser, ttl: keeper.ttl)
    }

    /// A slot `store` has granted: kept and renewed from now on.
    func adopt(_ slot: SlotRequest, in store: any LeaseStore, isLocal: Bool) -> Slot { keeper.adopt(slot, in: store, isLocal: isLocal) }

    /// Stops renewing `slot`, which its owner now gives back in its own call; true once.
    func forget(_ slot: Slot) -> Bool { keeper.forget(slot) }

    /// Slots this replica holds now (tests, diagnostics).
    public var openStreams: Int { keeper.count(prefix: Self.keyPrefix) }
}
