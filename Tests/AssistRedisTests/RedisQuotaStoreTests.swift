import AssistGateway
import AssistRedis
import Foundation
import LocalServers
import Testing

@Suite("RedisQuotaStore against a real redis-server")
struct RedisQuotaStoreTests {
    let day = UTCDay(containing: Date())

    func key(_ user: String = "alice", _ feature: String = "support_chat") -> QuotaKey {
        QuotaKey(user: user, feature: feature, day: day)
    }

    /// `count` reservations at once, alternating between the stores (each with its own connection).
    func reserveConcurrently(_ count: Int, _ stores: [RedisQuotaStore], tokens: Int, limits: QuotaLimits) async throws -> [QuotaDecision] {
        try await withThrowingTaskGroup(of: QuotaDecision.self) { group in
            for index in 0..<count {
                let store = stores[index % stores.count]
                group.addTask { try await store.reserve(key(), tokens: tokens, limits: limits) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func concurrentReservationsFromTwoConnectionsAdmitExactlyTheLimitAndSettleExactly() async throws {
        try await RedisServer.with { server in
            let first = RedisQuotaStore(client: try makeClient(server))
            let second = RedisQuotaStore(client: try makeClient(server))
            let decisions = try await reserveConcurrently(300, [first, second], tokens: 10, limits: QuotaLimits(requests: 100, tokens: 1_000_000))
            let admitted = decisions.compactMap { decision -> Int? in
                if case .admitted(let remaining, _) = decision { remaining } else { nil }
            }
            #expect(admitted.count == 100)
            #expect(Set(admitted) == Set(0..<100), "each admission saw its own count")
            #expect(try await first.usage(for: key()) == (requests: 100, tokens: 1000))

            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<100 {
                    let store = index.isMultiple(of: 2) ? first : second
                    group.addTask { try await store.settle(key(), reservedTokens: 10, actualTokens: 7) }
                }
                try await group.waitForAll()
            }
            #expect(try await second.usage(for: key()) == (requests: 100, tokens: 700))
        }
    }

    @Test func theTokenLimitIsExactUnderConcurrencyToo() async throws {
        try await RedisServer.with { server in
            let stores = [RedisQuotaStore(client: try makeClient(server)), RedisQuotaStore(client: try makeClient(server))]
            let decisions = try await reserveConcurrently(100, stores, tokens: 30, limits: QuotaLimits(requests: 1000, tokens: 1000))
            #expect(decisions.filter { $0 != .exceeded }.count == 33)
            #expect(try await stores[0].usage(for: key()) == (requests: 33, tokens: 990))
        }
    }

    @Test func reservesAsTheSQLiteStoreDoes() async throws {
        try await RedisServer.with { server in
            let store = RedisQuotaStore(client: try makeClient(server))
            let limits = QuotaLimits(requests: 3, tokens: 100)
            #expect(try await store.reserve(key(), tokens: 60, limits: limits) == .admitted(remainingRequests: 2, remainingTokens: 40))
            #expect(try await store.reserve(key(), tokens: 41, limits: limits) == .exceeded, "over the tokens")
            #expect(try await store.reserve(key(), tokens: 101, limits: limits) == .exceeded, "more than the whole window")
            #expect(try await store.reserve(key(), tokens: 40, limits: QuotaLimits(requests: 0, tokens: 100)) == .exceeded)
            #expect(try await store.usage(for: key()) == (requests: 1, tokens: 60), "nothing counted for a refusal")
            #expect(try await store.reserve(key("bob"), tokens: 60, limits: limits) == .admitted(remainingRequests: 2, remainingTokens: 40))
            #expect(try await store.reserve(key("alice", "smart_search"), tokens: 1, limits: limits) == .admitted(remainingRequests: 2, remainingTokens: 99))

            try await store.settle(key(), reservedTokens: 60, actualTokens: 0)
            #expect(try await store.usage(for: key()) == (requests: 1, tokens: 0))
            try await store.settle(key(), reservedTokens: 50, actualTokens: 0)
            #expect(try await store.usage(for: key()) == (requests: 1, tokens: 0), "never below zero")
            try await store.settle(key("carol"), reservedTokens: 0, actualTokens: 10)
            #expect(try await store.usage(for: key("carol")) == (requests: 0, tokens: 0), "settling a missing window creates none")
        }
    }

    @Test func aWindowLivesUntilTheEndOfItsDayPlusTheMarginUnderItsUsersHashTag() async throws {
        try await RedisServer.with { server in
            let client = try makeClient(server)
            let store = RedisQuotaStore(client: client, expiryMargin: .seconds(3600))
            _ = try await store.reserve(key("a:b{c}"), tokens: 1, limits: QuotaLimits(requests: 5, tokens: 100))
            let name = RedisQuotaStore.name(key("a:b{c}"))
            #expect(name == "assist:quota:{u:a%3Ab%7Bc%7D}:support_chat:\(day.index)")
            let ttl = try #require(try await client.command("TTL", name).int)
            let expected = Int(day.end.timeIntervalSinceNow) + 3600
            #expect(abs(ttl - expected) <= 5, "TTL \(ttl), expected about \(expected)")
        }
    }

    @Test func aFlushedScriptCacheIsReloadedAndNothingCountsTwice() async throws {
        try await RedisServer.with { server in
            let client = try makeClient(server)
            let store = RedisQuotaStore(client: client)
            try await store.prepare()
            let limits = QuotaLimits(requests: 10, tokens: 1000)
            #expect(try await store.reserve(key(), tokens: 5, limits: limits) == .admitted(remainingRequests: 9, remainingTokens: 995))
            #expect(try await client.command("SCRIPT", "FLUSH") == .status("OK"))
            #expect(try await store.reserve(key(), tokens: 5, limits: limits) == .admitted(remainingRequests: 8, remainingTokens: 990))
            #expect(try await client.command("SCRIPT", "FLUSH") == .status("OK"))
            try await store.settle(key(), reservedTokens: 10, actualTokens: 4)
            #expect(try await store.usage(for: key()) == (requests: 2, tokens: 4))
        }
    }

    @Test func countersSurviveARedisRestart() async throws {
        try await RedisServer.with { server in
            let store = RedisQuotaStore(client: try makeClient(server))
            let limits = QuotaLimits(requests: 5, tokens: 1000)
            _ = try await reserveConcurrently(5, [store], tokens: 20, limits: limits)
            try await store.settle(key(), reservedTokens: 20, actualTokens: 15)
            try await server.restart()
            #expect(try await store.usage(for: key()) == (requests: 5, tokens: 95))
            #expect(try await store.reserve(key(), tokens: 1, limits: limits) == .exceeded, "the limit still holds after the restart")
        }
    }

    @Test func aReservationWhileRedisIsDownFailsPromptly() async throws {
        try await RedisServer.with { server in
            let store = RedisQuotaStore(client: try makeClient(server))
            let limits = QuotaLimits(requests: 5, tokens: 1000)
            _ = try await store.reserve(key(), tokens: 1, limits: limits)
            await server.stop()
            let started = ContinuousClock.now
            await #expect(throws: RedisError.self) { try await store.reserve(key(), tokens: 1, limits: limits) }
            #expect(ContinuousClock.now - started < .seconds(1))
            try await server.restart()
            #expect(await eventually { await succeeds { _ = try await store.reserve(key(), tokens: 1, limits: limits) } })
            #expect(try await store.usage(for: key()).requests == 2)
        }
    }
}
