@testable import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import Testing

/// The per-user stream cap as leases: the limit per user, giving back, renewal while a stream runs, a
/// holder that stops renewing lapsing after the ttl. (A store that cannot answer: `ReservationTests`.)
@Suite("StreamSlots")
struct StreamSlotsTests {
    let clock = ManualClock()

    func makeSlots(limit: Int = 2, instance: String = "a") -> (StreamSlots, LeaseKeeper) {
        let keeper = LeaseKeeper(ttl: .seconds(15), clock: MonotonicClock(clock))
        return (StreamSlots(maxPerUser: limit, instance: instance, keeper: keeper), keeper)
    }

    /// A slot taken as admission takes it: in one call with a quota that has room, then kept by the keeper. Nil: all held.
    func take(_ slots: StreamSlots, from leases: any LeaseStore, user: String, request: String) async throws -> StreamSlots.Slot? {
        let store = SeparateAdmissionStore(quota: InMemoryQuotaStore(), leases: leases)
        let slot = slots.request(user: user, request: request)
        let key = QuotaKey(user: user, feature: "f", day: UTCDay(containing: Date()))
        guard case .admitted = try await store.admit(key, tokens: 0, limits: QuotaLimits(requests: 1_000, tokens: 1_000), slot: slot) else {
            return nil
        }
        return slots.adopt(slot, in: leases, isLocal: false)
    }

    /// A slot given back as a request's end gives it: the keeper stops renewing it, its store takes it back.
    func giveBack(_ slot: StreamSlots.Slot, _ slots: StreamSlots, to leases: any LeaseStore) async throws {
        #expect(slots.forget(slot))
        #expect(!slots.forget(slot), "once")
        try await leases.release(slot.key, holder: slot.holder)
    }

    @Test("at most the limit per user, users apart, and a slot given back is free again")
    func limitPerUser() async throws {
        let leases = InMemoryLeaseStore(clock: MonotonicClock(clock))
        let (slots, _) = makeSlots()
        let first = try #require(try await take(slots, from: leases, user: "alice", request: "r1"))
        #expect(try await take(slots, from: leases, user: "alice", request: "r2") != nil)
        #expect(try await take(slots, from: leases, user: "alice", request: "r3") == nil)
        #expect(try await take(slots, from: leases, user: "bob", request: "r4") != nil)
        #expect(slots.openStreams == 3)
        try await giveBack(first, slots, to: leases)
        #expect(try await take(slots, from: leases, user: "alice", request: "r3") != nil)
        #expect(slots.openStreams == 3)
    }

    @Test("two replicas sharing a store share the cap; concurrent takers get exactly the limit")
    func acrossReplicas() async throws {
        let store = InMemoryLeaseStore(clock: MonotonicClock(clock))
        let ((a, _), (b, _)) = (makeSlots(limit: 5, instance: "a"), makeSlots(limit: 5, instance: "b"))
        let granted = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<100 {
                group.addTask { (try? await take(index.isMultiple(of: 2) ? a : b, from: store, user: "alice", request: "r\(index)")) != nil }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(granted == 5 && a.openStreams + b.openStreams == 5)
        #expect(store.holders(of: StreamSlots.key(user: "alice")) == 5)
    }

    @Test("renewed every third of the ttl a lease outlives it; a replica that stops renewing loses it after the ttl")
    func renewalAndLapse() async throws {
        let store = InMemoryLeaseStore(clock: MonotonicClock(clock))
        let ((alive, keeper), (dead, _)) = (makeSlots(limit: 2, instance: "alive"), makeSlots(limit: 2, instance: "dead"))
        #expect(try await take(alive, from: store, user: "alice", request: "r1") != nil)
        #expect(try await take(dead, from: store, user: "alice", request: "r2") != nil)
        let renewer = Task { await keeper.run() }
        for _ in 0..<4 {  // 20 s: past the ttl of the lease nobody renews
            _ = await clock.waitForSleepers(1)
            clock.advance(by: .seconds(5))
        }
        _ = await clock.waitForSleepers(1)
        #expect(store.holders(of: StreamSlots.key(user: "alice")) == 1)
        #expect(try await take(alive, from: store, user: "alice", request: "r3") != nil)  // the dead replica's slot is free
        keeper.shutdown()
        await renewer.value
    }

    @Test("a lease that lapsed is taken again at the next renewal when its user has room")
    func lapsedLeaseIsTakenAgain() async throws {
        let store = InMemoryLeaseStore(clock: MonotonicClock(clock))
        let (slots, keeper) = makeSlots()
        #expect(try await take(slots, from: store, user: "alice", request: "r1") != nil)
        clock.advance(by: .seconds(20))
        #expect(store.holders(of: StreamSlots.key(user: "alice")) == 0)
        await keeper.renewAll()
        #expect(store.holders(of: StreamSlots.key(user: "alice")) == 1)
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
