/// The code behind features, by the name a feature record's `template.builder` gives: prompt builders for
/// streamed features, handlers for structured ones. The reference apps supply them.
public struct FeatureHandlers: Sendable {
    public var builders: [String: any PromptBuilder]
    public var structured: [String: any StructuredFeature]
    /// The apps' own endpoints, by path (`AppEndpoint`).
    public var endpoints: [String: any AppEndpoint]
    /// The checks streamed answers of features with a `guard` are held to; nil: no feature may have one.
    public var answerChecks: (any AnswerChecks)?

    public init(builders: [any PromptBuilder], structured: [any StructuredFeature] = [], answerChecks: (any AnswerChecks)? = nil,
                endpoints: [any AppEndpoint] = []) {
        self.builders = Dictionary(builders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.structured = Dictionary(structured.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.answerChecks = answerChecks
        self.endpoints = Dictionary(endpoints.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// What makes a guarded feature unservable: no checks wired, none named, or a name the checks do not know
    /// (a guard that silently skipped a check would pass what it should hold back).
    public func guardIssues(_ features: [String: FeatureRecord]) -> [ConfigIssue] {
        features.values.sorted { $0.id < $1.id }.filter { $0.answerGuard != nil }.compactMap { feature in
            let path = "features.\(feature.id)"
            guard let answerChecks else { return ConfigIssue(path: path + ".guard", message: "no answer checks are wired in this gateway") }
            guard !feature.checks.isEmpty else { return ConfigIssue(path: path + ".guard", message: "the feature names no checks to hold answers to") }
            let unknown = feature.checks.filter { !answerChecks.known.contains($0) }
            guard unknown.isEmpty else {
                return ConfigIssue(path: path + ".checks", message: "unknown to the answer guard: \(unknown.joined(separator: ", "))"
                    + " (known: \(answerChecks.known.sorted().joined(separator: ", ")))")
            }
            return nil
        }
    }
}
