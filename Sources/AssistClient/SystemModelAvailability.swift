#if canImport(FoundationModels)
import Foundation
import FoundationModels

/// Apple's on-device model behind `AvailabilityProvider`: a thin translation of `SystemLanguageModel`'s
/// availability into `PlatformAvailability`, whose mapping is tested on every platform.
@available(iOS 26.0, macOS 26.0, *)
public struct SystemModelAvailability: AvailabilityProvider {
    public init() {}

    public func availability(feature: String, locale: String) -> ModelAvailability {
        let model = SystemLanguageModel.default
        let supportsLocale = model.supportsLocale(Locale(identifier: locale))
        switch model.availability {
        case .available:
            return PlatformAvailability.apple(available: true, reason: nil, supportsLocale: supportsLocale, osSupported: true).modelAvailability
        case .unavailable(let reason):
            let mapped: PlatformAvailability.AppleUnavailableReason = switch reason {
            case .deviceNotEligible: .deviceNotEligible
            case .appleIntelligenceNotEnabled: .appleIntelligenceNotEnabled
            case .modelNotReady: .modelNotReady
            @unknown default: .other
            }
            return PlatformAvailability.apple(available: false, reason: mapped, supportsLocale: supportsLocale, osSupported: true).modelAvailability
        }
    }
}
#endif
