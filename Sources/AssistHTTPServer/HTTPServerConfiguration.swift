import AssistTelemetry
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension HTTPServer {
    /// How the server listens, what it reads, and the defences at its edge.
    public struct Configuration: Sendable {
        public var host: String = "127.0.0.1"
        /// 0 picks a free port; read it back from `port`.
        public var port: Int = 8080
        /// Event loops, each a thread that serves its connections end to end (one per core is the rule; the
        /// kernel hands each new connection to one of them).
        public var threadPoolSize: Int = ProcessInfo.processInfo.activeProcessorCount

        /// The most connections open at once, whatever they are doing (sending their request, waiting for the
        /// answer, streaming). Past it a new client is answered 503 `overloaded` with `Retry-After`, never left
        /// hanging. Lowered at start so that `reservedDescriptors` stay free (see `effectiveConnectionLimit`).
        public var connectionLimit: Int = 20_000
        /// Descriptors the limit keeps back from connections: for stores, logs, upstream calls, and answering
        /// a client 503 when the limit is reached.
        public var reservedDescriptors: Int = 64
        /// Descriptors one connection may hold: 1 for its socket, 2 when each request may hold an upstream
        /// connection too (a gateway's stream does).
        public var descriptorsPerConnection: Int = 1
        /// The most connections one client address may hold; 0 for no limit. Past it the client is answered
        /// 429 `too_many_connections` with `Retry-After`.
        public var maxConnectionsPerAddress: Int = 0
        /// IPv4 addresses of proxies in front of the server: a proxy's connections count in the total only, and
        /// each request on them counts against the last address of its `X-Forwarded-For` (the client that proxy
        /// saw) while it is answered, instead of the proxy's own address (a proxy keeps its connections alive
        /// for many clients' requests).
        public var trustedProxies: [String] = []

        /// Seconds from accept by which a request's head and body must have arrived; after it the client is
        /// answered 408 `request_timeout` and the connection closed (a client that sends a byte now and then is
        /// not let off).
        public var headerTimeoutSeconds: Double = 10
        /// The largest request head accepted (request line and header fields); over it, 414 or 431.
        public var maxHeaderBytes: Int = 8 * 1024
        /// The most fields a head may carry (header lines, cookie pairs and query parameters together); over
        /// it, 431 (414 for the query).
        public var maxHeaderFields: Int = 64
        /// The most bytes of Cookie values a head may carry; over it, 431. An API's clients send few cookies, if any.
        public var maxCookieBytes: Int = 2 * 1024
        /// Request bodies above this are drained, dropped and flagged as `bodyTooLarge`.
        public var maxBodyBytes: Int = 16 * 1024

        /// A streaming body's buffer: above it the producer waits for the client.
        public var streamHighWaterBytes: Int = 16 * 1024
        /// The most bytes taken from a streamed body's buffer for one write to the socket.
        public var streamBlockBytes: Int = 16 * 1024
        /// A connection between requests, or with bytes waiting that its client takes none of, is closed after this
        /// many seconds. A streamed body is judged by the rate below instead, until its end; a request being
        /// answered has its responder's own deadlines.
        public var idleTimeoutSeconds: Int = 60
        /// A streamed body's client must take at least this many bytes a second, over `slowReaderWindowSeconds`
        /// during which bytes were waiting for it; otherwise it has stopped reading, and the response is ended
        /// (`ResponseBodyWriter.isClientStalled`) and the connection closed. A client that reads slowly but
        /// steadily above it is never cut; time with nothing waiting for the client never counts (see `ReadPace`).
        public var minClientReadBytesPerSecond: Int = 64
        /// The window over which `minClientReadBytesPerSecond` is measured. Long enough for a client's TCP to
        /// report its reading (its receive window opens in steps of a segment or more).
        public var slowReaderWindowSeconds: Double = 30
        /// Seconds a client refused for load is told to wait (`Retry-After`).
        public var retryAfterSeconds: Int = 1
        /// Where the server's few log lines go (refused connections, at most one line a second).
        public var log: @Sendable (String) -> Void = { line in Logger().warning(line) }

        public init() {}

        /// The rule a streamed body's client is held to.
        var readPace: ReadPace {
            ReadPace(minBytesPerSecond: minClientReadBytesPerSecond, window: .milliseconds(Int64(slowReaderWindowSeconds * 1000)))
        }

        /// `connectionLimit`, lowered so that every connection's descriptors and the reserve fit under the
        /// process's descriptor limit (`RLIMIT_NOFILE`).
        public var effectiveConnectionLimit: Int {
            var limit = rlimit()
            guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return max(1, connectionLimit) }
            let available = Int(clamping: limit.rlim_cur) - reservedDescriptors
            return max(1, min(connectionLimit, available / max(1, descriptorsPerConnection)))
        }


        /// What the loops need, with the trusted proxies in canonical form; throws on one that is no IPv4 address.
        func serverSettings() throws -> ServerContext.Settings {
            var proxies = Set<String>()
            for proxy in trustedProxies {
                var address = in_addr()
                guard inet_pton(AF_INET, proxy, &address) == 1, let canonical = IPAddressText.canonical(proxy) else {
                    throw HTTPServerError.invalidTrustedProxy(proxy)
                }
                proxies.insert(canonical)
            }
            let paceInterval = min(1.0, max(0.02, slowReaderWindowSeconds / 10))
            return ServerContext.Settings(
                limits: HTTP1Connection.Limits(maxHeaderBytes: maxHeaderBytes, maxHeaderFields: maxHeaderFields, maxCookieBytes: maxCookieBytes,
                                               maxBodyBytes: maxBodyBytes, maxBufferedBytes: maxHeaderBytes + maxBodyBytes),
                headerTimeout: .milliseconds(Int64(max(0.001, headerTimeoutSeconds) * 1000)),
                idleTimeout: .seconds(max(1, idleTimeoutSeconds)),
                // Refused connections still hold a descriptor while they linger: a quarter of the reserve at most.
                maxLingering: max(4, reservedDescriptors / 4), retryAfterSeconds: retryAfterSeconds, trustedProxies: proxies,
                streamHighWaterBytes: streamHighWaterBytes, streamBlockBytes: streamBlockBytes, readPace: readPace,
                readPaceInterval: .milliseconds(Int64(paceInterval * 1000)), log: log)
        }
    }
}
