import AssistTelemetry

/// The way to the models: one provider per kind (`ModelAlias.provider`), the provider keys, and whether
/// the model behind the gateway is ready.
///
/// Keys are read from the environment by the name a model alias gives, at the moment of the call, in this
/// one place: they never sit in the configuration, a feature record or a log line.
public struct ModelAccess: Sendable {
    public var providers: [String: any ModelProvider]
    /// Reads an environment variable by name (`ProcessEnvironment.value` in production).
    public var environment: @Sendable (String) -> String?
    /// Whether the model behind the gateway is ready (`GET /healthz`).
    public var isReady: @Sendable () async -> Bool

    public init(providers: [String: any ModelProvider], environment: @escaping @Sendable (String) -> String? = ProcessEnvironment.value,
                isReady: @escaping @Sendable () async -> Bool = { true }) {
        self.providers = providers
        self.environment = environment
        self.isReady = isReady
    }

    /// One provider serving every kind of alias (tests, tools pointed at one upstream).
    public init(provider: any ModelProvider, environment: @escaping @Sendable (String) -> String? = ProcessEnvironment.value,
                isReady: @escaping @Sendable () async -> Bool = { true }) {
        self.init(providers: Dictionary(uniqueKeysWithValues: ModelAlias.providers.map { ($0, provider) }), environment: environment,
                  isReady: isReady)
    }

    /// The provider for `model`'s kind. Every configured alias has one: `GatewayDependencies` checks at start-up.
    public func provider(for model: ModelAlias) -> any ModelProvider {
        guard let provider = providers[model.provider] else { return MissingProvider(kind: model.provider) }
        return provider
    }

    /// The provider for `model`'s kind as a request of `trace` for `feature` calls it: each call a child span of
    /// the request's, carried to the provider, counted in `metrics` and recorded by `tracing` (`TracedProvider`).
    func provider(for model: ModelAlias, feature: String, trace: TraceContext, tracing: Tracing, metrics: GenAIMetrics) -> any ModelProvider {
        TracedProvider(base: provider(for: model), trace: trace, tracing: tracing, metrics: metrics, providerName: model.provider, feature: feature)
    }

    /// The API key `model` names, if it names one and the environment holds it.
    public func apiKey(for model: ModelAlias) -> String? { model.apiKeyEnv.flatMap { environment($0) } }

    /// What the gateway asks for on behalf of `feature` (as served, candidate version included): its messages
    /// to the alias's model, with the feature's output cap and temperature. The stream path and `assist eval`
    /// both build it here, so an evaluation calls the model exactly as users' requests do.
    public func request(for feature: FeatureRecord, model: ModelAlias, messages: [ChatMessage]) -> ProviderRequest {
        var request = ProviderRequest(baseURL: model.baseURL, model: model.model, apiKey: apiKey(for: model), messages: messages,
                                      maxOutputTokens: feature.maxOutputTokens, temperature: feature.temperature)
        request.coalesceText = feature.coalesceDeltas
        return request
    }

    /// Streams `feature`'s messages from the provider of `model`'s kind; for a request, as a child span of its
    /// `trace` (`provider(for:trace:tracing:)`).
    /// The answer is held to the feature's output cap and charged at most the prompt's estimate of input
    /// (`OutputLimit`), whatever the provider does.
    public func stream(for feature: FeatureRecord, model: ModelAlias, messages: [ChatMessage]) -> ProviderStream {
        stream(for: feature, model: model, messages: messages, via: provider(for: model))
    }

    func stream(for feature: FeatureRecord, model: ModelAlias, messages: [ChatMessage], trace: TraceContext, tracing: Tracing,
                metrics: GenAIMetrics) -> ProviderStream {
        stream(for: feature, model: model, messages: messages,
               via: provider(for: model, feature: feature.id, trace: trace, tracing: tracing, metrics: metrics))
    }

    private func stream(for feature: FeatureRecord, model: ModelAlias, messages: [ChatMessage], via provider: any ModelProvider) -> ProviderStream {
        provider.stream(request(for: feature, model: model, messages: messages))
            .limited(by: OutputLimit(maxOutputTokens: feature.maxOutputTokens, inputCeiling: Prompt(messages: messages).estimatedTokens))
    }
}

/// Fails every call: the provider kind a model alias names is not wired into this gateway.
struct MissingProvider: ModelProvider {
    let kind: String
    func stream(_ request: ProviderRequest) -> ProviderStream {
        let (stream, continuation) = AsyncThrowingStream<ProviderChunk, any Error>.makeStream()
        continuation.finish(throwing: ProviderError.protocolViolation("no provider for kind \(kind)"))
        return ProviderStream(stream, cancel: {})
    }
}
