import AssistHTTP
import AssistWire

/// `GET /v1/features`: the features this user may call, with the prompt version each would run and, for a
/// feature that names its locales, who writes each (`"tr-TR": "narrator"`): a locale the model may not write
/// is served by the narrator, so the app labels its text "from your booking", not as AI; a hidden locale is
/// left out.
struct FeaturesEndpoint: Sendable {
    let dependencies: GatewayDependencies

    @inline(never)  // see Gateway.route
    func handle(_ context: inout RequestContext) async throws(GatewayError) -> HTTPResponse {
        let user = try dependencies.authenticate(context.http)
        context.user = user
        var features: [JSONValue] = []
        for feature in dependencies.state.registry.available(to: user.id) {
            var members: [String: JSONValue] = ["id": .string(feature.id), "promptVersion": .string(feature.promptVersion)]
            // The operator chose to serve this feature's model text without a golden set or a guard.
            if feature.unchecked { members["qualification"] = "unchecked" }
            if let locales = feature.locales, let alias = dependencies.config.models[feature.model] {
                var writers: [String: JSONValue] = [:]
                for locale in locales {
                    let writer = await dependencies.qualification.writer(for: feature, locale: locale, model: alias, dependencies: dependencies)
                    if writer != .hidden { writers[locale] = .string(writer.rawValue) }
                }
                members["locales"] = .object(writers)
            }
            features.append(.object(members))
        }
        return Responses.json(.ok, ["features": .array(features)])
    }
}
