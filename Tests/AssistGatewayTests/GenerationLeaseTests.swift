@testable import AssistGateway
import AssistTestSupport
import Foundation
import Testing

extension SharedCalls {
    /// One process's answer cache: its generation leases in memory, never contended by another replica.
    static func alone(store: any AnswerStore, clock: any WallClock) -> SharedCalls {
        let monotonic = MonotonicClock(ContinuousClock())
        return SharedCalls(store: store, leases: InMemoryLeaseStore(), keeper: LeaseKeeper(ttl: .seconds(15), clock: monotonic),
                           instance: "alone", clock: clock, monotonicClock: monotonic)
    }
}

/// One provider call per answer key across replicas: replicas that share an answer store and a lease store,
/// the second waiting on the first's generation lease and replaying its answer, or leading once the lease
/// is free (a failed call, a replica that died).
@Suite("Generation lease across replicas")
struct GenerationLeaseTests {
    let key = AnswerKey(feature: "itinerary_summary", data: "BK-2041@3", promptVersion: "p1", locale: "en-US")
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let clock = ManualClock()

    /// A replica's answer cache on the shared stores, its leases renewed on `clock`.
    func replica(_ name: String, answers: any AnswerStore, leases: InMemoryLeaseStore) -> SharedCalls {
        SharedCalls(store: answers, leases: leases, keeper: LeaseKeeper(ttl: .seconds(15), clock: MonotonicClock(clock)), instance: name,
                    clock: ManualWallClock(now), monotonicClock: MonotonicClock(clock))
    }

    @Test("a replica finds another's call running: it waits, then replays the stored answer; one provider call")
    func waitsAndReplays() async throws {
        let (answers, leases) = (InMemoryAnswerStore(), InMemoryLeaseStore(clock: MonotonicClock(clock)))
        let (a, b) = (replica("a", answers: answers, leases: leases), replica("b", answers: answers, leases: leases))
        guard case .lead(let call) = await a.join(key, now: now) else { Issue.record("the first replica leads"); return }
        a.admitted(call)
        #expect(leases.holders(of: "answer:" + key.storageKey) == 1)

        let waiting = Task { await b.join(key, now: now) }
        for _ in 0..<3 {  // it keeps polling while the call runs
            _ = await clock.waitForSleepers(1)
            clock.advance(by: SharedCalls.pollInterval)
        }
        let provider = SummaryFlightTests.HandFedCall()
        call.start(provider.stream, maxTextBytes: 1000)
        provider.continuation.yield(.text("Your flight leaves at 09:40."))
        provider.continuation.yield(.finish(reason: "stop"))
        provider.continuation.finish()
        _ = await call.outcome()
        #expect(leases.holders(of: "answer:" + key.storageKey) == 0, "given back once the answer is stored")
        _ = await clock.waitForSleepers(1)
        clock.advance(by: SharedCalls.pollInterval)
        guard case .stored(let text) = await waiting.value else { Issue.record("the waiting replica replays the answer"); return }
        #expect(text == "Your flight leaves at 09:40.")
        #expect(a.count == 0 && b.count == 0)
    }

    @Test("the leader's call fails: nothing stored, its lease given back, and the waiting replica leads")
    func failedCallFreesTheLease() async throws {
        let (answers, leases) = (InMemoryAnswerStore(), InMemoryLeaseStore(clock: MonotonicClock(clock)))
        let (a, b) = (replica("a", answers: answers, leases: leases), replica("b", answers: answers, leases: leases))
        guard case .lead(let call) = await a.join(key, now: now) else { Issue.record("the first replica leads"); return }
        a.admitted(call)
        let waiting = Task { await b.join(key, now: now) }
        _ = await clock.waitForSleepers(1)
        let provider = SummaryFlightTests.HandFedCall()
        call.start(provider.stream, maxTextBytes: 1000)
        provider.continuation.finish(throwing: ProviderError.protocolViolation("cut"))
        _ = await call.outcome()
        clock.advance(by: SharedCalls.pollInterval)
        guard case .lead = await waiting.value else { Issue.record("the waiting replica leads"); return }
        #expect(leases.holders(of: "answer:" + key.storageKey) == 1)
    }

    @Test("a leader refused admission gives its lease back at once")
    func refusedLeaderFreesTheLease() async throws {
        let (answers, leases) = (InMemoryAnswerStore(), InMemoryLeaseStore(clock: MonotonicClock(clock)))
        let a = replica("a", answers: answers, leases: leases)
        guard case .lead(let call) = await a.join(key, now: now) else { Issue.record("the first replica leads"); return }
        await a.refused(call)
        #expect(leases.holders(of: "answer:" + key.storageKey) == 0)
    }

    @Test("the leading replica died: its lease lapses after the ttl, not before, and the waiting replica leads")
    func deadLeader() async throws {
        let (answers, leases) = (InMemoryAnswerStore(), InMemoryLeaseStore(clock: MonotonicClock(clock)))
        #expect(try await leases.acquire("answer:" + key.storageKey, holder: "x@dead", limit: 1, ttl: .seconds(15)))
        let b = replica("b", answers: answers, leases: leases)
        let waiting = Task { await b.join(key, now: now) }
        let early = Task { () -> Bool in
            var polls = 0
            while polls < 140 {  // 14 s: the lease still holds
                _ = await clock.waitForSleepers(1)
                clock.advance(by: SharedCalls.pollInterval)
                polls += 1
            }
            return true
        }
        _ = await early.value
        #expect(b.count == 1 && leases.holders(of: "answer:" + key.storageKey) == 1, "still waiting on the dead replica's lease")
        _ = await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(1100))
        guard case .lead = await waiting.value else { Issue.record("the waiting replica leads"); return }
    }

    @Test("a lease store that cannot answer: the replica generates on its own")
    func leaseStoreDown() async throws {
        let monotonic = MonotonicClock(clock)
        let calls = SharedCalls(store: InMemoryAnswerStore(), leases: DownLeaseStore(),
                                keeper: LeaseKeeper(ttl: .seconds(15), clock: monotonic), instance: "a", clock: ManualWallClock(now),
                                monotonicClock: monotonic)
        guard case .lead = await calls.join(key, now: now) else { Issue.record("it leads"); return }
    }

    struct Unreachable: Error {}

    /// A lease store that cannot be reached.
    struct DownLeaseStore: LeaseStore {
        func acquire(_ key: String, holder: String, limit: Int, ttl: Duration) async throws -> Bool { throw Unreachable() }
        func renew(_ key: String, holder: String, ttl: Duration) async throws -> Bool { throw Unreachable() }
        func release(_ key: String, holder: String) async throws { throw Unreachable() }
        func holders(of key: String) async throws -> Int { throw Unreachable() }
    }
}
