import AssistWire

/// The whole gateway configuration: features by id, model aliases, limits and auth settings.
///
/// Decoding is strict (unknown keys are errors) and then validated across sections (a feature's model must
/// name an alias; its prompt builder must exist in this binary). Every issue names its path.
public struct GatewayConfig: Sendable {
    public var features: [String: FeatureRecord]
    public var models: [String: ModelAlias]
    public var limits: Limits
    public var auth: AuthSettings
    public var integrity: IntegritySettings
    public var audit: AuditSettings
    public var storage: StorageSettings
    public var qualification = QualificationSettings()
    public var pages = PageSettings()
    public var telemetry = TelemetrySettings()

    public static let topLevelKeys: Set<String> = ["features", "models", "limits", "auth", "integrity", "audit", "storage", "qualification", "pages",
                                                   "telemetry"]

    public init(features: [String: FeatureRecord], models: [String: ModelAlias], limits: Limits = Limits(),
                auth: AuthSettings = AuthSettings(), integrity: IntegritySettings = IntegritySettings(), audit: AuditSettings = AuditSettings(),
                storage: StorageSettings = StorageSettings()) {
        self.features = features
        self.models = models
        self.limits = limits
        self.auth = auth
        self.integrity = integrity
        self.audit = audit
        self.storage = storage
    }

    /// Parses and validates a configuration file's bytes. `knownBuilders` are the prompt builders compiled in.
    public static func load(_ bytes: [UInt8], knownBuilders: Set<String>) throws(ConfigError) -> GatewayConfig {
        var reader = ConfigReader()
        let config = decode(try parse(bytes), reader: &reader)
        if let config { config.validate(knownBuilders: knownBuilders, reader: &reader) }
        guard reader.issues.isEmpty, let config else {
            throw ConfigError(issues: reader.issues.isEmpty ? [ConfigIssue(path: "$", message: "invalid")] : reader.issues)
        }
        return config
    }

    /// A file's bytes as JSON; invalid JSON is one issue at `$`.
    static func parse(_ bytes: [UInt8]) throws(ConfigError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw ConfigError(issues: [ConfigIssue(path: "$", message: "not valid JSON: \(error)")])
        }
    }

    static func decode(_ json: JSONValue, reader: inout ConfigReader) -> GatewayConfig? {
        guard let root = reader.object(json, at: "$", allowed: topLevelKeys) else { return nil }
        var features: [String: FeatureRecord] = [:]
        if let members = reader.object(reader.required(root, "features", at: ""), at: "features") {
            for (id, value) in members.sorted(by: { $0.key < $1.key }) {
                if let record = FeatureRecord.decode(id: id, value, at: "features.\(id)", reader: &reader) {
                    features[id] = record
                }
            }
        }
        var models: [String: ModelAlias] = [:]
        if let members = reader.object(reader.required(root, "models", at: ""), at: "models") {
            for (alias, value) in members.sorted(by: { $0.key < $1.key }) {
                if let model = ModelAlias.decode(value, at: "models.\(alias)", reader: &reader) { models[alias] = model }
            }
        }
        let limits = Limits.decode(root["limits"], at: "limits", reader: &reader)
        let auth = AuthSettings.decode(root["auth"], at: "auth", reader: &reader)
        let integrity = IntegritySettings.decode(root["integrity"], at: "integrity", reader: &reader)
        let audit = AuditSettings.decode(root["audit"], at: "audit", reader: &reader)
        let storage = StorageSettings.decode(root["storage"], at: "storage", reader: &reader)
        var config = GatewayConfig(features: features, models: models, limits: limits, auth: auth, integrity: integrity, audit: audit,
                                   storage: storage)
        config.qualification = QualificationSettings.decode(root["qualification"], at: "qualification", reader: &reader)
        config.pages = PageSettings.decode(root["pages"], at: "pages", reader: &reader)
        config.telemetry = TelemetrySettings.decode(root["telemetry"], at: "telemetry", reader: &reader)
        return config
    }

    /// Checks that need more than one section.
    func validate(knownBuilders: Set<String>, reader: inout ConfigReader) {
        if features.isEmpty { reader.issue("features", "must define at least one feature") }
        for (id, feature) in features.sorted(by: { $0.key < $1.key }) {
            if models[feature.model] == nil {
                reader.issue("features.\(id).model", "names no model alias (known: \(models.keys.sorted().joined(separator: ", ")))")
            }
            // Every stream feature is held to a golden set and a guard, or says it is not (issue 28).
            if feature.kind == .stream, feature.goldenSet == nil || feature.answerGuard == nil, !feature.unchecked {
                reader.issue("features.\(id)", "a stream feature needs a goldenSet and a guard, or \"qualification\": \"unchecked\" "
                             + "to serve the model's text unchecked, knowingly")
            }
            if !knownBuilders.contains(feature.template.builder) {
                // One namespace for stream prompt builders and structured handlers, both compiled in.
                reader.issue("features.\(id).template.builder",
                             "unknown prompt builder \"\(feature.template.builder)\" (known: \(knownBuilders.sorted().joined(separator: ", ")))")
            }
        }
    }

    /// Points every model alias at one OpenAI-compatible base URL (`assist serve --upstream URL`).
    public func overridingUpstream(_ baseURL: String) -> GatewayConfig {
        var copy = self
        for alias in copy.models.keys { copy.models[alias]!.baseURL = baseURL }
        return copy
    }
}

/// A model alias: which provider serves it and where. Keys never live in the file, only the name of the
/// environment variable that holds one.
public struct ModelAlias: Sendable, Equatable {
    public var provider: String
    public var baseURL: String
    public var model: String
    public var apiKeyEnv: String?

    public static let providers: Set<String> = ["openai-compatible"]

    public init(provider: String, baseURL: String, model: String, apiKeyEnv: String? = nil) {
        self.provider = provider
        self.baseURL = baseURL
        self.model = model
        self.apiKeyEnv = apiKeyEnv
    }

    static func decode(_ value: JSONValue, at path: String, reader: inout ConfigReader) -> ModelAlias? {
        guard let members = reader.object(value, at: path, allowed: ["provider", "baseURL", "model", "apiKeyEnv"]) else { return nil }
        let provider = reader.string(members, "provider", at: path)
        let baseURL = reader.string(members, "baseURL", at: path)
        let model = reader.string(members, "model", at: path)
        let apiKeyEnv = reader.string(members, "apiKeyEnv", at: path, required: false)
        if let provider, !providers.contains(provider) {
            reader.issue("\(path).provider", "unknown provider \"\(provider)\" (known: openai-compatible)")
        }
        if let baseURL, !(baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://")) {
            reader.issue("\(path).baseURL", "must be an http(s) URL including the API prefix, e.g. http://127.0.0.1:8081/v1")
        }
        guard let provider, let baseURL, let model else { return nil }
        return ModelAlias(provider: provider, baseURL: baseURL, model: model, apiKeyEnv: apiKeyEnv)
    }
}
