import AssistHTTP
import AssistWire

/// `GET /v1/features`: the features this user may call, with the prompt version each would run.
struct FeaturesEndpoint: Sendable {
    let dependencies: GatewayDependencies

    func handle(_ context: inout RequestContext) throws(GatewayError) -> HTTPResponse {
        let user = try dependencies.authenticate(context.http)
        context.user = user
        let features = dependencies.state.registry.available(to: user.id).map { feature -> JSONValue in
            ["id": .string(feature.id), "promptVersion": .string(feature.promptVersion)]
        }
        return Responses.json(.ok, ["features": .array(features)])
    }
}
