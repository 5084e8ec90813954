import AssistRedis
import LocalServers
import Testing

@Suite("RedisLeases against a real redis-server")
struct RedisLeasesTests {
    @Test func atMostLimitHoldersAndAHolderMayAcquireAgain() async throws {
        try await RedisServer.with { server in
            let leases = RedisLeases(client: try makeClient(server))
            #expect(try await leases.acquire("u:alice", holder: "r1", limit: 2, ttl: .seconds(30)))
            #expect(try await leases.acquire("u:alice", holder: "r2", limit: 2, ttl: .seconds(30)))
            #expect(try await leases.acquire("u:alice", holder: "r3", limit: 2, ttl: .seconds(30)) == false)
            #expect(try await leases.acquire("u:alice", holder: "r1", limit: 2, ttl: .seconds(30)), "held already: extended")
            #expect(try await leases.acquire("u:bob", holder: "r3", limit: 2, ttl: .seconds(30)), "another key")
            #expect(try await leases.holders(of: "u:alice") == 2)
            try await leases.release("u:alice", holder: "r1")
            try await leases.release("u:alice", holder: "never-held")
            #expect(try await leases.acquire("u:alice", holder: "r3", limit: 2, ttl: .seconds(30)))
            #expect(try await leases.holders(of: "u:alice") == 2)
        }
    }

    @Test func concurrentAcquiresFromTwoConnectionsGrantExactlyTheLimit() async throws {
        try await RedisServer.with { server in
            let clients = [RedisLeases(client: try makeClient(server)), RedisLeases(client: try makeClient(server))]
            let granted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<60 {
                    group.addTask { try await clients[index % 2].acquire("summary", holder: "h\(index)", limit: 5, ttl: .seconds(30)) }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(granted == 5)
        }
    }

    @Test func aLeaseNotRenewedExpiresAfterItsTTLAndCannotBeRenewedThen() async throws {
        try await RedisServer.with { server in
            let client = try makeClient(server)
            let leases = RedisLeases(client: client)
            // TTLs long enough for the next call to land within them on a busy machine (tests run in parallel).
            #expect(try await leases.acquire("u:alice", holder: "dead-replica", limit: 1, ttl: .milliseconds(1000)))
            #expect(try await leases.acquire("u:alice", holder: "other", limit: 1, ttl: .seconds(30)) == false)
            try await Task.sleep(for: .milliseconds(1300))
            #expect(try await leases.holders(of: "u:alice") == 0)
            #expect(try await leases.renew("u:alice", holder: "dead-replica", ttl: .seconds(30)) == false, "an expired lease is not revived")
            #expect(try await leases.acquire("u:alice", holder: "other", limit: 1, ttl: .milliseconds(300)))
            try await Task.sleep(for: .milliseconds(600))
            #expect(try await client.command("EXISTS", "assist:lease:{l:u%3Aalice}") == .integer(0), "an idle key leaves nothing behind")
        }
    }

    @Test func renewingKeepsALeasePastItsFirstTTL() async throws {
        try await RedisServer.with { server in
            let leases = RedisLeases(client: try makeClient(server))
            // A first TTL long enough that the renewal lands within it on a busy machine (tests run in parallel).
            #expect(try await leases.acquire("u:alice", holder: "stream", limit: 1, ttl: .milliseconds(1500)))
            #expect(try await leases.renew("u:alice", holder: "stream", ttl: .seconds(30)))
            try await Task.sleep(for: .milliseconds(2000))
            #expect(try await leases.holders(of: "u:alice") == 1)
            #expect(try await leases.acquire("u:alice", holder: "next", limit: 1, ttl: .seconds(30)) == false)
            #expect(try await leases.renew("u:alice", holder: "never-held", ttl: .seconds(30)) == false)
            try await leases.release("u:alice", holder: "stream")
            #expect(try await leases.renew("u:alice", holder: "stream", ttl: .seconds(30)) == false, "released")
            #expect(try await leases.acquire("u:alice", holder: "next", limit: 1, ttl: .seconds(30)))
        }
    }
}
