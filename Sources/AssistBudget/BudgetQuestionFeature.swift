public import AssistGateway
import AssistGatewayEvaluation
import AssistUnderstanding
import AssistWire
import Foundation

/// The budget question as the gateway's structured feature: `{"question", "today"?, "conversationId"?}` → the
/// question as understood (`intent`, `period`, `otherPeriod`, `merchant`, `category`, `limit`), the computed
/// `answer` (a template over the query's result, never model text), `valueMinor` and `currency`, how many
/// `transactions` it matched, `source` (`rules`, or `model` when the model picked the intent), and the
/// `conversationId` to send with the next question, which may then be a follow-up ("and the month before?").
/// With the feature option `askAnything`, a free-form question (one no rule reads an intent in) is answered by the
/// model from the computed facts, held to their numbers and the question's language (`AskAnything`);
/// `answerSource` says whether the model's answer or the template's was shown.
///
/// The user's own transactions are read for the signed-in user only; their merchants are the only ones a
/// question can name. The model is asked only what the rules leave empty and the question signals
/// (`BudgetUnderstanding`), at the feature's temperature (0.1), through its provider and under the user's quota.
public struct BudgetQuestionFeature: StructuredFeature {
    public let name = "budget_question"
    let store: any BudgetStore
    let conversations: any BudgetConversationStore
    let demoSpending: Bool
    let clock: any WallClock

    /// - Parameter demoSpending: a demo user (`DemoData.users`) without transactions is given their demo spending
    ///   on their first question, so that a gateway that never serves the budget app never writes it.
    /// - Parameter clock: when a conversation's question was asked, for its retention.
    public init(store: any BudgetStore, conversations: any BudgetConversationStore, demoSpending: Bool = false,
                clock: any WallClock = SystemWallClock()) {
        self.store = store
        self.conversations = conversations
        self.demoSpending = demoSpending
        self.clock = clock
    }

    /// `user`'s merchants, the most often paid first, after giving a demo user without any their demo spending (the
    /// store seeds once, however many first questions arrive at once, on however many replicas).
    func merchantsByFrequency(of user: String) async throws -> [String] {
        let merchants = try await store.merchantsByFrequency(user: user)
        guard merchants.isEmpty, demoSpending, DemoData.users.contains(where: { $0.sameBytes(as: user) }) else { return merchants }
        try await store.seed(user: user, with: DemoData.transactions(for: user))
        return try await store.merchantsByFrequency(user: user)
    }

    /// A `conversationId` this user holds no live conversation under (never issued, expired, another user's) is 404
    /// `conversation_not_found`, before any quota is taken: reading the question as a fresh one answers something
    /// the user did not ask (a follow-up without its conversation). Its store down is 503. The conversation's last
    /// question goes to `answer`, which does not read it again.
    public func prepare(_ context: PromptContext) async throws(PromptBuildError) -> (any Sendable)? {
        guard let id = context.input["conversationId"]?.stringValue else { return nil }
        let previous: FinanceQuestion?
        do { previous = try await conversations.last(user: context.user, id: id, now: clock.now()) } catch {
            throw .refused(Self.failure(error))
        }
        guard let previous else { throw .refused(.conversationNotFound) }
        return previous
    }

