import AssistRedis
import LocalServers
import Testing

@Suite("RedisChallengeStore against a real redis-server")
struct RedisChallengeStoreTests {
    @Test func aChallengeIsConsumedOnceAcrossTwoClientsRacing() async throws {
        try await RedisServer.with { server in
            let first = RedisChallengeStore(client: try makeClient(server))
            let second = RedisChallengeStore(client: try makeClient(server))
            let challenge = try await first.issue(user: "alice", ttl: 60)
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<20 {
                    let store = index.isMultiple(of: 2) ? first : second
                    group.addTask { try await store.consume(challenge, user: "alice") }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(wins == 1)
        }
    }

    @Test func aChallengeIsBoundToItsUserAndAnotherUsersAttemptDoesNotBurnIt() async throws {
        try await RedisServer.with { server in
            let store = RedisChallengeStore(client: try makeClient(server))
            let challenge = try await store.issue(user: "alice", ttl: 60)
            #expect(try await store.consume(challenge, user: "mallory") == false)
            #expect(try await store.consume("not-issued", user: "alice") == false)
            #expect(try await store.consume(challenge, user: "alice") == true)
            #expect(try await store.consume(challenge, user: "alice") == false)
            #expect(try await store.issue(user: "alice", ttl: 60) != challenge)
        }
    }

    @Test func aChallengeExpiresAfterItsTTL() async throws {
        try await RedisServer.with { server in
            let store = RedisChallengeStore(client: try makeClient(server))
            let challenge = try await store.issue(user: "alice", ttl: 0.2)
            try await Task.sleep(for: .milliseconds(400))
            #expect(try await store.consume(challenge, user: "alice") == false)
        }
    }
}
