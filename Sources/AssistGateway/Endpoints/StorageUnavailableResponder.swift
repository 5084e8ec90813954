import AssistCrypto
public import AssistHTTP
import AssistWire
public import Foundation

/// What a gateway answers while its storage cannot be opened at all (a full disk at start-up, the database
/// unreadable), until it can: the process stays up and says why, instead of exiting.
///
/// - `GET /healthz` is 503 with `checks.storage` `{"status": "unavailable", "reason", "since", "attempts"}`.
/// - `GET /openapi.json` is served (it is static).
/// - Everything else is 503 `audit_unavailable` with `Retry-After`: every request is audited, a refusal
///   included, and audit fails closed; without storage there is no quota, no feature overrides (a kill
///   switch) and no audit row, so nothing can be answered safely, whatever `audit.onFailure` says.
///
/// Its owner (`assist serve`'s `DeferredGateway`) keeps trying to open the storage and, once it can,
/// answers with the real gateway instead.
public struct StorageUnavailableResponder: HTTPResponder {
    /// Why storage is unavailable, for operators: the error, with what the data directory's disk says.
    public let reason: String
    public let since: Date
    /// The attempts to open the storage made so far, each failed (the last one's error is `reason`).
    public let attempts: Int
    /// Seconds a refused client is told to wait: about when the next attempt to open the storage is made.
    public let retryAfterSeconds: Int
    private let isModelReady: @Sendable () async -> Bool

    public init(reason: String, since: Date, attempts: Int = 1, retryAfterSeconds: Int, modelReady: @escaping @Sendable () async -> Bool) {
        self.reason = reason
        self.since = since
        self.attempts = attempts
        self.retryAfterSeconds = retryAfterSeconds
        self.isModelReady = modelReady
    }

    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        let requestId = RequestID.make()
        var response: HTTPResponse
        switch (request.method, request.path) {
        case (.get, "/healthz"):
            response = HealthEndpoint.response(modelReady: await isModelReady(), storage: .unavailable(reason: reason, since: since, attempts: attempts))
        case (.get, "/openapi.json"):
            response = OpenAPIEndpoint().handle()
        default:
            response = Responses.error(GatewayError(status: 503, code: .auditUnavailable,
                                                    message: "storage is unavailable, so the request cannot be audited",
                                                    retryAfterSeconds: retryAfterSeconds), requestId: requestId)
        }
        response.headers.append((.requestId, requestId))
        return response
    }
}
