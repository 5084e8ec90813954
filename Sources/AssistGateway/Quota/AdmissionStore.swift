/// One of a user's stream slots, as admission asks for it: a lease on `key` for `holder`, if fewer than `limit`
/// live holders have one, for `ttl` (then renewed by the `LeaseKeeper`).
public struct SlotRequest: Sendable, Equatable {
    public let key: String
    public let holder: String
    public let limit: Int
    public let ttl: Duration

    public init(key: String, holder: String, limit: Int, ttl: Duration) {
        self.key = key
        self.holder = holder
        self.limit = limit
        self.ttl = ttl
    }
}

/// What `AdmissionStore.admit` decided: both taken, or neither.
public enum AdmitDecision: Sendable, Equatable {
    /// The slot (if asked) is held and the quota reserved; what is left in the window after it.
    case admitted(remainingRequests: Int, remainingTokens: Int)
    /// Every slot of the user is held: nothing was taken.
    case tooManyStreams
    /// The window is spent: nothing was taken.
    case quotaExceeded
}

/// What a charged request takes at admission and gives back at its end, each in one call (issue 29): a stream
/// slot (`LeaseStore`) and a quota reservation (`QuotaStore`). Across replicas both live in Redis, where one call
/// is one round trip (`RedisAdmissionStore`, one script each way); for one process `SeparateAdmissionStore` asks
/// the two stores in turn. A slot this store grants is renewed through `leases`, on the same key.
public protocol AdmissionStore: Sendable {
    /// Where the slots this store grants are renewed and, if the keeper must, given back alone.
    var leases: any LeaseStore { get }

    /// Takes `slot` (when given) and reserves one request and `tokens` of `key`'s window, both or neither: a slot
    /// refused is `.tooManyStreams` (checked first, as the cap is the user's across features), a window spent is
    /// `.quotaExceeded`. Throws when the store cannot answer; then nothing is known to be taken.
    func admit(_ key: QuotaKey, tokens: Int, limits: QuotaLimits, slot: SlotRequest?) async throws -> AdmitDecision

    /// Replaces the reservation's `reservedTokens` by `actualTokens` and gives `slot` back, in one call.
    func finish(_ key: QuotaKey, reservedTokens: Int, actualTokens: Int, slot: (key: String, holder: String)?) async throws
}

/// The two stores asked in turn: the slot, then the quota (the slot given back when the window is spent). For one
/// process (SQLite or memory), where a call is not a round trip; and the stand-ins of `onRedisDown: "open"`.
public struct SeparateAdmissionStore: AdmissionStore {
    public let quota: any QuotaStore
    public let leases: any LeaseStore

    public init(quota: any QuotaStore, leases: any LeaseStore) {
        self.quota = quota
        self.leases = leases
    }

    public func admit(_ key: QuotaKey, tokens: Int, limits: QuotaLimits, slot: SlotRequest?) async throws -> AdmitDecision {
        if let slot {
            guard try await leases.acquire(slot.key, holder: slot.holder, limit: slot.limit, ttl: slot.ttl) else { return .tooManyStreams }
        }
        let decision: QuotaDecision
        do {
            decision = try await quota.reserve(key, tokens: tokens, limits: limits)
        } catch {
            if let slot {
                do { try await leases.release(slot.key, holder: slot.holder) } catch {
                    GatewayLog.warning("a slot on \(slot.key) could not be given back (\(error)); it lapses within \(slot.ttl)")
                }
            }
            throw error
        }
        guard case .admitted(let requests, let remainingTokens) = decision else {
            if let slot { try await leases.release(slot.key, holder: slot.holder) }
            return .quotaExceeded
        }
        return .admitted(remainingRequests: requests, remainingTokens: remainingTokens)
    }

    public func finish(_ key: QuotaKey, reservedTokens: Int, actualTokens: Int, slot: (key: String, holder: String)?) async throws {
        var failure: (any Error)?
        do { try await quota.settle(key, reservedTokens: reservedTokens, actualTokens: actualTokens) } catch { failure = error }
        if let slot {
            do { try await leases.release(slot.key, holder: slot.holder) } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }
}
