import AssistTelemetry
import AssistCrypto
import AssistHTTP
import AssistWire

/// The operators' API, behind its own bearer token (a user's session token is 401 here):
///
///     GET   /admin/features        every feature: as configured, its override, as served
///     PATCH /admin/features/{id}   {"enabled": Bool|null, "rollout": {"percentage": 0…100}|null,
///                                   "endStreams": true (with enabled false: end open streams, feature_disabled)}
///     POST  /admin/reload          re-read the --config file (features section), validated first
///     GET   /admin/refusals        refusals before admission counted per minute (RefusalsEndpoint)
///     GET   /admin/audit           recent audit rows, metadata only (ActivityEndpoint)
///     GET   /admin/feedback        recent feedback, with the users' reasons (ActivityEndpoint)
///     GET   /admin/feedback/export "wrong" verdicts as golden cases, personal data masked (?feature=ID)
///
/// Overrides are stored before they are applied (a restart keeps them) and apply to the next request, on every
/// replica: each change (and each reload) is announced to the others (`AdminBroadcast`, `ReplicaSync`).
/// Every change is an audit row with status `admin`. A refused call (401 without the admin token, 400 for
/// a bad change) is recorded like any refusal before admission (`RefusalRecorder`).
struct AdminEndpoint: Sendable {
    let dependencies: GatewayDependencies

    /// Who writes each locale of each feature that names its locales, and why, the models asked who they are.
    private func writers() async -> [JSONValue] {
        let qualification = dependencies.qualification, models = dependencies.models
        return await qualification.decisions(dependencies.config) { feature, target in
            feature.goldenSet == nil ? nil : await qualification.identities.identity(of: target, apiKey: models.apiKey(for: target))
        }.map(\.json)
    }

    @inline(never)  // see Gateway.route
    func handle(_ context: inout RequestContext) async throws(GatewayError) -> HTTPResponse {
        let request = context.http
        try authorize(request)
        let path = request.path
        switch (request.method, path) {
        case ("GET", "/admin/features"):
            // The qualification table beside the features: each recorded pass rate (the writers per locale are in /v1/features).
            return Responses.json(.ok, ["features": .array(dependencies.state.registry.snapshot().map(Self.describe)),
                                        "qualification": dependencies.qualification.current.json["results"] ?? [],
                                        "writers": .array(await writers())])
        case ("POST", "/admin/reload"):
            return try await reload(context)
        case ("GET", "/admin/refusals"):
            return try await RefusalsEndpoint(dependencies: dependencies).handle(request)
        case ("GET", "/admin/audit"):
            return try await ActivityEndpoint(dependencies: dependencies).audit(request)
        case ("GET", "/admin/feedback"):
            return try await ActivityEndpoint(dependencies: dependencies).feedback(request)
        case ("GET", "/admin/feedback/export"):
            return try await ActivityEndpoint(dependencies: dependencies).export(request)
        case ("PATCH", _) where path.hasPrefix("/admin/features/"):
            return try await patch(feature: String(path.dropFirst("/admin/features/".count)), context)
        case (_, "/admin/features"):
            throw .methodNotAllowed(request.method, allowed: [.get])
        case (_, "/admin/reload"):
            throw .methodNotAllowed(request.method, allowed: [.post])
        case (_, "/admin/refusals"), (_, "/admin/audit"), (_, "/admin/feedback"), (_, "/admin/feedback/export"):
            throw .methodNotAllowed(request.method, allowed: [.get])
        default:
            throw path.hasPrefix("/admin/features/") ? .methodNotAllowed(request.method, allowed: [.patch]) : .notFound
        }
    }

    /// The admin token, compared in constant time, or 401; which check failed is in the refusal's reason
    /// only (`unauthenticated:missing`, `:malformed`, `:admin_api_off`, `:wrong_admin_token`).
    private func authorize(_ request: HTTPRequest) throws(GatewayError) {
        func refusal(_ reason: String) -> GatewayError {
            GatewayError(status: 401, code: .unauthenticated, message: "admin token required", auditReason: "unauthenticated:\(reason)")
        }
        let token: String
        do throws(TokenRejection) {
            token = try BearerToken.read(request)
        } catch {
            throw refusal(error.rawValue)
        }
        guard let expected = dependencies.security.adminToken else { throw refusal("admin_api_off") }
        guard Digest.constantTimeEqual(Array(token.utf8), expected) else { throw refusal("wrong_admin_token") }
    }

