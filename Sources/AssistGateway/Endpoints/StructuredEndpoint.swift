import AssistHTTP
import AssistWire

/// `POST /v1/assist`: a structured feature's one JSON answer. The same admission as streams (auth,
/// integrity, allow-list, input schema, quota), then the feature's handler — schema, walls and fallback
/// included — with the provider of the feature's model, held to the feature's output cap and to the
/// answer's deadlines (504 `upstream_timeout` past them); then the request's end and one audit row. A handler that
/// cannot answer this request (`StructuredAnswer.failure`) ends it with that error and a `failed` row.
struct StructuredEndpoint: Sendable {
    let dependencies: GatewayDependencies

    @inline(never)  // see Gateway.route
    func handle(_ context: inout RequestContext) async throws(GatewayError) -> HTTPResponse {
        let (admitted, promptContext) = try await Admission(dependencies: dependencies).admit(&context, kind: .structured)
        guard let handler = dependencies.handlers.structured[admitted.feature.template.builder] else {
            await admitted.end(.rejected, usage: TokenUsage(inputTokens: 0, outputTokens: 0), dependencies: dependencies)
            throw .internalError("feature has no handler")
        }
        let models = dependencies.models
        let deadline = AnswerDeadline(clock: dependencies.monotonicClock, timers: dependencies.requestTimers, limits: dependencies.config.limits)
        let provider = LimitedProvider(deadline.watching(models.provider(for: admitted.model, call: admitted.providerCall(dependencies))),
                                       limit: OutputLimit(maxOutputTokens: admitted.feature.maxOutputTokens))
        let (context, model, apiKey) = (promptContext, admitted.model, models.apiKey(for: admitted.model))
        guard let answer = await deadline.run({ await handler.answer(context, provider: provider, model: model, apiKey: apiKey) }) else {
            await admitted.end(.upstreamTimeout, usage: nil, dependencies: dependencies)
            throw GatewayError(status: 504, code: .upstreamTimeout, message: "the model did not answer in time")
        }
        if let failure = answer.failure {
            await admitted.end(.failed, reason: failure.code.rawValue, usage: answer.usage ?? TokenUsage(inputTokens: 0, outputTokens: 0),
                               dependencies: dependencies)
            throw failure
        }
        await admitted.end(.ok, usage: answer.usage ?? TokenUsage(inputTokens: 0, outputTokens: 0), dependencies: dependencies)
        var body = answer.json.objectValue ?? [:]
        body["promptVersion"] = .string(admitted.feature.promptVersion)
        return Responses.json(.ok, .object(body), extraHeaders: admitted.rateLimitHeaders)
    }
}
