import AssistWire

/// Gateway-wide limits and timings. Every one is explicit, configurable and enforced.
public struct Limits: Sendable, Equatable {
    public var maxBodyBytes = 16 * 1024
    /// `POST /v1/events` bodies are small reports; a tighter cap than streams get.
    public var maxEventBytes = 2048
    public var firstTokenTimeoutSeconds: Double = 60
    public var idleTimeoutSeconds: Double = 30
    /// A structured feature's whole answer (`POST /v1/assist`), model calls included, within this.
    public var requestTimeoutSeconds: Double = 120
    public var drainSeconds: Double = 10
    public var pingSeconds: Double = 15
    public var maxConcurrentStreamsPerUser = 3
    /// How long a stream's slot (a lease, `StreamSlots`) lasts unless renewed. A running stream renews it every
    /// third of this; a replica that dies stops renewing, and its users' slots are free again this long after.
    public var streamLeaseSeconds: Double = 15
    /// How long a generated summary is kept and served again (it is content: kept no longer than needed).
    public var summaryRetentionDays = 30

    // The HTTP edge's connection defences (the assembly maps them to the server).
    /// Seconds from accept by which a request's head and body must have arrived; past it, 408 and closed.
    public var headerTimeoutSeconds: Double = 10
    /// Connections one client address may hold; 0 turns the limit off. Past it, 429 `too_many_connections`.
    public var maxConnectionsPerAddress = 256
    /// IPv4 addresses of proxies in front of the gateway: their connections count against the last address
    /// of `X-Forwarded-For` (the client the proxy saw) instead of their own.
    public var trustedProxies: [String] = []
    /// Connections open at once, lowered so their descriptors and `reservedDescriptors` fit the process's
    /// limit. Past it, 503 `overloaded` with `Retry-After`.
    public var maxConnections = 10_000
    /// Descriptors kept back from connections: stores, upstream calls, logs, and answering 503 when full.
    public var reservedDescriptors = 256
    /// A stream's client must read at least this many bytes a second, measured over `slowReaderWindowSeconds`
    /// during which the gateway had bytes waiting for it; below it, it has stopped reading: the stream ends,
    /// the provider call is cancelled, the audit says `cancelled` with reason `client_stalled`, and the quota
    /// is settled to what was streamed. A client reading slowly but steadily above it is never cut.
    public var minClientReadBytesPerSecond = 64
    /// The window `minClientReadBytesPerSecond` is measured over; a stalled client is ended about this long
    /// after bytes began waiting for it.
    public var slowReaderWindowSeconds: Double = 30

    public init() {}

    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> Limits {
        var limits = Limits()
        guard let members = reader.object(value, at: path, allowed: [
            "maxBodyBytes", "maxEventBytes", "firstTokenTimeoutSeconds", "idleTimeoutSeconds", "requestTimeoutSeconds", "drainSeconds",
            "pingSeconds", "maxConcurrentStreamsPerUser", "streamLeaseSeconds", "summaryRetentionDays",
            "headerTimeoutSeconds", "maxConnectionsPerAddress", "trustedProxies", "maxConnections", "reservedDescriptors",
            "minClientReadBytesPerSecond", "slowReaderWindowSeconds",
        ]) else { return limits }
        limits.maxBodyBytes = reader.int(members, "maxBodyBytes", at: path, default: limits.maxBodyBytes)!
        limits.maxEventBytes = reader.int(members, "maxEventBytes", at: path, default: limits.maxEventBytes)!
        reader.positive(limits.maxEventBytes, at: "\(path).maxEventBytes")
        limits.firstTokenTimeoutSeconds = reader.number(members, "firstTokenTimeoutSeconds", at: path, default: limits.firstTokenTimeoutSeconds)
        limits.idleTimeoutSeconds = reader.number(members, "idleTimeoutSeconds", at: path, default: limits.idleTimeoutSeconds)
        limits.requestTimeoutSeconds = reader.number(members, "requestTimeoutSeconds", at: path, default: limits.requestTimeoutSeconds)
        limits.drainSeconds = reader.number(members, "drainSeconds", at: path, default: limits.drainSeconds)
        limits.pingSeconds = reader.number(members, "pingSeconds", at: path, default: limits.pingSeconds)
        limits.maxConcurrentStreamsPerUser = reader.int(members, "maxConcurrentStreamsPerUser", at: path, default: limits.maxConcurrentStreamsPerUser)!
        limits.streamLeaseSeconds = reader.number(members, "streamLeaseSeconds", at: path, default: limits.streamLeaseSeconds)
        // Renewed every third of it: below a second, a renewal's round trip to Redis is no longer small beside it.
        if limits.streamLeaseSeconds < 1 { reader.issue("\(path).streamLeaseSeconds", "must be >= 1") }
        limits.summaryRetentionDays = reader.int(members, "summaryRetentionDays", at: path, default: limits.summaryRetentionDays)!
        reader.positive(limits.summaryRetentionDays, at: "\(path).summaryRetentionDays")
        reader.positive(limits.maxBodyBytes, at: "\(path).maxBodyBytes")
        reader.positive(limits.maxConcurrentStreamsPerUser, at: "\(path).maxConcurrentStreamsPerUser")
        for (key, seconds) in [("firstTokenTimeoutSeconds", limits.firstTokenTimeoutSeconds), ("idleTimeoutSeconds", limits.idleTimeoutSeconds),
                               ("requestTimeoutSeconds", limits.requestTimeoutSeconds), ("pingSeconds", limits.pingSeconds)] where seconds <= 0 {
            reader.issue("\(path).\(key)", "must be > 0")
        }
        if limits.drainSeconds < 0 { reader.issue("\(path).drainSeconds", "must be >= 0") }
        decodeEdge(members, at: path, into: &limits, reader: &reader)
        return limits
    }

