import AssistGateway
import AssistRedis
import Foundation
import LocalServers
import Testing

/// The slot and the quota in one script each way (issue 29), against a real redis-server, held to what the
/// separate stores do: both or neither, the cap and the limit exact across clients, renewals on the same keys.
@Suite("RedisAdmissionStore against a real redis-server")
struct RedisAdmissionStoreTests {
    let key = QuotaKey(user: "alice", feature: "support_chat", day: UTCDay(containing: Date()))
    let limits = QuotaLimits(requests: 3, tokens: 1_000)

    func slot(_ holder: String, limit: Int = 2) -> SlotRequest {
        SlotRequest(key: StreamSlots.key(user: "alice"), holder: holder, limit: limit, ttl: .seconds(30))
    }

    /// The window's requests and tokens.
    func counted(_ quota: RedisQuotaStore) async throws -> [Int] {
        let usage = try await quota.usage(for: key)
        return [usage.requests, usage.tokens]
    }

    @Test("admit takes the slot and the quota together; a full slot set or a spent window takes neither; finish settles and frees")
    func bothOrNeither() async throws {
        try await RedisServer.with { server in
            let client = try makeClient(server)
            let quota = RedisQuotaStore(client: client)
            let store = RedisAdmissionStore(client: client, quota: quota)
            #expect(try await store.admit(key, tokens: 300, limits: limits, slot: slot("r1")) == .admitted(remainingRequests: 2, remainingTokens: 700))
            #expect(try await store.admit(key, tokens: 300, limits: limits, slot: slot("r2")) == .admitted(remainingRequests: 1, remainingTokens: 400))
            #expect(try await store.leases.holders(of: StreamSlots.key(user: "alice")) == 2)
            // Every slot held: nothing counted.
            #expect(try await store.admit(key, tokens: 300, limits: limits, slot: slot("r3")) == .tooManyStreams)
            #expect(try await counted(quota) == [2, 600])
            try await store.finish(key, reservedTokens: 300, actualTokens: 42, slot: (StreamSlots.key(user: "alice"), "r1"))
            #expect(try await counted(quota) == [2, 342])
            #expect(try await store.leases.holders(of: StreamSlots.key(user: "alice")) == 1)
            // A spent window: no slot kept.
            #expect(try await store.admit(key, tokens: 700, limits: limits, slot: slot("r4")) == .quotaExceeded)
            #expect(try await store.leases.holders(of: StreamSlots.key(user: "alice")) == 1)
            #expect(try await store.admit(key, tokens: 0, limits: QuotaLimits(requests: 0, tokens: 10), slot: slot("r5")) == .quotaExceeded)
            // The slot lives on the key `RedisLeases` renews: renewal finds it, and a release there frees it.
            #expect(try await store.leases.renew(StreamSlots.key(user: "alice"), holder: "r2", ttl: .seconds(30)))
            try await store.finish(key, reservedTokens: 300, actualTokens: 300, slot: (StreamSlots.key(user: "alice"), "r2"))
            #expect(try await store.leases.holders(of: StreamSlots.key(user: "alice")) == 0)
            #expect(try await counted(quota) == [2, 342], "an unchanged reservation stays as it is")
            // The quota window and the user's slots share one hash tag: one Cluster slot for the script.
            let keys = try await client.command("KEYS", "assist:*").elements?.compactMap(\.string) ?? []
            #expect(keys.contains { $0.hasPrefix("assist:quota:{u:alice}:") } && !keys.contains { $0.contains("{l:streams") }, "\(keys)")
        }
    }

    @Test("two clients admitting at once: exactly the slot cap, and exactly the request limit")
    func exactAcrossClients() async throws {
        try await RedisServer.with { server in
            let stores = try (0..<2).map { _ in let client = try makeClient(server); return RedisAdmissionStore(client: client, quota: RedisQuotaStore(client: client)) }
            let decisions = try await withThrowingTaskGroup(of: AdmitDecision.self) { group in
                for index in 0..<60 {
                    group.addTask {
                        try await stores[index % 2].admit(key, tokens: 1, limits: QuotaLimits(requests: 100, tokens: 1_000), slot: slot("h\(index)", limit: 5))
                    }
                }
                return try await group.reduce(into: [AdmitDecision]()) { $0.append($1) }
            }
            #expect(decisions.count { if case .admitted = $0 { true } else { false } } == 5)
            #expect(decisions.count { $0 == .tooManyStreams } == 55)
            let unlimited = try await withThrowingTaskGroup(of: AdmitDecision.self) { group in
                for index in 0..<60 {
                    group.addTask { try await stores[index % 2].admit(key, tokens: 1, limits: QuotaLimits(requests: 30, tokens: 1_000), slot: nil) }
                }
                return try await group.reduce(into: [AdmitDecision]()) { $0.append($1) }
            }
            #expect(unlimited.count { if case .admitted = $0 { true } else { false } } == 25, "30 less the 5 counted before")
        }
    }
}
