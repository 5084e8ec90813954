import AssistClient
import Testing

/// A table's availability: one on-device state, and Private Cloud Compute for every feature or none.
struct FixedAvailability: AvailabilityProvider {
    let state: ModelAvailability
    var privateCloud = false
    func availability(feature: String, locale: String) -> ModelAvailability { state }
    func isPrivateCloudAvailable(feature: String, locale: String) -> Bool { privateCloud }
}

/// An adapter written before Private Cloud Compute: it implements only the on-device requirement.
struct OnDeviceOnlyAvailability: AvailabilityProvider {
    let state: ModelAvailability
    func availability(feature: String, locale: String) -> ModelAvailability { state }
}

/// Private Cloud Compute for some features only, the on-device model for none.
struct PerFeatureAvailability: AvailabilityProvider {
    let privateCloudFeatures: Set<String>
    func availability(feature: String, locale: String) -> ModelAvailability { .deviceNotEligible }
    func isPrivateCloudAvailable(feature: String, locale: String) -> Bool { privateCloudFeatures.contains(feature) }
}

@Suite("RouteDecider")
struct RouteDeciderTests {
    func route(_ provider: any AvailabilityProvider, online: Bool, fallback: Bool, feature: String = "itinerary_summary") -> Route {
        RouteDecider(availability: provider, isOnline: { online }).route(feature: feature, serverFallbackAvailable: fallback, locale: "tr-TR")
    }

    @Test("every availability state × private cloud × server fallback × online", arguments: ModelAvailability.allCases)
    func table(state: ModelAvailability) {
        for privateCloud in [false, true] {
            for fallback in [false, true] {
                for online in [false, true] {
                    let expected: Route = privateCloud && online ? .privateCloud
                        : state == .available ? .onDevice : (fallback && online ? .server : .hidden)
                    #expect(route(FixedAvailability(state: state, privateCloud: privateCloud), online: online, fallback: fallback) == expected,
                            "\(state) privateCloud=\(privateCloud) fallback=\(fallback) online=\(online)")
                }
            }
        }
    }

    @Test("Private Cloud Compute comes first when online: before the on-device model and before the gateway")
    func privateCloudFirst() {
        let both = FixedAvailability(state: .available, privateCloud: true)
        #expect(route(both, online: true, fallback: true) == .privateCloud)
        #expect(route(both, online: true, fallback: false) == .privateCloud)
        let noDevice = FixedAvailability(state: .deviceNotEligible, privateCloud: true)
        #expect(route(noDevice, online: true, fallback: true) == .privateCloud)
    }

    @Test("Private Cloud Compute needs no server fallback: the feature shows even when the gateway has none")
    func privateCloudWithoutFallback() {
        #expect(route(FixedAvailability(state: .modelNotReady, privateCloud: true), online: true, fallback: false) == .privateCloud)
        #expect(route(FixedAvailability(state: .modelNotReady, privateCloud: false), online: true, fallback: false) == .hidden)
    }

    @Test("offline, Private Cloud Compute is passed over: the on-device model when available, else hidden")
    func privateCloudNeedsTheNetwork() {
        #expect(route(FixedAvailability(state: .available, privateCloud: true), online: false, fallback: true) == .onDevice)
        #expect(route(FixedAvailability(state: .downloading, privateCloud: true), online: false, fallback: true) == .hidden)
        #expect(route(FixedAvailability(state: .downloading, privateCloud: true), online: false, fallback: false) == .hidden)
    }

    @Test("without Private Cloud Compute: on-device when available, else the server when it has a fallback and we are online")
    func withoutPrivateCloud() {
        #expect(route(FixedAvailability(state: .available), online: true, fallback: true) == .onDevice)
        #expect(route(FixedAvailability(state: .available), online: false, fallback: false) == .onDevice)
        #expect(route(FixedAvailability(state: .localeNotSupported), online: true, fallback: true) == .server)
        #expect(route(FixedAvailability(state: .localeNotSupported), online: false, fallback: true) == .hidden)
        #expect(route(FixedAvailability(state: .localeNotSupported), online: true, fallback: false) == .hidden)
    }

    @Test("an adapter that implements only the on-device requirement never routes to Private Cloud Compute", arguments: ModelAvailability.allCases)
    func olderAdapter(state: ModelAvailability) {
        for fallback in [false, true] {
            for online in [false, true] {
                let expected: Route = state == .available ? .onDevice : (fallback && online ? .server : .hidden)
                #expect(route(OnDeviceOnlyAvailability(state: state), online: online, fallback: fallback) == expected)
            }
        }
    }

    @Test("Private Cloud Compute is asked per feature")
    func perFeature() {
        let provider = PerFeatureAvailability(privateCloudFeatures: ["support_chat"])
        #expect(route(provider, online: true, fallback: true, feature: "support_chat") == .privateCloud)
        #expect(route(provider, online: true, fallback: true, feature: "itinerary_summary") == .server)
        #expect(route(provider, online: true, fallback: false, feature: "itinerary_summary") == .hidden)
    }

    @Test("routes keep the names both kits and the conformance table use")
    func names() {
        #expect(Route.privateCloud.rawValue == "private_cloud")
        #expect(Route.onDevice.rawValue == "on_device")
        #expect(Route.server.rawValue == "server")
        #expect(Route.hidden.rawValue == "hidden")
        #expect(Route(rawValue: "private_cloud") == .privateCloud)
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
