import Synchronization

/// Everything admission takes for one request (a stream slot, a quota reservation, the lead of a shared
/// provider call) and the one place that gives it back.
///
/// Admission takes the slot and the quota through it, in one call to the `AdmissionStore`. The request's end
/// gives everything back through `settle(usage:)` (the quota reservation replaced by the real usage, the slot
/// freed, in one call again) or `cancel()` (a refusal after something was taken: the slot freed, no tokens
/// charged, a led call's waiting followers sent their own way). Exactly once: whichever comes first gives
/// back, any later call does nothing and returns false.
///
/// What was taken is given back to the store that granted it: with `storage.onRedisDown: "open"`, a quota
/// and slot the shared store could not grant are taken from this replica's stand-in and settled there; the
/// request's audit rows then say so (`auditReason`).
public final class Reservation: Sendable {
    /// The audit reason of a request admitted by this replica's stand-ins while the shared store was down.
    public static let localAdmissionReason = "redis_down"

    private struct Held {
        var slot: StreamSlots.Slot?
        var quota: (key: QuotaKey, tokens: Int)?
        /// The cost reserved under a cost quota (`QuotaKey.cost`), and the store that counts it.
        var cost: (key: QuotaKey, micros: Int, store: any QuotaStore)?
        /// The store that granted the slot and the quota, which takes them back.
        var store: (any AdmissionStore)?
        var isLocal = false
        /// A shared call this request leads and whose followers wait on its admission.
        var leadership: SharedCall?
        var givenBack = false
    }

    private let held = Mutex(Held())
    private let admission: any AdmissionStore
    /// Counts in its place while `admission` cannot answer; nil: such a request is refused (503).
    private let standIn: (any AdmissionStore)?
    private let slots: StreamSlots
    private let sharedCalls: SharedCalls

    init(admission: any AdmissionStore, standIn: (any AdmissionStore)? = nil, slots: StreamSlots, sharedCalls: SharedCalls) {
        self.admission = admission
        self.standIn = standIn
        self.slots = slots
        self.sharedCalls = sharedCalls
    }

    // MARK: Taking

    /// Takes one of `user`'s stream slots for `request` and reserves one request and `tokens` tokens of `key`'s
    /// window, in one call to the store (both or neither); returns the requests left in the window. All of the
    /// user's slots held is 429 `too_many_streams`; a spent window is 429 `quota_exceeded`, retried at
    /// `resetSeconds`; a store that cannot answer is 503 `quota_unavailable`, unless the stand-in counts instead.
    func admit(user: String, request: String, quota key: QuotaKey, tokens: Int, limits: QuotaLimits,
               resetSeconds: Int) async throws(GatewayError) -> Int {
        let slot = slots.request(user: user, request: request)
        var (decision, store, isLocal): (AdmitDecision, any AdmissionStore, Bool)
        do {
            (decision, store, isLocal) = (try await admission.admit(key, tokens: tokens, limits: limits, slot: slot), admission, false)
        } catch {
            do {
                guard let standIn else { throw error }
                (decision, store, isLocal) = (try await standIn.admit(key, tokens: tokens, limits: limits, slot: slot), standIn, true)
            } catch {
                GatewayLog.warning("admission store: \(error)")
                throw .quotaUnavailable("the quota store")
            }
        }
        switch decision {
        case .tooManyStreams: throw .tooManyStreams(limit: slots.maxPerUser)
        case .quotaExceeded: throw .quotaExceeded(retryAfter: resetSeconds)
        case .admitted(let remainingRequests, _):
            let lease = slots.adopt(slot, in: store.leases, isLocal: isLocal)
            held.withLock { held in
                held.slot = lease
                held.quota = (key, tokens)
                held.store = store
                held.isLocal = isLocal
            }
            return remainingRequests
        }
    }

