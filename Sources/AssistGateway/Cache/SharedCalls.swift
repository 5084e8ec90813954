import Foundation
import Synchronization

/// The answer cache: stored answers and the provider calls in progress, by key. The one place that decides
/// whether a request for a cacheable answer is served a stored one, leads a new provider call or follows
/// one already running, and that stores the answer when a call completes.
///
/// Across replicas sharing storage, at most one provider call per key runs at a time: a leader holds the
/// key's generation lease (`answer:KEY`, limit 1) in the shared lease store, renewed by the `LeaseKeeper`
/// while the call runs and given back once its answer is stored. A request on another replica finds the
/// lease held and polls the answer store every `pollInterval` until the answer is there (and replays it) or
/// the lease is free (the call failed, or its replica died and the lease lapsed), then leads itself. A lease
/// store that cannot answer costs only the single call: the request generates.
public final class SharedCalls: Sendable {
    /// A request's part in a call.
    enum Role: Sendable {
        /// Starts the provider call; must call `admitted` or `refused` once its own admission is decided.
        case lead(SharedCall)
        /// Shares the running call, holding a seat.
        case follow(SharedCall)
        /// An answer stored for an earlier identical request.
        case stored(String)
    }

    /// How often a request waiting on another replica's call reads the answer store.
    static let pollInterval = Duration.milliseconds(100)

    private let calls = Mutex<[AnswerKey: SharedCall]>([:])
    /// The generation lease of each call this replica leads, by call.
    private let generationLeases = Mutex<[ObjectIdentifier: LeaseKeeper.Lease]>([:])
    private let store: any AnswerStore
    private let leases: any LeaseStore
    private let keeper: LeaseKeeper
    private let instance: String
    private let clock: any WallClock
    private let monotonicClock: MonotonicClock

    /// - Parameters:
    ///   - leases: where generation leases are taken: shared by replicas that share `store`.
    ///   - keeper: holds and renews them; `instance` names this replica in their holders.
    ///   - monotonicClock: slept on between polls.
    public init(store: any AnswerStore, leases: any LeaseStore, keeper: LeaseKeeper, instance: String, clock: any WallClock,
                monotonicClock: MonotonicClock) {
        self.store = store
        self.leases = leases
        self.keeper = keeper
        self.instance = instance
        self.clock = clock
        self.monotonicClock = monotonicClock
    }

    /// The answer for `key`: stored, or a share in the call producing it, or the lead of a new call. The store
    /// is read again once a call is claimed, since one for this key may have ended and been stored between
    /// the first read and the claim. A store that cannot be read counts as a miss: the answer is generated.
    func join(_ key: AnswerKey, now: Date) async -> Role {
        if let text = await storedText(key, now: now) { return .stored(text) }
        let role = await claim(key)
        guard case .lead(let call) = role else { return role }
        if let text = await leadAcrossReplicas(call, now: now) {
            await refused(call)
            return .stored(text)
        }
        return role
    }

    /// Takes `call`'s generation lease, waiting while another replica holds it; the stored answer (nil: this
    /// replica leads) once it appears. The store is read after each attempt, so an answer stored and its
    /// lease given back between a read and an attempt is found, not generated again.
    private func leadAcrossReplicas(_ call: SharedCall, now: Date) async -> String? {
        let key = "answer:" + call.key.storageKey, holder = UUID().uuidString + "@" + instance
        while true {
            let lease: LeaseKeeper.Lease?
            do {
                lease = try await keeper.acquire(key, holder: holder, limit: 1, in: leases)
            } catch {
                GatewayLog.warning("the generation lease store failed (\(error)); generating without it")
                return await storedText(call.key, now: now)
            }
            if let lease { generationLeases.withLock { $0[ObjectIdentifier(call)] = lease } }
            if let text = await storedText(call.key, now: now) { return text }
            if lease != nil { return nil }
            do { try await monotonicClock.sleep(for: Self.pollInterval) } catch { return nil }  // cancelled: leads, as it would alone
        }
    }

    private func storedText(_ key: AnswerKey, now: Date) async -> String? {
        do {
            return try await store.text(for: key, now: now)
        } catch {
            GatewayLog.warning("answer store read failed: \(error)")
            return nil
        }
    }

    /// Joins the call for `key`, or creates it. A follower waits for its leader's admission; if the
    /// leader was refused, the follower tries again, and may lead itself.
    func claim(_ key: AnswerKey) async -> Role {
        while true {
            let (call, created) = calls.withLock { calls in
                if let running = calls[key] { return (running, false) }
                let call = SharedCall(key: key) { [self] call, outcome in await ended(call, outcome) }
                calls[key] = call
                return (call, true)
            }
            if created { return .lead(call) }
            if await call.awaitLeaderAdmission() { return .follow(call) }
        }
    }

    /// The leader holds quota and a slot: its followers go ahead.
    func admitted(_ call: SharedCall) { call.leaderAdmitted() }

    /// The leader was refused: the call is forgotten first, so its waiting requests retry on their own.
    func refused(_ call: SharedCall) async {
        await forget(call)
        call.leaderRefused()
    }

    /// Stores a complete answer, then forgets the call: a request arriving meanwhile either follows the
    /// finished call (and gets its whole text) or finds the stored answer.
    private func ended(_ call: SharedCall, _ outcome: SharedCall.Outcome) async {
        if outcome.finishReason == "stop", !outcome.text.isEmpty {
            do {
                try await store.store(outcome.text, for: call.key, at: clock.now())
            } catch {
                GatewayLog.warning("answer store failed: \(error)")
            }
        }
        await forget(call)
    }

    /// Forgets `call` here and gives its generation lease back, after its answer was stored: a replica
    /// waiting on the lease then finds the answer.
    private func forget(_ call: SharedCall) async {
        calls.withLock { calls in
            if calls[call.key] === call { calls[call.key] = nil }
        }
        if let lease = generationLeases.withLock({ $0.removeValue(forKey: ObjectIdentifier(call)) }) { await keeper.release(lease) }
    }

    /// Calls running now (for tests and metrics).
    public var count: Int { calls.withLock { $0.count } }
}
