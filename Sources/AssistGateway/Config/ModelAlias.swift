import AssistWire

/// A model alias: the targets that serve it, tried in order, and when the next one is tried.
///
/// Two forms are read. The single-target form names one provider at the alias itself
/// (`{"provider", "baseURL", "model", "apiKeyEnv", "price"}`): one target, no fallback, no breaker, as before
/// targets existed. The targets form lists them (`{"targets": [...], "fallbackOn", "breaker",
/// "firstTokenTimeoutSeconds"}`): a request tries the next target when one fails in a way `fallbackOn` names,
/// and only before the first word of the answer reaches the client (`FallbackCall`).
public struct ModelAlias: Sendable, Equatable {
    public var targets: [ModelTarget]
    /// The failures after which the next target is tried; empty in the single-target form.
    public var fallbackOn: Set<FallbackCause>
    /// Per target: after how many consecutive failures it is skipped, and for how long. Nil: never skipped.
    public var breaker: BreakerSettings?
    /// How long a target may take to its first chunk before the next target is tried (`firstTokenTimeout`).
    public var firstTokenTimeoutSeconds: Double

    public static let defaultFirstTokenTimeoutSeconds = 10.0

    /// The single-target form.
    public init(provider: String, baseURL: String, model: String, apiKeyEnv: String? = nil) {
        self.init(targets: [ModelTarget(provider: provider, baseURL: baseURL, model: model, apiKeyEnv: apiKeyEnv)])
    }

    public init(targets: [ModelTarget], fallbackOn: Set<FallbackCause> = [], breaker: BreakerSettings? = nil,
                firstTokenTimeoutSeconds: Double = ModelAlias.defaultFirstTokenTimeoutSeconds) {
        precondition(!targets.isEmpty, "a model alias has at least one target")
        self.targets = targets
        self.fallbackOn = fallbackOn
        self.breaker = breaker
        self.firstTokenTimeoutSeconds = firstTokenTimeoutSeconds
    }

    /// The first target: the one a request tries first, and the one evaluations and the model catalog ask.
    public var primary: ModelTarget { targets[0] }
    public var provider: String { primary.provider }
    public var baseURL: String { primary.baseURL }
    public var model: String { primary.model }
    public var apiKeyEnv: String? { primary.apiKeyEnv }

    /// The most `usage` could cost, whichever target answers: what a cost quota reserves before the call.
    func maxCostMicros(_ usage: TokenUsage) -> Int {
        targets.map { $0.price?.costMicros(usage) ?? 0 }.max() ?? 0
    }

    /// The single-target form (or a list of one without fallback or breaker, which behaves the same): its target's
    /// keys are the alias's own, and issues name them so.
    var isSingleTarget: Bool { targets.count == 1 && fallbackOn.isEmpty && breaker == nil }

    static let singleKeys: Set<String> = ["provider", "baseURL", "model", "apiKeyEnv", "price"]
    static let targetsKeys: Set<String> = ["targets", "fallbackOn", "breaker", "firstTokenTimeoutSeconds"]

    static func decode(_ value: JSONValue, at path: String, reader: inout ConfigReader) -> ModelAlias? {
        guard case .object(let given) = value, given["targets"] != nil else {
            guard let target = ModelTarget.decode(value, at: path, reader: &reader) else { return nil }
            return ModelAlias(targets: [target])
        }
        guard let members = reader.object(value, at: path, allowed: targetsKeys) else { return nil }
        guard let list = members["targets"]?.arrayValue, !list.isEmpty else {
            reader.issue("\(path).targets", "must be a non-empty array of targets")
            return nil
        }
        let targets = list.enumerated().map { ModelTarget.decode($1, at: "\(path).targets[\($0)]", reader: &reader) }
        var causes = Set(FallbackCause.allCases)
        if members["fallbackOn"] != nil {
            causes = []
            for name in reader.strings(members, "fallbackOn", at: path) {
                guard let cause = FallbackCause(rawValue: name) else {
                    reader.issue("\(path).fallbackOn", "unknown cause \"\(name)\" (known: \(FallbackCause.allCases.map(\.rawValue).joined(separator: ", ")))")
                    continue
                }
                causes.insert(cause)
            }
        }
        let breaker = BreakerSettings.decode(members["breaker"], at: "\(path).breaker", reader: &reader)
        let timeout = reader.number(members, "firstTokenTimeoutSeconds", at: path, default: defaultFirstTokenTimeoutSeconds)
        if !(timeout > 0 && timeout <= 3600) { reader.issue("\(path).firstTokenTimeoutSeconds", "must be > 0 and at most 3600") }
        let decoded = targets.compactMap { $0 }
        guard decoded.count == targets.count else { return nil }
        return ModelAlias(targets: decoded, fallbackOn: causes, breaker: breaker, firstTokenTimeoutSeconds: timeout)
    }
}

/// One provider endpoint serving an alias: which wire format, where, which of its models, with whose key, at
/// what price.
public struct ModelTarget: Sendable, Equatable {
    public var provider: String
    public var baseURL: String
    public var model: String
    /// The environment variable holding the key; keys never live in the file.
    public var apiKeyEnv: String?
    /// What its tokens cost, for the audit row's `costMicros` and cost quotas; nil: free (the embedded model).
    public var price: TokenPrice?

