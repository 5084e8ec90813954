@testable import AssistGateway
import Foundation
import Testing

/// What a reservation takes it gives back exactly once, whichever of settle and cancel comes first.
@Suite("Reservation")
struct ReservationTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_790_000_000))
    let limits = QuotaLimits(requests: 5, tokens: 1000)

    func make() -> (Reservation, InMemoryQuotaStore, StreamLimiter, SharedCalls) {
        let quota = InMemoryQuotaStore(clock: clock)
        let limiter = StreamLimiter(maxPerUser: 1)
        let calls = SharedCalls(store: InMemoryAnswerStore(), clock: clock)
        return (Reservation(quotaStore: quota, limiter: limiter, sharedCalls: calls), quota, limiter, calls)
    }

    var key: QuotaKey { QuotaKey(user: "u1", feature: "f", day: UTCDay(containing: clock.now())) }

    @Test("settle replaces the reserved tokens by the usage and frees the slot, once")
    func settleOnce() async throws {
        let (reservation, quota, limiter, _) = make()
        try reservation.takeSlot(for: "u1")
        #expect(try await reservation.reserveQuota(key, tokens: 300, limits: limits, resetSeconds: 60) == 4)
        #expect(quota.tokens(for: key) == 300 && limiter.openStreams == 1 && reservation.holdsQuota)
        #expect(await reservation.settle(usage: TokenUsage(inputTokens: 40, outputTokens: 2)))
        #expect(quota.tokens(for: key) == 42 && limiter.openStreams == 0)
        #expect(await reservation.settle(usage: TokenUsage(inputTokens: 500, outputTokens: 0)) == false)
        #expect(await reservation.cancel() == false)
        #expect(quota.tokens(for: key) == 42 && limiter.openStreams == 0)
    }

    @Test("cancel charges nothing, frees the slot and gives a led call's followers their own way, once")
    func cancelOnce() async throws {
        let (reservation, quota, limiter, calls) = make()
        let answer = AnswerKey(feature: "f", data: "d", promptVersion: "p", locale: "en")
        guard case .lead(let call) = await calls.join(answer, now: clock.now()) else { Issue.record("must lead"); return }
        reservation.lead(call)
        try reservation.takeSlot(for: "u1")
        _ = try await reservation.reserveQuota(key, tokens: 300, limits: limits, resetSeconds: 60)
        #expect(await reservation.cancel())
        #expect(quota.tokens(for: key) == 0 && limiter.openStreams == 0 && calls.count == 0)
        #expect(await reservation.cancel() == false)
        #expect(await reservation.settle(usage: TokenUsage(inputTokens: 1, outputTokens: 1)) == false)
        #expect(quota.tokens(for: key) == 0)
    }

    @Test("a refused step holds nothing: a full slot set or a spent window takes nothing")
    func refusalsTakeNothing() async throws {
        let (reservation, quota, limiter, _) = make()
        #expect(limiter.acquire("u1"))
        #expect(throws: GatewayError.tooManyStreams(limit: 1)) { try reservation.takeSlot(for: "u1") }
        limiter.release("u1")
        await #expect(throws: GatewayError.quotaExceeded(retryAfter: 60)) {
            try await reservation.reserveQuota(key, tokens: 5000, limits: limits, resetSeconds: 60)
        }
        #expect(!reservation.holdsQuota)
        #expect(await reservation.cancel())
        #expect(quota.tokens(for: key) == 0 && limiter.openStreams == 0)
    }
}
