public import AssistGateway
import AssistGatewayEvaluation
import AssistUnderstanding
import AssistWire

/// Support triage as the gateway's structured feature: `{"message"}` → `{"topic", "masked",
/// "containsSensitiveNumbers", "source"}`. The same `SupportTriage` an app runs on device (masking first and
/// always deterministic; the model only breaks a tie between topics), so an app without an on-device model
/// — the browser demo — shows the user the message exactly as the server masked it before it is sent to
/// `support_chat`, and masking stays in one place.
public struct SupportTriageFeature: StructuredFeature {
    public let name = "support_triage"
    public init() {}

    public func answer(_ context: PromptContext, provider: any ModelProvider, model: ModelAlias, apiKey: String?) async -> StructuredAnswer {
        let message = context.input["message"]?.stringValue ?? ""
        let language = ProviderLanguageModel(context, provider: provider, model: model, apiKey: apiKey)
        var result = await SupportTriage(model: language.guarded).triage(message)
        // The gateway masked the input before this feature read it: the numbers it found count too.
        result.containsSensitiveNumbers = result.containsSensitiveNumbers || context.inputHadSensitiveNumbers
        return StructuredAnswer(json: result.json, usage: language.usage)
    }
}
