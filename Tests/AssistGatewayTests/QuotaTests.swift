import AssistGateway
import Foundation
import Testing

@Suite("InMemoryQuotaStore")
struct QuotaTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_767_225_600 + 12 * 3600))  // 2026-01-01T12:00:00Z
    let store: InMemoryQuotaStore

    init() { store = InMemoryQuotaStore(clock: clock) }

    func key(user: String = "u1", feature: String = "support_chat") -> QuotaKey {
        QuotaKey(user: user, feature: feature, day: UTCDay(containing: clock.now()))
    }

    @Test func admitsUpToTheRequestLimitThenExceeds() async throws {
        let limits = QuotaLimits(requests: 3, tokens: 1000)
        #expect(try await store.reserve(key(), tokens: 10, limits: limits) == .admitted(remainingRequests: 2, remainingTokens: 990))
        #expect(try await store.reserve(key(), tokens: 10, limits: limits) == .admitted(remainingRequests: 1, remainingTokens: 980))
        #expect(try await store.reserve(key(), tokens: 10, limits: limits) == .admitted(remainingRequests: 0, remainingTokens: 970))
        #expect(try await store.reserve(key(), tokens: 10, limits: limits) == .exceeded)
        #expect(try await store.reserve(key(), tokens: 0, limits: limits) == .exceeded)
        #expect(store.tokens(for: key()) == 30)
    }

    @Test func tokenLimitIsEnforcedAndExceededReservesNothing() async throws {
        let limits = QuotaLimits(requests: 100, tokens: 100)
        #expect(try await store.reserve(key(), tokens: 60, limits: limits) == .admitted(remainingRequests: 99, remainingTokens: 40))
        #expect(try await store.reserve(key(), tokens: 41, limits: limits) == .exceeded)
        #expect(store.tokens(for: key()) == 60)
        #expect(try await store.reserve(key(), tokens: 40, limits: limits) == .admitted(remainingRequests: 98, remainingTokens: 0))
        #expect(try await store.reserve(key(), tokens: 1, limits: limits) == .exceeded)
    }

    @Test func zeroLimitsAdmitNothing() async throws {
        #expect(try await store.reserve(key(), tokens: 0, limits: QuotaLimits(requests: 0, tokens: 100)) == .exceeded)
        #expect(try await store.reserve(key(), tokens: 1, limits: QuotaLimits(requests: 5, tokens: 0)) == .exceeded)
    }

    @Test func settleLowersTokensSoALaterRequestFits() async throws {
        let limits = QuotaLimits(requests: 10, tokens: 100)
        #expect(try await store.reserve(key(), tokens: 80, limits: limits) == .admitted(remainingRequests: 9, remainingTokens: 20))
        #expect(try await store.reserve(key(), tokens: 30, limits: limits) == .exceeded)
        try await store.settle(key(), reservedTokens: 80, actualTokens: 20)
        #expect(store.tokens(for: key()) == 20)
        #expect(try await store.reserve(key(), tokens: 30, limits: limits) == .admitted(remainingRequests: 8, remainingTokens: 50))
    }

    @Test func settleCanRaiseTokensAndNeverGoesNegative() async throws {
        let limits = QuotaLimits(requests: 10, tokens: 1000)
        _ = try await store.reserve(key(), tokens: 50, limits: limits)
        try await store.settle(key(), reservedTokens: 50, actualTokens: 120)
        #expect(store.tokens(for: key()) == 120)
        try await store.settle(key(), reservedTokens: 500, actualTokens: 0)
        #expect(store.tokens(for: key()) == 0)
    }

    @Test func settleForAnUnknownKeyDoesNothing() async throws {
        try await store.settle(key(user: "ghost"), reservedTokens: 10, actualTokens: 99)
        #expect(store.tokens(for: key(user: "ghost")) == 0)
    }

    @Test func usersAndFeaturesHaveSeparateWindows() async throws {
        let limits = QuotaLimits(requests: 1, tokens: 100)
        #expect(try await store.reserve(key(), tokens: 5, limits: limits) != .exceeded)
        #expect(try await store.reserve(key(), tokens: 5, limits: limits) == .exceeded)
        #expect(try await store.reserve(key(user: "u2"), tokens: 5, limits: limits) != .exceeded)
        #expect(try await store.reserve(key(feature: "itinerary_summary"), tokens: 5, limits: limits) != .exceeded)
    }

    @Test func aNewDayIsANewWindow() async throws {
        let limits = QuotaLimits(requests: 2, tokens: 100)
        let today = key()
        _ = try await store.reserve(today, tokens: 50, limits: limits)
        _ = try await store.reserve(today, tokens: 50, limits: limits)
        #expect(try await store.reserve(today, tokens: 1, limits: limits) == .exceeded)

        clock.advance(by: 12 * 3600)  // exactly midnight UTC
        let tomorrow = key()
        #expect(tomorrow.day.index == today.day.index + 1)
        #expect(try await store.reserve(tomorrow, tokens: 50, limits: limits) == .admitted(remainingRequests: 1, remainingTokens: 50))
        #expect(store.tokens(for: today) == 0, "yesterday's window is pruned")
    }

    @Test func oneSecondBeforeMidnightIsStillTheSameWindow() async throws {
        let limits = QuotaLimits(requests: 1, tokens: 100)
        _ = try await store.reserve(key(), tokens: 1, limits: limits)
        clock.advance(by: 12 * 3600 - 1)
        #expect(try await store.reserve(key(), tokens: 1, limits: limits) == .exceeded)
    }

    @Test func concurrentReservationsAdmitExactlyTheLimit() async throws {
        let limits = QuotaLimits(requests: 7, tokens: 1_000_000)
        let key = key()
        let store = store
        let admitted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask { (try? await store.reserve(key, tokens: 3, limits: limits)).map { $0 != .exceeded } ?? false }
            }
            var count = 0
            for await ok in group where ok { count += 1 }
            return count
        }
        #expect(admitted == 7)
        #expect(store.tokens(for: key) == 21)
    }

    @Test func concurrentReservationsRespectTheTokenLimit() async throws {
        let limits = QuotaLimits(requests: 1000, tokens: 100)
        let key = key()
        let store = store
        let admitted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask { (try? await store.reserve(key, tokens: 9, limits: limits)).map { $0 != .exceeded } ?? false }
            }
            var count = 0
            for await ok in group where ok { count += 1 }
            return count
        }
        #expect(admitted == 11)
        #expect(store.tokens(for: key) == 99)
    }
}
