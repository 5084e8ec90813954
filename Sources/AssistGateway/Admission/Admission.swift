import AssistTelemetry
import AssistHTTP
import AssistWire

/// The request path up to the answer, as named steps in one stated order:
///
/// 1. `Authenticate`: the session token names the user → 401.
/// 2. `ReadAssistRequest`: the body within its cap and a valid request → 413 / 400.
/// 3. `FindFeature`: on the allow-list, of this endpoint's kind, then kill switch and rollout → 400 / 403;
///    a locale it serves, and who writes it there (`Qualification`: hidden → 403).
/// 4. `ValidateInput`: the input against the feature's schema → 400; then `MaskPersonalData` masks personal
///    numbers in every string of it, so nothing after sees them.
/// 5. `CheckIntegrity`: the device's proof → a trust level, whose quota applies; no quota at all → 403.
/// 6. `BuildPrompt`: the data the feature needs, read for this user → 404 for anyone else's.
/// 7. `ConsultAnswerCache`: the narrator's answer where it writes this locale; else a stored answer, a share
///    in a running call, or the lead of a new one.
/// 8. `TakeSlotAndQuota`: one of the user's concurrent streams, across replicas, and one request and its tokens
///    from the trust level's window, in one call → 429 / 503.
///
/// Data is read before anything is taken, so a 400 or a 404 never costs quota, and a stored or shared
/// answer costs none. Whatever the steps take is held by the request's `Reservation`; a refusal gives it
/// back here. A 400, 401 or 403 is a refusal before admission, recorded by count (`RefusalRecorder`, from
/// `Gateway.respond`); any other refusal is audited here, each with what was known of the caller by then.
struct Admission: Sendable {
    static let steps: [any AdmissionStep] = [
        Authenticate(), ReadAssistRequest(), FindFeature(), ValidateInput(), MaskPersonalData(), CheckIntegrity(), BuildPrompt(),
        ConsultAnswerCache(), TakeSlotAndQuota(),
    ]

    let dependencies: GatewayDependencies

    /// Runs every step for a feature of `kind`; returns the admitted request and what its prompt was built from, or
    /// throws the refusal. Whatever it writes (the reservations and the `started` row, or a refusal's settlement and
    /// row) is made durable in one step (`writingTogether`: one journal append on SQLite storage).
    func admit(_ context: inout RequestContext, kind: FeatureRecord.Kind) async throws(GatewayError) -> (Admitted, PromptContext) {
        var state = AdmissionState(context: context, kind: kind, reservation: Reservation(
            admission: dependencies.stores.admission, standIn: dependencies.state.standIn, slots: dependencies.state.streamSlots,
            sharedCalls: dependencies.state.sharedCalls))
        let (outcome, durable) = await dependencies.writingTogether { () async -> Result<(Admitted, PromptContext), GatewayError> in
            do throws(GatewayError) {
                for step in Self.steps { try await traced(step.spanName, state.context) { () async throws(GatewayError) in try await step.run(&state, dependencies) } }
                let (admitted, promptContext) = try state.admitted()
                try await traced("audit write-ahead", state.context) { () async throws(GatewayError) in try await writeAhead(admitted) }
                return .success((admitted, promptContext))
            } catch {
                await refuse(error, state)
                return .failure(error)
            }
        }
        context = state.context
        switch outcome {
        case .failure(let error):
            if !RefusalsBeforeAdmission.counts(error.status) { context.hasAuditRow = true }
            throw error
        case .success(let (admitted, promptContext)):
            if !durable, let error = unwritten(admitted) {
                await refuse(error, state)
                context.hasAuditRow = true
                throw error
            }
            context.hasAuditRow = true
            state.reservation.admitted()
            // Kept briefly in memory so the user's feedback on this request can carry what was asked.
            dependencies.state.recentRequests.remember(context.id, input: promptContext.input, locale: promptContext.locale)
            return (admitted, promptContext)
        }
    }

    /// A refusal after admission began: what was taken is given back, and a refusal not counted before admission
    /// (`RefusalsBeforeAdmission`) is audited with what was known of the caller by then.
    private func refuse(_ error: GatewayError, _ state: AdmissionState) async {
        await state.reservation.cancel()
        if !RefusalsBeforeAdmission.counts(error.status) {
            await dependencies.recordEnd(dependencies.refusalRow(error, state.context))
        }
    }

    /// Admission's writes could not be made durable together, so its reservations were undone with them
    /// (`DurableWriteGroup`) and only the slot is left to give back: a charged request is refused as one whose
    /// reservation failed (503 `quota_unavailable`), any other as one whose `started` row failed (503
    /// `audit_unavailable` unless `audit.onFailure` is `open`; nil: it goes on unaudited).
    private func unwritten(_ admitted: Admitted) -> GatewayError? {
        if admitted.source.isCharged {
            admitted.reservation.undone()
            return .quotaUnavailable("the quota store")
        }
        return dependencies.config.audit.onFailure == .closed ? Self.auditUnavailable : nil
    }

