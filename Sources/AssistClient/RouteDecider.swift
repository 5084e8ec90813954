import AssistWire

/// Tells which models the platform offers a feature: the on-device model's availability and whether Apple's
/// server model on Private Cloud Compute can run it. Platform adapters implement it, tests use tables.
public protocol AvailabilityProvider: Sendable {
    func availability(feature: String, locale: String) -> ModelAvailability

    /// Whether the platform's private cloud model (Apple's server model on Private Cloud Compute) can run
    /// `feature` in `locale`, leaving the network aside: `RouteDecider` asks only when the device is online.
    /// Asked per feature because an app clears each feature for it (its prompt runs there as written, under the
    /// app's entitlement). The default is `false`, so an adapter written before this requirement keeps its
    /// routes, and a platform without such a model (Android) needs nothing.
    func isPrivateCloudAvailable(feature: String, locale: String) -> Bool
}

extension AvailabilityProvider {
    /// No private cloud model: the decider picks among on-device, server and hidden, as before.
    public func isPrivateCloudAvailable(feature: String, locale: String) -> Bool { false }
}

/// Where a feature runs. The raw values are the names `conformance/routes.json` and the Android kit use.
public enum Route: String, Sendable, Equatable {
    /// Apple's server model on Private Cloud Compute, through the Foundation Models framework: the app's own
    /// prompt, on Apple's servers, not the gateway.
    case privateCloud = "private_cloud"
    case onDevice = "on_device"
    case server
    /// Nothing can run it: the feature is not shown at all, rather than shown broken.
    case hidden
}

/// Picks a route per feature, first match wins:
///
/// 1. Private Cloud Compute, when the platform reports it available for the feature and we are online (it runs
///    on Apple's servers). It is the larger model, and Apple's guidance prefers it to a third-party server.
/// 2. On-device, when the model is available and speaks the locale (no network needed).
/// 3. The server (the gateway), when the feature has a server fallback and we are online.
/// 4. Hidden.
///
/// `conformance/routes.json` holds the table both kits run.
public struct RouteDecider: Sendable {
    let availability: any AvailabilityProvider
    let isOnline: @Sendable () -> Bool

    public init(availability: any AvailabilityProvider, isOnline: @escaping @Sendable () -> Bool) {
        self.availability = availability
        self.isOnline = isOnline
    }

    /// `isOnline` is asked once per decision, so one decision sees one answer.
    public func route(feature: String, serverFallbackAvailable: Bool, locale: String) -> Route {
        let online = isOnline()
        if online && availability.isPrivateCloudAvailable(feature: feature, locale: locale) { return .privateCloud }
        if availability.availability(feature: feature, locale: locale) == .available { return .onDevice }
        return serverFallbackAvailable && online ? .server : .hidden
    }
}

/// The states of Apple's `SystemLanguageModel.Availability` and Android's AICore feature status, as plain
/// values, so the mapping to `ModelAvailability` is tested on any platform. The platform adapters only
/// translate the system's value into one of these.
public enum PlatformAvailability: Sendable, Equatable {
    public enum AppleUnavailableReason: Sendable, Equatable { case deviceNotEligible, appleIntelligenceNotEnabled, modelNotReady, other }
    public enum AndroidStatus: Sendable, Equatable { case available, downloadable, downloading, unavailable }

    case apple(available: Bool, reason: AppleUnavailableReason?, supportsLocale: Bool, osSupported: Bool)
    case android(AndroidStatus, supportsLocale: Bool)

    public var modelAvailability: ModelAvailability {
        switch self {
        case .apple(_, _, _, false): return .osTooOld
        case .apple(true, _, let supportsLocale, _): return supportsLocale ? .available : .localeNotSupported
        case .apple(false, let reason, _, _):
            switch reason {
            case .deviceNotEligible?: return .deviceNotEligible
            case .appleIntelligenceNotEnabled?: return .modelDisabled
            case .modelNotReady?: return .modelNotReady
            case .other?, nil: return .deviceNotEligible
            }
        case .android(.available, let supportsLocale): return supportsLocale ? .available : .localeNotSupported
        case .android(.downloadable, _): return .downloadable
        case .android(.downloading, _): return .downloading
        case .android(.unavailable, _): return .deviceNotEligible
        }
    }
}