    /// The embedded llama-server: `serve` starts it only when some target names it, and fills in its URL.
    public static let embeddedKind = "embedded"
    public static let openAICompatibleKind = "openai-compatible"
    /// The wire formats a target may name.
    public static let providers: Set<String> = [openAICompatibleKind, "anthropic", "gemini", embeddedKind]

    public init(provider: String, baseURL: String, model: String, apiKeyEnv: String? = nil, price: TokenPrice? = nil) {
        self.provider = provider
        self.baseURL = baseURL
        self.model = model
        self.apiKeyEnv = apiKeyEnv
        self.price = price
    }

    /// `<provider>:<model>`: how the audit row, the metrics and the console name who answered.
    public var name: String { "\(provider):\(model)" }

    /// Where a breaker's state is kept: the same endpoint and model keep their state across aliases and reloads.
    var breakerKey: String { "\(provider) \(baseURL) \(model)" }

    static func decode(_ value: JSONValue, at path: String, reader: inout ConfigReader) -> ModelTarget? {
        guard let members = reader.object(value, at: path, allowed: ModelAlias.singleKeys) else { return nil }
        let provider = reader.string(members, "provider", at: path)
        let embedded = provider == embeddedKind
        // The embedded model's address is the gateway's to choose (`serve` fills it in).
        let baseURL = reader.string(members, "baseURL", at: path, required: !embedded) ?? (embedded ? "" : nil)
        let model = reader.string(members, "model", at: path)
        let apiKeyEnv = reader.string(members, "apiKeyEnv", at: path, required: false)
        let price = TokenPrice.decode(members["price"], at: "\(path).price", reader: &reader)
        if let provider, !providers.contains(provider) {
            reader.issue("\(path).provider", "unknown provider \"\(provider)\" (known: \(providers.sorted().joined(separator: ", ")))")
        }
        if let baseURL, !(baseURL.isEmpty && embedded), !(baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://")) {
            reader.issue("\(path).baseURL", "must be an http(s) URL including the API prefix, e.g. http://127.0.0.1:8081/v1")
        }
        guard let provider, let baseURL, let model else { return nil }
        return ModelTarget(provider: provider, baseURL: baseURL, model: model, apiKeyEnv: apiKeyEnv, price: price)
    }
}

/// A failure after which a request tries the alias's next target (before the answer's first word only).
public enum FallbackCause: String, Sendable, CaseIterable, Hashable {
    /// The connection could not be made, or broke before the first chunk.
    case connect
    /// The provider answered 5xx, said it was overloaded, or ended before its first chunk.
    case serverError = "5xx"
    /// The provider answered 429: rate-limited.
    case rateLimited = "429"
    /// No chunk within the alias's `firstTokenTimeoutSeconds`.
    case firstTokenTimeout
}

/// When a target is skipped: after `failures` consecutive failures, for `openSeconds`, then one probe.
public struct BreakerSettings: Sendable, Equatable {
    public var failures: Int
    public var openSeconds: Double

    public init(failures: Int = 5, openSeconds: Double = 30) {
        self.failures = failures
        self.openSeconds = openSeconds
    }

    /// The targets form has a breaker by default; `{"failures": 0}` turns it off.
    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> BreakerSettings? {
        guard let value else { return BreakerSettings() }
        guard let members = reader.object(value, at: path, allowed: ["failures", "openSeconds"]) else { return nil }
        let failures = reader.int(members, "failures", at: path, default: 5) ?? 5
        let openSeconds = reader.number(members, "openSeconds", at: path, default: 30)
        if !(0...1_000_000).contains(failures) { reader.issue("\(path).failures", "must be between 0 (no breaker) and 1000000") }
        if !(openSeconds > 0 && openSeconds <= 86_400) { reader.issue("\(path).openSeconds", "must be > 0 and at most 86400") }
        return failures == 0 ? nil : BreakerSettings(failures: failures, openSeconds: openSeconds)
    }
}

/// What a target's tokens cost, per million, in the deployment's currency. A price per million tokens is the
/// price of one token in millionths, so `costMicros` is a plain weighted sum.
public struct TokenPrice: Sendable, Equatable {
    public var inputPerMTok: Double
    public var outputPerMTok: Double

    public init(inputPerMTok: Double, outputPerMTok: Double) {
        self.inputPerMTok = inputPerMTok
        self.outputPerMTok = outputPerMTok
    }

    /// The cost of `usage` in millionths of the currency, rounded; bounded so no usage can overflow it.
    public func costMicros(_ usage: TokenUsage) -> Int {
        let cost = Double(max(usage.inputTokens, 0)) * inputPerMTok + Double(max(usage.outputTokens, 0)) * outputPerMTok
        return cost.isFinite ? Int(min(cost.rounded(), Double(Self.maxCostMicros))) : Self.maxCostMicros
    }

    /// A bound no real answer comes near (a million currency units), so sums of costs stay far from overflow.
    public static let maxCostMicros = 1_000_000_000_000

    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> TokenPrice? {
        guard let value else { return nil }
        guard let members = reader.object(value, at: path, allowed: ["inputPerMTok", "outputPerMTok"]) else { return nil }
        let input = reader.number(members, "inputPerMTok", at: path, default: 0)
        let output = reader.number(members, "outputPerMTok", at: path, default: 0)
        for (key, price) in [("inputPerMTok", input), ("outputPerMTok", output)] where !(price >= 0 && price <= 1_000_000) {
            reader.issue("\(path).\(key)", "must be between 0 and 1000000")
        }
        return TokenPrice(inputPerMTok: input, outputPerMTok: output)
    }
}
