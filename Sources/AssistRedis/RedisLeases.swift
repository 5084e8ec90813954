public import AssistGateway

/// Leases in Redis (`LeaseStore`): at most `limit` live holders per key across every replica.
///
/// A key is a sorted set, `assist:lease:{l:KEY}`, of holders scored by the instant their lease expires, in
/// milliseconds of the Redis server's clock. Each operation is one script that first reads `TIME` and removes
/// the members already expired, so a dead replica's lease frees itself with no sweeper, and the replicas'
/// own clocks never enter the comparison: only the server's. The set itself expires with its longest lease,
/// so an idle key leaves nothing behind.
///
/// Durability: leases are kept in the AOF too, but they are short-lived by nature; after a restart within
/// the loss window a lease may be missing (one more stream admitted than the cap, for at most one ttl) or
/// a released one back (one fewer, until it expires). Neither outlasts a ttl.
public final class RedisLeases: LeaseStore {
    private let client: RedisClient

    public init(client: RedisClient) { self.client = client }

    public func acquire(_ key: String, holder: String, limit: Int, ttl: Duration) async throws -> Bool {
        let reply = try await Self.acquireScript.run(
            on: client, keys: [RedisKeys.lease(key)], arguments: [holder, String(limit), String(Self.milliseconds(ttl))])
        return reply.int == 1
    }

    public func renew(_ key: String, holder: String, ttl: Duration) async throws -> Bool {
        let reply = try await Self.renewScript.run(on: client, keys: [RedisKeys.lease(key)], arguments: [holder, String(Self.milliseconds(ttl))])
        return reply.int == 1
    }

    public func release(_ key: String, holder: String) async throws {
        _ = try await client.command("ZREM", RedisKeys.lease(key), holder)
    }

    public func holders(of key: String) async throws -> Int {
        try await Self.countScript.run(on: client, keys: [RedisKeys.lease(key)], arguments: []).int ?? 0
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    /// The server's time in milliseconds, and the removal of what has expired by then; shared by the scripts.
    private static let prologue = """
        local time = redis.call('TIME')
        local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
        redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)

        """

    /// Keeps the set alive as long as its longest lease: extends its expiry to `ttl` if shorter.
    private static let keepKey = """
        if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end

        """

    /// KEYS[1]: the set. ARGV: holder, limit, ttl in ms. 1 if the holder holds a lease now, else 0.
    static let acquireScript = RedisScript(prologue + """
        local ttl = tonumber(ARGV[3])
        if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
            return 0
        end
        redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])

        """ + keepKey + "return 1")

    /// KEYS[1]: the set. ARGV: holder, ttl in ms. 1 if the holder's live lease was extended, else 0.
    static let renewScript = RedisScript(prologue + """
        local ttl = tonumber(ARGV[2])
        if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
        redis.call('ZADD', KEYS[1], 'XX', now + ttl, ARGV[1])

        """ + keepKey + "return 1")

    /// KEYS[1]: the set. Its live holders.
    static let countScript = RedisScript(prologue + "return redis.call('ZCARD', KEYS[1])")
}
