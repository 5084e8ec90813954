@testable import AssistGateway
import Foundation
import Testing

/// What a reservation takes it gives back exactly once, whichever of settle and cancel comes first.
@Suite("Reservation")
struct ReservationTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_790_000_000))
    let limits = QuotaLimits(requests: 5, tokens: 1000)

    func make(localQuota: InMemoryQuotaStore? = nil, failing: Bool = false) -> (Reservation, InMemoryQuotaStore, StreamSlots, SharedCalls) {
        let quota = InMemoryQuotaStore(clock: clock)
        let keeper = LeaseKeeper(ttl: .seconds(15), clock: MonotonicClock(ContinuousClock()))
        let slots = StreamSlots(store: InMemoryLeaseStore(), fallback: nil, maxPerUser: 1, instance: "a", keeper: keeper)
        let calls = SharedCalls.alone(store: InMemoryAnswerStore(), clock: clock)
        let store: any QuotaStore = failing ? DownQuotaStore() : quota
        return (Reservation(quotaStore: store, localQuota: localQuota, slots: slots, sharedCalls: calls), quota, slots, calls)
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
        try await reservation.takeSlot(for: "u1", request: "r1")
        #expect(try await reservation.reserveQuota(key, tokens: 300, limits: limits, resetSeconds: 60) == 4)
        #expect(quota.tokens(for: key) == 300 && slots.openStreams == 1 && reservation.holdsQuota)
        #expect(await reservation.settle(usage: TokenUsage(inputTokens: 40, outputTokens: 2)))
        #expect(quota.tokens(for: key) == 42 && slots.openStreams == 0)
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
        try await reservation.takeSlot(for: "u1", request: "r1")
        _ = try await reservation.reserveQuota(key, tokens: 300, limits: limits, resetSeconds: 60)
        #expect(await reservation.cancel())
        #expect(quota.tokens(for: key) == 0 && slots.openStreams == 0 && calls.count == 0)
        #expect(await reservation.cancel() == false)
        #expect(await reservation.settle(usage: TokenUsage(inputTokens: 1, outputTokens: 1)) == false)
        #expect(quota.tokens(for: key) == 0)
    }

    @Test("a refused step holds nothing: a full slot set or a spent window takes nothing")
    func refusalsTakeNothing() async throws {
        let (reservation, quota, slots, _) = make()
        let other = try await slots.acquire(user: "u1", request: "r0")
        await #expect(throws: GatewayError.tooManyStreams(limit: 1)) { try await reservation.takeSlot(for: "u1", request: "r1") }
        await slots.release(other)
        await #expect(throws: GatewayError.quotaExceeded(retryAfter: 60)) {
            try await reservation.reserveQuota(key, tokens: 5000, limits: limits, resetSeconds: 60)
        }
        #expect(!reservation.holdsQuota)
        #expect(await reservation.cancel())
        #expect(quota.tokens(for: key) == 0 && slots.openStreams == 0)
    }

    @Test("a quota store that cannot answer: 503 quota_unavailable, or counted and settled by the local stand-in, and said so")
    func localStandIn() async throws {
        let (refused, _, _, _) = make(failing: true)
        await #expect(throws: GatewayError.quotaUnavailable("the quota store")) {
            try await refused.reserveQuota(key, tokens: 300, limits: limits, resetSeconds: 60)
        }
        #expect(refused.auditReason == "")
        let local = InMemoryQuotaStore(clock: clock)
        let (reservation, _, _, _) = make(localQuota: local, failing: true)
        #expect(try await reservation.reserveQuota(key, tokens: 300, limits: limits, resetSeconds: 60) == 4)
        #expect(reservation.auditReason == Reservation.localAdmissionReason && local.tokens(for: key) == 300)
        #expect(await reservation.settle(usage: TokenUsage(inputTokens: 10, outputTokens: 5)))
        #expect(local.tokens(for: key) == 15)
    }
}
