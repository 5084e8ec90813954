/// A request head as the server read it (`HeadParser`).
///
/// The edge parses strictly and only hands on a head whose meaning is unambiguous: one framing of the body,
/// one Host, nothing another parser (a proxy in front) could read differently.
struct RequestHead: Sendable, Equatable {
    var method: String
    var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    var minorVersion: Int
    /// Bytes of the head, its final empty line included.
    var length: Int
    var framing: BodyFraming
    /// The client said it sends no further request on this connection: HTTP/1.0 without `keep-alive`, or
    /// `Connection: close`. Bytes after such a request are an attempt to smuggle a second one.
    var closeRequested: Bool
    /// `Expect: 100-continue`: the body comes only once the server has said `100 Continue`.
    var expectsContinue: Bool
    /// The last address of `X-Forwarded-For` (the one the nearest proxy saw), as written.
    var forwardedFor: String?
    /// The header fields in arrival order, names as written, values without surrounding whitespace.
    var fields: [RequestField] = []
}

/// One header field of a request head.
struct RequestField: Sendable, Equatable {
    var name: String
    var value: String
}

/// How a request's body is delimited.
enum BodyFraming: Sendable, Equatable {
    case none
    case length(Int)
    case chunked
}

/// A request the edge refuses, and how: a status, a stable code and a message for the JSON error body.
/// The codes are the wire contract's (`AssistWire.ErrorCode`), spelled here so the server stays independent
/// of it; a test keeps the two in step.
struct EdgeRejection: Error, Sendable, Equatable {
    let status: Int
    let code: String
    let message: String
    /// Sent as `Retry-After` (seconds) when the refusal is about load, not about the request.
    var retryAfterSeconds: Int?

    static func invalid(_ message: String) -> EdgeRejection {
        EdgeRejection(status: 400, code: "invalid_request", message: message)
    }

    static let uriTooLong = EdgeRejection(status: 414, code: "uri_too_long", message: "the request line is too long")
    static let headersTooLarge = EdgeRejection(status: 431, code: "headers_too_large",
                                               message: "the request head is too large or has too many fields")
    static let versionNotSupported = EdgeRejection(status: 505, code: "http_version_not_supported",
                                                   message: "only HTTP/1.0 and HTTP/1.1 are supported")
    static let payloadTooLarge = EdgeRejection(status: 413, code: "payload_too_large", message: "the request body is too large")
    static let timeout = EdgeRejection(status: 408, code: "request_timeout",
                                       message: "the request did not arrive within the server's deadline")
    static let shuttingDown = EdgeRejection(status: 503, code: "shutting_down", message: "the server is stopping")

    static func tooManyConnections(retryAfter: Int) -> EdgeRejection {
        EdgeRejection(status: 429, code: "too_many_connections", message: "too many connections from this address",
                      retryAfterSeconds: retryAfter)
    }

    static func overloaded(retryAfter: Int) -> EdgeRejection {
        EdgeRejection(status: 503, code: "overloaded", message: "the server is at its connection limit",
                      retryAfterSeconds: retryAfter)
    }

    var reasonPhrase: String {
        switch status {
        case 400: "Bad Request"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Error"
        }
    }
}
