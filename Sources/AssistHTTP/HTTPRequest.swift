/// A request as a server hands it to a responder: headers, the whole body (up to the server's cap), and
/// whether the body went over that cap.
///
/// The body is read completely before the responder runs. A server drains and drops a body over its cap
/// (memory stays bounded) and reports it through `bodyTooLarge`, so the responder decides the answer in its
/// own order (authentication first, then 413).
public struct HTTPRequest: Sendable {
    /// What `clientAddress` is for a request that came through no socket (a test, an in-process caller).
    public static let unknownAddress = "unknown"

    public var method: HTTPMethod
    public var path: String
    /// The query string without its `?` (`a=1&b=x%20y`), percent-encoded; nil when the target had none.
    public var query: String?
    /// Header fields in arrival order.
    public var headers: [HTTPField]
    public var body: [UInt8]
    public var bodyTooLarge: Bool
    /// The client's address as the server's edge counts its connection: the peer's own, or, for a connection
    /// from a trusted proxy, the address the proxy forwards in `X-Forwarded-For`. What is recorded of a
    /// client (refusals per address) uses this, so it names the same client the connection limits do.
    public var clientAddress: String
    /// The connection came from one of the server's trusted proxies: the client is someone the proxy speaks
    /// for (`clientAddress` is the address it forwards), not the peer. What only a client at this machine may
    /// do (the demo log-in) is refused then, whatever the proxy forwards.
    public var peerIsTrustedProxy: Bool
    /// The port of this server that the connection reached (its listening socket's, the real one after binding
    /// port 0); nil for a request that came through no socket. `Host` is checked against it where it matters.
    public var serverPort: Int?

    public init(method: HTTPMethod, path: String, query: String? = nil, headers: [HTTPField] = [],
                body: [UInt8] = [], bodyTooLarge: Bool = false, clientAddress: String = HTTPRequest.unknownAddress,
                peerIsTrustedProxy: Bool = false, serverPort: Int? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyTooLarge = bodyTooLarge
        self.clientAddress = clientAddress
        self.peerIsTrustedProxy = peerIsTrustedProxy
        self.serverPort = serverPort
    }

    /// The first value of a header field.
    public func header(_ name: HTTPFieldName) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// The first value of query parameter `name`, percent-decoded (`+` is a space); nil when it is absent or
    /// its encoding is invalid. A parameter without `=` has the empty value.
    public func queryValue(_ name: String) -> String? {
        guard let query else { return nil }
        for parameter in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard Self.percentDecoded(parts[0]) == name else { continue }
            return Self.percentDecoded(parts.count > 1 ? parts[1] : "")
        }
        return nil
    }

    /// `%XX` escapes and (for a query, `plusAsSpace`) `+` decoded; nil for a truncated or non-hex escape, or bytes
    /// that are not UTF-8. Shared with the `OTEL_*` header lists, where `+` is itself.
    package static func percentDecoded(_ text: Substring, plusAsSpace: Bool = true) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+") where plusAsSpace: bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// A hex digit's value (either case); nil for any other byte. Shared with the server's path decoding.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
