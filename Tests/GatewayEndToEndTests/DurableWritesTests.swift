import AssistGateway
import AssistServer
import AssistStores
import AssistTestSupport
import AssistWire
import GatewayTestSupport
import Testing

/// On SQLite storage a request's admission (its quota reservation and its `started` row) and its end (the
/// settlement and the final row) are each one journal append (`DurableWriteGroup`, issue 32 item 3), so a SIGKILL
/// between two writes can no longer leave a reservation without its row; a group that cannot be written refuses
/// the request with nothing counted.
@Suite("Durable writes: one journal append for admission, one for the end", .serialized)
struct DurableWritesTests {
    private static func shipper(_ harness: GatewayHarness) throws -> RequestJournalShipper {
        try #require(harness.assembly.services.lazy.compactMap { $0 as? RequestJournalShipper }.first)
    }

    private static func quota(_ harness: GatewayHarness) throws -> JournaledQuotaStore {
        try #require(harness.assembly.dependencies.stores.quota as? JournaledQuotaStore)
    }

    private static func key(_ harness: GatewayHarness) -> QuotaKey {
        QuotaKey(user: "u1", feature: "support_chat", day: UTCDay(containing: harness.clock.now()))
    }

    @Test("a charged request writes the journal twice: its reservation with its started row, its settlement with its final row")
    func twoWritesPerRequest() async throws {
        let harness = try GatewayHarness()
        let journal = try Self.shipper(harness).journal
        let before = journal.writes
        let response = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(response.status == 200)
        let row = await harness.auditRow(response.headers["x-request-id"])
        #expect(row?.status == .ok)
        #expect(journal.writes - before == 2)
        let usage = try Self.quota(harness).usage(for: Self.key(harness))
        #expect(usage.requests == 1)
        #expect(usage.tokens == (row?.inputTokens ?? -1) + (row?.outputTokens ?? -1))
        await harness.stop()
    }

    @Test("admission whose writes cannot be made durable: 503 quota_unavailable, nothing counted, the user's slot free")
    func unwrittenAdmission() async throws {
        let harness = try GatewayHarness(limits: ["maxConcurrentStreamsPerUser": 1])
        let journal = try Self.shipper(harness).journal
        journal.close()  // every append fails from here on, as on a full disk
        for _ in 0..<2 {
            let refused = try await harness.stream(body: GatewayHarness.uncachedBody)
            #expect(refused.status == 503)
            #expect(refused.errorCode == "quota_unavailable", "\(refused.text)")
        }
        // A refusal before admission writes nothing, so it does not say that storage works again.
        let unauthenticated = try await harness.stream(body: GatewayHarness.uncachedBody, authorization: "Bearer not-a-token")
        #expect(unauthenticated.status == 401)
        let health = try await testRequest(port: harness.port, path: "/healthz")
        #expect(health.json?["checks"]?["storage"]?["status"]?.stringValue != "ok", "\(health.text)")
        #expect(try Self.quota(harness).usage(for: Self.key(harness)) == (0, 0))
        #expect(harness.assembly.dependencies.state.streamSlots.openStreams == 0)
        #expect(journal.writes == 0)
        await harness.stop()
    }
}
