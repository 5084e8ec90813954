/// A response: status, headers and a body that is either complete bytes or a stream.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// Produces the body incrementally. The server runs the closure in its own task once the headers are
        /// queued, and cancels that task when the client disconnects. The closure may call `finish()`, or
        /// simply return: the server finishes the body when it returns. It runs exactly once even when the
        /// client left before the response could be sent (every write then throws `ClientGone`), so what the
        /// producer holds for the request is always given back.
        case stream(@Sendable (any ResponseBodyWriter) async -> Void)
    }

    public var status: HTTPStatus
    public var headers: [HTTPField]
    public var body: Body

    public init(status: HTTPStatus, headers: [HTTPField] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of a header field.
    public func header(_ name: HTTPFieldName) -> String? {
        headers.first { $0.name == name }?.value
    }
}

/// Anything that turns a request into a response: the gateway, the scripted upstream, a test's closure.
/// A server (`AssistHTTPServer`) calls it; the responder never sees the server.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) async -> HTTPResponse
}

/// A responder made from a closure, for tests and small tools.
public struct ClosureResponder: HTTPResponder {
    let body: @Sendable (HTTPRequest) async -> HTTPResponse
    public init(_ body: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) { self.body = body }
    public func respond(to request: HTTPRequest) async -> HTTPResponse { await body(request) }
}
