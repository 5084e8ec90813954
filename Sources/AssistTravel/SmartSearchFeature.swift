public import AssistGateway
import AssistUnderstanding
import AssistWire
import AssistGatewayEvaluation

/// Smart search as the gateway's structured feature: `{"text", "today"?}` → `{"filters", "source",
/// "fieldSources", "dropped"}` — the same `SmartSearch` (rules, walled schema, grounding) an app runs on device, with the
/// model call going to the feature's configured provider.
public struct SmartSearchFeature: StructuredFeature {
    public let name = "smart_search"
    public init() {}

    public func answer(_ context: PromptContext, provider: any ModelProvider, model: ModelAlias, apiKey: String?) async -> StructuredAnswer {
        let text = context.input["text"]?.stringValue ?? ""
        let todayText = context.input["today"]?.stringValue
            ?? DateResolver.todayUTC
        guard let today = DateResolver(today: todayText, locale: context.locale) else {
            return StructuredAnswer(failure: .invalidInput("input.today: must be YYYY-MM-DD"))
        }
        let language = ProviderLanguageModel(context, provider: provider, model: model, apiKey: apiKey)
        let result = await SmartSearch(model: language.guarded).extract(text, today: today)
        return StructuredAnswer(json: result.json, usage: language.usage)
    }
}
