import AssistEvaluation
import AssistGatewayEvaluation
import AssistUnderstanding
public import AssistGateway
import AssistWire
import Foundation

/// "Ask anything", behind the feature option `askAnything` (off by default): a free-form question about one's own
/// spending, answered by the model from a facts block computed for it (the period, the total and count, the top
/// merchants and categories), and held to two checks before anyone sees it: every number in the answer is one of
/// the facts block's, and it is written in the question's language. An answer that fails either is withheld and
/// the template reply stands, so a number the model invents never reaches the user.
struct AskAnything: Sendable {
    struct Facts: Sendable {
        var text: String
        /// Every number of the block, as its digits (grouping and decimal marks dropped: "1.245,50" is "124550").
        var numbers: Set<String>
    }

    static let instructions = "Answer the user's question about their own spending in {{language}}, in one or two sentences, "
        + "using only the facts in the next message. Copy every number exactly as the facts write it and use no other number. "
        + "If the facts do not answer the question, say so."

    /// The facts for `question`'s period (and merchant or category), with amounts written as the template writes them.
    static func facts(for question: FinanceQuestion, store: TransactionStore, user: String, answerer: BudgetAnswerer) throws -> Facts {
        let rows = try store.transactions(user: user, from: question.period.from, to: question.period.to,
                                          merchant: question.merchant, category: question.category)
        let total = rows.reduce(0) { $0 + $1.amountMinor }
        func top(_ key: (Transaction) -> String) -> String {
            BudgetAnswerer.ranked(rows, by: key, limit: 3).map { "\($0.key) \(answerer.money($0.value))" }.joined(separator: "; ")
        }
        var lines = ["Period: \(question.period.from) to \(question.period.to)",
                     "Total spent: \(answerer.money(total)) in \(rows.count) transactions"]
        if let merchant = question.merchant { lines.append("Merchant asked about: \(merchant)") }
        if let category = question.category { lines.append("Category asked about: \(category)") }
        if !rows.isEmpty {
            lines.append("Top merchants: \(top(\.merchant))")
            lines.append("Top categories: \(top(\.category))")
        }
        let text = lines.joined(separator: "\n")
        return Facts(text: text, numbers: numbers(in: text))
    }

    /// The numbers written in `text`, as digit strings without leading zeros.
    static func numbers(in text: String) -> Set<String> {
        var found: Set<String> = []
        var current = ""
        func close() {
            let digits = current.filter(\.isNumber)
            if !digits.isEmpty {
                let significant = digits.drop(while: { $0 == "0" })
                found.insert(significant.isEmpty ? "0" : String(significant))
            }
            current = ""
        }
        for character in text {
            if character.isNumber || (!current.isEmpty && (character == "." || character == ",")) { current.append(character) } else { close() }
        }
        close()
        return found
    }

    /// Why `answer` may not be shown, or nil when it passes both checks.
    static func violation(_ answer: String, facts: Facts, locale: String) -> String? {
        if answer.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "empty" }
        if let invented = numbers(in: answer).subtracting(facts.numbers).sorted().first { return "number_not_in_facts:\(invented)" }
        let expected = Locales.language(of: locale)
        guard let detected = LanguageDetector().detect(answer) else { return "language_undetected" }
        return detected == expected ? nil : "language:\(detected)"
    }

    /// The model's free answer over the facts, through the feature's provider; nil when it could not answer.
    static func ask(_ question: String, facts: Facts, context: PromptContext, provider: any ModelProvider, model: ModelAlias,
                    apiKey: String?) async -> (text: String, usage: TokenUsage?)? {
        var prompt = context
        prompt.feature.template.instructions = instructions
        let language = ProviderLanguageModel(context, provider: provider, model: model, apiKey: apiKey, temperature: context.feature.temperature ?? 0.1)
        let messages = [ChatMessage(role: .system, content: prompt.instructions), ChatMessage(role: .system, content: facts.text),
                        ChatMessage(role: .user, content: question)]
        guard let text = try? await language.complete(messages) else { return nil }
        return (text.trimmingCharacters(in: .whitespacesAndNewlines), language.usage)
    }
}
