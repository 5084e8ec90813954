import AssistCrypto
public import AssistWire
import Foundation

/// Who is asking: the authenticated user of a request.
public struct AuthenticatedUser: Sendable, Equatable {
    public let id: String
    public init(id: String) { self.id = id }
}

/// Why a token was refused. Only the audit sees the reason; the response says `unauthenticated`, no more,
/// so a caller cannot probe which check failed.
public enum TokenRejection: String, Error, Sendable {
    case missing, malformed, unsupportedAlgorithm = "unsupported_algorithm", badSignature = "bad_signature"
    case expired, notYetValid = "not_yet_valid", wrongIssuer = "wrong_issuer", wrongAudience = "wrong_audience"
    case missingSubject = "missing_subject"
    /// An RS256/ES256 token whose `kid` is not in the configured JWKS (or has none).
    case unknownKey = "unknown_key"
    /// Valid for longer than `auth.maxTokenLifetimeSeconds` (from its `iat`, or from now): a stolen token
    /// must not live for ever.
    case lifetimeTooLong = "lifetime_too_long"
}

/// Checks `Authorization: Bearer <token>` and names the user.
public protocol TokenVerifier: Sendable {
    func verify(bearer token: String) throws(TokenRejection) -> AuthenticatedUser
}

/// JSON Web Tokens (RFC 7519) signed with `HS256` (the shared secret), or `RS256` / `ES256` (a key of the
/// configured JWKS, chosen by the header's `kid`), with `sub`, `iss`, `aud`, `exp` and optional `nbf`/`iat`
/// checked against a small leeway.
///
/// The key decides the algorithm, never the header alone: `HS256` is verified only with the shared
/// secret (so a token MACed with an RSA public key's bytes, the classic algorithm confusion, fails), a
/// JWKS key only with its own algorithm, and `none` or anything else is refused before any signature is
/// looked at. MACs are compared in constant time. A token accepted once is remembered (`VerifiedTokens`) and
/// checked again for its expiry only.
public struct JWTVerifier: TokenVerifier {
    let secret: [UInt8]?
    let keys: JSONWebKeySet
    let issuer: String
    let audience: String
    let leeway: TimeInterval
    let maxLifetime: TimeInterval
    let clock: any WallClock
    /// Tokens accepted before: checked again for their expiry only.
    let verified = VerifiedTokens()

    /// - Parameters:
    ///   - secret: the HS256 secret; nil refuses HS256.
    ///   - keys: the JWKS for RS256 and ES256 tokens.
    public init(secret: [UInt8]?, keys: JSONWebKeySet = JSONWebKeySet(keys: []), settings: AuthSettings,
                clock: any WallClock = SystemWallClock()) {
        self.secret = secret
        self.keys = keys
        self.issuer = settings.issuer
        self.audience = settings.audience
        self.leeway = TimeInterval(settings.leewaySeconds)
        self.maxLifetime = TimeInterval(settings.maxTokenLifetimeSeconds)
        self.clock = clock
    }

    public func verify(bearer token: String) throws(TokenRejection) -> AuthenticatedUser {
        if let subject = verified.subject(of: token, now: clock.now().timeIntervalSince1970) { return AuthenticatedUser(id: subject) }
        guard let jws = CompactJWS(token, maxBytes: 8192) else { throw .malformed }
        let (header, payload, signature, signingInput) = (jws.header, jws.payload, jws.signature, jws.signingInput)
        switch header["alg"]?.stringValue {
        case "HS256":
            guard let secret else { throw .unsupportedAlgorithm }
            guard Digest.constantTimeEqual(Digest.hmacSHA256(key: secret, message: signingInput), signature) else { throw .badSignature }
        case let algorithm? where algorithm == "RS256" || algorithm == "ES256":
            guard let id = header["kid"]?.stringValue, let key = keys.keys[id] else { throw .unknownKey }
            guard key.algorithm == algorithm else { throw .unsupportedAlgorithm }
            let format: SignatureFormat = algorithm == "RS256" ? .rsaSHA256 : .ecdsaSHA256Raw
            guard key.publicKey.verify(signature, message: signingInput, format: format) else { throw .badSignature }
        default:
            throw .unsupportedAlgorithm
        }

        let now = clock.now().timeIntervalSince1970
        guard let exp = payload["exp"]?.numberValue else { throw .malformed }
        guard now <= exp + leeway else { throw .expired }
        if let nbf = payload["nbf"]?.numberValue, now + leeway < nbf { throw .notYetValid }
        if let iat = payload["iat"]?.numberValue, now + leeway < iat { throw .notYetValid }
        if let iat = payload["iat"]?.numberValue, exp - iat > maxLifetime { throw .lifetimeTooLong }
        guard exp - now <= maxLifetime + leeway else { throw .lifetimeTooLong }
        guard payload["iss"]?.stringValue == issuer else { throw .wrongIssuer }
        let audiences = payload["aud"].flatMap { $0.stringValue.map { [$0] } ?? $0.arrayValue?.compactMap(\.stringValue) } ?? []
        guard audiences.contains(audience) else { throw .wrongAudience }
        guard let subject = payload["sub"]?.stringValue, !subject.isEmpty, subject.utf8.count <= 256 else { throw .missingSubject }
        verified.remember(token, subject: subject, expiresAt: exp + leeway)
        return AuthenticatedUser(id: subject)
    }
}

/// Issues HS256 session tokens (development: `assist token`; tests).
public struct HS256TokenIssuer: Sendable {
    let secret: [UInt8]
    let settings: AuthSettings
    let clock: any WallClock

    public init(secret: [UInt8], settings: AuthSettings, clock: any WallClock = SystemWallClock()) {
        self.secret = secret
        self.settings = settings
        self.clock = clock
    }

    public func token(for user: String, lifetimeSeconds: Int? = nil) -> String {
        let now = Int(clock.now().timeIntervalSince1970)
        let claims: JSONValue = [
            "sub": .string(user), "iss": .string(settings.issuer), "aud": .string(settings.audience),
            "iat": .number(Double(now)), "exp": .number(Double(now + (lifetimeSeconds ?? settings.tokenLifetimeSeconds))),
        ]
        return Self.sign(header: ["alg": "HS256", "typ": "JWT"], claims: claims, secret: secret)
    }

    /// Signs arbitrary header and claims (tests use it to forge expired or `alg: none` tokens).
    public static func sign(header: JSONValue, claims: JSONValue, secret: [UInt8]) -> String {
        let signingInput = Base64URL.encode(JSONWriter.bytes(header)) + "." + Base64URL.encode(JSONWriter.bytes(claims))
        return signingInput + "." + Base64URL.encode(Digest.hmacSHA256(key: secret, message: Array(signingInput.utf8)))
    }
}
