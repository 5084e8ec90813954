#if canImport(FoundationModels)
import Foundation
import FoundationModels

/// Apple's models behind `AvailabilityProvider`: a thin translation of `SystemLanguageModel`'s availability into
/// `PlatformAvailability`, whose mapping is tested on every platform, and of `PrivateCloudComputeLanguageModel`'s
/// into yes or no for the features the app has cleared for Private Cloud Compute.
@available(iOS 26.0, macOS 26.0, *)
public struct SystemModelAvailability: AvailabilityProvider {
    /// The features the app lets Apple's server model run. Empty by default, so no feature goes to Private Cloud
    /// Compute unless the app says so: the app must hold Apple's managed entitlement for it
    /// (`com.apple.developer.private-cloud-compute`), which the framework's availability does not tell, and the
    /// feature's prompt must be one written for Apple's model.
    public let privateCloudFeatures: Set<String>

    public init(privateCloudFeatures: Set<String> = []) {
        self.privateCloudFeatures = privateCloudFeatures
    }

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

    /// True only for a cleared feature on an OS with Private Cloud Compute (27) whose model reports `.available`;
    /// any unavailable reason (device not eligible, system not ready, one added later) is false. Built with an SDK
    /// older than 27 (before Swift 6.4) the model does not exist and the answer is always false. The locale is
    /// not checked here.
    public func isPrivateCloudAvailable(feature: String, locale: String) -> Bool {
        guard privateCloudFeatures.contains(feature) else { return false }
        #if compiler(>=6.4)
        if #available(iOS 27.0, macOS 27.0, visionOS 27.0, *) {
            switch PrivateCloudComputeLanguageModel().availability {
            case .available: return true
            default: return false
            }
        }
        #endif
        return false
    }
}
#endif
