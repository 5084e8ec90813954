import AssistHTTP
import AssistWire

// Steps 1–4: who asks, and for what.

/// 1. The session token names the user → 401 `unauthenticated` (the reason in the audit only).
struct Authenticate: AdmissionStep {
    func run(_ state: inout AdmissionState, _ dependencies: GatewayDependencies) async throws(GatewayError) {
        state.context.user = try dependencies.authenticate(state.context.http)
    }
}

/// 2. The body within `limits.maxBodyBytes` (413), JSON with no control character in any text (`RequestBody`: 400
/// `invalid_input` naming the field), and a well-formed assist request (400 `invalid_request`).
struct ReadAssistRequest: AdmissionStep {
    func run(_ state: inout AdmissionState, _ dependencies: GatewayDependencies) async throws(GatewayError) {
        let http = state.context.http
        let cap = dependencies.config.limits.maxBodyBytes
        if http.bodyTooLarge || http.body.count > cap { throw .payloadTooLarge(limit: cap) }
        let json = try RequestBody.json(http.body)
        do throws(WireError) {
            state.request = try AssistRequest(json: json)
        } catch {
            throw .invalidRequest(error.description)
        }
    }
}

/// 3. A configured feature of this endpoint's kind with a model (else 400 `unknown_feature`: a structured
/// feature is not streamed, nor a stream feature answered as one object), then the kill switch and rollout
/// (403 `feature_disabled`). From here on the record is the one this user is served.
struct FindFeature: AdmissionStep {
    func run(_ state: inout AdmissionState, _ dependencies: GatewayDependencies) async throws(GatewayError) {
        let request = try state.required(state.request, "a request")
        let user = try state.required(state.context.user, "a user")
        // Read before the kill-switch check: a kill that lands after this ends the stream even if it has not
        // yet registered as live.
        state.killEpoch = dependencies.state.liveStreams.epoch(of: request.feature)
        guard let configured = dependencies.state.registry.feature(request.feature), configured.kind == state.kind,
              let model = dependencies.config.models[configured.model] else {
            throw .unknownFeature(request.feature)
        }
        state.context.feature = configured
        guard case .allowed(let served) = Rollout.access(configured, user: user.id) else {
            throw GatewayError(status: 403, code: .featureDisabled, message: "\(configured.id) is not available")
        }
        state.context.feature = served
        state.model = model
        if let locales = served.locales, !locales.contains(request.locale) {
            throw .invalidInput("locale \(request.locale) is not served for \(served.id); supported: \(locales.joined(separator: ", "))")
        }
        state.writer = await dependencies.qualification.writer(for: served, locale: request.locale, model: model, dependencies: dependencies)
        if state.writer == .hidden {
            throw GatewayError(status: 403, code: .featureDisabled, message: "\(served.id) is not available in \(request.locale)")
        }
    }
}

/// 4b. Personal data in the input is masked, whatever the app did: every string of it, for every feature,
/// before a rule, a prompt builder, the answer cache or a provider reads it. An old app, a third-party client or
/// a raw API call sends what the user typed. The count goes to the audit row; there is no option to skip it.
struct MaskPersonalData: AdmissionStep {
    func run(_ state: inout AdmissionState, _ dependencies: GatewayDependencies) async throws(GatewayError) {
        var request = try state.required(state.request, "a request")
        let (masked, tally) = dependencies.masker.masked(.object(request.input))
        guard tally.count > 0 else { return }
        request.input = masked.objectValue ?? request.input
        state.request = request
        state.context.maskedValues = tally.count
        state.maskedNumbers = tally.numbers > 0
    }
}

/// 4. The input against the feature's input schema → 400 `invalid_input`, naming the path.
struct ValidateInput: AdmissionStep {
    func run(_ state: inout AdmissionState, _ dependencies: GatewayDependencies) async throws(GatewayError) {
        let feature = try state.required(state.context.feature, "a feature")
        let request = try state.required(state.request, "a request")
        do throws(InputSchema.Error) {
            try feature.inputSchema.validate(.object(request.input))
        } catch {
            throw .invalidInput("\(error.path ?? "input"): \(error.message)")
        }
    }
}
