@testable import AssistGateway
import AssistTestSupport
import Testing

@Suite("InMemoryLeaseStore")
struct LeaseStoreTests {
    let clock = ManualClock()
    let leases: InMemoryLeaseStore

    init() { leases = InMemoryLeaseStore(clock: MonotonicClock(clock)) }

    @Test func atMostLimitLiveHoldersAndAHolderMayAcquireAgain() async throws {
        #expect(try await leases.acquire("alice", holder: "r1", limit: 2, ttl: .seconds(30)))
        #expect(try await leases.acquire("alice", holder: "r2", limit: 2, ttl: .seconds(30)))
        #expect(try await leases.acquire("alice", holder: "r3", limit: 2, ttl: .seconds(30)) == false)
        #expect(try await leases.acquire("alice", holder: "r1", limit: 2, ttl: .seconds(30)))
        try await leases.release("alice", holder: "r1")
        #expect(try await leases.acquire("alice", holder: "r3", limit: 2, ttl: .seconds(30)))
        #expect(leases.holders(of: "alice") == 2)
    }

    @Test func aLeaseExpiresAfterItsTTLUnlessRenewedAndIsNotRevived() async throws {
        #expect(try await leases.acquire("alice", holder: "kept", limit: 2, ttl: .seconds(10)))
        #expect(try await leases.acquire("alice", holder: "dead", limit: 2, ttl: .seconds(10)))
        clock.advance(by: .seconds(8))
        #expect(try await leases.renew("alice", holder: "kept", ttl: .seconds(10)))
        clock.advance(by: .seconds(5))
        #expect(leases.holders(of: "alice") == 1)
        #expect(try await leases.renew("alice", holder: "dead", ttl: .seconds(10)) == false)
        #expect(try await leases.acquire("alice", holder: "new", limit: 2, ttl: .seconds(10)))
        #expect(try await leases.acquire("alice", holder: "late", limit: 2, ttl: .seconds(10)) == false)
    }

    @Test("expired holders that never released still leave exactly `limit` live slots")
    func expiredHoldersAreSweptAtTheLimit() async throws {
        for index in 0..<500 { #expect(try await leases.acquire("bench", holder: "old\(index)", limit: 1000, ttl: .seconds(10))) }
        clock.advance(by: .seconds(11))
        for index in 0..<1000 { #expect(try await leases.acquire("bench", holder: "new\(index)", limit: 1000, ttl: .seconds(10))) }
        #expect(try await leases.acquire("bench", holder: "one-more", limit: 1000, ttl: .seconds(10)) == false)
        #expect(leases.holders(of: "bench") == 1000)
        #expect(try await leases.renew("bench", holder: "old7", ttl: .seconds(10)) == false)
    }

    @Test("a key's expired entries stay within twice its live holders, however many came and went")
    func expiredEntriesStayBounded() {
        let clock = ManualClock()
        var key = KeyLeases()
        for round in 0..<200 {
            for index in 0..<50 {
                let taken = key.acquire(Bytewise("r\(round)-\(index)"), limit: 10_000, now: clock.now, ttl: .seconds(1))
                #expect(taken)
            }
            clock.advance(by: .seconds(2))  // every holder of this round dies without releasing
            #expect(key.expiries.count <= 2 * 50 + 8, "round \(round): \(key.expiries.count) entries")
        }
    }
}