    private func patch(feature id: String, _ context: RequestContext) async throws(GatewayError) -> HTTPResponse {
        let request = context.http
        guard let current = dependencies.state.registry.entry(id) else { throw .unknownFeature(id) }
        if request.bodyTooLarge || request.body.count > dependencies.config.limits.maxEventBytes {
            throw .payloadTooLarge(limit: dependencies.config.limits.maxEventBytes)
        }
        let members = try RequestBody.object(request.body, otherwise: "body must be a non-empty JSON object")
        guard !members.isEmpty else { throw .invalidRequest("body must be a non-empty JSON object") }
        var override = current.override ?? FeatureOverride()
        var endStreams = false
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            switch (key, value) {
            case ("endStreams", .bool(let end)): endStreams = end
            case ("endStreams", _): throw .invalidInput("endStreams: must be true or false")
            case ("enabled", .null): override.enabled = nil
            case ("enabled", .bool(let enabled)): override.enabled = enabled
            case ("rollout", .null): override.rolloutPercentage = nil
            case ("rollout", .object(let rollout)):
                guard rollout.count == 1, let percentage = rollout["percentage"]?.numberValue, (0...100).contains(percentage) else {
                    throw .invalidInput("rollout: must be {\"percentage\": 0…100}")
                }
                override.rolloutPercentage = percentage
            case ("enabled", _): throw .invalidInput("enabled: must be true, false or null")
            case ("rollout", _): throw .invalidInput("rollout: must be an object or null")
            default: throw .invalidInput("\(key): unknown field")
            }
        }
        let kept = override.minimized(against: current.configured)
        if endStreams, kept.applied(to: current.configured).enabled {
            throw .invalidInput("endStreams: only with the feature turned off (\"enabled\": false)")
        }
        do {
            try await dependencies.stores.overrides.store(kept.isEmpty ? nil : kept, for: id)
        } catch {
            throw GatewayError(status: 503, code: .unavailable, message: "override store unavailable: \(error)", retryAfterSeconds: 1)
        }
        dependencies.state.registry.setOverride(kept, for: id)
        // After the switch is off, so no new stream of this feature starts once these are ended.
        let ended = endStreams ? dependencies.state.liveStreams.endAll(feature: id) : 0
        await announce(endStreams ? .endStreams(feature: id) : .overrides(feature: id))
        await audit(context, feature: id, change: Self.describeChange(members))
        var body = Self.describe(FeatureRegistry.Entry(configured: current.configured, override: kept))
        if endStreams, case .object(var members) = body {
            members["endedStreams"] = .number(Double(ended))
            body = .object(members)
        }
        return Responses.json(.ok, body)
    }

    private func reload(_ context: RequestContext) async throws(GatewayError) -> HTTPResponse {
        let count = try AdminReload.apply(dependencies)
        await announce(.reload)
        await audit(context, feature: "", change: "reload: \(count) features")
        return Responses.json(.ok, ["reloaded": true, "features": .array(dependencies.state.registry.snapshot().map(Self.describe))])
    }

    /// Tells the other replicas (`AdminBroadcast`). The change is made here and stored either way; a replica that
    /// misses an override change re-reads the overrides when its listener reconnects.
    private func announce(_ change: AdminChange) async {
        do {
            try await dependencies.broadcast.publish(AdminMessage(origin: dependencies.instance, change: change))
        } catch {
            GatewayLog.warning("admin change made here but not announced to other replicas: \(error)")
        }
    }

    private func audit(_ context: RequestContext, feature: String, change: String) async {
        await dependencies.audit(AuditRecord(requestId: context.id, time: dependencies.clock.now(), user: "admin", feature: feature,
                                                    status: .admin, reason: change, traceId: context.trace.traceIdHex))
    }

    private static func describeChange(_ members: [String: JSONValue]) -> String {
        members.sorted { $0.key < $1.key }.map { "\($0.key)=\(String(decoding: JSONWriter.bytes($0.value), as: UTF8.self))" }
            .joined(separator: " ")
    }

    static func describe(_ entry: FeatureRegistry.Entry) -> JSONValue {
        var overrides: [String: JSONValue] = [:]
        if let enabled = entry.override?.enabled { overrides["enabled"] = .bool(enabled) }
        if let percentage = entry.override?.rolloutPercentage { overrides["rollout"] = ["percentage": .number(percentage)] }
        var feature: [String: JSONValue] = [
            "id": .string(entry.effective.id), "promptVersion": .string(entry.effective.promptVersion), "model": .string(entry.effective.model),
            "enabled": .bool(entry.effective.enabled),
            "rollout": ["flag": .string(entry.effective.rollout?.flag ?? entry.effective.id),
                        "percentage": .number(entry.effective.rollout?.percentage ?? 100)],
            "overrides": .object(overrides),
        ]
        if let candidate = entry.effective.candidate {
            feature["candidate"] = ["promptVersion": .string(candidate.promptVersion), "percentage": .number(candidate.percentage)]
        }
        return .object(feature)
    }
}
