import AssistHTTP
import AssistWire

// Steps 5–6: how far the device is trusted, and the data the answer is made from.

/// 5. Integrity, once the feature is known (it may ask for a fresh challenge). Never a refusal by itself:
/// the trust level only picks the quota. A level the feature gives no quota at all is not a spent budget
/// but a missing proof → 403 `integrity_required`, stored answers included.
struct CheckIntegrity: AdmissionStep {
    var spanName: String? { "admission integrity" }

    func run(_ state: inout AdmissionState, _ dependencies: GatewayDependencies) async throws(GatewayError) {
        let feature = try state.required(state.context.feature, "a feature")
        let user = try state.required(state.context.user, "a user")
        let verdict = await dependencies.security.integrity.verdict(for: state.context.http, user: user.id, feature: feature)
        state.context.trust = verdict
        guard let limits = feature.quotas[verdict.level], limits.requests > 0, limits.tokens > 0 else {
            throw GatewayError(status: 403, code: .integrityRequired, message: "\(feature.id) needs a verified app on this device")
        }
        state.quotaLimits = limits
    }
}

/// 6. The prompt, built on the server from data read for this user (another user's booking is 404, the
/// same as none). A structured feature builds its own; its input stands in for the prompt when sizing the
/// reservation.
struct BuildPrompt: AdmissionStep {
    var spanName: String? { "admission data" }

    func run(_ state: inout AdmissionState, _ dependencies: GatewayDependencies) async throws(GatewayError) {
        let feature = try state.required(state.context.feature, "a feature")
        let request = try state.required(state.request, "a request")
        var context = PromptContext(user: try state.required(state.context.user, "a user").id, feature: feature, input: request.input,
                                    locale: request.locale)
        context.inputHadSensitiveNumbers = state.maskedNumbers
        state.promptContext = context
        do throws(PromptBuildError) {
            if state.kind == .structured {
                // The data the answer depends on is checked now, before any quota is taken (a conversation it names),
                // and what was read goes to the answer with the context.
                state.promptContext?.prepared = try await dependencies.handlers.structured[feature.template.builder]?.prepare(context)
                state.prompt = Prompt(messages: [ChatMessage(role: .user, content: JSONWriter.string(.object(request.input)))])
                return
            }
            guard let builder = dependencies.handlers.builders[feature.template.builder] else {
                throw .refused(.internalError("feature has no prompt builder"))
            }
            state.prompt = try await builder.build(context)
        } catch {
            switch error {
            case .notFound: throw .notFound
            case .invalidInput(let message): throw .invalidInput(message)
            case .refused(let refusal): throw refusal
            }
        }
    }
}
