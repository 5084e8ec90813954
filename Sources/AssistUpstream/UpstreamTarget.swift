import Synchronization

/// Where a request goes when this client can take it: a plain `http://` URL whose host is an IPv4 address or
/// `localhost`, the port (80 by default) and the path with its query. Anything else (TLS, a name to resolve, IPv6,
/// user info) is not ours: `init(url:)` returns nil, and the caller uses libcurl, which resolves names off the loop
/// and speaks TLS.
public struct UpstreamTarget: Hashable, Sendable {
    /// The connection's end: what an idle connection is kept for and reused by.
    public struct Origin: Hashable, Sendable {
        /// The IPv4 address, in host byte order.
        public let address: UInt32
        public let port: UInt16
    }

    public let origin: Origin
    /// The `Host` field's value, as the URL wrote it.
    public let hostField: String
    /// The request target: the path and query, "/" when the URL has none.
    public let path: String

    public init?(url: String) {
        let prefix = "http://"
        guard url.utf8.count <= 8192, url.lowercased().hasPrefix(prefix) else { return nil }
        let rest = url.dropFirst(prefix.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var path = String(rest.dropFirst(authority.count).prefix { $0 != "#" })
        if path.isEmpty { path = "/" } else if path.first == "?" { path = "/" + path }
        guard !authority.contains("@"), !authority.contains("["), path.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let hostPart = authority.prefix { $0 != ":" }
        var port: UInt16 = 80
        if hostPart.count < authority.count {
            let digits = authority.dropFirst(hostPart.count + 1)
            guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCII), let value = UInt16(digits), value > 0 else { return nil }
            port = value
        }
        let host = hostPart.lowercased()
        guard let address = host == "localhost" ? 0x7F00_0001 : Self.ipv4(host) else { return nil }
        origin = Origin(address: address, port: port)
        hostField = String(authority)
        self.path = path
    }

    /// `init(url:)`, remembered per URL: a provider's URL is the same on every call, and parsing it again each time
    /// was 1.5 % of a request's CPU. At most `cacheLimit` URLs are kept (the cache starts over when full), so URLs that
    /// keep changing cost a parse each, as before, and no more memory.
    public static func cached(url: String) -> UpstreamTarget? {
        if let known = cache.withLock({ $0[url] }) { return known }
        let parsed = UpstreamTarget(url: url)
        cache.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[url] = parsed
        }
        return parsed
    }

    public static let cacheLimit = 64
    private static let cache = Mutex<[String: UpstreamTarget?]>([:])

    /// A dotted-quad IPv4 address, in host byte order (four decimal parts, each 0–255, no leading zeros).
    static func ipv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var address: UInt32 = 0
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }), part.count == 1 || part.first != "0",
                  let value = UInt32(part), value <= 255 else { return nil }
            address = address << 8 | value
        }
        return address
    }

    /// A POST of `body` with `fields` (each `Name: value`, as the providers' wires give them): the head, with
    /// `Host`, `Content-Length` and keep-alive (HTTP/1.1's default), then the body, as one buffer to write.
    /// Returns nil when a field could split the head (a CR or LF in it).
    public func post(fields: [String], body: [UInt8]) -> [UInt8]? {
        // One buffer, sized for head and body at once: the body (the whole prompt) is copied once, into it.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + path.utf8.count + hostField.utf8.count + fields.reduce(0) { $0 + $1.utf8.count + 2 } + body.count)
        func put(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func endLine() { bytes.append(0x0D); bytes.append(0x0A) }
        put("POST "); put(path); put(" HTTP/1.1"); endLine()
        put("Host: "); put(hostField); endLine()
        put("Content-Length: "); put(String(body.count)); endLine()
        for field in fields {
            guard !field.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else { return nil }
            put(field); endLine()
        }
        endLine()
        bytes.append(contentsOf: body)
        return bytes
    }
}
