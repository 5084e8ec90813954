import AssistTelemetry
import AssistHTTP

/// Which refusals `RefusalRecorder` records, under which endpoint, and how: `Gateway.respond`, the one place
/// that renders a `GatewayError`, hands it every 400, 401 and 403 of a request that has no audit row of its
/// own (`RequestContext.hasAuditRow`): a refusal before admission, on any endpoint, the admin API included.
///
/// These are the refusals a client can cause without holding anything (401s need no token at all), so they
/// are counted rather than each written. Admission's other refusals (404, 413, 429, 503) keep their audit
/// row each, as admitted requests do: they come from authenticated users, whose quota bounds them.
enum RefusalsBeforeAdmission {
    /// Whether a refusal of `status` is recorded by count (400, 401, 403).
    static func counts(_ status: HTTPStatus) -> Bool {
        status == .badRequest || status == .unauthorized || status == .forbidden
    }

    /// The route a request was refused on, from a closed set: a client's own path never becomes a key
    /// (`/admin/<anything>` is 401 before routing, so the admin API's paths are folded here too).
    static func endpoint(of request: HTTPRequest) -> String {
        let path = request.path
        if Gateway.routedPaths[path] != nil || adminPaths.contains(path) { return path }
        if path.hasPrefix("/admin/features/") { return "/admin/features/{id}" }
        if path.hasPrefix("/admin/") { return "/admin/*" }
        return "other"
    }

    private static let adminPaths: Set<String> = ["/admin/features", "/admin/reload", "/admin/refusals"]
}

extension GatewayDependencies {
    /// The audit row of a refusal: who (as far as known), which feature, why.
    func refusalRow(_ error: GatewayError, _ context: RequestContext) -> AuditRecord {
        AuditRecord(
            requestId: context.id, time: clock.now(), user: context.user?.id ?? "",
            feature: context.feature?.id ?? "", promptVersion: context.feature?.promptVersion ?? "",
            model: context.feature?.model ?? "", trust: context.trust?.level.rawValue ?? "",
            status: .rejected, reason: error.auditReason, totalMs: context.elapsedMs(at: monotonicClock.now),
            trustReason: context.trust?.reason ?? "", maskedValues: context.maskedValues, traceId: context.trace.traceIdHex)
    }

    /// Records a refusal before admission: counted (and the minute's first few written in full) by
    /// `RefusalRecorder`, and counted in the metrics like every ended request.
    func recordRefusal(_ error: GatewayError, _ context: RequestContext) async {
        let row = refusalRow(error, context)
        state.metrics.observe(row)
        await state.refusals.record(row, endpoint: RefusalsBeforeAdmission.endpoint(of: context.http), address: context.http.clientAddress)
    }
}
