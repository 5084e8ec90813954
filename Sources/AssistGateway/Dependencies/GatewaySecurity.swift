/// Who may call: users by session token, operators by the admin token, and how much a device is trusted.
public struct GatewaySecurity: Sendable {
    public var tokenVerifier: any TokenVerifier
    public var integrity: any IntegrityVerifier
    /// The admin API's bearer token; nil turns the admin API off (every call is 401).
    public var adminToken: [UInt8]?
    /// The browser demo's log-in (`POST /demo/token`); nil, as everywhere but `assist serve --demo`, makes it 404.
    public var demoLogin: DemoLogin?

    public init(tokenVerifier: any TokenVerifier, integrity: any IntegrityVerifier = NoIntegrityVerifier(), adminToken: [UInt8]? = nil, demoLogin: DemoLogin? = nil) {
        self.tokenVerifier = tokenVerifier
        self.integrity = integrity
        self.adminToken = adminToken
        self.demoLogin = demoLogin
    }
}
