public import AssistUnderstanding
import AssistWire

/// The budget understander with the on-device model behind the rules: when no rule recognises what the
/// question asks for, the guarded model picks the intent from the closed set (the only thing it is asked;
/// periods, merchants and categories stay with the rules and the user's own data). Without a model, or
/// when it cannot answer, the rules' default stands.
public struct BudgetUnderstanding: Sendable {
    let rules: FinanceUnderstander
    let model: GuardedModel?

    public init(rules: FinanceUnderstander, model: GuardedModel?) {
        self.rules = rules
        self.model = model
    }

    public static let intentSchema = DynamicSchema.object(properties: [
        .init("intent", .string(choices: FinanceQuestion.Intent.allCases.map { DynamicSchema.Choice($0.rawValue) })),
    ])

    /// The question, and where its intent came from ("model" or "fallback").
    public func understand(_ text: String, previous: FinanceQuestion?) async -> (question: FinanceQuestion, source: String) {
        var question = rules.understand(text, previous: previous)
        guard let model, !FinanceUnderstander.hasIntentCue(text), previous == nil || !FinanceUnderstander.isFollowUp(text) else {
            return (question, "fallback")
        }
        let prompt = ModelPrompt(instructions: "What does the user want to know about their spending? Pick one intent.", text: text)
        guard case .success(let answer) = await model.respond(to: prompt, schema: Self.intentSchema),
              let intent = answer["intent"]?.stringValue.flatMap(FinanceQuestion.Intent.init(rawValue:)) else {
            return (question, "fallback")
        }
        question.intent = intent
        if intent != .comparePeriods { question.otherPeriod = nil }
        return (question, "model")
    }
}