    private static let auditUnavailable = GatewayError(status: 503, code: .auditUnavailable, message: "the request cannot be audited now",
                                                       retryAfterSeconds: 1)

    /// Runs `work`, recorded as an INTERNAL span under the request's when it has a name and the trace is recorded:
    /// the steps that reach a store, the integrity verifier or the cache, so that a slow one shows in the trace.
    private func traced(_ name: String?, _ context: RequestContext, _ work: () async throws(GatewayError) -> Void) async throws(GatewayError) {
        guard let name, dependencies.tracing.records(context.trace) else { return try await work() }
        let span = context.trace.child()
        let start = SpanClock.nowUnixNano()
        do {
            try await work()
            dependencies.tracing.export(span, name: name, kind: .internal, start: start, attributes: [], status: .unset)
        } catch {
            dependencies.tracing.export(span, name: name, kind: .internal, start: start,
                                        attributes: [SpanAttribute("assist.refusal", .string(error.code.rawValue))],
                                        status: error.status.code >= 500 ? .error(error.code.rawValue) : .unset)
            throw error
        }
    }

    /// The request's `started` row, before anything is streamed or a provider called: a crash from here on
    /// leaves a row its instance closes at its next start. If it cannot be written the request is refused
    /// (503 `audit_unavailable`), unless `audit.onFailure` is `open`.
    private func writeAhead(_ admitted: Admitted) async throws(GatewayError) {
        let reserved = admitted.source.isCharged
        let written = await dependencies.audit(AuditRecord(
            requestId: admitted.requestId, time: dependencies.clock.now(), user: admitted.user, feature: admitted.feature.id,
            promptVersion: admitted.feature.promptVersion, model: admitted.feature.model, trust: admitted.trust.level.rawValue,
            status: .started, reason: admitted.auditReason(), inputTokens: reserved ? admitted.prompt.estimatedTokens : 0,
            outputTokens: reserved ? admitted.feature.maxOutputTokens : 0, trustReason: admitted.trust.reason,
            maskedValues: admitted.maskedValues, traceId: admitted.trace.traceIdHex))
        if !written, dependencies.config.audit.onFailure == .closed { throw Self.auditUnavailable }
    }
}

/// One step of admission: reads and extends the state, or refuses.
protocol AdmissionStep: Sendable {
    func run(_ state: inout AdmissionState, _ dependencies: GatewayDependencies) async throws(GatewayError)
    /// The step's span under the request's (`admission quota`), for a step that reaches a store, the integrity
    /// verifier or the cache; nil for one that only reads the request.
    var spanName: String? { get }
}

extension AdmissionStep {
    var spanName: String? { nil }
}

/// What admission has established so far. Each step fills in what later steps read.
struct AdmissionState: Sendable {
    var context: RequestContext
    let kind: FeatureRecord.Kind
    let reservation: Reservation
    var request: AssistRequest?
    /// Whether `MaskPersonalData` masked a number (not only an e-mail address) in the input.
    var maskedNumbers = false
    /// The feature's kill-switch epoch, read before the enabled check (see `LiveStreams`).
    var killEpoch = 0
    var model: ModelAlias?
    /// Who writes this locale's answers (`Qualification`).
    var writer = Qualification.Writer.model
    /// The window this request is measured against, by its trust level.
    var quotaLimits: QuotaLimits?
    var promptContext: PromptContext?
    var prompt: Prompt?
    var source = AnswerSource.provider
    var remainingRequests = 0

    /// A value an earlier step must have set: its absence is a bug in the step order, never the caller's fault.
    func required<Value>(_ value: Value?, _ name: String) throws(GatewayError) -> Value {
        guard let value else {
            throw GatewayError(status: 500, code: .internalError, message: "admission reached a step without \(name)")
        }
        return value
    }

    func admitted() throws(GatewayError) -> (Admitted, PromptContext) {
        let promptContext = try required(promptContext, "a prompt context")
        return (Admitted(
            requestId: context.id, receivedAt: context.receivedAt, trace: context.trace, logger: context.logger, startedUnixNano: context.startedUnixNano, user: try required(context.user, "a user").id, trust: try required(context.trust, "a trust level"),
            feature: try required(context.feature, "a feature"), model: try required(model, "a model"),
            prompt: try required(prompt, "a prompt"), locale: promptContext.locale,
            killEpoch: killEpoch, source: source, reservation: reservation, maskedValues: context.maskedValues, remainingRequests: remainingRequests,
            resetSeconds: UTCDay(containing: context.time).secondsUntilEnd(from: context.time)), promptContext)
    }
}
