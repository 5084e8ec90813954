public import AssistEvaluation
public import AssistGateway
import AssistWire

/// Runs a feature's golden set through the gateway's own path: the feature record from the configuration,
/// its prompt builder over the reference data, and the configured provider with the same request a user's
/// stream makes. Each answer is held to the checks the record names.
///
/// Quota, audit and caching are left out on purpose: an evaluation measures the prompt and the model, and
/// must neither spend users' budgets nor be served a stored answer.
public struct GoldenEvaluation: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let config: GatewayConfig
    public let handlers: FeatureHandlers
    public let models: ModelAccess

    /// The feature records of `config`, answered by `handlers` over `models` (a gateway's own, so the
    /// evaluation builds prompts and calls models exactly as it would).
    public init(config: GatewayConfig, handlers: FeatureHandlers, models: ModelAccess) {
        self.config = config
        self.handlers = handlers
        self.models = models
    }

    /// The feature as it would be served: the current prompt version, or the candidate's.
    public func feature(_ id: String, candidate: Bool = false) throws -> FeatureRecord {
        guard let record = config.features[id] else { throw Failure(description: "unknown feature \(id)") }
        if record.kind == .structured, !(handlers.structured[record.template.builder] is any CheckableStructuredFeature) {
            throw Failure(description: "\(id) is a structured feature without answer checks")
        }
        guard candidate else { return record }
        guard let served = record.servingCandidate else { throw Failure(description: "\(id) has no candidate prompt version") }
        return served
    }

    /// The checks `feature` names, in order; an unknown name is an error, never a silent pass.
    public func checks(for feature: FeatureRecord) throws -> [any PropertyCheck] {
        try feature.checks.map { name in
            guard let check = PropertyChecks.named(name) else {
                throw Failure(description: "\(feature.id): unknown check \(name) (known: \(PropertyChecks.all.map(\.name).joined(separator: ", ")))")
            }
            return check
        }
    }

    /// The prompt the gateway would build for the case's user (`user`, default u1), input and locale.
    public func prompt(for item: GoldenCase, feature: FeatureRecord) async -> Result<Prompt, AnswerFailure> {
        guard let input = item.input else { return .failure(AnswerFailure("the case has no input")) }
        guard let builder = handlers.builders[feature.template.builder] else {
            return .failure(AnswerFailure("\(feature.id) has no prompt builder"))
        }
        let context = PromptContext(user: item.extra["user"]?.stringValue ?? "u1", feature: feature, input: input, locale: item.locale)
        do {
            return .success(try await builder.build(context))
        } catch {
            return .failure(AnswerFailure("prompt: \(error)"))
        }
    }

    /// One case's answer: its prompt, then the model's whole answer, with the facts the checks compare
    /// against. A case whose data cannot be read, or whose model call fails, has no answer. A structured
    /// feature answers the case's `text` (and `today`) through its handler, as `POST /v1/assist` does.
    public func answer(_ item: GoldenCase, feature: FeatureRecord) async -> Result<CheckedAnswer, AnswerFailure> {
        if feature.kind == .structured { return await structuredAnswer(item, feature: feature) }
        let prompt: Prompt
        switch await self.prompt(for: item, feature: feature) {
        case .success(let built): prompt = built
        case .failure(let failure): return .failure(failure)
        }
        guard let model = config.models[feature.model] else { return .failure(AnswerFailure("\(feature.id) has no model")) }
        var text = ""
        do {
            for try await chunk in models.stream(for: feature, model: model, messages: prompt.messages) {
                if case .text(let piece) = chunk { text += piece }
            }
        } catch {
            return .failure(AnswerFailure("model call failed: \(error)"))
        }
        return .success(CheckedAnswer(text: text, locale: item.locale, booking: Self.reference(prompt), support: Self.supportReference(prompt)))
    }

    private func structuredAnswer(_ item: GoldenCase, feature: FeatureRecord) async -> Result<CheckedAnswer, AnswerFailure> {
        guard let handler = handlers.structured[feature.template.builder] as? any CheckableStructuredFeature,
              let model = config.models[feature.model] else {
            return .failure(AnswerFailure("\(feature.id) has no checkable handler or model"))
        }
        var input = item.input ?? ["text": .string(item.text)]
        if let today = item.today, input["today"] == nil { input["today"] = .string(today) }
        let context = PromptContext(user: item.extra["user"]?.stringValue ?? "u1", feature: feature, input: input, locale: item.locale)
        let answer = await handler.answer(context, provider: models.provider(for: model), model: model, apiKey: models.apiKey(for: model))
        return .success(CheckedAnswer(text: JSONWriter.string(answer.json), locale: item.locale,
                                      structured: handler.outcome(of: answer.json, input: input)))
    }

    /// What the checks compare with: the prompt's facts, and the data the model was given as its source.
    public static func reference(_ prompt: Prompt) -> BookingReference? {
        let data = prompt.messages.filter { $0.role == .user }.map(\.content).joined(separator: "\n")
        return prompt.facts.flatMap { BookingReference(facts: $0, sourceText: data) }
    }

    /// The policy and user text a support answer is checked against (`Prompt.reference`), if the prompt has them.
    public static func supportReference(_ prompt: Prompt) -> SupportReference? {
        prompt.reference.flatMap(SupportReference.init(json:))
    }
}
