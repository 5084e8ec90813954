import AssistClient
import Testing

struct FixedAvailability: AvailabilityProvider {
    let state: ModelAvailability
    func availability(feature: String, locale: String) -> ModelAvailability { state }
}

@Suite("RouteDecider")
struct RouteDeciderTests {
    @Test("every availability state × server fallback × online", arguments: ModelAvailability.allCases)
    func table(state: ModelAvailability) {
        for fallback in [false, true] {
            for online in [false, true] {
                let decider = RouteDecider(availability: FixedAvailability(state: state), isOnline: { online })
                let route = decider.route(feature: "itinerary_summary", serverFallbackAvailable: fallback, locale: "tr-TR")
                let expected: Route = state == .available ? .onDevice : (fallback && online ? .server : .hidden)
                #expect(route == expected, "\(state) fallback=\(fallback) online=\(online)")
            }
        }
    }

    @Test("Apple and Android availability map to one vocabulary")
    func platformMapping() {
        typealias P = PlatformAvailability
        #expect(P.apple(available: true, reason: nil, supportsLocale: true, osSupported: true).modelAvailability == .available)
        #expect(P.apple(available: true, reason: nil, supportsLocale: false, osSupported: true).modelAvailability == .localeNotSupported)
        #expect(P.apple(available: false, reason: .deviceNotEligible, supportsLocale: true, osSupported: true).modelAvailability == .deviceNotEligible)
        #expect(P.apple(available: false, reason: .appleIntelligenceNotEnabled, supportsLocale: true, osSupported: true).modelAvailability == .modelDisabled)
        #expect(P.apple(available: false, reason: .modelNotReady, supportsLocale: true, osSupported: true).modelAvailability == .modelNotReady)
        #expect(P.apple(available: true, reason: nil, supportsLocale: true, osSupported: false).modelAvailability == .osTooOld)
        #expect(P.android(.available, supportsLocale: true).modelAvailability == .available)
        #expect(P.android(.available, supportsLocale: false).modelAvailability == .localeNotSupported)
        #expect(P.android(.downloadable, supportsLocale: true).modelAvailability == .downloadable)
        #expect(P.android(.downloading, supportsLocale: true).modelAvailability == .downloading)
        #expect(P.android(.unavailable, supportsLocale: true).modelAvailability == .deviceNotEligible)
    }
}
