public import AssistHTTP

/// How much the gateway trusts that a request comes from the genuine app on a sound device. Trust never
/// rejects a request by itself: it picks the quota a request is measured against.
public enum TrustLevel: String, Sendable, CaseIterable, Hashable {
    /// A verified App Attest assertion or a Play Integrity verdict that meets device integrity.
    case trusted
    /// A genuine app on a weaker device verdict, or a verifier that was briefly unreachable.
    case degraded
    /// A proof was presented and failed (forged, replayed, wrong app).
    case untrusted
    /// No proof was presented (simulators, old clients, web).
    case unavailable
}

/// A trust level and why, for the audit row ("" when there is nothing to say).
public struct IntegrityVerdict: Sendable, Equatable {
    public var level: TrustLevel
    public var reason: String
    public init(_ level: TrustLevel, reason: String = "") {
        self.level = level
        self.reason = reason
    }
}

/// Turns a request's integrity proof (the `X-Assist-Integrity` header) into a trust level. `feature` is the
/// record being called (it may ask for a fresh challenge).
public protocol IntegrityVerifier: Sendable {
    func verdict(for request: HTTPRequest, user: String, feature: FeatureRecord) async -> IntegrityVerdict
    /// Registers an App Attest key made over `challenge` (one this user was issued): nil when registered,
    /// else the stable reason it was refused.
    func registerAppAttestKey(user: String, keyId: [UInt8], attestation: [UInt8], challenge: String) async -> String?
}

extension IntegrityVerifier {
    public func registerAppAttestKey(user: String, keyId: [UInt8], attestation: [UInt8], challenge: String) async -> String? {
        "not_configured"
    }
}

/// The verifier for deployments without App Attest / Play Integrity configured: it checks nothing, so every
/// request is `unavailable`, whatever header it carries (a proof nobody can check proves nothing, and a
/// genuine app must not be punished for sending one).
public struct NoIntegrityVerifier: IntegrityVerifier {
    public init() {}
    public func verdict(for request: HTTPRequest, user: String, feature: FeatureRecord) async -> IntegrityVerdict {
        IntegrityVerdict(.unavailable, reason: request.header(.assistIntegrity) == nil ? "" : "not_configured")
    }
}
