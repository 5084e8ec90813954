import Synchronization

/// Leases: at most `limit` live holders per key, each holding until it releases or its time runs out.
///
/// For what must be bounded across replicas and must not stay taken when a replica dies: a user's concurrent
/// streams (limit `maxConcurrentStreamsPerUser`, renewed while the stream runs) and the one provider call that
/// generates a cached answer (limit 1), and a replica's presence. A holder that stops renewing — its process died — loses its lease
/// after `ttl`, and its slot is free again.
///
/// A holder names one taker (a request id with its replica's instance id). `acquire` by a holder that already
/// holds the key extends its lease and succeeds. `renew` extends a live lease only: a lease that has expired
/// may already be someone else's slot, so it is not revived (false) and the holder should stop.
public protocol LeaseStore: Sendable {
    /// Takes a lease on `key` for `holder` for `ttl`, if fewer than `limit` live holders have one; false otherwise.
    func acquire(_ key: String, holder: String, limit: Int, ttl: Duration) async throws -> Bool
    /// Extends `holder`'s live lease to `ttl` from now; false if it holds none (expired or released).
    func renew(_ key: String, holder: String, ttl: Duration) async throws -> Bool
    /// Gives the lease back at once; nothing if `holder` holds none.
    func release(_ key: String, holder: String) async throws
    /// How many live leases `key` has now (whether a replica's presence lease still lives).
    func holders(of key: String) async throws -> Int
}

/// Leases for one gateway process (tests, single-node development), on the gateway's monotonic clock, so a
/// test expires them by advancing a manual clock. Keys and holders compare as bytes (`Bytewise`), as Redis's do.
public final class InMemoryLeaseStore: LeaseStore {
    private let leases = Mutex<[Bytewise: [Bytewise: ContinuousClock.Instant]]>([:])
    private let clock: MonotonicClock

    public init(clock: MonotonicClock = MonotonicClock(ContinuousClock())) { self.clock = clock }

    public func acquire(_ key: String, holder: String, limit: Int, ttl: Duration) async throws -> Bool {
        let now = clock.now
        return leases.withLock { leases in
            var holders = leases[Bytewise(key), default: [:]].filter { $0.value > now }
            defer { leases[Bytewise(key)] = holders.isEmpty ? nil : holders }
            guard holders[Bytewise(holder)] != nil || holders.count < limit else { return false }
            holders[Bytewise(holder)] = now + ttl
            return true
        }
    }

    public func renew(_ key: String, holder: String, ttl: Duration) async throws -> Bool {
        let now = clock.now
        return leases.withLock { leases in
            var holders = leases[Bytewise(key), default: [:]].filter { $0.value > now }
            defer { leases[Bytewise(key)] = holders.isEmpty ? nil : holders }
            guard holders[Bytewise(holder)] != nil else { return false }
            holders[Bytewise(holder)] = now + ttl
            return true
        }
    }

    public func release(_ key: String, holder: String) async throws {
        leases.withLock { leases in
            leases[Bytewise(key)]?[Bytewise(holder)] = nil
            if leases[Bytewise(key)]?.isEmpty == true { leases[Bytewise(key)] = nil }
        }
    }

    public func holders(of key: String) -> Int {
        let now = clock.now
        return leases.withLock { $0[Bytewise(key)]?.values.filter { $0 > now }.count ?? 0 }
    }
}
