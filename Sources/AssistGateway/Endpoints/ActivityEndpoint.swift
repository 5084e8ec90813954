import AssistHTTP
import AssistWire
import Foundation

/// `GET /admin/audit?limit=N` and `GET /admin/feedback?limit=N` (behind the admin token): the recent activity an
/// operator reviews, newest first, at most N rows (1…1000, default 100). The audit's answer carries
/// `telemetry.traceURL` when configured, so the console links each row's trace id to the tracing backend.
///
/// Audit rows are metadata as stored (who, which feature and version, trust, status, tokens, times), never
/// content. Feedback rows carry the user's own reason, which is content the user chose to send for review; the
/// feature input a "wrong" verdict remembered stays out (`hasInput` says whether `assist feedback export` can
/// turn it into a golden case). `GET /admin/feedback/export?feature=ID` is that export over HTTP: the "wrong"
/// verdicts as golden cases, masked by the gateway's own masker.
struct ActivityEndpoint: Sendable {
    static let maxRows = 1_000
    let dependencies: GatewayDependencies

    func audit(_ request: HTTPRequest) async throws(GatewayError) -> HTTPResponse {
        let limit = try Self.limit(request)
        do {
            let rows = try await dependencies.stores.audit.recent(limit: limit)
            var body: [String: JSONValue] = ["rows": .array(rows.map(Self.json))]
            if let traceURL = dependencies.config.telemetry.traceURL { body["traceURL"] = .string(traceURL) }
            return Responses.json(.ok, .object(body))
        } catch {
            throw .unavailable("audit store")
        }
    }

    func feedback(_ request: HTTPRequest) async throws(GatewayError) -> HTTPResponse {
        let limit = try Self.limit(request)
        let all = try await allFeedback()
        let newest = all.sorted { $0.time > $1.time }.prefix(limit)
        return Responses.json(.ok, ["feedback": .array(newest.map(Self.json)), "total": .number(Double(all.count))])
    }

    func export(_ request: HTTPRequest) async throws(GatewayError) -> HTTPResponse {
        let all = try await allFeedback()
        let feature = request.queryValue("feature")
        if let feature, dependencies.config.features[feature] == nil { throw .unknownFeature(feature) }
        let exported = FeedbackExport.goldenCases(all.sorted { $0.time < $1.time }, feature: feature, masker: dependencies.masker)
        return Responses.json(.ok, ["cases": .array(exported.cases), "withoutInput": .number(Double(exported.withoutInput))])
    }

    /// Every stored verdict; 503 when the store cannot answer.
    private func allFeedback() async throws(GatewayError) -> [Feedback] {
        do {
            return try await dependencies.stores.feedback.all()
        } catch {
            throw .unavailable("feedback store")
        }
    }

    static func limit(_ request: HTTPRequest) throws(GatewayError) -> Int {
        guard let text = request.queryValue("limit") else { return 100 }
        guard let value = Int(text), (1...maxRows).contains(value) else {
            throw .invalidInput("limit: must be a whole number from 1 to \(maxRows)")
        }
        return value
    }

    static func json(_ row: AuditRecord) -> JSONValue {
        ["requestId": .string(row.requestId), "time": .string(time(row.time)), "user": .string(row.user), "feature": .string(row.feature),
         "promptVersion": .string(row.promptVersion), "model": .string(row.model), "trust": .string(row.trust),
         "trustReason": .string(row.trustReason), "status": .string(row.status.rawValue), "reason": .string(row.reason),
         "inputTokens": .number(Double(row.inputTokens)), "outputTokens": .number(Double(row.outputTokens)),
         "timeToFirstTokenMs": row.timeToFirstTokenMs.map { .number($0) } ?? .null, "totalMs": .number(row.totalMs),
         "instance": .string(row.instance), "maskedValues": .number(Double(row.maskedValues)), "traceId": .string(row.traceId),
         "target": row.target.map { .string($0) } ?? .null, "attempts": .number(Double(row.attempts)),
         "costMicros": row.costMicros.map { .number(Double($0)) } ?? .null]
    }

    static func json(_ item: Feedback) -> JSONValue {
        ["requestId": .string(item.requestId), "time": .string(time(item.time)), "user": .string(item.user), "feature": .string(item.feature),
         "promptVersion": .string(item.promptVersion), "verdict": .string(item.verdict.rawValue),
         "reason": item.reason.map { .string($0) } ?? .null, "locale": item.locale.map { .string($0) } ?? .null,
         "hasInput": .bool(item.input != nil)]
    }

    static func time(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
