import AssistWire

/// What serves a locale, given how the feature's raw model did on its golden set there (`qualification`).
public enum QualificationPolicy: String, Sendable {
    /// The model, as configured (its answers still held to the feature's guard, if it has one).
    case serve
    /// The feature's deterministic narrator; no provider call.
    case narrator
    /// Not served: 403 `feature_disabled`, so the app shows its non-AI path.
    case hide
}

/// The `qualification` section: where the recorded pass rates are, and what serves a locale that has none or
/// fell short. A feature record's own `qualification` overrides `belowThreshold` for it.
public struct QualificationSettings: Sendable, Equatable {
    /// For a (feature, locale, prompt version, model) with no recorded result, or a feature without a golden set:
    /// the narrator unless the configuration says otherwise (issue 28). A model nobody measured on the feature's
    /// golden set does not write its answers by default.
    public var unknown = QualificationPolicy.narrator
    /// For one whose pass rate is under the record's `goldenPassThreshold`.
    public var belowThreshold = QualificationPolicy.narrator
    /// The results file, relative to the configuration file's directory; the built-in configuration's are
    /// compiled in.
    public var results = "../golden/qualification.json"

    public init() {}

    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> QualificationSettings {
        var settings = QualificationSettings()
        guard let members = reader.object(value, at: path, allowed: ["unknown", "belowThreshold", "results"]) else { return settings }
        settings.unknown = policy(members, "unknown", at: path, reader: &reader) ?? settings.unknown
        settings.belowThreshold = policy(members, "belowThreshold", at: path, reader: &reader) ?? settings.belowThreshold
        settings.results = reader.string(members, "results", at: path, required: false) ?? settings.results
        return settings
    }

    /// A policy named at `members[key]`, if there is one; an unknown name is an issue at its path.
    static func policy(_ members: [String: JSONValue], _ key: String, at path: String, reader: inout ConfigReader) -> QualificationPolicy? {
        guard let name = reader.string(members, key, at: path, required: false) else { return nil }
        guard let policy = QualificationPolicy(rawValue: name) else {
            reader.issue("\(path).\(key)", path.hasPrefix("features.") ? "must be serve, narrator, hide or unchecked" : "must be serve, narrator or hide")
            return nil
        }
        return policy
    }
}
