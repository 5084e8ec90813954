public import AssistGateway
import AssistCrypto
public import Foundation

/// Used integrity proofs in Redis: a proof spent on one replica is refused on every other.
///
/// Each used proof is a key named by its SHA-256 (never the proof), `assist:proof:{p:DIGEST}`, written with
/// `SET … PX ttl NX`: the first `SET` of a digest answers OK, every later one within the TTL answers nil, so of any
/// number of replicas seeing one proof at once exactly one is told it is new. Redis expires the key: no sweep.
///
/// Durability is the challenges' (`RedisChallengeStore`): the AOF keeps a used proof across a Redis restart, but
/// for the write in its loss window (a second at most), which could admit that one proof once more within its age.
public final class RedisProofReplayStore: ProofReplayStore {
    private let client: RedisClient

    public init(client: RedisClient) { self.client = client }

    public func firstUse(digest: [UInt8], ttl: TimeInterval) async throws -> Bool {
        let milliseconds = max(1, Int((ttl * 1000).rounded(.up)))
        let reply = try await client.command("SET", RedisKeys.proof(Base64URL.encode(digest)), "1", "PX", String(milliseconds), "NX")
        if reply.isNull { return false }
        guard reply == .status("OK") else { throw RedisError(.unexpectedReply, "SET of a used proof returned \(reply)") }
        return true
    }
}
