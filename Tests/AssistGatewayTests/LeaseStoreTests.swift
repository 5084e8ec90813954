import AssistGateway
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
}
