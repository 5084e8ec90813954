public import AssistGateway

/// A charged request's stream slot and quota reservation in Redis, one round trip each way (issue 29): `admit` is
/// one script that takes the slot and reserves the quota, both or neither; `finish` is one script that settles the
/// reservation and gives the slot back. Their keys share the user's hash tag (`RedisKeys`), so each script touches
/// one slot of a Redis Cluster.
///
/// The semantics are `RedisLeases`' and `RedisQuotaStore`'s, read and written in one script instead of four: the
/// lease set scored by the server's `TIME` in ms, expired members dropped first; the window's counts checked
/// before they are counted, with its expiry at its day's end plus the margin; a settlement never below 0 and
/// never recreating a window that is gone. Slots are renewed through `leases` (`RedisLeases`), on the same keys.
public final class RedisAdmissionStore: AdmissionStore {
    private let client: RedisClient
    private let quota: RedisQuotaStore
    public let leases: any LeaseStore

    public init(client: RedisClient, quota: RedisQuotaStore) {
        self.client = client
        self.quota = quota
        leases = RedisLeases(client: client)
    }

    /// Loads the scripts now, so that the first requests do not each load them.
    public func prepare() async throws {
        try await Self.admitScript.load(on: client)
        try await Self.finishScript.load(on: client)
    }

    public func admit(_ key: QuotaKey, tokens: Int, limits: QuotaLimits, slot: SlotRequest?) async throws -> AdmitDecision {
        guard limits.requests >= 1, tokens >= 0, tokens <= limits.tokens else { return .quotaExceeded }
        var keys = [RedisQuotaStore.name(key)]
        var arguments = [String(tokens), String(limits.requests), String(limits.tokens), String(quota.secondsToLive(key.day))]
        if let slot {
            keys.append(RedisKeys.lease(slot.key))
            arguments += [slot.holder, String(slot.limit), String(RedisLeases.milliseconds(slot.ttl))]
        }
        let reply = try await Self.admitScript.run(on: client, keys: keys, arguments: arguments)
        guard let values = reply.elements, values.count == 3, let outcome = values[0].int, let requests = values[1].int,
              let used = values[2].int
        else { throw RedisError(.unexpectedReply, "admit returned \(reply)") }
        switch outcome {
        case 1: return .admitted(remainingRequests: limits.requests - requests, remainingTokens: limits.tokens - used)
        case 2: return .tooManyStreams
        default: return .quotaExceeded
        }
    }

    public func finish(_ key: QuotaKey, reservedTokens: Int, actualTokens: Int, slot: (key: String, holder: String)?) async throws {
        let difference = actualTokens.subtractingReportingOverflow(reservedTokens)
        guard !difference.overflow else { throw RedisError(.unexpectedReply, "token counts out of range") }
        guard difference.partialValue != 0 || slot != nil else { return }
        var keys = [RedisQuotaStore.name(key)]
        var arguments = [String(difference.partialValue)]
        if let slot {
            keys.append(RedisKeys.lease(slot.key))
            arguments.append(slot.holder)
        }
        _ = try await Self.finishScript.run(on: client, keys: keys, arguments: arguments)
    }

    /// KEYS[1]: the window; KEYS[2], when a slot is asked: the user's stream leases. ARGV: tokens asked, request
    /// limit, token limit, seconds the window lives; then holder, slot limit, lease ttl in ms. Returns {outcome,
    /// requests, tokens}: outcome 1 admitted (counts after it), 0 the window spent (counts as they were), 2 every
    /// slot held (nothing read of the window).
    static let admitScript = RedisScript("""
        local now = 0
        if #KEYS > 1 then
            local time = redis.call('TIME')
            now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
            redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
            if not redis.call('ZSCORE', KEYS[2], ARGV[5]) and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[6]) then
                return {2, 0, 0}
            end
        end

        """ + RedisQuotaStore.reserveLua + """
        if #KEYS > 1 then
            local ttl = tonumber(ARGV[7])
            redis.call('ZADD', KEYS[2], now + ttl, ARGV[5])
            if redis.call('PTTL', KEYS[2]) < ttl then redis.call('PEXPIRE', KEYS[2], ttl) end
        end
        return {1, requests, tokens}
        """)

    /// KEYS[1]: the window; KEYS[2], when a slot is given back: the user's stream leases. ARGV[1]: actual tokens
    /// minus reserved ones; ARGV[2]: the holder. Returns the tokens now counted, or -1 when the window is gone.
    static let finishScript = RedisScript("if #KEYS > 1 then redis.call('ZREM', KEYS[2], ARGV[2]) end\n" + RedisQuotaStore.settleLua)
}