    /// Reserves `micros` of `key`'s cost window (`QuotaKey.cost`, limited to `limit`) in `store`, after the slot and
    /// the quota were taken: a spent window is 429 `quota_exceeded` (the request's `cancel()` then gives the rest
    /// back), a store that cannot answer 503 `quota_unavailable`.
    func reserveCost(_ key: QuotaKey, micros: Int, limit: Int, store: any QuotaStore, resetSeconds: Int) async throws(GatewayError) {
        let decision: QuotaDecision
        do {
            decision = try await store.reserve(key.cost, tokens: micros, limits: QuotaLimits(requests: Self.uncountedRequests, tokens: limit))
        } catch {
            GatewayLog.warning("cost quota store: \(error)")
            throw .quotaUnavailable("the quota store")
        }
        guard case .admitted = decision else { throw .quotaExceeded(retryAfter: resetSeconds) }
        held.withLock { $0.cost = (key, micros, store) }
    }

    /// The request limit of a cost window: requests are counted by the request quota, never here.
    static let uncountedRequests = 1 << 50

    /// This request leads `call`: identical requests wait until its admission is decided.
    func lead(_ call: SharedCall) { held.withLock { $0.leadership = call } }

    /// Admission is complete: followers waiting on a call this request leads go ahead with it. The lead is
    /// then the call's own business (it charges this request in full when it ends).
    func admitted() {
        let call = held.withLock { held in
            defer { held.leadership = nil }
            return held.leadership
        }
        if let call { sharedCalls.admitted(call) }
    }

    /// Whether this request holds quota (and so is charged for tokens and gets rate-limit headers).
    var holdsQuota: Bool { held.withLock { $0.quota != nil } }

    /// `localAdmissionReason` when the slot and quota came from this replica's stand-ins; otherwise empty.
    var auditReason: String { held.withLock { $0.isLocal } ? Self.localAdmissionReason : "" }

    // MARK: Giving back

    /// The request ended: its quota reservation becomes `usage`, its slot is freed, in one call; a cost
    /// reservation becomes `costMicros`.
    @discardableResult
    func settle(usage: TokenUsage, costMicros: Int = 0) async -> Bool {
        guard let held = giveBack() else { return false }
        await finish(held, actualTokens: usage.inputTokens + usage.outputTokens, actualCost: costMicros)
        return true
    }

    /// The request was refused after taking something: nothing is charged beyond the request already
    /// counted, the slot is freed, and a led call's waiting followers try on their own.
    @discardableResult
    func cancel() async -> Bool {
        guard let held = giveBack() else { return false }
        await finish(held, actualTokens: 0, actualCost: 0)
        if let call = held.leadership { await sharedCalls.refused(call) }
        return true
    }

    /// The quota and cost reservations were undone in their store (a write group that could not be committed,
    /// `DurableWriteGroup`): they are no longer held, and giving back frees only the slot.
    func undone() {
        held.withLock { held in
            held.quota = nil
            held.cost = nil
        }
    }

    private func giveBack() -> Held? {
        held.withLock { held in
            guard !held.givenBack else { return nil }
            held.givenBack = true
            return held
        }
    }

    /// Settles the quota and gives the slot back to the store that granted them. A store that cannot answer keeps
    /// the reservation as it was (counted, never less) and the slot until its lease lapses.
    private func finish(_ held: Held, actualTokens: Int, actualCost: Int) async {
        if let cost = held.cost {
            do {
                try await cost.store.settle(cost.key.cost, reservedTokens: cost.micros, actualTokens: actualCost)
            } catch {
                GatewayLog.warning("cost settlement failed for \(cost.key.feature) (the reservation stays counted): \(error)")
            }
        }
        guard let store = held.store else { return }
        let slot = held.slot.flatMap { slots.forget($0) ? (key: $0.key, holder: $0.holder) : nil }
        do {
            if let quota = held.quota {
                try await store.finish(quota.key, reservedTokens: quota.tokens, actualTokens: actualTokens, slot: slot)
            } else if let slot {
                try await store.leases.release(slot.key, holder: slot.holder)
            }
        } catch {
            GatewayLog.warning("quota settlement failed for \(held.quota?.key.feature ?? "a request") (the slot lapses by itself): \(error)")
        }
    }
}
