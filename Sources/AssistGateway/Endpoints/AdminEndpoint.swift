import AssistCrypto
import AssistHTTPServer
import AssistWire

/// The operators' API, behind its own bearer token (a user's session token is 401 here):
///
///     GET   /admin/features        every feature: as configured, its override, as served
///     PATCH /admin/features/{id}   {"enabled": Bool|null, "rollout": {"percentage": 0…100}|null,
///                                   "endStreams": true (with enabled false: end open streams, feature_disabled)}
///     POST  /admin/reload          re-read the --config file (features section), validated first
///
/// Overrides are stored before they are applied (a restart keeps them) and apply to the next request.
/// Every change is an audit row with status `admin`.
struct AdminEndpoint: Sendable {
    let dependencies: GatewayDependencies

    func handle(_ request: HTTPRequest, requestId: String) async -> HTTPResponse {
        guard authorized(request) else {
            return Responses.error(GatewayError(status: 401, code: .unauthenticated, message: "admin token required"), requestId: requestId)
        }
        let path = request.path
        switch (request.method, path) {
        case ("GET", "/admin/features"):
            return Responses.json(200, ["features": .array(dependencies.registry.snapshot().map(Self.describe))], requestId: requestId)
        case ("POST", "/admin/reload"):
            return await reload(requestId: requestId)
        case ("PATCH", _) where path.hasPrefix("/admin/features/"):
            return await patch(feature: String(path.dropFirst("/admin/features/".count)), body: request, requestId: requestId)
        case (_, "/admin/features"), (_, "/admin/reload"):
            return Responses.error(GatewayError(status: 405, code: .methodNotAllowed, message: "\(request.method) is not allowed here"),
                                   requestId: requestId)
        default:
            let featurePath = path.hasPrefix("/admin/features/")
            return Responses.error(featurePath ? GatewayError(status: 405, code: .methodNotAllowed, message: "\(request.method) is not allowed here")
                                               : .notFound, requestId: requestId)
        }
    }

    private func authorized(_ request: HTTPRequest) -> Bool {
        guard let expected = dependencies.adminToken, let header = request.header("authorization"),
              header.lowercased().hasPrefix("bearer ") else { return false }
        return Digest.constantTimeEqual(Array(header.dropFirst(7).trimmingCharacters(in: .whitespaces).utf8), expected)
    }

    private func patch(feature id: String, body request: HTTPRequest, requestId: String) async -> HTTPResponse {
        guard let current = dependencies.registry.entry(id) else { return Responses.error(.unknownFeature(id), requestId: requestId) }
        if request.bodyTooLarge || request.body.count > dependencies.config.limits.maxEventBytes {
            return Responses.error(.payloadTooLarge(limit: dependencies.config.limits.maxEventBytes), requestId: requestId)
        }
        guard let json = try? JSONParser.parse(request.body), case .object(let members) = json, !members.isEmpty else {
            return Responses.error(.invalidRequest("body must be a non-empty JSON object"), requestId: requestId)
        }
        var override = current.override ?? FeatureOverride()
        var endStreams = false
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            switch (key, value) {
            case ("endStreams", .bool(let end)): endStreams = end
            case ("endStreams", _): return Responses.error(.invalidInput("endStreams: must be true or false"), requestId: requestId)
            case ("enabled", .null): override.enabled = nil
            case ("enabled", .bool(let enabled)): override.enabled = enabled
            case ("rollout", .null): override.rolloutPercentage = nil
            case ("rollout", .object(let rollout)):
                guard rollout.count == 1, let percentage = rollout["percentage"]?.numberValue, (0...100).contains(percentage) else {
                    return Responses.error(.invalidInput("rollout: must be {\"percentage\": 0…100}"), requestId: requestId)
                }
                override.rolloutPercentage = percentage
            case ("enabled", _): return Responses.error(.invalidInput("enabled: must be true, false or null"), requestId: requestId)
            case ("rollout", _): return Responses.error(.invalidInput("rollout: must be an object or null"), requestId: requestId)
            default: return Responses.error(.invalidInput("\(key): unknown field"), requestId: requestId)
            }
        }
        let kept = override.minimized(against: current.configured)
        if endStreams, kept.applied(to: current.configured).enabled {
            return Responses.error(.invalidInput("endStreams: only with the feature turned off (\"enabled\": false)"), requestId: requestId)
        }
        do {
            try dependencies.overrides.save(kept.isEmpty ? nil : kept, for: id)
        } catch {
            return Responses.error(GatewayError(status: 503, code: .unavailable, message: "override store unavailable: \(error)",
                                                retryAfterSeconds: 1), requestId: requestId)
        }
        dependencies.registry.setOverride(kept, for: id)
        // After the switch is off, so no new stream of this feature starts once these are ended.
        let ended = endStreams ? dependencies.liveStreams.endAll(feature: id) : 0
        await audit(requestId: requestId, feature: id, change: Self.describeChange(members))
        var body = Self.describe(FeatureRegistry.Entry(configured: current.configured, override: kept))
        if endStreams, case .object(var members) = body {
            members["endedStreams"] = .number(Double(ended))
            body = .object(members)
        }
        return Responses.json(200, body, requestId: requestId)
    }

    private func reload(requestId: String) async -> HTTPResponse {
        guard let read = dependencies.reloadConfiguration else {
            return Responses.error(GatewayError(status: 409, code: .invalidRequest,
                                                message: "the gateway runs on its built-in configuration; start it with --config FILE to reload"),
                                   requestId: requestId)
        }
        let config: GatewayConfig
        do {
            config = try read()
        } catch {
            return Responses.error(.invalidInput("configuration not reloaded: \(error)"), requestId: requestId)
        }
        // Models, limits and auth are wired at startup; a feature may only use a model alias the gateway runs with.
        if let orphan = config.features.values.sorted(by: { $0.id < $1.id }).first(where: { dependencies.config.models[$0.model] == nil }) {
            return Responses.error(.invalidInput("configuration not reloaded: features.\(orphan.id).model: \(orphan.model) needs a restart"),
                                   requestId: requestId)
        }
        dependencies.registry.replaceRecords(config.features)
        await audit(requestId: requestId, feature: "", change: "reload: \(config.features.count) features")
        return Responses.json(200, ["reloaded": true, "features": .array(dependencies.registry.snapshot().map(Self.describe))], requestId: requestId)
    }

    private func audit(requestId: String, feature: String, change: String) async {
        await dependencies.audit.record(AuditRecord(requestId: requestId, time: dependencies.clock.now(), user: "admin", feature: feature,
                                                    status: .admin, reason: change))
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
            "id": .string(entry.effective.id), "promptVersion": .string(entry.effective.promptVersion),
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
