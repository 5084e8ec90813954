/// HTTP's vocabulary as open sets: a value may be anything the protocol allows, and the ones the project
/// names have static members (as in swift-http-types), so a typo is a compile error rather than a silent
/// mismatch, while a method or header nobody named here still passes through unchanged.

/// A response status code.
public struct HTTPStatus: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public let code: Int

    public init(code: Int) { self.code = code }
    public init(integerLiteral code: Int) { self.code = code }

    public var description: String { String(code) }

    public static let ok: HTTPStatus = 200
    public static let created: HTTPStatus = 201
    public static let accepted: HTTPStatus = 202
    public static let badRequest: HTTPStatus = 400
    public static let unauthorized: HTTPStatus = 401
    public static let forbidden: HTTPStatus = 403
    public static let notFound: HTTPStatus = 404
    public static let methodNotAllowed: HTTPStatus = 405
    public static let conflict: HTTPStatus = 409
    public static let contentTooLarge: HTTPStatus = 413
    public static let tooManyRequests: HTTPStatus = 429
    public static let internalServerError: HTTPStatus = 500
    public static let serviceUnavailable: HTTPStatus = 503
}

/// A request method, as sent (methods are case-sensitive).
public struct HTTPMethod: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let get: HTTPMethod = "GET"
    public static let head: HTTPMethod = "HEAD"
    public static let post: HTTPMethod = "POST"
    public static let put: HTTPMethod = "PUT"
    public static let patch: HTTPMethod = "PATCH"
    public static let delete: HTTPMethod = "DELETE"
}

/// A header field name: written as given, compared without regard to case.
public struct HTTPFieldName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name as written on the wire by this side.
    public let rawName: String
    /// The lower-cased name, by which fields are compared.
    public let canonicalName: String

    public init(_ name: String) {
        rawName = name
        canonicalName = ASCIICase.lowercased(name)
    }

    public init(stringLiteral name: String) { self.init(name) }

    public var description: String { rawName }

    public static func == (lhs: HTTPFieldName, rhs: HTTPFieldName) -> Bool { lhs.canonicalName == rhs.canonicalName }

    /// Whether `name` is an RFC 9110 token (`tchar`s only, not empty): what a field name, a method may be.
    package static func isToken(_ name: some StringProtocol) -> Bool { !name.isEmpty && name.utf8.allSatisfy(isTokenByte) }

    /// RFC 9110's `tchar`: a digit, a letter, or one of `!#$%&'*+-.^_`|~`. The one table of them: the server's
    /// head parser, the upstream response reader and configuration checks all read it (inlinable: the parsers ask
    /// it of every byte of every name).
    @inlinable
    package static func isTokenByte(_ byte: UInt8) -> Bool { tokenBytes[Int(byte)] }

    @usableFromInline
    static let tokenBytes: [Bool] = (0...255).map { byte in
        let byte = UInt8(byte)
        return (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(canonicalName) }

    public static let authorization: HTTPFieldName = "Authorization"
    public static let host: HTTPFieldName = "Host"
    public static let contentType: HTTPFieldName = "Content-Type"
    public static let contentLength: HTTPFieldName = "Content-Length"
    public static let cacheControl: HTTPFieldName = "Cache-Control"
    public static let connection: HTTPFieldName = "Connection"
    public static let retryAfter: HTTPFieldName = "Retry-After"
    public static let allow: HTTPFieldName = "Allow"
    public static let wwwAuthenticate: HTTPFieldName = "WWW-Authenticate"
    public static let rateLimitRemaining: HTTPFieldName = "RateLimit-Remaining"
    public static let rateLimitReset: HTTPFieldName = "RateLimit-Reset"
    /// Tells nginx and similar proxies not to buffer a streamed body.
    public static let accelBuffering: HTTPFieldName = "X-Accel-Buffering"
    /// The gateway's id for one request, on every response and in its audit row.
    public static let requestId: HTTPFieldName = "X-Request-Id"
    /// An app's integrity proof (App Attest assertion or Play Integrity token).
    public static let assistIntegrity: HTTPFieldName = "X-Assist-Integrity"
    /// W3C Trace Context: the caller's trace and span, continued by the gateway and passed to the provider.
    public static let traceparent: HTTPFieldName = "traceparent"
    /// W3C Trace Context: vendors' state, passed on unchanged with `traceparent`.
    public static let tracestate: HTTPFieldName = "tracestate"
    /// The trace id of the request's answer, so a user's report leads an operator to its trace.
    public static let traceId: HTTPFieldName = "X-Trace-Id"
}

/// One header field.
public typealias HTTPField = (name: HTTPFieldName, value: String)
