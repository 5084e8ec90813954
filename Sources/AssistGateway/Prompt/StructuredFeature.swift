public import AssistWire

/// A structured feature: one validated JSON object instead of a text stream (`POST /v1/assist`).
///
/// The handler owns its schema, walls and deterministic fallback (the same code an app runs on device);
/// the gateway gives it the configured provider, so the model call goes where the feature's model alias
/// says and is paid for under this user's quota.
public protocol StructuredFeature: Sendable {
    /// The name a feature record's `template.builder` refers to.
    var name: String { get }
    func answer(_ context: PromptContext, provider: any ModelProvider, model: ModelAlias, apiKey: String?) async -> StructuredAnswer
    /// Checks the data the input names before admission takes any quota (a 404 costs nothing), as a prompt
    /// builder does for a stream feature. What it read to check is returned, and `answer` finds it in
    /// `PromptContext.prepared`, so one request reads it once. Most features need nothing: the default accepts.
    func prepare(_ context: PromptContext) async throws(PromptBuildError) -> (any Sendable)?
}

extension StructuredFeature {
    public func prepare(_ context: PromptContext) async throws(PromptBuildError) -> (any Sendable)? { nil }
}

/// A structured feature's answer to one request: its JSON, or the error that request gets.
public struct StructuredAnswer: Sendable {
    public var json: JSONValue
    /// Tokens the model call used (nil when no model was called, or the provider did not say).
    public var usage: TokenUsage?
    /// Set when the feature cannot answer this request (an input it cannot use, data it cannot read or compute): the
    /// request ends with this error and an audit row `failed`, its usage settled; `json` is not sent.
    public var failure: GatewayError?

    public init(json: JSONValue, usage: TokenUsage? = nil) {
        self.json = json
        self.usage = usage
    }

    public init(failure: GatewayError, usage: TokenUsage? = nil) {
        json = .null
        self.usage = usage
        self.failure = failure
    }
}
