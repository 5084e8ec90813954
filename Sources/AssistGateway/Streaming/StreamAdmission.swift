import AssistHTTPServer
import AssistWire
import Foundation

/// A request that passed every check and holds a quota reservation and a stream slot: what the stream
/// needs to run, and what must be settled and released when it ends.
public struct AdmittedStream: Sendable {
    public var requestId: String
    public var user: String
    public var trust: TrustLevel
    /// Why the trust level is what it is (audit only).
    public var trustReason = ""
    public var feature: FeatureRecord
    public var model: ModelAlias
    public var prompt: Prompt
    public var context: PromptContext
    public var quotaKey: QuotaKey
    public var reservedTokens: Int
    public var remainingRequests: Int
    public var resetSeconds: Int
    public var receivedAt: ContinuousClock.Instant
    /// The kill-switch epoch of the feature when it was found enabled (see `LiveStreams`).
    public var killEpoch: Int
    /// Where the answer comes from.
    public var source: AnswerSource = .provider

    /// Whether this request took a stream slot and a quota reservation, to be settled and released.
    var holdsQuota: Bool {
        switch source {
        case .provider, .leads: true
        case .stored, .follows: false
        }
    }
}

/// Where an admitted request's answer comes from. Only a prompt with a cache key (`Prompt.cacheKey`) can
/// be anything but `.provider`.
public enum AnswerSource: Sendable {
    /// Its own provider call.
    case provider
    /// An answer stored for an earlier identical request: no provider call, no slot, no quota.
    case stored(String)
    /// Its own provider call, shared with identical requests that arrive while it runs, and stored when it
    /// completes. Charged for every token of it.
    case leads(SummaryFlight)
    /// The running call of an identical earlier request: no slot, no quota.
    case follows(SummaryFlight)
}

/// Steps 1–5 of the request path, in order: authenticate; find the feature and validate its input; check
/// integrity (the feature may ask for a fresh challenge); read the feature's data and build the prompt
/// (and serve or share a stored answer); then take a stream slot and reserve quota.
///
/// The data read comes before the reservation so a 400 or a 404 never costs quota. Each step is a protocol
/// from `GatewayDependencies`, so a store or verifier can be swapped without touching this sequence.
struct StreamAdmission: Sendable {
    let dependencies: GatewayDependencies

    /// Returns an admitted stream or the refusal, plus what is known of the caller for the audit row.
    func admit(_ request: HTTPRequest, requestId: String, receivedAt: ContinuousClock.Instant, kind: FeatureRecord.Kind = .stream)
        async -> Result<AdmittedStream, AdmissionFailure>
    {
        let result = await check(request, requestId: requestId, receivedAt: receivedAt, kind: kind)
        // Kept briefly in memory so the user's feedback on this request can carry what was asked.
        if case .success(let admitted) = result {
            dependencies.recentRequests.remember(requestId, input: admitted.context.input, locale: admitted.context.locale)
        }
        return result
    }

