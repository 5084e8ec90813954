public import AssistGateway
import AssistCrypto
public import Foundation

/// Integrity challenges in Redis: single use across every replica.
///
/// A challenge is 32 random bytes (base64url), kept under a key naming both the challenge and its user,
/// `assist:challenge:{c:CHALLENGE}:USER`, set with `SET … EX ttl NX`: Redis expires it, so no sweep is
/// needed. `consume` is one `GETDEL`: of any number of replicas consuming the same challenge at once,
/// exactly one gets the value and the others find nothing. Because the user is part of the key, a challenge
/// presented for another user finds nothing and is not burnt, as in `SQLiteChallengeStore`.
///
/// A challenge lives in memory and the AOF: a Redis restart keeps it (within the AOF's loss window, in which
/// a challenge may be lost, which only makes its client ask for another; a consumed one cannot come back
/// unless the `GETDEL` itself is in the lost second, and then only until its TTL, minutes at most).
public final class RedisChallengeStore: ChallengeStore {
    private let client: RedisClient

    public init(client: RedisClient) { self.client = client }

    public func issue(user: String, ttl: TimeInterval) async throws -> String {
        let challenge = Base64URL.encode(Digest.randomBytes(32))
        let milliseconds = max(1, Int((ttl * 1000).rounded(.up)))
        let reply = try await client.command("SET", RedisKeys.challenge(challenge, user: user), "1", "PX", String(milliseconds), "NX")
        guard reply == .status("OK") else { throw RedisError(.unexpectedReply, "SET of a new challenge returned \(reply)") }
        return challenge
    }

    public func consume(_ challenge: String, user: String) async throws -> Bool {
        let reply = try await client.command("GETDEL", RedisKeys.challenge(challenge, user: user))
        return !reply.isNull
    }
}
