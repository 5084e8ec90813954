/// Whether a device's own model can run a feature right now, across Apple's and Android's vocabularies.
public enum ModelAvailability: String, Sendable, CaseIterable, Equatable {
    case available
    /// The hardware cannot run the model (Apple: device not eligible; Android: unavailable).
    case deviceNotEligible = "device_not_eligible"
    /// The user turned the model off (Apple Intelligence disabled; AICore disabled).
    case modelDisabled = "model_disabled"
    /// The model is being prepared or not yet usable (Apple: model not ready).
    case modelNotReady = "model_not_ready"
    /// Android: the model can be downloaded but is not.
    case downloadable
    /// Android: the model is downloading.
    case downloading
    /// The model runs, but not in this locale.
    case localeNotSupported = "locale_not_supported"
    /// The OS is older than the model needs.
    case osTooOld = "os_too_old"
}

/// What an app reports, once per app version, about the on-device model for a feature: so the team
/// knows how many devices can run it locally and what the server must carry.
public struct AvailabilityEvent: Sendable, Equatable {
    public var feature: String
    /// One of `platforms`.
    public var platform: String
    public var osVersion: String
    public var state: ModelAvailability
    public var locale: String

    /// The platforms an app may report from: each is a row in the gateway's counts, so the set is closed.
    public static let platforms: Set<String> = ["ios", "ipados", "macos", "visionos", "android", "web"]

    public init(feature: String, platform: String, osVersion: String, state: ModelAvailability, locale: String) {
        self.feature = feature
        self.platform = platform
        self.osVersion = osVersion
        self.state = state
        self.locale = locale
    }

    /// Decodes a report strictly: every field present, strings bounded, `state` one of the known values.
    public init(json: JSONValue) throws(WireError) {
        guard case .object(let members) = json else { throw WireError("event must be a JSON object") }
        let allowed: Set<String> = ["kind", "feature", "platform", "osVersion", "state", "locale"]
        if let unknown = members.keys.filter({ !allowed.contains($0) }).sorted().first { throw WireError("unknown field", path: unknown) }
        guard members["kind"]?.stringValue == "availability" else { throw WireError("must be \"availability\"", path: "kind") }
        func field(_ name: String, max: Int) throws(WireError) -> String {
            guard let value = members[name]?.stringValue, !value.isEmpty, value.count <= max else {
                throw WireError("must be a non-empty string of at most \(max) characters", path: name)
            }
            return value
        }
        let stateName = try field("state", max: 32)
        guard let state = ModelAvailability(rawValue: stateName) else {
            throw WireError("must be one of \(ModelAvailability.allCases.map(\.rawValue).joined(separator: ", "))", path: "state")
        }
        let locale = try field("locale", max: 35)
        guard Locales.isWellFormed(locale) else { throw WireError("must be a BCP 47 tag such as \"tr-TR\"", path: "locale") }
        let platform = try field("platform", max: 16)
        guard Self.platforms.contains(platform) else {
            throw WireError("must be one of \(Self.platforms.sorted().joined(separator: ", "))", path: "platform")
        }
        self.init(feature: try field("feature", max: 64), platform: platform, osVersion: try field("osVersion", max: 32), state: state,
                  locale: locale)
    }

    public var json: JSONValue {
        ["kind": "availability", "feature": .string(feature), "platform": .string(platform), "osVersion": .string(osVersion),
         "state": .string(state.rawValue), "locale": .string(locale)]
    }
}

