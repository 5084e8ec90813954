import AssistGateway
import AssistServer
import AssistStores
import AssistTestSupport
import AssistWire
import GatewayTestSupport
import Testing

/// `storage.journal`: the request journal's limits reach the journal and its shipper as the configuration gives them
/// (what each limit does is `RequestJournalTests`'; what is refused in the file, `StorageSettingsTests`').
@Suite("storage.journal: the request journal's limits from the configuration")
struct RequestJournalSettingsTests {
    private static func shipper(_ harness: GatewayHarness) throws -> RequestJournalShipper {
        try #require(harness.assembly.services.lazy.compactMap { $0 as? RequestJournalShipper }.first)
    }

    @Test("without the section: 65,536 entries, a rewrite past 1 MiB, shipped every 500 ms or once 512 wait")
    func defaults() async throws {
        let harness = try GatewayHarness()
        let shipper = try Self.shipper(harness)
        #expect(shipper.journal.settings.maxBacklog == 65_536 && shipper.journal.settings.rewriteBytes == 1 << 20)
        #expect(shipper.interval == .milliseconds(500) && shipper.wakeBacklog == 512)
        await harness.stop()
    }

    @Test("given: each limit as written, and a gateway that serves with them")
    func configured() async throws {
        let harness = try GatewayHarness(storage: ["kind": "sqlite", "journal": ["maxBacklog": 1_024, "rewriteBytes": 65_536, "shipMilliseconds": 5]])
        let shipper = try Self.shipper(harness)
        #expect(shipper.journal.settings.maxBacklog == 1_024 && shipper.journal.settings.rewriteBytes == 65_536)
        #expect(shipper.interval == .milliseconds(5))
        let response = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(response.status == 200)
        let row = await harness.auditRow(response.headers["x-request-id"])
        #expect(row?.status == .ok)
        await harness.stop()
    }
}
