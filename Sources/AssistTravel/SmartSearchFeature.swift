public import AssistGateway
import AssistUnderstanding
import AssistWire
import Foundation
import Synchronization

/// Smart search as the gateway's structured feature: `{"text", "today"?}` → `{"filters", "source",
/// "fieldSources", "dropped"}` — the same `SmartSearch` (rules, walled schema, grounding) an app runs on device, with the
/// model call going to the feature's configured provider.
public struct SmartSearchFeature: StructuredFeature {
    public let name = "smart_search"
    public init() {}

    public func answer(_ context: PromptContext, provider: any ModelProvider, model: ModelAlias, apiKey: String?) async -> StructuredAnswer {
        let text = context.input["text"]?.stringValue ?? ""
        let todayText = context.input["today"]?.stringValue
            ?? ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        guard let today = DateResolver(today: todayText) else {
            return StructuredAnswer(json: ["error": "today must be YYYY-MM-DD"])
        }
        let language = ProviderLanguageModel(provider: provider, model: model, apiKey: apiKey, maxOutputTokens: context.feature.maxOutputTokens)
        let guarded = GuardedModel(model: language, isEnabled: { true }, isAvailable: { true })
        let result = await SmartSearch(model: guarded).extract(text, today: today)
        return StructuredAnswer(json: result.json, usage: language.usage)
    }
}

/// `LanguageModel` over the gateway's own provider: the schema travels as `response_format`, the streamed
/// text is collected and parsed, and the usage is kept for settlement.
final class ProviderLanguageModel: LanguageModel {
    let provider: any ModelProvider
    let model: ModelAlias
    let apiKey: String?
    let maxOutputTokens: Int
    private let spent = Mutex<TokenUsage?>(nil)

    init(provider: any ModelProvider, model: ModelAlias, apiKey: String?, maxOutputTokens: Int) {
        self.provider = provider
        self.model = model
        self.apiKey = apiKey
        self.maxOutputTokens = maxOutputTokens
    }

    var usage: TokenUsage? { spent.withLock { $0 } }

    func respond(to prompt: ModelPrompt, schema: DynamicSchema) async throws(ModelError) -> JSONValue {
        let request = ProviderRequest(
            baseURL: model.baseURL, model: model.model, apiKey: apiKey,
            messages: [ChatMessage(role: .system, content: prompt.instructions), ChatMessage(role: .user, content: prompt.text)],
            maxOutputTokens: maxOutputTokens, temperature: 0, responseSchema: schema.jsonSchema)
        var text = ""
        do {
            for try await chunk in provider.stream(request) {
                switch chunk {
                case .text(let piece): text += piece
                case .usage(let usage): spent.withLock { $0 = usage }
                case .finish: break
                }
            }
        } catch let error as ProviderError {
            if case .http(429, _) = error { throw .rateLimited }
            throw .unavailable
        } catch {
            throw .unavailable
        }
        do {
            return try JSONParser.parse(text)
        } catch {
            throw .failed("the answer is not JSON")
        }
    }
}
