public import AssistHTTP
public import AssistWire

/// A refusal, before any model call: HTTP status, stable code, human message, and for 429 when to retry.
public struct GatewayError: Error, Sendable, Equatable {
    public var status: HTTPStatus
    public var code: ErrorCode
    public var message: String
    public var retryAfterSeconds: Int?
    /// What the audit row records as the reason (a token rejection is more specific than the response).
    public var auditReason: String
    /// For a 405: the methods the path takes.
    public var allowedMethods: [HTTPMethod] = []

    public init(status: HTTPStatus, code: ErrorCode, message: String, retryAfterSeconds: Int? = nil, auditReason: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
        self.auditReason = auditReason ?? code.rawValue
    }

    public static func unauthenticated(_ reason: TokenRejection) -> GatewayError {
        GatewayError(status: 401, code: .unauthenticated, message: "a valid session token is required",
                     auditReason: "unauthenticated:\(reason.rawValue)")
    }
    public static func invalidRequest(_ message: String) -> GatewayError { GatewayError(status: 400, code: .invalidRequest, message: message) }
    public static func invalidInput(_ message: String) -> GatewayError { GatewayError(status: 400, code: .invalidInput, message: message) }
    public static func unknownFeature(_ id: String) -> GatewayError {
        GatewayError(status: 400, code: .unknownFeature, message: "no feature \"\(id)\" is available")
    }
    public static func payloadTooLarge(limit: Int) -> GatewayError {
        GatewayError(status: 413, code: .payloadTooLarge, message: "request body exceeds \(limit) bytes")
    }
    /// Not from here (403 `forbidden`): `reason`, in a few words, goes to the message and the audit.
    public static func forbidden(_ message: String, reason: String) -> GatewayError {
        GatewayError(status: 403, code: .forbidden, message: message, auditReason: "forbidden:\(reason)")
    }
    public static let notFound = GatewayError(status: 404, code: .notFound, message: "not found")
    /// 404 `conversation_not_found`: the same answer for a conversation never issued, expired, or another user's.
    public static let conversationNotFound = GatewayError(status: 404, code: .conversationNotFound,
                                                          message: "no such conversation: start a new one by leaving out conversationId")
    public static func quotaExceeded(retryAfter: Int) -> GatewayError {
        GatewayError(status: 429, code: .quotaExceeded, message: "daily quota for this feature is used up", retryAfterSeconds: retryAfter)
    }
    /// A 405 names the methods the path does take (`Allow`, RFC 9110).
    public static func methodNotAllowed(_ method: HTTPMethod, allowed: [HTTPMethod]) -> GatewayError {
        var error = GatewayError(status: 405, code: .methodNotAllowed, message: "\(method) is not allowed here")
        error.allowedMethods = allowed
        return error
    }
    /// A store the request needs cannot be reached: try again in a second.
    public static func unavailable(_ what: String) -> GatewayError {
        GatewayError(status: 503, code: .unavailable, message: "\(what) unavailable", retryAfterSeconds: 1)
    }
    /// The store that counts quotas and stream slots cannot answer: the request cannot be measured, so it is
    /// not served (unless `storage.onRedisDown` is `open`). Try again in a second.
    public static func quotaUnavailable(_ what: String) -> GatewayError {
        GatewayError(status: 503, code: .quotaUnavailable, message: "\(what) cannot be reached", retryAfterSeconds: 1)
    }
    /// This one request cannot be answered from its data (a 500 that retrying does not cure); other requests go on.
    public static func internalError(_ message: String) -> GatewayError { GatewayError(status: 500, code: .internalError, message: message) }
    public static func tooManyStreams(limit: Int) -> GatewayError {
        GatewayError(status: 429, code: .tooManyStreams, message: "at most \(limit) streams at once", retryAfterSeconds: 1)
    }
}
