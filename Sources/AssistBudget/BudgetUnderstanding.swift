public import AssistUnderstanding
import AssistWire
import Foundation

/// The budget understander with the on-device model behind the rules, as the brief describes it.
///
/// The rules read the question first. The model is asked only for what they left empty and the question signals: a
/// merchant when the question points at one ("at …", "from …", a capitalised name, Turkish "-'ta/-'den"); a category
/// when it points at one ("on …", "for …", "kategori"). Never the intent: where no rule reads one, the rules' total
/// stands. (Until 2026-12-05 the model picked it there; over every budget set in `make eval` its intent was right
/// where the rules' was wrong once, and wrong where theirs was right 124 times: "what did i pay pep boys" an average,
/// "groceries since may 1" a list, "bus and subway fares in august" a comparison.) The choices are
/// closed and the user's own: their merchants, the most frequent first, trimmed to what fits the on-device model's
/// context (`merchantChoices`); the categories the app knows. Every value the model gives must have literal
/// support in the question (Turkish folding and suffixes allowed), or it is dropped. Without a model, or when it
/// cannot answer, the rules stand.
public struct BudgetUnderstanding: Sendable {
    /// What one question came to: the question, who settled it, whether the model was asked, what it gave that was dropped.
    public struct Understood: Sendable {
        public var question: FinanceQuestion
        /// "model" when a value of the model's was used, else "fallback".
        public var source: String
        public var askedModel: Bool
        public var dropped: [String]
    }

    /// The on-device model's context (SmolLM2-135M-Instruct and Apple's on-device model both have 4,096 tokens).
    public static let contextTokens = 4_096
    /// What the prompt takes besides the merchant choices, generously: the chat template, the instructions, a
    /// question at its 500-character cap, the schema around the choices (intents, categories), and the answer.
    public static let reservedTokens = 1_024
    /// The most merchants offered, however short their names: a longer list only dilutes a small model's choice.
    public static let maxMerchantChoices = 30

    var rules: FinanceUnderstander
    let model: GuardedModel?
    /// The merchants offered to the model, most frequent first, trimmed (`trimmed(_:)`).
    public let merchantChoices: [String]

    /// - Parameter merchantsByFrequency: the user's merchants, most frequent first.
    public init(rules: FinanceUnderstander, model: GuardedModel?, merchantsByFrequency: [String] = []) {
        self.rules = rules
        self.model = model
        merchantChoices = Self.trimmed(merchantsByFrequency)
    }

    /// The same model and choices over other rules (another day's, for a golden case with its own `today`).
    public func with(rules: FinanceUnderstander) -> BudgetUnderstanding {
        var copy = self
        copy.rules = rules
        return copy
    }

    /// The most frequent merchants whose choices fit the context left after `reservedTokens`, at most `maxMerchantChoices`.
    /// A choice costs its name's estimated tokens plus three for its quotes and comma.
    public static func trimmed(_ merchants: [String]) -> [String] {
        var budget = contextTokens - reservedTokens
        var kept: [String] = []
        for merchant in merchants.prefix(maxMerchantChoices) {
            let cost = estimatedTokens(merchant) + 3
            guard cost <= budget else { break }
            budget -= cost
            kept.append(merchant)
        }
        return kept
    }

    /// One token per 4 UTF-8 bytes, rounded up, at least one per word: over-counts for BPE tokenizers, Turkish included.
    static func estimatedTokens(_ text: String) -> Int {
        max((text.utf8.count + 3) / 4, text.split(separator: " ").count)
    }

    static let instructions = "What does the user want to know about their own spending? Fill in only what the question says, "
        + "choosing from the listed values; leave out anything it does not say."

    /// The question, and where its values came from ("model" or "fallback").
    public func understand(_ text: String, previous: FinanceQuestion?) async -> (question: FinanceQuestion, source: String) {
        let understood = await understandReporting(text, previous: previous)
        return (understood.question, understood.source)
    }

    /// The question, with whether the model was asked and what it gave that was dropped (for `assist budget ask
    /// --golden` and the bench).
    public func understandReporting(_ text: String, previous: FinanceQuestion?) async -> Understood {
        var question = rules.understand(text, previous: previous)
        let schema = self.schema(for: text, understood: question)
        guard let model, previous == nil || !FinanceUnderstander.isFollowUp(text), !schema.propertyNames.isEmpty else {
            return Understood(question: question, source: "fallback", askedModel: false, dropped: [])
        }
        guard case .success(let answer) = await model.respond(to: ModelPrompt(instructions: Self.instructions, text: text), schema: schema) else {
            return Understood(question: question, source: "fallback", askedModel: true, dropped: [])
        }
        var used = false, dropped: [String] = []
        for (field, value) in (answer.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let chosen = value.stringValue else { continue }
            switch field {
            case "merchant" where BudgetSignals.supports(text, merchant: chosen):
                question.merchant = chosen
                used = true
            case "category" where BudgetSignals.supports(text, category: chosen):
                question.category = chosen
                used = true
            default:
                dropped.append("\(field): \(chosen)")
            }
        }
        return Understood(question: question, source: used ? "model" : "fallback", askedModel: true, dropped: dropped)
    }

    /// The walled schema for `text`: only what the rules left empty and the question signals, each a closed choice.
    public func schema(for text: String, understood question: FinanceQuestion) -> DynamicSchema {
        var properties: [DynamicSchema.Property] = []
        if question.merchant == nil, !merchantChoices.isEmpty, BudgetSignals.pointsAtMerchant(text) {
            properties.append(.init("merchant", .string(choices: merchantChoices.map { DynamicSchema.Choice($0) }), optional: true))
        }
        if question.category == nil, BudgetSignals.pointsAtCategory(text) {
            properties.append(.init("category", .string(choices: FinanceUnderstander.categories.map { DynamicSchema.Choice($0.0) }), optional: true))
        }
        return .object(properties: properties)
    }
}
