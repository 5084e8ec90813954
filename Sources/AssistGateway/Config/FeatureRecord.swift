import AssistWire

/// One feature the app may call: its prompt version and template, model, output cap, input schema and
/// quotas per trust level. The registry is an allow-list: a feature id not configured does not exist.
public struct FeatureRecord: Sendable {
    /// How a feature answers: a text stream (`POST /v1/assist/stream`) or one validated JSON object
    /// (`POST /v1/assist`, for structured features such as smart search).
    public enum Kind: String, Sendable { case stream, structured }

    public struct Rollout: Sendable, Equatable {
        public var flag: String
        public var percentage: Double
        public init(flag: String, percentage: Double) {
            self.flag = flag
            self.percentage = percentage
        }
    }

    /// A prompt version under trial: among users who may use the feature, `percentage` of them are served
    /// it instead of the current one.
    public struct Candidate: Sendable, Equatable {
        public var promptVersion: String
        public var instructions: String
        public var percentage: Double
        public init(promptVersion: String, instructions: String, percentage: Double) {
            self.promptVersion = promptVersion
            self.instructions = instructions
            self.percentage = percentage
        }
    }

    public struct Template: Sendable, Equatable {
        /// The compiled-in builder that reads this feature's data and lays out its messages.
        public var builder: String
        /// The instruction text; `{{language}}` and `{{locale}}` are filled in per request.
        public var instructions: String
        /// A worked example per language ("en", "tr"), which the builder adds to the instructions for a
        /// request in that language: small models follow an example better than a rule. Part of the prompt,
        /// so changing one means a new `promptVersion`.
        public var examples: [String: String] = [:]
        public init(builder: String, instructions: String, examples: [String: String] = [:]) {
            self.builder = builder
            self.instructions = instructions
            self.examples = examples
        }
    }

    public var id: String
    public var kind: Kind = .stream
    /// The kill switch: false turns the feature off for everyone.
    public var enabled = true
    /// Users who may use the feature whatever the rollout says (internal testers).
    public var internalUsers: [String] = []
    public var candidate: Candidate?
    public var promptVersion: String
    public var model: String
    public var maxOutputTokens: Int
    public var temperature: Double?
    public var rollout: Rollout?
    public var goldenSet: String?
    public var checks: [String]
    /// The share of golden cases that must pass every check for `assist eval` to succeed.
    public var goldenPassThreshold = 0.9
    /// Whether an App Attest assertion for this feature must also sign a fresh, single-use challenge from
    /// `POST /v1/integrity/challenge` (for expensive features: a recorded request cannot be replayed).
    public var freshChallenge = false
    /// Whether the text of upstream chunks that arrive together (one read from the provider's connection) may go
    /// to the client as one `delta` event. Fewer, larger events cost less per token; the text is the same, and
    /// the output cap may then cut up to one read's text short. Off by default: one event per upstream chunk.
    public var coalesceDeltas = false
    /// App-defined switches the feature's handler reads (the budget app's `askAnything`), each true or false; the
    /// gateway itself reads none of them.
    public var options: [String: Bool] = [:]
    /// `guard`: the streamed text held to the feature's checks before release; nil streams it as it comes.
    public var answerGuard: AnswerGuardSettings?
    /// The locales served (e.g. `["en-US", "en-GB", "tr-TR"]`); another is 400 `invalid_input`. Nil: any.
    public var locales: [String]?
    /// What serves a locale whose recorded pass rate is under `goldenPassThreshold`; nil: the `qualification`
    /// section's `belowThreshold`.
    public var qualification: QualificationPolicy?
    /// `"qualification": "unchecked"`: a stream feature served by the model as it writes, with no golden set or no
    /// guard, chosen knowingly (the configuration says so, and `/v1/features` shows it). Without it such a
    /// stream feature is refused at start-up.
    public var unchecked = false
    public var inputSchema: InputSchema
    public var template: Template
    public var quotas: [TrustLevel: QuotaLimits]

