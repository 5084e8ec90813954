public import AssistGateway
public import AssistUnderstanding
public import AssistWire
import Synchronization

/// `LanguageModel` over the gateway's own provider: the schema travels as `response_format`, the streamed
/// text is collected and parsed, and the usage is kept for settlement.
public final class ProviderLanguageModel: LanguageModel {
    let provider: any ModelProvider
    let model: ModelAlias
    let apiKey: String?
    let maxOutputTokens: Int
    let temperature: Double
    private let spent = Mutex<TokenUsage?>(nil)

    public init(provider: any ModelProvider, model: ModelAlias, apiKey: String?, maxOutputTokens: Int, temperature: Double = 0) {
        self.provider = provider
        self.model = model
        self.apiKey = apiKey
        self.maxOutputTokens = maxOutputTokens
        self.temperature = temperature
    }

    /// A structured feature's model: its provider, alias and key, held to the feature's output cap.
    public convenience init(_ context: PromptContext, provider: any ModelProvider, model: ModelAlias, apiKey: String?, temperature: Double = 0) {
        self.init(provider: provider, model: model, apiKey: apiKey, maxOutputTokens: context.feature.maxOutputTokens, temperature: temperature)
    }

    /// This model behind the understanding kit's walls (schema, timeouts, retries). The gateway's provider is
    /// always on and available: the kill switch and rollout were applied at admission.
    public var guarded: GuardedModel { GuardedModel(model: self, isEnabled: { true }, isAvailable: { true }) }

    /// What the last call used (nil before any, or when the provider did not say), for the request's settlement.
    public var usage: TokenUsage? { spent.withLock { $0 } }

    public func respond(to prompt: ModelPrompt, schema: DynamicSchema) async throws(ModelError) -> JSONValue {
        let text = try await complete([ChatMessage(role: .system, content: prompt.instructions), ChatMessage(role: .user, content: prompt.text)],
                                      responseSchema: schema.jsonSchema)
        do {
            return try JSONParser.parse(text)
        } catch {
            throw .failed("the answer is not JSON")
        }
    }

    /// The model's whole text for `messages` (held to `responseSchema` when given), its usage kept in `usage`.
    public func complete(_ messages: [ChatMessage], responseSchema: JSONValue? = nil) async throws(ModelError) -> String {
        let request = ProviderRequest(baseURL: model.baseURL, model: model.model, apiKey: apiKey, messages: messages,
                                      maxOutputTokens: maxOutputTokens, temperature: temperature, responseSchema: responseSchema)
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
        return text
    }
}
