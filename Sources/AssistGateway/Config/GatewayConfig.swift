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
            // An alias present but invalid has its own issues already: naming it again here would only repeat them.
            let aliasPath = "models.\(feature.model)"
            if models[feature.model] == nil, !reader.issues.contains(where: { $0.path == aliasPath || $0.path.hasPrefix(aliasPath + ".") }) {
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

    /// Points every model alias at one OpenAI-compatible base URL, as one target keeping the first target's model
    /// name (`assist serve --upstream URL`): a development override, never how a deployment is served.
    public func overridingUpstream(_ baseURL: String) -> GatewayConfig {
        var copy = self
        for (name, alias) in copy.models {
            var target = alias.targets[0]
            (target.provider, target.baseURL) = (ModelTarget.openAICompatibleKind, baseURL)
            copy.models[name] = ModelAlias(targets: [target])
        }
        return copy
    }

    /// Each alias in `aliases` served by its target `index` alone (`assist eval --target`), so that every answer
    /// comes from that target's model; throws naming an alias with fewer targets.
    public func narrowed(toTarget index: Int, of aliases: [String]) throws(ConfigError) -> GatewayConfig {
        var copy = self
        for name in Set(aliases).sorted() {
            guard let alias = models[name] else { continue }
            guard alias.targets.indices.contains(index) else {
                throw ConfigError(issues: [ConfigIssue(path: "models.\(name).targets", message: "has no target \(index) (it has \(alias.targets.count))")])
            }
            copy.models[name] = ModelAlias(targets: [alias.targets[index]])
        }
        return copy
    }

    /// Whether some target names the embedded model (`"provider": "embedded"`): only then does `serve` start it.
    public var usesEmbeddedModel: Bool {
        models.values.contains { $0.targets.contains { $0.provider == ModelTarget.embeddedKind } }
    }

    /// Every embedded target pointed at the embedded model's server, once it listens at `baseURL`.
    public func servingEmbeddedModel(at baseURL: String) -> GatewayConfig {
        var copy = self
        for name in copy.models.keys {
            for index in copy.models[name]!.targets.indices where copy.models[name]!.targets[index].provider == ModelTarget.embeddedKind {
                copy.models[name]!.targets[index].baseURL = baseURL
            }
        }
        return copy
    }
}
