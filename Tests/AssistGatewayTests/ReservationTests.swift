@testable import AssistGateway
import Foundation
import Testing

/// What a reservation takes it gives back exactly once, whichever of settle and cancel comes first.
@Suite("Reservation")
struct ReservationTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_790_000_000))
    let limits = QuotaLimits(requests: 5, tokens: 1000)

    let leases = InMemoryLeaseStore()

    func make(standIn: (any AdmissionStore)? = nil, failing: Bool = false) -> (Reservation, InMemoryQuotaStore, StreamSlots, SharedCalls) {
        let quota = InMemoryQuotaStore(clock: clock)
        let keeper = LeaseKeeper(ttl: .seconds(15), clock: MonotonicClock(ContinuousClock()))
        let slots = StreamSlots(maxPerUser: 1, instance: "a", keeper: keeper)
        let calls = SharedCalls.alone(store: InMemoryAnswerStore(), clock: clock)
        let store = SeparateAdmissionStore(quota: failing ? DownQuotaStore() : quota, leases: leases)
        return (Reservation(admission: store, standIn: standIn, slots: slots, sharedCalls: calls), quota, slots, calls)
    }

    struct DownQuotaStore: QuotaStore {
        struct Unreachable: Error {}
        func reserve(_ key: QuotaKey, tokens: Int, limits: QuotaLimits) async throws -> QuotaDecision { throw Unreachable() }
        func settle(_ key: QuotaKey, reservedTokens: Int, actualTokens: Int) async throws { throw Unreachable() }
    }

    var key: QuotaKey { QuotaKey(user: "u1", feature: "f", day: UTCDay(containing: clock.now())) }

    @Test("settle replaces the reserved tokens by the usage and frees the slot, once")
    func settleOnce() async throws {
        let (reservation, quota, slots, _) = make()
        #expect(try await reservation.admit(user: "u1", request: "r1", quota: key, tokens: 300, limits: limits, resetSeconds: 60) == 4)
        #expect(quota.tokens(for: key) == 300 && slots.openStreams == 1 && reservation.holdsQuota)
        #expect(leases.holders(of: StreamSlots.key(user: "u1")) == 1)
        #expect(await reservation.settle(usage: TokenUsage(inputTokens: 40, outputTokens: 2)))
        #expect(quota.tokens(for: key) == 42 && slots.openStreams == 0 && leases.holders(of: StreamSlots.key(user: "u1")) == 0)
        #expect(await reservation.settle(usage: TokenUsage(inputTokens: 500, outputTokens: 0)) == false)
        #expect(await reservation.cancel() == false)
        #expect(quota.tokens(for: key) == 42 && slots.openStreams == 0)
    }

    @Test("cancel charges nothing, frees the slot and gives a led call's followers their own way, once")
    func cancelOnce() async throws {
        let (reservation, quota, slots, calls) = make()
        let answer = AnswerKey(feature: "f", data: "d", promptVersion: "p", locale: "en")
        guard case .lead(let call) = await calls.join(answer, now: clock.now()) else { Issue.record("must lead"); return }
        reservation.lead(call)
        _ = try await reservation.admit(user: "u1", request: "r1", quota: key, tokens: 300, limits: limits, resetSeconds: 60)
        #expect(await reservation.cancel())
        #expect(quota.tokens(for: key) == 0 && slots.openStreams == 0 && calls.count == 0)
        #expect(await reservation.cancel() == false)
        #expect(await reservation.settle(usage: TokenUsage(inputTokens: 1, outputTokens: 1)) == false)
        #expect(quota.tokens(for: key) == 0)
    }

    @Test("a refusal holds nothing: a full slot set takes no quota, a spent window keeps no slot")
    func refusalsTakeNothing() async throws {
        let (reservation, quota, slots, _) = make()
        _ = try await leases.acquire(StreamSlots.key(user: "u1"), holder: "r0@b", limit: 1, ttl: .seconds(15))
        await #expect(throws: GatewayError.tooManyStreams(limit: 1)) {
            try await reservation.admit(user: "u1", request: "r1", quota: key, tokens: 300, limits: limits, resetSeconds: 60)
        }
        #expect(quota.tokens(for: key) == 0)
        try await leases.release(StreamSlots.key(user: "u1"), holder: "r0@b")
        await #expect(throws: GatewayError.quotaExceeded(retryAfter: 60)) {
            try await reservation.admit(user: "u1", request: "r1", quota: key, tokens: 5000, limits: limits, resetSeconds: 60)
        }
        #expect(!reservation.holdsQuota && leases.holders(of: StreamSlots.key(user: "u1")) == 0)
        #expect(await reservation.cancel())
        #expect(quota.tokens(for: key) == 0 && slots.openStreams == 0)
    }

    @Test("a quota store that cannot answer: 503 quota_unavailable, or counted and settled by the local stand-in, and said so")
    func localStandIn() async throws {
        let (refused, _, _, _) = make(failing: true)
        await #expect(throws: GatewayError.quotaUnavailable("the quota store")) {
            try await refused.admit(user: "u1", request: "r1", quota: key, tokens: 300, limits: limits, resetSeconds: 60)
        }
        #expect(refused.auditReason == "" && leases.holders(of: StreamSlots.key(user: "u1")) == 0, "the slot taken before the quota failed is back")
        let (local, localLeases) = (InMemoryQuotaStore(clock: clock), InMemoryLeaseStore())
        let (reservation, _, slots, _) = make(standIn: SeparateAdmissionStore(quota: local, leases: localLeases), failing: true)
        #expect(try await reservation.admit(user: "u1", request: "r1", quota: key, tokens: 300, limits: limits, resetSeconds: 60) == 4)
        #expect(reservation.auditReason == Reservation.localAdmissionReason && local.tokens(for: key) == 300)
        #expect(localLeases.holders(of: StreamSlots.key(user: "u1")) == 1 && slots.openStreams == 1)
        #expect(await reservation.settle(usage: TokenUsage(inputTokens: 10, outputTokens: 5)))
        #expect(local.tokens(for: key) == 15 && localLeases.holders(of: StreamSlots.key(user: "u1")) == 0 && slots.openStreams == 0)
    }
}
