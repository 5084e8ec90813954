/// A stable, machine-readable error code. An open set: apps must treat unknown codes as generic failures.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    public static let unauthenticated: ErrorCode = "unauthenticated"
    public static let unknownFeature: ErrorCode = "unknown_feature"
    /// The feature exists but is off for this user (kill switch or rollout): hide it.
    public static let featureDisabled: ErrorCode = "feature_disabled"
    public static let invalidInput: ErrorCode = "invalid_input"
    public static let invalidRequest: ErrorCode = "invalid_request"
    public static let payloadTooLarge: ErrorCode = "payload_too_large"
    /// The request line is longer than the server reads (414).
    public static let uriTooLong: ErrorCode = "uri_too_long"
    /// The request head is larger, or has more fields, than the server reads (431).
    public static let headersTooLarge: ErrorCode = "headers_too_large"
    /// Only HTTP/1.0 and HTTP/1.1 are spoken (505).
    public static let httpVersionNotSupported: ErrorCode = "http_version_not_supported"
    /// The request's head and body did not arrive within the server's deadline (408).
    public static let requestTimeout: ErrorCode = "request_timeout"
    /// This client address holds as many connections as the server allows one address (429, with `Retry-After`).
    public static let tooManyConnections: ErrorCode = "too_many_connections"
    /// The server holds as many connections as it allows (503, with `Retry-After`).
    public static let overloaded: ErrorCode = "overloaded"
    public static let notFound: ErrorCode = "not_found"
    /// A `conversationId` the gateway does not hold for this user (never issued, expired, or another user's): the
    /// question is not read as a fresh one, since a follow-up read without its conversation answers something else.
    public static let conversationNotFound: ErrorCode = "conversation_not_found"
    public static let methodNotAllowed: ErrorCode = "method_not_allowed"
    public static let quotaExceeded: ErrorCode = "quota_exceeded"
    public static let tooManyStreams: ErrorCode = "too_many_streams"
    /// Too many calls of one kind in a short window (integrity challenges); `Retry-After` says when.
    public static let rateLimited: ErrorCode = "rate_limited"
    /// This trust level has no quota for the feature: the app must prove it is genuine (App Attest, Play Integrity).
    public static let integrityRequired: ErrorCode = "integrity_required"
    /// This request may not be made from where it came (403): the demo log-in, asked from beyond this machine
    /// (through a proxy, or naming a host other than loopback).
    public static let forbidden: ErrorCode = "forbidden"
    /// An App Attest attestation was refused at registration.
    public static let attestationInvalid: ErrorCode = "attestation_invalid"
    public static let upstreamFailed: ErrorCode = "upstream_failed"
    public static let upstreamTimeout: ErrorCode = "upstream_timeout"
    /// Mid-stream: the model's next sentence failed a check of the feature's answer guard, and the feature
    /// says to end the answer there (`guard.onViolation: "end"`). Text already sent passed every check.
    public static let answerWithheld: ErrorCode = "answer_withheld"
    public static let unavailable: ErrorCode = "unavailable"
    /// The store that counts quotas and concurrent streams (Redis, for replicas) cannot be reached, so the request
    /// cannot be measured against its quota (503, with `Retry-After`).
    public static let quotaUnavailable: ErrorCode = "quota_unavailable"
    /// The request's audit row cannot be written, and the gateway does not serve unaudited.
    public static let auditUnavailable: ErrorCode = "audit_unavailable"
    public static let shuttingDown: ErrorCode = "shutting_down"
    public static let internalError: ErrorCode = "internal_error"
}

/// The body of every non-2xx response: `{"error": {"code", "message", "requestId"}}`.
public struct ErrorBody: Sendable, Equatable {
    public var code: ErrorCode
    public var message: String
    public var requestId: String

    public init(code: ErrorCode, message: String, requestId: String) {
        self.code = code
        self.message = message
        self.requestId = requestId
    }

    public var json: JSONValue {
        ["error": ["code": .string(code.rawValue), "message": .string(message), "requestId": .string(requestId)]]
    }

    public init(json: JSONValue) throws(WireError) {
        guard let error = json["error"], let code = error["code"]?.stringValue else { throw WireError("not an error body") }
        self.init(code: ErrorCode(rawValue: code), message: error["message"]?.stringValue ?? "",
                  requestId: error["requestId"]?.stringValue ?? "")
    }
}
