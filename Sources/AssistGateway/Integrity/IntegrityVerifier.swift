import AssistHTTPServer

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

/// Turns a request's integrity proof (the `X-Assist-Integrity` header) into a trust level.
public protocol IntegrityVerifier: Sendable {
    func trust(for request: HTTPRequest, user: String) async -> TrustLevel
}

/// The verifier for deployments without App Attest / Play Integrity configured: it checks nothing, so every
/// request is `unavailable`, whatever header it carries (a proof nobody can check proves nothing, and a
/// genuine app must not be punished for sending one).
public struct NoIntegrityVerifier: IntegrityVerifier {
    public init() {}
    public func trust(for request: HTTPRequest, user: String) async -> TrustLevel { .unavailable }
}