    public func answer(_ context: PromptContext, provider: any ModelProvider, model: ModelAlias, apiKey: String?) async -> StructuredAnswer {
        let text = context.input["question"]?.stringValue ?? ""
        let today = context.input["today"]?.stringValue
            ?? DateResolver.todayUTC
        guard DateResolver(today: today) != nil else { return StructuredAnswer(failure: .invalidInput("input.today: must be YYYY-MM-DD")) }
        let merchants: [String]
        do { merchants = try await merchantsByFrequency(of: context.user) } catch { return StructuredAnswer(failure: Self.failure(error)) }
        let language = ProviderLanguageModel(context, provider: provider, model: model, apiKey: apiKey, temperature: context.feature.temperature ?? 0.1)
        // The rules try the merchants in name order (as `FinanceUnderstander` expects them); the model is offered the most frequent.
        let rules = FinanceUnderstander(merchants: merchants.sorted(), today: today)
        let understanding = BudgetUnderstanding(rules: rules, model: language.guarded, merchantsByFrequency: merchants)
        let named = context.input["conversationId"]?.stringValue
        let conversation = named ?? Self.newConversationId()
        // The gateway hands over what `prepare` read; a caller that did not prepare (an evaluation) reads it here.
        var previous = context.prepared as? FinanceQuestion
        if let named, previous == nil {
            do { previous = try await conversations.last(user: context.user, id: named, now: clock.now()) } catch {
                return StructuredAnswer(failure: Self.failure(error))
            }
            if previous == nil { return StructuredAnswer(failure: .conversationNotFound) }
        }
        let (question, source) = await understanding.understand(text, previous: previous)
        do { try await conversations.remember(question, user: context.user, id: conversation, now: clock.now()) } catch {
            // Refused rather than answered: the conversationId it would return could not be continued.
            GatewayLog.warning("budget conversation \(conversation) not remembered: \(error)")
            return StructuredAnswer(failure: .unavailable("budget store"), usage: language.usage)
        }
        let answer: BudgetAnswerer.Answer
        do {
            answer = try await BudgetAnswerer(store: store, user: context.user, locale: context.locale).answer(question)
        } catch {
            return StructuredAnswer(failure: Self.failure(error), usage: language.usage)
        }
        var body = question.json.objectValue ?? [:]
        var usage = language.usage
        body["answer"] = .string(answer.reply)
        body["answerSource"] = "template"
        let followUp = rules.isFollowUp(text, after: previous)
        if context.feature.options["askAnything"] == true, !FinanceUnderstander.hasIntentCue(text), !followUp,
           let free = await freeAnswer(text, question: question, context: context, provider: provider, model: model, apiKey: apiKey) {
            usage = Self.sum(usage, free.usage)
            if let violation = free.violation { body["withheld"] = .string(violation) } else {
                body["answer"] = .string(free.text)
                body["answerSource"] = "model"
            }
        }
        body["valueMinor"] = answer.totalMinor.map { .number(Double($0)) } ?? .null
        body["currency"] = "TRY"
        body["transactions"] = .number(Double(answer.transactions))
        body["source"] = .string(source == "model" ? "model" : "rules")
        body["conversationId"] = .string(conversation)
        body["followUp"] = .bool(followUp)
        return StructuredAnswer(json: .object(body), usage: usage)
    }

    /// "Ask anything": the model's answer from the facts computed for `question`, and why it may not be shown (nil:
    /// it may). Nil when the facts cannot be read or the model did not answer: the template stands.
    func freeAnswer(_ text: String, question: FinanceQuestion, context: PromptContext, provider: any ModelProvider, model: ModelAlias,
                    apiKey: String?) async -> (text: String, violation: String?, usage: TokenUsage?)? {
        let answerer = BudgetAnswerer(store: store, user: context.user, locale: context.locale)
        let facts: AskAnything.Facts
        do { facts = try await AskAnything.facts(for: question, store: store, user: context.user, answerer: answerer) } catch {
            GatewayLog.warning("budget facts not read, the template answers: \(error)")
            return nil
        }
        guard let free = await AskAnything.ask(text, facts: facts, context: context, provider: provider, model: model, apiKey: apiKey) else { return nil }
        return (free.text, AskAnything.violation(free.text, facts: facts, locale: context.locale), free.usage)
    }

    /// A store's error as the request's: data that cannot be summed or read back (`BudgetDataError`) is this
    /// request's alone (500); anything else is the store (503).
    /// A new conversation's id: "cv_" and 26 random lower-case letters (about 122 bits). No digit, because the app
    /// sends it back as input, and the gateway masks every string of an input (`MaskPersonalData`): a UUID's digit
    /// groups can read as a phone number ("4704-9124-62"), and a masked id is a conversation not found.
    public static func newConversationId() -> String {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
        return "cv_" + String(String.UnicodeScalarView((0..<26).map { _ in letters[Int(generator.next(upperBound: UInt64(26)))] }))
    }

    static func failure(_ error: any Error) -> GatewayError {
        guard error is BudgetDataError else {
            GatewayLog.warning("budget store: \(error)")
            return .unavailable("budget store")
        }
        return .internalError("your budget data holds an amount or a date out of range, so this question cannot be answered from it")
    }

    static func sum(_ a: TokenUsage?, _ b: TokenUsage?) -> TokenUsage? {
        guard let a else { return b }
        guard let b else { return a }
        return TokenUsage(inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens)
    }
}
