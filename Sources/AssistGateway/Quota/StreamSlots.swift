public import AssistServices
import Synchronization

/// The cap on one user's concurrent streams (`limits.maxConcurrentStreamsPerUser`), held as leases so that
/// it holds across every replica sharing the lease store: one lease per stream, on the key `streams:USER`,
/// held by `REQUEST-ID@INSTANCE`, for `ttl` (`limits.streamLeaseSeconds`).
///
/// Why leases and not a counter: a replica that dies mid-stream cannot give its slots back. A lease it stops
/// renewing frees itself after `ttl`, so a dead replica's users are capped wrongly for at most that long,
/// never for good. As a `Service` this renews every lease this replica holds every third of `ttl`, while
/// its streams run; a round that fails (the store unreachable) is tried again at the next, and a lease that
/// lapsed meanwhile is taken again if its user has room (a stream is not cut because its lease lapsed).
///
/// One code path for every kind of storage: a single process uses an `InMemoryLeaseStore` (then no renewal
/// is needed, and none hurts). With `fallback` (shared storage with `storage.onRedisDown: "open"`) a store
/// that cannot answer is replaced, for that stream, by a per-replica lease store at the same limit; without
/// it, the stream is refused with 503 `quota_unavailable`, as its quota would be.
///
/// A slot is taken and given back only through the request's `Reservation`, which gives it back once.
public final class StreamSlots: Service {
    /// One stream's lease, in the store that granted it.
    struct Slot: Sendable {
        let key: String
        let holder: String
        let store: any LeaseStore
        /// Granted by the per-replica fallback because the shared store could not answer.
        let isLocal: Bool
    }

    public let name = "stream slot leases"
    public let maxPerUser: Int
    public let ttl: Duration
    private let store: any LeaseStore
    private let fallback: (any LeaseStore)?
    private let instance: String
    /// The leases this replica holds, by holder.
    private let held = Mutex<[String: Slot]>([:])
    private let clock: MonotonicClock
    private let renewals = ServiceTask()
    private let renewalFailures = FailureRun("stream lease renewals")

    /// - Parameters:
    ///   - instance: this replica's id, part of every holder, so two replicas' holders never collide.
    ///   - clock: slept on between renewal rounds (every third of `ttl`).
    init(store: any LeaseStore, fallback: (any LeaseStore)?, maxPerUser: Int, ttl: Duration, instance: String, clock: MonotonicClock) {
        self.store = store
        self.fallback = fallback
        self.maxPerUser = maxPerUser
        self.ttl = ttl
        self.instance = instance
        self.clock = clock
    }

    static func key(user: String) -> String { "streams:" + user }

    /// Takes one of `user`'s slots for `request`: 429 `too_many_streams` when all are held (on any replica);
    /// 503 `quota_unavailable` when the store cannot answer and there is no fallback.
    func acquire(user: String, request: String) async throws(GatewayError) -> Slot {
        let key = Self.key(user: user), holder = request + "@" + instance
        var slot = Slot(key: key, holder: holder, store: store, isLocal: false)
        let granted: Bool
        do {
            granted = try await store.acquire(key, holder: holder, limit: maxPerUser, ttl: ttl)
        } catch {
            guard let fallback, let local = try? await fallback.acquire(key, holder: holder, limit: maxPerUser, ttl: ttl) else {
                throw .quotaUnavailable("the stream slot store")
            }
            granted = local
            slot = Slot(key: key, holder: holder, store: fallback, isLocal: true)
        }
        guard granted else { throw .tooManyStreams(limit: maxPerUser) }
        held.withLock { $0[holder] = slot }
        return slot
    }

    /// Gives `slot` back now. A store that cannot answer keeps the lease until its ttl: it is no longer
    /// renewed, so it lapses by itself.
    func release(_ slot: Slot) async {
        _ = held.withLock { $0.removeValue(forKey: slot.holder) }
        do {
            try await slot.store.release(slot.key, holder: slot.holder)
        } catch {
            GatewayLog.warning("a stream slot could not be given back (\(error)); it lapses within \(ttl)")
        }
    }

    /// Slots this replica holds now (tests, diagnostics).
    public var openStreams: Int { held.withLock { $0.count } }

    /// One renewal round: every lease held is extended to `ttl` from now, all at once.
    public func renewAll() async {
        let slots = held.withLock { Array($0.values) }
        await withTaskGroup(of: Void.self) { group in
            for slot in slots { group.addTask { await self.renew(slot) } }
        }
    }

    private func renew(_ slot: Slot) async {
        do {
            if try await slot.store.renew(slot.key, holder: slot.holder, ttl: ttl) {
                renewalFailures.succeeded()
                return
            }
            // Lapsed (the store lost it, or this replica stalled past the ttl), or released meanwhile.
            guard isHeld(slot) else { return }
            let again = try await slot.store.acquire(slot.key, holder: slot.holder, limit: maxPerUser, ttl: ttl)
            renewalFailures.succeeded()
            if !isHeld(slot) {
                try await slot.store.release(slot.key, holder: slot.holder)  // released while taken again
            } else if !again {
                GatewayLog.warning("a stream's slot lease lapsed and its user's slots are all taken: it runs on, over the cap")
            }
        } catch {
            renewalFailures.failed(error)
        }
    }

    private func isHeld(_ slot: Slot) -> Bool { held.withLock { $0[slot.holder] != nil } }

    /// Renews every third of `ttl` until `shutdown()`.
    public func run() async {
        await renewals.run { [self] in
            while true {
                do { try await clock.sleep(for: ttl / 3) } catch { return }
                await renewAll()
            }
        }
    }

    public func shutdown() { renewals.shutdown() }
}
