/// A request as a server hands it to a responder: headers, the whole body (up to the server's cap), and
/// whether the body went over that cap.
///
/// The body is read completely before the responder runs. A server drains and drops a body over its cap
/// (memory stays bounded) and reports it through `bodyTooLarge`, so the responder decides the answer in its
/// own order (authentication first, then 413).
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    public var path: String
    public var query: String?
    /// Header fields in arrival order.
    public var headers: [HTTPField]
    public var body: [UInt8]
    public var bodyTooLarge: Bool

    public init(method: HTTPMethod, path: String, query: String? = nil, headers: [HTTPField] = [],
                body: [UInt8] = [], bodyTooLarge: Bool = false) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }

    /// The first value of a header field.
    public func header(_ name: HTTPFieldName) -> String? {
        headers.first { $0.name == name }?.value
    }
}
