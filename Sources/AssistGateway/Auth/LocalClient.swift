public import AssistHTTP

/// Whether a request comes from someone at this machine, for what must never be done from beyond it: the demo
/// log-in mints a session token for anyone who asks.
///
/// Listening on a loopback host is not enough. A proxy on this machine (the shipped nginx, any reverse proxy)
/// connects from loopback on behalf of whoever reaches it; and a web page anywhere can reach a loopback port
/// through its visitor's browser by pointing its own name at 127.0.0.1 (DNS rebinding), its requests then
/// naming that name in `Host`. So a request is local only when all of these hold:
/// - its peer is not one of the server's trusted proxies (`HTTPRequest.peerIsTrustedProxy`);
/// - it carries no forwarding field (`X-Forwarded-*`, `Forwarded`, `X-Real-IP`, `Via`, …): a proxy not listed as
///   trusted still says that it forwards;
/// - its `Host` is a loopback name (`127.0.0.1`, `[::1]`, `localhost`) with the port the connection reached
///   (`HTTPRequest.serverPort`; no port only for port 80). A rebinding page's `Host` names its own host, and a
///   request another server on this machine passes on names that server's port.
///
/// A request that came through no socket (no `serverPort`) is not local.
public enum LocalClient {
    /// Fields by which a proxy says whom it forwards for (compared without regard to case); any `X-Forwarded-…`
    /// too.
    static let forwardingFields: Set<String> = [
        "forwarded", "x-real-ip", "via", "true-client-ip", "client-ip", "x-client-ip", "x-cluster-client-ip", "cf-connecting-ip",
        "fastly-client-ip", "x-original-forwarded-for", "x-original-host", "x-host", "x-proxyuser-ip",
    ]

    /// Host names that always mean this machine (compared without regard to case).
    static let loopbackNames: Set<String> = ["127.0.0.1", "[::1]", "localhost"]

    /// Why a request is not from someone at this machine; the raw value is what its audit row records.
    public enum Refusal: String, Sendable {
        case trustedProxy = "trusted_proxy"
        case forwarded
        case host
        case noSocket = "no_socket"

        public var description: String {
            switch self {
            case .trustedProxy: "it came through a proxy"
            case .forwarded: "it carries a forwarding header"
            case .host: "its Host is not this machine's loopback address with the gateway's port"
            case .noSocket: "it came through no socket"
            }
        }
    }

    /// Nil for a request from someone at this machine; otherwise why it is not one.
    public static func refusal(of request: HTTPRequest) -> Refusal? {
        if request.peerIsTrustedProxy { return .trustedProxy }
        if request.headers.contains(where: { isForwarding($0.name) }) { return .forwarded }
        guard let port = request.serverPort else { return .noSocket }
        guard let host = request.header(.host), isLoopback(host, port: port) else { return .host }
        return nil
    }

    static func isForwarding(_ name: HTTPFieldName) -> Bool {
        forwardingFields.contains(name.canonicalName) || name.canonicalName.hasPrefix("x-forwarded-")
    }

    /// `host` is a loopback name followed by `:port` (or by nothing, for port 80), the port written as it is.
    static func isLoopback(_ host: String, port: Int) -> Bool {
        guard host.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        let text = host.lowercased()
        if loopbackNames.contains(text) { return port == 80 }
        guard let colon = text.lastIndex(of: ":"), loopbackNames.contains(String(text[..<colon])) else { return false }
        return text[text.index(after: colon)...].utf8.elementsEqual(String(port).utf8)
    }
}
