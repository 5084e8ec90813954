import Synchronization

/// Everything admission takes for one request (a stream slot, a quota reservation, the lead of a shared
/// provider call) and the one place that gives it back.
///
/// Admission steps acquire through it. The request's end gives everything back through `settle(usage:)`
/// (the quota reservation replaced by the real usage, the slot freed) or `cancel()` (a refusal after
/// something was taken: the slot freed, no tokens charged, a led call's waiting followers sent their own
/// way). Exactly once: whichever comes first gives back, any later call does nothing and returns false.
public final class Reservation: Sendable {
    private struct Held {
        /// The user whose stream slot is held.
        var slot: String?
        var quota: (key: QuotaKey, tokens: Int)?
        /// A shared call this request leads and whose followers wait on its admission.
        var leadership: SharedCall?
        var givenBack = false
    }

    private let held = Mutex(Held())
    private let quotaStore: any QuotaStore
    private let limiter: StreamLimiter
    private let sharedCalls: SharedCalls

    init(quotaStore: any QuotaStore, limiter: StreamLimiter, sharedCalls: SharedCalls) {
        self.quotaStore = quotaStore
        self.limiter = limiter
        self.sharedCalls = sharedCalls
    }

    // MARK: Taking

    /// Takes one of `user`'s stream slots, or refuses with 429 `too_many_streams`.
    func takeSlot(for user: String) throws(GatewayError) {
        guard limiter.acquire(user) else { throw .tooManyStreams(limit: limiter.maxPerUser) }
        held.withLock { $0.slot = user }
    }

    /// Reserves one request and `tokens` tokens of `key`'s window; returns the requests left in it. A spent
    /// window is 429 `quota_exceeded`, retried at `resetSeconds`; a store that cannot answer is 503.
    func reserveQuota(_ key: QuotaKey, tokens: Int, limits: QuotaLimits, resetSeconds: Int) async throws(GatewayError) -> Int {
        let decision: QuotaDecision
        do {
            decision = try await quotaStore.reserve(key, tokens: tokens, limits: limits)
        } catch {
            throw .unavailable("quota store")
        }
        guard case .admitted(let remainingRequests, _) = decision else { throw .quotaExceeded(retryAfter: resetSeconds) }
        held.withLock { $0.quota = (key, tokens) }
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

    // MARK: Giving back

    /// The request ended: its quota reservation becomes `usage`, its slot is freed.
    @discardableResult
    func settle(usage: TokenUsage) async -> Bool {
        guard let held = giveBack() else { return false }
        if let quota = held.quota {
            do {
                try await quotaStore.settle(quota.key, reservedTokens: quota.tokens, actualTokens: usage.inputTokens + usage.outputTokens)
            } catch {
                GatewayLog.warning("quota settlement failed for \(quota.key.feature): \(error)")
            }
        }
        release(held)
        return true
    }

    /// The request was refused after taking something: nothing is charged beyond the request already
    /// counted, the slot is freed, and a led call's waiting followers try on their own.
    @discardableResult
    func cancel() async -> Bool {
        guard let held = giveBack() else { return false }
        if let quota = held.quota {
            try? await quotaStore.settle(quota.key, reservedTokens: quota.tokens, actualTokens: 0)
        }
        if let call = held.leadership { sharedCalls.refused(call) }
        release(held)
        return true
    }

    private func giveBack() -> Held? {
        held.withLock { held in
            guard !held.givenBack else { return nil }
            held.givenBack = true
            return held
        }
    }

    private func release(_ held: Held) {
        if let user = held.slot { limiter.release(user) }
    }
}
