import Synchronization

/// Everything admission takes for one request (a stream slot, a quota reservation, the lead of a shared
/// provider call) and the one place that gives it back.
///
/// Admission steps acquire through it. The request's end gives everything back through `settle(usage:)`
/// (the quota reservation replaced by the real usage, the slot freed) or `cancel()` (a refusal after
/// something was taken: the slot freed, no tokens charged, a led call's waiting followers sent their own
/// way). Exactly once: whichever comes first gives back, any later call does nothing and returns false.
///
/// What was taken is given back to the store that granted it: with `storage.onRedisDown: "open"`, a quota
/// or slot the shared store could not grant is taken from this replica's stand-in (`localQuota`, the slots'
/// fallback) and settled there; the request's audit rows then say so (`auditReason`).
public final class Reservation: Sendable {
    /// The audit reason of a request admitted by this replica's stand-ins while the shared store was down.
    public static let localAdmissionReason = "redis_down"

    private struct Held {
        var slot: StreamSlots.Slot?
        var quota: (key: QuotaKey, tokens: Int, store: any QuotaStore, isLocal: Bool)?
        /// A shared call this request leads and whose followers wait on its admission.
        var leadership: SharedCall?
        var givenBack = false
    }

    private let held = Mutex(Held())
    private let quotaStore: any QuotaStore
    /// Counts in its place while `quotaStore` cannot answer; nil: such a request is refused (503).
    private let localQuota: (any QuotaStore)?
    private let slots: StreamSlots
    private let sharedCalls: SharedCalls

    init(quotaStore: any QuotaStore, localQuota: (any QuotaStore)? = nil, slots: StreamSlots, sharedCalls: SharedCalls) {
        self.quotaStore = quotaStore
        self.localQuota = localQuota
        self.slots = slots
        self.sharedCalls = sharedCalls
    }

    // MARK: Taking

    /// Takes one of `user`'s stream slots for `request`, or refuses with 429 `too_many_streams` (503
    /// `quota_unavailable` when the slots' store cannot answer).
    func takeSlot(for user: String, request: String) async throws(GatewayError) {
        let slot = try await slots.acquire(user: user, request: request)
        held.withLock { $0.slot = slot }
    }

    /// Reserves one request and `tokens` tokens of `key`'s window; returns the requests left in it. A spent
    /// window is 429 `quota_exceeded`, retried at `resetSeconds`; a store that cannot answer is 503
    /// `quota_unavailable`, unless a local stand-in counts instead.
    func reserveQuota(_ key: QuotaKey, tokens: Int, limits: QuotaLimits, resetSeconds: Int) async throws(GatewayError) -> Int {
        var (decision, store, isLocal): (QuotaDecision, any QuotaStore, Bool)
        do {
            (decision, store, isLocal) = (try await quotaStore.reserve(key, tokens: tokens, limits: limits), quotaStore, false)
        } catch {
            guard let localQuota, let local = try? await localQuota.reserve(key, tokens: tokens, limits: limits) else {
                throw .quotaUnavailable("the quota store")
            }
            (decision, store, isLocal) = (local, localQuota, true)
        }
        guard case .admitted(let remainingRequests, _) = decision else { throw .quotaExceeded(retryAfter: resetSeconds) }
        held.withLock { $0.quota = (key, tokens, store, isLocal) }
        return remainingRequests
    }

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

    /// `localAdmissionReason` when a quota or slot came from this replica's stand-ins; otherwise empty.
    var auditReason: String {
        held.withLock { $0.quota?.isLocal == true || $0.slot?.isLocal == true } ? Self.localAdmissionReason : ""
    }

    // MARK: Giving back

    /// The request ended: its quota reservation becomes `usage`, its slot is freed.
    @discardableResult
    func settle(usage: TokenUsage) async -> Bool {
        guard let held = giveBack() else { return false }
        if let quota = held.quota {
            do {
                try await quota.store.settle(quota.key, reservedTokens: quota.tokens, actualTokens: usage.inputTokens + usage.outputTokens)
            } catch {
                GatewayLog.warning("quota settlement failed for \(quota.key.feature): \(error)")
            }
        }
        await release(held)
        return true
    }

    /// The request was refused after taking something: nothing is charged beyond the request already
    /// counted, the slot is freed, and a led call's waiting followers try on their own.
    @discardableResult
    func cancel() async -> Bool {
        guard let held = giveBack() else { return false }
        if let quota = held.quota {
            try? await quota.store.settle(quota.key, reservedTokens: quota.tokens, actualTokens: 0)
        }
        if let call = held.leadership { await sharedCalls.refused(call) }
        await release(held)
        return true
    }

    private func giveBack() -> Held? {
        held.withLock { held in
            guard !held.givenBack else { return nil }
            held.givenBack = true
            return held
        }
    }

    private func release(_ held: Held) async {
        if let slot = held.slot { await slots.release(slot) }
    }
}
