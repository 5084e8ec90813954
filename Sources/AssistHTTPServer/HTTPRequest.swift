/// A request as the server hands it to a responder: headers, the whole body (up to the server's cap),
/// and whether the body went over that cap.
///
/// The body is read completely before the responder runs. Bodies over `maxBodyBytes` are drained and
/// dropped (memory stays bounded) and reported through `bodyTooLarge`, so the responder decides the
/// answer in its own order (authentication first, then 413).
public struct HTTPRequest: Sendable {
    public var method: String
    public var path: String
    public var query: String?
    /// Header fields in arrival order; names are lower-cased.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    public var bodyTooLarge: Bool

    public init(method: String, path: String, query: String? = nil, headers: [(name: String, value: String)] = [],
                body: [UInt8] = [], bodyTooLarge: Bool = false) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers.map { ($0.name.lowercased(), $0.value) }
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }

    /// The first value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name == lowered }?.value
    }
}
