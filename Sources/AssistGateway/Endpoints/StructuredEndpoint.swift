import AssistHTTPServer
import AssistWire

/// `POST /v1/assist`: a structured feature's one JSON answer. The same admission as streams (auth,
/// integrity, allow-list, input schema, quota), then the feature's handler — schema, walls and fallback
/// included — with the configured provider; then settlement and one audit row.
struct StructuredEndpoint: Sendable {
    let dependencies: GatewayDependencies

    func handle(_ request: HTTPRequest, requestId: String, receivedAt: ContinuousClock.Instant) async -> HTTPResponse {
        let admission = await StreamAdmission(dependencies: dependencies)
            .admit(request, requestId: requestId, receivedAt: receivedAt, kind: .structured)
        switch admission {
        case .failure(let failure):
            await StreamEndpoint.audit(failure, requestId: requestId, receivedAt: receivedAt, dependencies: dependencies)
            return Responses.error(failure.error, requestId: requestId)
        case .success(let admitted):
            guard let handler = dependencies.structured[admitted.feature.template.builder] else {
                await admitted.settle(status: .rejected, usage: TokenUsage(inputTokens: 0, outputTokens: 0), outputText: "",
                                      firstDeltaAt: nil, dependencies: dependencies)
                return Responses.error(GatewayError(status: 500, code: .internalError, message: "feature has no handler"), requestId: requestId)
            }
            let apiKey = admitted.model.apiKeyEnv.flatMap { dependencies.environment($0) }
            let answer = await handler.answer(admitted.context, provider: dependencies.provider, model: admitted.model, apiKey: apiKey)
            await admitted.settle(status: .ok, usage: answer.usage ?? TokenUsage(inputTokens: 0, outputTokens: 0), outputText: "",
                                  firstDeltaAt: nil, dependencies: dependencies)
            var body = answer.json.objectValue ?? [:]
            body["promptVersion"] = .string(admitted.feature.promptVersion)
            return Responses.json(200, .object(body), requestId: requestId, extraHeaders: [
                ("RateLimit-Remaining", String(admitted.remainingRequests)), ("RateLimit-Reset", String(admitted.resetSeconds)),
            ])
        }
    }
}
