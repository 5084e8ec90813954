import AssistTelemetry

/// The way to the models: one provider per kind a target names (`ModelTarget.provider`), the provider keys, and
/// whether the model behind the gateway is ready.
///
/// Keys are read from the environment by the name a target gives, at the moment of the call, in this one place:
/// they never sit in the configuration, a feature record or a log line.
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
        self.init(providers: Dictionary(uniqueKeysWithValues: ModelTarget.providers.map { ($0, provider) }), environment: environment,
                  isReady: isReady)
    }

    /// Every target of `models` whose kind no provider here serves, as configuration issues.
    func unwiredTargets(_ models: [String: ModelAlias]) -> [ConfigIssue] {
        models.sorted(by: { $0.key < $1.key }).flatMap { name, alias in
            alias.targets.enumerated().compactMap { index, target -> ConfigIssue? in
                guard providers[target.provider] == nil else { return nil }
                let path = alias.isSingleTarget ? "models.\(name).provider" : "models.\(name).targets[\(index)].provider"
                return ConfigIssue(path: path, message: "no provider of kind \(target.provider) is wired")
            }
        }
    }

    /// The provider of `target`'s kind. Every configured target has one: `GatewayDependencies` checks at start-up.
    func provider(for target: ModelTarget) -> any ModelProvider {
        providers[target.provider] ?? MissingProvider(kind: target.provider)
    }

    /// The way to `model`'s targets for a caller outside any request (evaluations, tools): tried in order, with
    /// breakers of its own, untraced. A request's calls go through `provider(for:call:)`.
    public func provider(for model: ModelAlias) -> any ModelProvider {
        RoutedProvider(alias: model, access: self, routing: ProviderRouting(), route: nil, call: nil)
    }

    /// The way to `model`'s targets for a request: tried in order under the gateway's breakers (`FallbackCall`),
    /// each attempt a child span of the request's trace, carried to the provider, counted and recorded
    /// (`TracedProvider`), and who answered written to `call.route`.
    func provider(for model: ModelAlias, call: RequestCall) -> any ModelProvider {
        RoutedProvider(alias: model, access: self, routing: call.routing, route: call.route, call: call)
    }

    /// The API key `target` names, if it names one and the environment holds it.
    public func apiKey(for target: ModelTarget) -> String? { target.apiKeyEnv.flatMap { environment($0) } }

    /// The API key of `model`'s first target.
    public func apiKey(for model: ModelAlias) -> String? { apiKey(for: model.primary) }

    /// What the gateway asks for on behalf of `feature` (as served, candidate version included): its messages
    /// to the alias's model, with the feature's output cap and temperature. The stream path and `assist eval`
    /// both build it here, so an evaluation calls the model exactly as users' requests do. Each attempt aims it
    /// at its own target.
    public func request(for feature: FeatureRecord, model: ModelAlias, messages: [ChatMessage]) -> ProviderRequest {
        var request = ProviderRequest(baseURL: model.baseURL, model: model.model, apiKey: apiKey(for: model), messages: messages,
                                      maxOutputTokens: feature.maxOutputTokens, temperature: feature.temperature)
        request.coalesceText = feature.coalesceDeltas
        return request
    }

    /// Streams `feature`'s messages from `model`'s targets; for a request, as its `call` (`provider(for:call:)`).
    /// The answer is held to the feature's output cap and charged at most the prompt's estimate of input
    /// (`OutputLimit`), whatever the provider does.
    public func stream(for feature: FeatureRecord, model: ModelAlias, messages: [ChatMessage]) -> ProviderStream {
        stream(for: feature, model: model, prompt: Prompt(messages: messages), via: provider(for: model))
    }

    /// A request's call: `prompt` carries its estimate already, so its text is not scanned again.
    func stream(for feature: FeatureRecord, model: ModelAlias, prompt: Prompt, call: RequestCall) -> ProviderStream {
        stream(for: feature, model: model, prompt: prompt, via: provider(for: model, call: call))
    }

    private func stream(for feature: FeatureRecord, model: ModelAlias, prompt: Prompt, via provider: any ModelProvider) -> ProviderStream {
        provider.stream(request(for: feature, model: model, messages: prompt.messages))
            .limited(by: OutputLimit(maxOutputTokens: feature.maxOutputTokens, inputCeiling: prompt.estimatedTokens))
    }
}

/// What a request's provider calls carry: its trace, where spans and metrics go, the gateway's breakers, and
/// the record of who answered.
struct RequestCall: Sendable {
    let feature: String
    let trace: TraceContext
    let tracing: Tracing
    let metrics: GenAIMetrics
    let routing: ProviderRouting
    let route: CallRoute
}

/// A model alias as one provider: each `stream` is a `FallbackCall` over its targets, the request aimed at each
/// in turn (its base URL, model and key), through the provider of the target's kind.
struct RoutedProvider: ModelProvider {
    let alias: ModelAlias
    let access: ModelAccess
    let routing: ProviderRouting
    let route: CallRoute?
    /// The request the calls belong to; nil outside any (untraced).
    let call: RequestCall?

    func stream(_ request: ProviderRequest) -> ProviderStream {
        let (access, call) = (access, call)
        return ProviderStream(attempts: FallbackCall(alias: alias, routing: routing, route: route) { target in
            var aimed = request
            (aimed.baseURL, aimed.model, aimed.apiKey) = (target.baseURL, target.model, access.apiKey(for: target))
            let provider = access.provider(for: target)
            guard let call else { return provider.stream(aimed) }
            return TracedProvider(base: provider, trace: call.trace, tracing: call.tracing, metrics: call.metrics, providerName: target.provider,
                                  feature: call.feature).stream(aimed)
        })
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
