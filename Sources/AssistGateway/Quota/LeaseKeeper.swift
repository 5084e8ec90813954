public import AssistServices
import Synchronization

/// Every lease this replica holds (stream slots, the generation of a cached answer, the replica's own
/// presence), kept alive while held: as a `Service` it renews them all every third of `ttl`.
///
/// Why leases: a replica that dies cannot give back what it holds. A lease it stops renewing frees itself
/// after `ttl`, so what a dead replica held is wrongly held for at most that long, never for good. A renewal
/// round that fails (the store unreachable) is tried again at the next; a lease that lapsed meanwhile is
/// taken again if its key has room, and runs on over its limit if not (a stream is not cut, nor a provider
/// call abandoned, because its lease lapsed).
///
/// Ownership: a lease is acquired and given back only through the keeper; `release` gives it back once,
/// any later call does nothing.
public final class LeaseKeeper: Service {
    /// One lease held, in the store that granted it.
    public struct Lease: Sendable {
        public let key: String
        public let holder: String
        /// At most this many live holders of `key`; a lapsed lease is taken again only under it.
        let limit: Int
        let store: any LeaseStore
        /// Granted by a per-replica stand-in because the shared store could not answer.
        public let isLocal: Bool

        fileprivate var id: Bytewise { Bytewise(key + "\u{1F}" + holder) }
    }

    public let name = "lease renewals"
    public let ttl: Duration
    private let held = Mutex<[Bytewise: Lease]>([:])
    private let clock: MonotonicClock
    private let renewals = ServiceTask()
    private let renewalFailures = FailureRun("lease renewals")

    /// - Parameter clock: slept on between renewal rounds (every third of `ttl`).
    public init(ttl: Duration, clock: MonotonicClock) {
        self.ttl = ttl
        self.clock = clock
    }

    /// A lease on `key` for `holder`, if `store` has fewer than `limit` live holders of it; nil if it has
    /// them all. Throws what the store throws when it cannot answer.
    func acquire(_ key: String, holder: String, limit: Int, in store: any LeaseStore, isLocal: Bool = false) async throws -> Lease? {
        guard try await store.acquire(key, holder: holder, limit: limit, ttl: ttl) else { return nil }
        let lease = Lease(key: key, holder: holder, limit: limit, store: store, isLocal: isLocal)
        held.withLock { $0[lease.id] = lease }
        return lease
    }

    /// Keeps `slot`, which `store` granted already (`AdmissionStore.admit` takes it in the same call as the quota),
    /// renewed from now on as if `acquire` had taken it.
    func adopt(_ slot: SlotRequest, in store: any LeaseStore, isLocal: Bool) -> Lease {
        let lease = Lease(key: slot.key, holder: slot.holder, limit: slot.limit, store: store, isLocal: isLocal)
        held.withLock { $0[lease.id] = lease }
        return lease
    }

    /// Stops keeping `lease` without giving it back to its store: the caller gives it back itself, in a call of
    /// its own (`AdmissionStore.finish`). True once, for the caller that must; false if it was not held.
    func forget(_ lease: Lease) -> Bool {
        held.withLock { $0.removeValue(forKey: lease.id) } != nil
    }

    /// Gives `lease` back now, once. A store that cannot answer keeps it until its ttl: no longer renewed,
    /// it lapses by itself.
    func release(_ lease: Lease) async {
        guard held.withLock({ $0.removeValue(forKey: lease.id) }) != nil else { return }
        do {
            try await lease.store.release(lease.key, holder: lease.holder)
        } catch {
            GatewayLog.warning("a lease on \(lease.key) could not be given back (\(error)); it lapses within \(ttl)")
        }
    }

    /// Leases held now whose key starts with `prefix` (tests, diagnostics).
    func count(prefix: String) -> Int { held.withLock { $0.values.count { $0.key.utf8.starts(with: prefix.utf8) } } }

    /// One renewal round: every lease held is extended to `ttl` from now, all at once.
    public func renewAll() async {
        let leases = held.withLock { Array($0.values) }
        await withTaskGroup(of: Void.self) { group in
            for lease in leases { group.addTask { await self.renew(lease) } }
        }
    }

    private func renew(_ lease: Lease) async {
        do {
            if try await lease.store.renew(lease.key, holder: lease.holder, ttl: ttl) {
                renewalFailures.succeeded()
                return
            }
            // Lapsed (the store lost it, or this replica stalled past the ttl), or released meanwhile.
            guard isHeld(lease) else { return }
            let again = try await lease.store.acquire(lease.key, holder: lease.holder, limit: lease.limit, ttl: ttl)
            renewalFailures.succeeded()
            if !isHeld(lease) {
                try await lease.store.release(lease.key, holder: lease.holder)  // released while taken again
            } else if !again {
                GatewayLog.warning("a lease on \(lease.key) lapsed and all of its key's leases are taken: it runs on, over the limit")
            }
        } catch {
            renewalFailures.failed(error)
        }
    }

    private func isHeld(_ lease: Lease) -> Bool { held.withLock { $0[lease.id] != nil } }

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
