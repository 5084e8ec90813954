import AssistHTTPServer
import AssistWire

/// `GET /v1/features`: the features this user may call, with the prompt version each would run.
struct FeaturesEndpoint: Sendable {
    let dependencies: GatewayDependencies

    func handle(_ request: HTTPRequest, requestId: String) -> HTTPResponse {
        let user: AuthenticatedUser
        do {
            user = try dependencies.authenticate(request)
        } catch {
            return Responses.error(.unauthenticated(error), requestId: requestId)
        }
        let features = dependencies.registry.available(to: user.id).map { feature -> JSONValue in
            ["id": .string(feature.id), "promptVersion": .string(feature.promptVersion)]
        }
        return Responses.json(200, ["features": .array(features)], requestId: requestId)
    }
}
