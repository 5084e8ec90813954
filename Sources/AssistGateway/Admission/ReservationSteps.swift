import AssistWire
// Steps 7–8: what the answer costs. Everything taken here is held by the request's `Reservation`.

/// 7. A cacheable prompt (one with a cache key), after the data was read for this user and before any slot
/// or quota: a stored answer is served, a running call for the same key is shared, or this request leads
/// a new one.
struct ConsultAnswerCache: AdmissionStep {
    var spanName: String? { "admission answer cache" }

    func run(_ state: inout AdmissionState, _ dependencies: GatewayDependencies) async throws(GatewayError) {
        let prompt = try state.required(state.prompt, "a prompt")
        // The narrator writes this locale: its answer, at no cost (a feature without one for this request is the model's).
        if state.writer == .narrator, let narration = prompt.narration {
            state.source = .narrated(narration)
            return
        }
        guard let data = prompt.cacheKey else { return }
        let feature = try state.required(state.context.feature, "a feature")
        let key = AnswerKey(feature: feature.id, data: data, promptVersion: feature.promptVersion,
                            locale: try state.required(state.request, "a request").locale)
        switch await dependencies.state.sharedCalls.join(key, now: state.context.time) {
        case .stored(let text): state.source = .stored(text)
        case .follow(let call): state.source = .follows(call)
        case .lead(let call):
            state.reservation.lead(call)
            state.source = .leads(call)
        }
    }
}

/// 8. One of the user's concurrent stream slots, across replicas (`StreamSlots`), and one request and its tokens
/// (the prompt's estimate plus the output cap) from the trust level's window for this user, feature and UTC day,
/// both or neither, in one call to the `AdmissionStore` (one Redis round trip across replicas) → 429
/// `too_many_streams` when the user's slots are all held, 429 `quota_exceeded` until the day ends, 503
/// `quota_unavailable` when the store cannot answer. Not for a stored or shared answer.
struct TakeSlotAndQuota: AdmissionStep {
    var spanName: String? { "admission quota" }

    func run(_ state: inout AdmissionState, _ dependencies: GatewayDependencies) async throws(GatewayError) {
        guard state.source.isCharged else { return }
        let feature = try state.required(state.context.feature, "a feature")
        let user = try state.required(state.context.user, "a user").id
        let day = UTCDay(containing: state.context.time)
        let key = QuotaKey(user: user, feature: feature.id, day: day)
        let limits = try state.required(state.quotaLimits, "quota limits")
        let inputTokens = try state.required(state.prompt, "a prompt").estimatedTokens
        let resetSeconds = day.secondsUntilEnd(from: state.context.time)
        state.remainingRequests = try await state.reservation.admit(
            user: user, request: state.context.id, quota: key, tokens: inputTokens + feature.maxOutputTokens, limits: limits,
            resetSeconds: resetSeconds)
        // A cost quota: the most the answer could cost at any target's price, settled at the answering one's.
        if let limit = limits.costMicros, let alias = state.model {
            let micros = alias.maxCostMicros(TokenUsage(inputTokens: inputTokens, outputTokens: feature.maxOutputTokens))
            try await state.reservation.reserveCost(key, micros: micros, limit: limit, store: dependencies.stores.quota, resetSeconds: resetSeconds)
        }
    }
}
