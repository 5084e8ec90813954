public import AssistGateway
import Foundation

/// Quotas in Redis, exact across every gateway replica sharing the server.
///
/// One hash per (user, feature, UTC day), `assist:quota:{u:USER}:FEATURE:DAY`, with fields `requests` and
/// `tokens`. `reserve` is one Lua script, and Redis runs a script alone: it reads the window, and only if one
/// more request and the asked tokens stay within the limits does it count them, so concurrent reservations
/// against a limit of K admit exactly K however many replicas send them. `settle` is another script: it
/// adds `actual - reserved` to the tokens, never taking them below 0, and does nothing to a window that is
/// gone (as `SQLiteQuotaStore`'s UPDATE of a missing row). A window expires at the end of its day plus
/// `expiryMargin`, so that a stream running past midnight still settles into it and memory holds only
/// today's users.
///
/// Durability is Redis's: with the shipped `appendonly yes` and `appendfsync everysec`, counts survive a
/// restart of Redis, and a crash of its machine loses at most the last second of reservations (fewer
/// counted, never more). A reservation whose connection broke in flight throws `.connectionLost` and may
/// have been counted: the caller refuses the request, and that request then counts without having run.
public final class RedisQuotaStore: QuotaStore {
    private let client: RedisClient
    private let clock: any WallClock
    private let expiryMargin: Duration

    /// - Parameters:
    ///   - clock: when "now" is, to compute how long a window has to live (its day's end plus the margin).
    ///   - expiryMargin: how long a window outlives its day.
    public init(client: RedisClient, clock: any WallClock = SystemWallClock(), expiryMargin: Duration = .seconds(3600)) {
        self.client = client
        self.clock = clock
        self.expiryMargin = expiryMargin
    }

    /// Loads the scripts now, so that the first requests do not each load them (optional: `reserve` and
    /// `settle` load them when needed).
    public func prepare() async throws {
        try await Self.reserveScript.load(on: client)
        try await Self.settleScript.load(on: client)
    }

    public func reserve(_ key: QuotaKey, tokens: Int, limits: QuotaLimits) async throws -> QuotaDecision {
        guard limits.requests >= 1, tokens <= limits.tokens else { return .exceeded }
        let reply = try await Self.reserveScript.run(
            on: client, keys: [Self.name(key)],
            arguments: [String(tokens), String(limits.requests), String(limits.tokens), String(secondsToLive(key.day))])
        guard let values = reply.elements, values.count == 3, let admitted = values[0].int, let requests = values[1].int,
              let used = values[2].int
        else { throw RedisError(.unexpectedReply, "quota reserve returned \(reply)") }
        guard admitted == 1 else { return .exceeded }
        return .admitted(remainingRequests: limits.requests - requests, remainingTokens: limits.tokens - used)
    }

    public func settle(_ key: QuotaKey, reservedTokens: Int, actualTokens: Int) async throws {
        guard actualTokens != reservedTokens else { return }
        _ = try await Self.settleScript.run(on: client, keys: [Self.name(key)], arguments: [String(actualTokens - reservedTokens)])
    }

    /// Requests and tokens counted for `key` (tests, diagnostics).
    public func usage(for key: QuotaKey) async throws -> (requests: Int, tokens: Int) {
        let reply = try await client.command("HMGET", Self.name(key), "requests", "tokens")
        let values = reply.elements ?? []
        return (values.first?.int ?? 0, values.dropFirst().first?.int ?? 0)
    }

    /// The key `key`'s window is kept under.
    public static func name(_ key: QuotaKey) -> String {
        RedisKeys.quota(user: key.user, feature: key.feature, day: key.day.index)
    }

    /// From now to the end of `day`, plus the margin (only the margin for a day already over).
    func secondsToLive(_ day: UTCDay) -> Int {
        let untilEnd = max(0, day.end.timeIntervalSince(clock.now()))
        return Int(untilEnd.rounded(.up)) + Int(expiryMargin.components.seconds)
    }

    /// Lua that reserves in the window KEYS[1]: ARGV[1] tokens asked, ARGV[2] the request limit, ARGV[3] the token
    /// limit, ARGV[4] the seconds the window lives. Returns {0, requests, tokens} (the counts as they were) when
    /// the window is spent; else counts, leaving the counts after it in `requests` and `tokens`. Shared with the
    /// admission script (`RedisAdmissionStore`), which takes a stream slot in the same run.
    static let reserveLua = """
        local used = redis.call('HMGET', KEYS[1], 'requests', 'tokens')
        local requests = tonumber(used[1] or '0')
        local tokens = tonumber(used[2] or '0')
        local asked = tonumber(ARGV[1])
        if requests + 1 > tonumber(ARGV[2]) or tokens + asked > tonumber(ARGV[3]) then
            return {0, requests, tokens}
        end
        requests = redis.call('HINCRBY', KEYS[1], 'requests', 1)
        tokens = redis.call('HINCRBY', KEYS[1], 'tokens', asked)
        redis.call('EXPIRE', KEYS[1], ARGV[4])

        """

    /// Lua that settles the window KEYS[1] by ARGV[1] (actual tokens minus reserved ones), never below 0, and
    /// returns the tokens now counted, or -1 when the window is gone (nothing is created). Shared with the
    /// admission store's finish script.
    static let settleLua = """
        if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
        local tokens = redis.call('HINCRBY', KEYS[1], 'tokens', ARGV[1])
        if tokens < 0 then
            redis.call('HSET', KEYS[1], 'tokens', 0)
            tokens = 0
        end
        return tokens
        """

    /// Returns {admitted (1 or 0), requests, tokens}: the counts after the reservation, or as they were.
    static let reserveScript = RedisScript(reserveLua + "return {1, requests, tokens}")

    static let settleScript = RedisScript(settleLua)
}
