import AssistRedis
import LocalServers
import Testing

@Suite("RedisProofReplayStore against a real redis-server")
struct RedisProofReplayStoreTests {
    static let proof: [UInt8] = Array(0..<32)

    @Test func aProofIsNewOnceAcrossTwoClientsRacing() async throws {
        try await RedisServer.with { server in
            let first = RedisProofReplayStore(client: try makeClient(server))
            let second = RedisProofReplayStore(client: try makeClient(server))
            let firsts = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<20 {
                    let store = index.isMultiple(of: 2) ? first : second
                    group.addTask { try await store.firstUse(digest: Self.proof, ttl: 60) }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(firsts == 1)
            #expect(try await first.firstUse(digest: Array(Self.proof.reversed()), ttl: 60))
        }
    }

    @Test func aProofIsForgottenAfterItsTTL() async throws {
        try await RedisServer.with { server in
            let store = RedisProofReplayStore(client: try makeClient(server))
            #expect(try await store.firstUse(digest: Self.proof, ttl: 1.5))
            #expect(try await store.firstUse(digest: Self.proof, ttl: 1.5) == false)
            try await Task.sleep(for: .milliseconds(2_000))
            #expect(try await store.firstUse(digest: Self.proof, ttl: 1.5))
        }
    }
}
