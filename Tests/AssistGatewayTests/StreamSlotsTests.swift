@testable import AssistGateway
import AssistTestSupport
import AssistWire
import Testing

/// The per-user stream cap as leases: the limit per user, giving back, renewal while a stream runs, a
/// holder that stops renewing lapsing after the ttl, and what happens when the lease store cannot answer.
@Suite("StreamSlots")
struct StreamSlotsTests {
    let clock = ManualClock()

    struct Unreachable: Error {}

    /// A lease store that cannot be reached.
    struct DownLeaseStore: LeaseStore {
        func acquire(_ key: String, holder: String, limit: Int, ttl: Duration) async throws -> Bool { throw Unreachable() }
        func renew(_ key: String, holder: String, ttl: Duration) async throws -> Bool { throw Unreachable() }
        func release(_ key: String, holder: String) async throws { throw Unreachable() }
        func holders(of key: String) async throws -> Int { throw Unreachable() }
    }

    func makeSlots(_ store: any LeaseStore, fallback: (any LeaseStore)? = nil, limit: Int = 2, instance: String = "a") -> (StreamSlots, LeaseKeeper) {
        let keeper = LeaseKeeper(ttl: .seconds(15), clock: MonotonicClock(clock))
        return (StreamSlots(store: store, fallback: fallback, maxPerUser: limit, instance: instance, keeper: keeper), keeper)
    }

    @Test("at most the limit per user, users apart, and a slot given back is free again")
    func limitPerUser() async throws {
        let (slots, _) = makeSlots(InMemoryLeaseStore(clock: MonotonicClock(clock)))
        let first = try await slots.acquire(user: "alice", request: "r1")
        _ = try await slots.acquire(user: "alice", request: "r2")
        await #expect(throws: GatewayError.tooManyStreams(limit: 2)) { try await slots.acquire(user: "alice", request: "r3") }
        _ = try await slots.acquire(user: "bob", request: "r4")
        #expect(slots.openStreams == 3)
        await slots.release(first)
        _ = try await slots.acquire(user: "alice", request: "r3")
        #expect(slots.openStreams == 3)
    }

    @Test("two replicas sharing a store share the cap; concurrent takers get exactly the limit")
    func acrossReplicas() async throws {
        let store = InMemoryLeaseStore(clock: MonotonicClock(clock))
        let ((a, _), (b, _)) = (makeSlots(store, limit: 5, instance: "a"), makeSlots(store, limit: 5, instance: "b"))
        let granted = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<100 {
                group.addTask { (try? await (index.isMultiple(of: 2) ? a : b).acquire(user: "alice", request: "r\(index)")) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(granted == 5 && a.openStreams + b.openStreams == 5)
        #expect(store.holders(of: StreamSlots.key(user: "alice")) == 5)
    }

    @Test("renewed every third of the ttl a lease outlives it; a replica that stops renewing loses it after the ttl")
    func renewalAndLapse() async throws {
        let store = InMemoryLeaseStore(clock: MonotonicClock(clock))
        let ((alive, keeper), (dead, _)) = (makeSlots(store, limit: 2, instance: "alive"), makeSlots(store, limit: 2, instance: "dead"))
        _ = try await alive.acquire(user: "alice", request: "r1")
        _ = try await dead.acquire(user: "alice", request: "r2")
        let renewer = Task { await keeper.run() }
        for _ in 0..<4 {  // 20 s: past the ttl of the lease nobody renews
            _ = await clock.waitForSleepers(1)
            clock.advance(by: .seconds(5))
        }
        _ = await clock.waitForSleepers(1)
        #expect(store.holders(of: StreamSlots.key(user: "alice")) == 1)
        _ = try await alive.acquire(user: "alice", request: "r3")  // the dead replica's slot is free
        keeper.shutdown()
        await renewer.value
    }

    @Test("a lease that lapsed is taken again at the next renewal when its user has room")
    func lapsedLeaseIsTakenAgain() async throws {
        let store = InMemoryLeaseStore(clock: MonotonicClock(clock))
        let (slots, keeper) = makeSlots(store)
        _ = try await slots.acquire(user: "alice", request: "r1")
        clock.advance(by: .seconds(20))
        #expect(store.holders(of: StreamSlots.key(user: "alice")) == 0)
        await keeper.renewAll()
        #expect(store.holders(of: StreamSlots.key(user: "alice")) == 1)
    }

    @Test("a store that cannot answer: 503 quota_unavailable, or with a fallback this replica's own leases at the same limit")
    func storeDown() async throws {
        await #expect(throws: GatewayError.quotaUnavailable("the stream slot store")) {
            try await makeSlots(DownLeaseStore()).0.acquire(user: "alice", request: "r1")
        }
        let local = InMemoryLeaseStore(clock: MonotonicClock(clock))
        let (slots, _) = makeSlots(DownLeaseStore(), fallback: local, limit: 1)
        let slot = try await slots.acquire(user: "alice", request: "r1")
        #expect(slot.isLocal && local.holders(of: StreamSlots.key(user: "alice")) == 1)
        await #expect(throws: GatewayError.tooManyStreams(limit: 1)) { try await slots.acquire(user: "alice", request: "r2") }
        await slots.release(slot)
        #expect(local.holders(of: StreamSlots.key(user: "alice")) == 0 && slots.openStreams == 0)
    }

    @Test("limits.streamLeaseSeconds: 15 by default, read, and at least 1")
    func leaseSecondsSetting() throws {
        #expect(try ConfigFixture.load().limits.streamLeaseSeconds == 15)
        var json = ConfigFixture.json
        json.set("limits.streamLeaseSeconds", 2.5)
        #expect(try ConfigFixture.load(json).limits.streamLeaseSeconds == 2.5)
        #expect(ConfigFixture.issues { $0.set("limits.streamLeaseSeconds", 0.5) }.map(\.description) == ["limits.streamLeaseSeconds: must be >= 1"])
    }
}
