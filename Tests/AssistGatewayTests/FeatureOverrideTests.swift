@testable import AssistGateway
import Testing

@Suite("Feature overrides")
struct FeatureOverrideTests {
    let registry: FeatureRegistry

    init() throws {
        registry = FeatureRegistry(try ConfigFixture.load().features)
    }

    @Test("an override changes the record served, not the record configured")
    func applied() throws {
        registry.setOverride(FeatureOverride(enabled: false, rolloutPercentage: 25), for: "support_chat")
        let served = try #require(registry.feature("support_chat"))
        #expect(!served.enabled)
        #expect(served.rollout == FeatureRecord.Rollout(flag: "support_chat", percentage: 25))
        let entry = try #require(registry.entry("support_chat"))
        #expect(entry.configured.enabled)
        #expect(!registry.available(to: "u1").contains { $0.id == "support_chat" })
    }

    @Test("parts equal to the configuration are dropped, so changing back leaves no override")
    func minimized() throws {
        let configured = try #require(registry.entry("itinerary_summary")).configured
        #expect(FeatureOverride(enabled: true, rolloutPercentage: 100).minimized(against: configured).isEmpty)
        #expect(FeatureOverride(enabled: true, rolloutPercentage: 40).minimized(against: configured) == FeatureOverride(rolloutPercentage: 40))
        registry.setOverride(FeatureOverride(), for: "itinerary_summary")
        #expect(registry.entry("itinerary_summary")?.override == nil)
    }

    @Test("a reload replaces the records and keeps the overrides")
    func reload() throws {
        registry.setOverride(FeatureOverride(enabled: false), for: "support_chat")
        var records = try ConfigFixture.load().features
        records["support_chat"]?.promptVersion = "next"
        registry.replaceRecords(records)
        #expect(registry.feature("support_chat")?.promptVersion == "next")
        #expect(registry.feature("support_chat")?.enabled == false)
        #expect(registry.serves(feature: "support_chat", promptVersion: "next"))
        #expect(!registry.serves(feature: "support_chat", promptVersion: "2026-10-02.1"))
    }
}
