@testable import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import Testing

/// User ids (and the ids and keys that hold them) compare as UTF-8 bytes in the core, as every store compares
/// them: two ids that Swift's `==` calls equal because they are canonically equivalent are two users.
@Suite("User ids compare as bytes")
struct BytewiseTests {
    /// "René" with a combining acute accent, and with the precomposed é: canonically equivalent, other bytes.
    static let decomposed = "rene\u{301}"
    static let precomposed = "ren\u{E9}"

    @Test("the two spellings are one string to Swift and two to sameBytes and Bytewise")
    func helper() {
        #expect(Self.decomposed == Self.precomposed)  // what makes this suite necessary
        #expect(!Self.decomposed.sameBytes(as: Self.precomposed))
        #expect(Self.decomposed.sameBytes(as: "rene\u{301}"))
        #expect(Set([Bytewise(Self.decomposed), Bytewise(Self.precomposed), Bytewise(Self.decomposed)]).count == 2)
        #expect(Bytewise("req_K") != Bytewise("req_\u{212A}"))  // the Kelvin sign is canonically a K
    }

    @Test("quota windows: each spelling has its own")
    func quota() async throws {
        let store = InMemoryQuotaStore()
        let day = UTCDay(containing: Date())
        let limits = QuotaLimits(requests: 1, tokens: 100)
        let first = try await store.reserve(QuotaKey(user: Self.decomposed, feature: "f", day: day), tokens: 10, limits: limits)
        let second = try await store.reserve(QuotaKey(user: Self.precomposed, feature: "f", day: day), tokens: 10, limits: limits)
        #expect(first == .admitted(remainingRequests: 0, remainingTokens: 90))
        #expect(second == .admitted(remainingRequests: 0, remainingTokens: 90))
        #expect(QuotaKey(user: Self.decomposed, feature: "f", day: day) != QuotaKey(user: Self.precomposed, feature: "f", day: day))
    }

    @Test("stream slots and other leases: each spelling has its own")
    func leases() async throws {
        let store = InMemoryLeaseStore()
        #expect(try await store.acquire(StreamSlots.key(user: Self.decomposed), holder: "a", limit: 1, ttl: .seconds(60)))
        #expect(try await store.acquire(StreamSlots.key(user: Self.precomposed), holder: "b", limit: 1, ttl: .seconds(60)))
        #expect(store.holders(of: StreamSlots.key(user: Self.precomposed)) == 1)
    }

    @Test("an integrity challenge is consumed only by the user it was issued to; each has their own rate")
    func challenges() async throws {
        let store = InMemoryChallengeStore()
        let challenge = try await store.issue(user: Self.decomposed, ttl: 60)
        #expect(try await store.consume(challenge, user: Self.precomposed) == false)
        #expect(try await store.consume(challenge, user: Self.decomposed))

        let rate = ChallengeRate(perMinute: 1, clock: SystemWallClock())
        try rate.admit(Self.decomposed)
        #expect(throws: Never.self) { try rate.admit(Self.precomposed) }

        let keys = InMemoryDeviceKeyStore()
        try await keys.register(DeviceKey(user: Self.decomposed, keyId: [1, 2], publicKey: [4], counter: 0, environment: "production"))
        #expect(try await keys.key(user: Self.precomposed, keyId: [1, 2]) == nil)
        #expect(try await keys.key(user: Self.decomposed, keyId: [1, 2]) != nil)
    }

    @Test("a feature's internal users are named by their bytes")
    func internalUsers() throws {
        var record = FeatureRecord(id: "itinerary_summary", promptVersion: "v1", model: "m", maxOutputTokens: 10,
                                   rollout: .init(flag: "summary_v2", percentage: 0), inputSchema: try InputSchema(["type": "object"]),
                                   template: .init(builder: "itinerary_summary", instructions: "current"), quotas: [:])
        record.internalUsers = [Self.precomposed]
        func allowed(_ user: String) -> Bool { if case .allowed = Rollout.access(record, user: user) { true } else { false } }
        #expect(allowed(Self.precomposed))
        #expect(!allowed(Self.decomposed))
    }

    @Test("a request id names only its own request: audit rows and remembered inputs")
    func requestIds() async throws {
        let audit = InMemoryAuditStore()
        try await audit.record(AuditRecord(requestId: "req_K", time: Date(), user: "u1", status: .ok))
        #expect(await audit.record(for: "req_\u{212A}") == nil)
        #expect(await audit.record(for: "req_K") != nil)
        let recent = RecentRequests()
        recent.remember("req_K", input: ["x": 1], locale: "en-US")
        #expect(recent.entry(for: "req_\u{212A}") == nil)
        #expect(recent.entry(for: "req_K") != nil)
    }
}
