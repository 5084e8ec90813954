import AssistWire

/// How clients prove they are the genuine app (`integrity` in the configuration). Both verifiers are
/// optional: without them every request is `unavailable` and measured against that level's quota.
/// Secrets (Play Console keys) are read from environment variables named here, never from the file.
public struct IntegritySettings: Sendable, Equatable {
    public struct AppAttest: Sendable, Equatable {
        /// "TEAMID.bundle.id".
        public var appId: String
        /// "development" or "production": the AAGUID attestations must carry.
        public var environment: String
        /// A PEM file pinning Apple's App Attestation Root CA; nil uses the copy compiled in.
        public var rootCertificateFile: String?
    }

    public struct PlayIntegrity: Sendable, Equatable {
        public var packageName: String
        /// Environment variables holding the base64 decryption key (AES-256) and verification key (DER, P-256).
        public var decryptionKeyEnv: String
        public var verificationKeyEnv: String
        public var maxAgeSeconds: Double
        public var requireLicensed: Bool
    }

    public var appAttest: AppAttest?
    public var playIntegrity: PlayIntegrity?
    /// How long a challenge from `POST /v1/integrity/challenge` may be used (once).
    public var challengeTTLSeconds = 300
    /// Challenges one user may be issued per minute (each is a row until used or expired).
    public var challengesPerMinute = 10

    public init() {}

    static func decode(_ value: JSONValue?, at path: String, reader: inout ConfigReader) -> IntegritySettings {
        var settings = IntegritySettings()
        guard value != nil, let members = reader.object(value, at: path, allowed: ["appAttest", "playIntegrity", "challengeTTLSeconds",
                                                                             "challengesPerMinute"]) else {
            return settings
        }
        settings.challengeTTLSeconds = reader.int(members, "challengeTTLSeconds", at: path, default: settings.challengeTTLSeconds)!
        reader.positive(settings.challengeTTLSeconds, at: "\(path).challengeTTLSeconds")
        settings.challengesPerMinute = reader.int(members, "challengesPerMinute", at: path, default: settings.challengesPerMinute)!
        reader.positive(settings.challengesPerMinute, at: "\(path).challengesPerMinute")
        if members["appAttest"] != nil,
           let apple = reader.object(members["appAttest"], at: "\(path).appAttest", allowed: ["appId", "environment", "rootCertificateFile"]) {
            let at = "\(path).appAttest"
            let appId = reader.string(apple, "appId", at: at)
            let environment = reader.string(apple, "environment", at: at, required: false) ?? "production"
            if !["development", "production"].contains(environment) { reader.issue("\(at).environment", "must be development or production") }
            if let appId, appId.split(separator: ".").count < 2 { reader.issue("\(at).appId", "must be TEAMID.bundle.id") }
            if let appId {
                settings.appAttest = AppAttest(appId: appId, environment: environment,
                                               rootCertificateFile: reader.string(apple, "rootCertificateFile", at: at, required: false))
            }
        }
        if members["playIntegrity"] != nil, let google = reader.object(members["playIntegrity"], at: "\(path).playIntegrity", allowed: [
            "packageName", "decryptionKeyEnv", "verificationKeyEnv", "maxAgeSeconds", "requireLicensed",
        ]) {
            let at = "\(path).playIntegrity"
            let maxAge = reader.number(google, "maxAgeSeconds", at: at, default: 300)
            if maxAge <= 0 { reader.issue("\(at).maxAgeSeconds", "must be > 0") }
            if let package = reader.string(google, "packageName", at: at) {
                settings.playIntegrity = PlayIntegrity(
                    packageName: package,
                    decryptionKeyEnv: reader.string(google, "decryptionKeyEnv", at: at, required: false) ?? "ASSIST_PLAY_INTEGRITY_DECRYPTION_KEY",
                    verificationKeyEnv: reader.string(google, "verificationKeyEnv", at: at, required: false) ?? "ASSIST_PLAY_INTEGRITY_VERIFICATION_KEY",
                    maxAgeSeconds: maxAge, requireLicensed: reader.bool(google, "requireLicensed", at: at, default: false))
            }
        }
        return settings
    }
}