    private static func decodeEdge(_ members: [String: JSONValue], at path: String, into limits: inout Limits, reader: inout ConfigReader) {
        limits.headerTimeoutSeconds = reader.number(members, "headerTimeoutSeconds", at: path, default: limits.headerTimeoutSeconds)
        if limits.headerTimeoutSeconds <= 0 { reader.issue("\(path).headerTimeoutSeconds", "must be > 0") }
        limits.maxConnectionsPerAddress = reader.int(members, "maxConnectionsPerAddress", at: path, default: limits.maxConnectionsPerAddress)!
        if limits.maxConnectionsPerAddress < 0 { reader.issue("\(path).maxConnectionsPerAddress", "must be >= 0 (0 turns the limit off)") }
        limits.maxConnections = reader.int(members, "maxConnections", at: path, default: limits.maxConnections)!
        reader.positive(limits.maxConnections, at: "\(path).maxConnections")
        limits.reservedDescriptors = reader.int(members, "reservedDescriptors", at: path, default: limits.reservedDescriptors)!
        if limits.reservedDescriptors < 0 { reader.issue("\(path).reservedDescriptors", "must be >= 0") }
        limits.minClientReadBytesPerSecond = reader.int(members, "minClientReadBytesPerSecond", at: path,
                                                        default: limits.minClientReadBytesPerSecond)!
        reader.positive(limits.minClientReadBytesPerSecond, at: "\(path).minClientReadBytesPerSecond")
        limits.slowReaderWindowSeconds = reader.number(members, "slowReaderWindowSeconds", at: path, default: limits.slowReaderWindowSeconds)
        if limits.slowReaderWindowSeconds <= 0 { reader.issue("\(path).slowReaderWindowSeconds", "must be > 0") }
        limits.trustedProxies = reader.strings(members, "trustedProxies", at: path)
        for (index, proxy) in limits.trustedProxies.enumerated() where !isIPv4(proxy) {
            reader.issue("\(path).trustedProxies[\(index)]", "must be an IPv4 address such as 10.0.0.2")
        }
    }

    /// Dotted-quad IPv4: four decimal numbers 0–255.
    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy { ("0"..."9").contains($0) } && UInt8(part) != nil
        }
    }
}

/// How session tokens are checked: issuer, audience, lifetime of issued tokens and clock leeway.
public struct AuthSettings: Sendable, Equatable {
    public var issuer = "assist-dev"
    public var audience = "assist-gateway"
    public var tokenLifetimeSeconds = 3600
    /// The longest a token may be valid for, whoever issued it (24 h by default; exactly that is accepted).
    public var maxTokenLifetimeSeconds = 86_400
    public var leewaySeconds = 30
    /// The environment variable that may hold the HS256 secret; otherwise it is kept in the data dir.
    public var hs256SecretEnv = "ASSIST_JWT_HS256_SECRET"
    /// Whether HS256 tokens (signed with that secret, as `assist token` does) are accepted. Turn off when an
    /// identity provider's JWKS is the only source of tokens.
    public var acceptHS256 = true
    /// A JWKS file with the RS256/ES256 keys of an identity provider, selected by `kid`.
    public var jwksFile: String?

    public init() {}

    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> AuthSettings {
        var auth = AuthSettings()
        guard let members = reader.object(value, at: path, allowed: [
            "issuer", "audience", "tokenLifetimeSeconds", "maxTokenLifetimeSeconds", "leewaySeconds", "hs256SecretEnv", "acceptHS256",
            "jwksFile",
        ]) else {
            return auth
        }
        auth.issuer = reader.string(members, "issuer", at: path, required: false) ?? auth.issuer
        auth.audience = reader.string(members, "audience", at: path, required: false) ?? auth.audience
        auth.hs256SecretEnv = reader.string(members, "hs256SecretEnv", at: path, required: false) ?? auth.hs256SecretEnv
        auth.jwksFile = reader.string(members, "jwksFile", at: path, required: false)
        auth.acceptHS256 = reader.bool(members, "acceptHS256", at: path, default: true)
        if !auth.acceptHS256, auth.jwksFile == nil { reader.issue("\(path).acceptHS256", "false needs a jwksFile, or no token is ever accepted") }
        auth.tokenLifetimeSeconds = reader.int(members, "tokenLifetimeSeconds", at: path, default: auth.tokenLifetimeSeconds)!
        auth.leewaySeconds = reader.int(members, "leewaySeconds", at: path, default: auth.leewaySeconds)!
        auth.maxTokenLifetimeSeconds = reader.int(members, "maxTokenLifetimeSeconds", at: path, default: auth.maxTokenLifetimeSeconds)!
        reader.positive(auth.maxTokenLifetimeSeconds, at: "\(path).maxTokenLifetimeSeconds")
        if auth.tokenLifetimeSeconds > auth.maxTokenLifetimeSeconds {
            reader.issue("\(path).tokenLifetimeSeconds", "must be at most maxTokenLifetimeSeconds (\(auth.maxTokenLifetimeSeconds))")
        }
        reader.positive(auth.tokenLifetimeSeconds, at: "\(path).tokenLifetimeSeconds")
        if auth.leewaySeconds < 0 { reader.issue("\(path).leewaySeconds", "must be >= 0") }
        return auth
    }
}
