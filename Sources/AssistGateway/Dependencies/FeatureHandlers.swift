/// The code behind features, by the name a feature record's `template.builder` gives: prompt builders for
/// streamed features, handlers for structured ones. The reference apps supply them.
public struct FeatureHandlers: Sendable {
    public var builders: [String: any PromptBuilder]
    public var structured: [String: any StructuredFeature]
    /// Checks on streamed answers, by builder name, for features with a `guard`.
    public var checks: [String: any AnswerChecks]

    public init(builders: [any PromptBuilder], structured: [any StructuredFeature] = [], checks: [any AnswerChecks] = []) {
        self.builders = Dictionary(builders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.structured = Dictionary(structured.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.checks = Dictionary(checks.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