    public init(id: String, promptVersion: String, model: String, maxOutputTokens: Int, temperature: Double? = nil,
                rollout: Rollout? = nil, goldenSet: String? = nil, checks: [String] = [], inputSchema: InputSchema,
                template: Template, quotas: [TrustLevel: QuotaLimits]) {
        self.id = id
        self.promptVersion = promptVersion
        self.model = model
        self.maxOutputTokens = maxOutputTokens
        self.temperature = temperature
        self.rollout = rollout
        self.goldenSet = goldenSet
        self.checks = checks
        self.inputSchema = inputSchema
        self.template = template
        self.quotas = quotas
    }

    static let keys: Set<String> = [
        "promptVersion", "model", "maxOutputTokens", "temperature", "rollout", "goldenSet", "checks", "inputSchema",
        "template", "quotas", "feature", "kind", "enabled", "internalUsers", "candidate", "goldenPassThreshold", "freshChallenge",
        "guard", "locales", "qualification", "coalesceDeltas", "options",
    ]

    static func decode(id: String, _ value: JSONValue, at path: String, reader: inout ConfigReader) -> FeatureRecord? {
        guard let members = reader.object(value, at: path, allowed: keys) else { return nil }
        // Ids name metrics, audit rows and quota keys (`QuotaKey.cost` adds a control character to one): printable only.
        if id.isEmpty || id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            reader.issue(path, "a feature id must be non-empty and hold no control character")
        }
        if let declared = reader.string(members, "feature", at: path, required: false), declared != id {
            reader.issue("\(path).feature", "must equal the key \"\(id)\"")
        }
        var kind = Kind.stream
        if let name = reader.string(members, "kind", at: path, required: false) {
            if let parsed = Kind(rawValue: name) { kind = parsed } else { reader.issue("\(path).kind", "must be stream or structured") }
        }
        let promptVersion = reader.string(members, "promptVersion", at: path)
        let model = reader.string(members, "model", at: path)
        let maxOutputTokens = reader.int(members, "maxOutputTokens", at: path)
        reader.positive(maxOutputTokens, at: "\(path).maxOutputTokens")
        var temperature: Double?
        if members["temperature"] != nil {
            let t = reader.number(members, "temperature", at: path, default: 0)
            if !(0...2).contains(t) { reader.issue("\(path).temperature", "must be between 0 and 2") }
            temperature = t
        }
        var rollout: Rollout?
        if let r = reader.object(members["rollout"], at: "\(path).rollout", allowed: ["flag", "percentage"]) {
            let flag = reader.string(r, "flag", at: "\(path).rollout")
            let percentage = reader.number(r, "percentage", at: "\(path).rollout", default: 100)
            if !(0...100).contains(percentage) { reader.issue("\(path).rollout.percentage", "must be between 0 and 100") }
            if let flag { rollout = Rollout(flag: flag, percentage: percentage) }
        }
        let goldenSet = reader.string(members, "goldenSet", at: path, required: false)
        let checks = reader.strings(members, "checks", at: path)
        var inputSchema: InputSchema?
        if let schema = reader.required(members, "inputSchema", at: path) {
            do {
                inputSchema = try InputSchema(schema)
            } catch {
                reader.issue("\(path).inputSchema\(error.path.map { "." + $0 } ?? "")", error.message)
            }
        }
        var template: Template?
        if let t = reader.object(reader.required(members, "template", at: path), at: "\(path).template",
                                 allowed: ["builder", "instructions", "examples"]) {
            let builder = reader.string(t, "builder", at: "\(path).template")
            let instructions = reader.string(t, "instructions", at: "\(path).template")
            var examples: [String: String] = [:]
            if let given = reader.object(t["examples"], at: "\(path).template.examples") {
                for (language, text) in given.sorted(by: { $0.key < $1.key }) {
                    guard let text = text.stringValue, !text.isEmpty else {
                        reader.issue("\(path).template.examples.\(language)", "must be a non-empty string")
                        continue
                    }
                    examples[language] = text
                }
            }
            if let builder, let instructions { template = Template(builder: builder, instructions: instructions, examples: examples) }
        }
        var quotas: [TrustLevel: QuotaLimits] = [:]
        if let q = reader.object(reader.required(members, "quotas", at: path), at: "\(path).quotas",
                                 allowed: Set(TrustLevel.allCases.map(\.rawValue))) {
            for level in TrustLevel.allCases {
                let levelPath = "\(path).quotas.\(level.rawValue)"
                guard let limits = reader.object(reader.required(q, level.rawValue, at: "\(path).quotas"), at: levelPath,
                                                 allowed: ["requestsPerDay", "tokensPerDay", "costMicrosPerDay"]) else { continue }
                let requests = reader.int(limits, "requestsPerDay", at: levelPath)
                let tokens = reader.int(limits, "tokensPerDay", at: levelPath)
                let cost = limits["costMicrosPerDay"] == nil ? nil : reader.int(limits, "costMicrosPerDay", at: levelPath)
                if let requests, requests < 0 { reader.issue("\(levelPath).requestsPerDay", "must be >= 0") }
                if let tokens, tokens < 0 { reader.issue("\(levelPath).tokensPerDay", "must be >= 0") }
                if let cost, !(0...TokenPrice.maxCostMicros).contains(cost) {
                    reader.issue("\(levelPath).costMicrosPerDay", "must be between 0 and \(TokenPrice.maxCostMicros)")
                }
                if let requests, let tokens { quotas[level] = QuotaLimits(requests: requests, tokens: tokens, costMicros: cost) }
            }
        }
        guard let promptVersion, let model, let maxOutputTokens, let inputSchema, let template,
              quotas.count == TrustLevel.allCases.count else { return nil }
        var record = FeatureRecord(id: id, promptVersion: promptVersion, model: model, maxOutputTokens: maxOutputTokens,
                                   temperature: temperature, rollout: rollout, goldenSet: goldenSet, checks: checks,
                                   inputSchema: inputSchema, template: template, quotas: quotas)
        record.kind = kind
        record.enabled = reader.bool(members, "enabled", at: path, default: true)
        record.internalUsers = reader.strings(members, "internalUsers", at: path)
        if let c = reader.object(members["candidate"], at: "\(path).candidate", allowed: ["promptVersion", "instructions", "percentage"]) {
            let version = reader.string(c, "promptVersion", at: "\(path).candidate")
            let instructions = reader.string(c, "instructions", at: "\(path).candidate")
            let percentage = reader.number(c, "percentage", at: "\(path).candidate", default: 0)
            if !(0...100).contains(percentage) { reader.issue("\(path).candidate.percentage", "must be between 0 and 100") }
            if version == promptVersion { reader.issue("\(path).candidate.promptVersion", "must differ from the current promptVersion") }
            if let version, let instructions { record.candidate = Candidate(promptVersion: version, instructions: instructions, percentage: percentage) }
        }
        record.freshChallenge = reader.bool(members, "freshChallenge", at: path, default: false)
        record.coalesceDeltas = reader.bool(members, "coalesceDeltas", at: path, default: false)
        if let options = reader.object(members["options"], at: "\(path).options") {
            for key in options.keys.sorted() { record.options[key] = reader.bool(options, key, at: "\(path).options", default: false) }
        }
        record.answerGuard = AnswerGuardSettings.decode(members["guard"], at: "\(path).guard", reader: &reader)
        if members["locales"] != nil {
            let locales = reader.strings(members, "locales", at: path)
            if locales.isEmpty { reader.issue("\(path).locales", "must name at least one locale") }
            for (index, locale) in locales.enumerated() where !Locales.isWellFormed(locale) {
                reader.issue("\(path).locales[\(index)]", "is not a locale tag such as en-US")
            }
            record.locales = locales
        }
        if members["qualification"]?.stringValue == "unchecked" {
            record.unchecked = true
        } else {
            record.qualification = QualificationSettings.policy(members, "qualification", at: path, reader: &reader)
        }
        if members["goldenPassThreshold"] != nil {
            let threshold = reader.number(members, "goldenPassThreshold", at: path, default: 0.9)
            if !(0...1).contains(threshold) { reader.issue("\(path).goldenPassThreshold", "must be between 0 and 1") }
            record.goldenPassThreshold = threshold
        }
        return record
    }
}