    private func check(_ request: HTTPRequest, requestId: String, receivedAt: ContinuousClock.Instant, kind: FeatureRecord.Kind)
        async -> Result<AdmittedStream, AdmissionFailure>
    {
        var known = AdmissionFailure.Known()
        func fail(_ error: GatewayError) -> Result<AdmittedStream, AdmissionFailure> { .failure(AdmissionFailure(error: error, known: known)) }

        // 1. Authenticate.
        let user: AuthenticatedUser
        do {
            user = try dependencies.authenticate(request)
        } catch {
            return fail(.unauthenticated(error))
        }
        known.user = user.id

        // 2. Body, feature allow-list, kill switch and rollout, input schema.
        let limits = dependencies.config.limits
        if request.bodyTooLarge || request.body.count > limits.maxBodyBytes { return fail(.payloadTooLarge(limit: limits.maxBodyBytes)) }
        let assistRequest: AssistRequest
        do {
            assistRequest = try AssistRequest(json: try JSONParser.parse(request.body))
        } catch let error as JSONParser.Error {
            return fail(.invalidRequest("body is not valid JSON: \(error)"))
        } catch let error as WireError {
            return fail(.invalidRequest(error.description))
        } catch {
            return fail(.invalidRequest("\(error)"))
        }
        // Read before the kill-switch check: a kill that lands after this ends the stream even if it has not
        // yet registered as live.
        let killEpoch = dependencies.liveStreams.epoch(of: assistRequest.feature)
        // A structured feature is not streamed, nor a stream feature answered as one object.
        guard let configured = dependencies.registry.feature(assistRequest.feature), configured.kind == kind,
              let model = dependencies.config.models[configured.model] else {
            return fail(.unknownFeature(assistRequest.feature))
        }
        known.feature = configured
        // Kill switch and rollout; the record from here on is the one this user is served.
        guard case .allowed(let feature) = Rollout.access(configured, user: user.id) else {
            return fail(GatewayError(status: 403, code: .featureDisabled, message: "\(configured.id) is not available"))
        }
        known.feature = feature
        do {
            try feature.inputSchema.validate(.object(assistRequest.input))
        } catch {
            return fail(.invalidInput("\(error.path ?? "input"): \(error.message)"))
        }

        // 3. Integrity, once the feature is known (it may ask for a fresh challenge): never a refusal by
        // itself, only the trust level whose quota applies.
        let integrity = await dependencies.integrity.verdict(for: request, user: user.id, feature: feature)
        let trust = integrity.level
        known.trust = trust
        known.trustReason = integrity.reason
        // A level this feature gives no quota at all is not a spent budget but a missing proof, stored
        // answers included.
        guard let levelQuota = feature.quotas[trust], levelQuota.requests > 0, levelQuota.tokens > 0 else {
            return fail(GatewayError(status: 403, code: .integrityRequired, message: "\(feature.id) needs a verified app on this device"))
        }

        // 4. Data read, before quota. Build the prompt from data read for this user. A structured feature
        // builds its own; its input stands in for the prompt when sizing the reservation.
        let context = PromptContext(user: user.id, feature: feature, input: assistRequest.input, locale: assistRequest.locale)
        let prompt: Prompt
        if kind == .structured {
            prompt = Prompt(messages: [ChatMessage(role: .user, content: JSONWriter.string(.object(assistRequest.input)))])
        } else {
            guard let builder = dependencies.builders[feature.template.builder] else {
                return fail(GatewayError(status: 500, code: .internalError, message: "feature has no prompt builder"))
            }
            do {
                prompt = try await builder.build(context)
            } catch {
                switch error {
                case .notFound: return fail(.notFound)
                case .invalidInput(let message): return fail(.invalidInput(message))
                }
            }
        }

        // A cacheable answer: after the data was read for this user (another user's booking is still a 404),
        // before any slot or quota. Stored → serve it; being generated → share that call; else lead one.
        var flight: SummaryFlight?
        if let data = prompt.cacheKey {
            let key = SummaryKey(feature: feature.id, data: data, promptVersion: feature.promptVersion, locale: assistRequest.locale)
            let free = { (source: AnswerSource) in
                Result<AdmittedStream, AdmissionFailure>.success(AdmittedStream(
                    requestId: requestId, user: user.id, trust: trust, trustReason: integrity.reason, feature: feature, model: model,
                    prompt: prompt, context: context, quotaKey: QuotaKey(user: user.id, feature: feature.id, day: UTCDay(containing: self.dependencies.clock.now())),
                    reservedTokens: 0, remainingRequests: 0, resetSeconds: 0, receivedAt: receivedAt, killEpoch: killEpoch,
                    source: source))
            }
            do {
                if let text = try await dependencies.summaries.text(for: key, now: dependencies.clock.now()) { return free(.stored(text)) }
            } catch {
                GatewayLog.warning("request \(requestId): summary store read failed: \(error)")  // a miss: generate
            }
            switch await dependencies.flights.claim(key) {
            case .follow(let running): return free(.follows(running))
            case .lead(let new):
                // A call for this key may have ended and been stored between the lookup and the claim.
                if let text = try? await dependencies.summaries.text(for: key, now: dependencies.clock.now()) {
                    dependencies.flights.refused(new)
                    return free(.stored(text))
                }
                flight = new
            }
        }

        // 5. Stream slot, then quota.
        // A leader refused here lets its waiting followers try on their own.
        func refuse(_ error: GatewayError) -> Result<AdmittedStream, AdmissionFailure> {
            if let flight { dependencies.flights.refused(flight) }
            return fail(error)
        }
        guard dependencies.streamLimiter.acquire(user.id) else {
            return refuse(.tooManyStreams(limit: dependencies.streamLimiter.maxPerUser))
        }
        let now = dependencies.clock.now()
        let day = UTCDay(containing: now)
        let key = QuotaKey(user: user.id, feature: feature.id, day: day)
        let reserved = prompt.estimatedTokens + feature.maxOutputTokens
        let decision: QuotaDecision
        do {
            decision = try await dependencies.quota.reserve(key, tokens: reserved, limits: levelQuota)
        } catch {
            dependencies.streamLimiter.release(user.id)
            return refuse(GatewayError(status: 503, code: .unavailable, message: "quota store unavailable", retryAfterSeconds: 1))
        }
        guard case .admitted(let remainingRequests, _) = decision else {
            dependencies.streamLimiter.release(user.id)
            return refuse(.quotaExceeded(retryAfter: day.secondsUntilEnd(from: now)))
        }
        return .success(AdmittedStream(
            requestId: requestId, user: user.id, trust: trust, trustReason: integrity.reason, feature: feature, model: model,
            prompt: prompt, context: context, quotaKey: key, reservedTokens: reserved, remainingRequests: remainingRequests,
            resetSeconds: day.secondsUntilEnd(from: now), receivedAt: receivedAt, killEpoch: killEpoch,
            source: flight.map { dependencies.flights.admitted($0); return .leads($0) } ?? .provider))
    }
}

/// A refusal and what was learned about the caller before it (for the audit row).
struct AdmissionFailure: Error {
    struct Known {
        var user = ""
        var trust: TrustLevel?
        var trustReason = ""
        var feature: FeatureRecord?
    }
    let error: GatewayError
    let known: Known
}
