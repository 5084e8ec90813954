import AssistWire

/// Tells the on-device model's availability; platform adapters implement it, tests use tables.
public protocol AvailabilityProvider: Sendable {
    func availability(feature: String, locale: String) -> ModelAvailability
}

/// Where a feature runs.
public enum Route: String, Sendable, Equatable {
    case onDevice = "on_device"
    case server
    /// Neither can run it: the feature is not shown at all, rather than shown broken.
    case hidden
}

/// Picks on-device, server or hidden per feature: on-device only when the model is available and speaks
/// the locale; otherwise the server, when the feature has a server fallback and we are online; otherwise
/// hidden.
public struct RouteDecider: Sendable {
    let availability: any AvailabilityProvider
    let isOnline: @Sendable () -> Bool

    public init(availability: any AvailabilityProvider, isOnline: @escaping @Sendable () -> Bool) {
        self.availability = availability
        self.isOnline = isOnline
    }

    public func route(feature: String, serverFallbackAvailable: Bool, locale: String) -> Route {
        if availability.availability(feature: feature, locale: locale) == .available { return .onDevice }
        return serverFallbackAvailable && isOnline() ? .server : .hidden
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
