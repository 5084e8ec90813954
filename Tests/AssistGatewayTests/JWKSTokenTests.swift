import AssistCrypto
import AssistGateway
import AssistWire
import Foundation
import Testing

/// RS256 and ES256 tokens from an identity provider's JWKS, with keys generated here by OpenSSL.
@Suite("RS256 and ES256 session tokens")
struct JWKSTokenTests {
    let rsa: PrivateKey
    let ec: PrivateKey
    let keys: JSONWebKeySet
    let jwks: JSONValue
    let secret = Array("hs256-secret-of-reasonable-length-0123".utf8)
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_800_000_000))

    init() throws {
        rsa = try PrivateKey.generateRSA()
        ec = try PrivateKey.generateP256()
        let (n, e) = try #require(rsa.publicKey.rsaComponents)
        let point = try #require(ec.publicKey.p256Point)
        jwks = ["keys": [
            ["kty": "RSA", "kid": "rsa-1", "use": "sig", "alg": "RS256", "n": .string(Base64URL.encode(n)), "e": .string(Base64URL.encode(e))],
            ["kty": "EC", "kid": "ec-1", "crv": "P-256", "x": .string(Base64URL.encode(point[1...32])), "y": .string(Base64URL.encode(point[33...]))],
            ["kty": "RSA", "kid": "enc-1", "use": "enc", "n": "AQAB", "e": "AQAB"],  // not for signatures: skipped
        ]]
        keys = try JSONWebKeySet(json: jwks)
    }

    func verifier(secret: [UInt8]? = nil) -> JWTVerifier { JWTVerifier(secret: secret, keys: keys, settings: AuthSettings(), clock: clock) }

    func claims(_ changes: [String: JSONValue?] = [:]) -> JSONValue {
        let now = clock.now().timeIntervalSince1970
        var members: [String: JSONValue] = ["sub": "u7", "iss": "assist-dev", "aud": "assist-gateway", "exp": .number(now + 600)]
        for (key, value) in changes { members[key] = value }
        return .object(members)
    }

    func token(_ header: JSONValue, _ claims: JSONValue, key: PrivateKey, format: SignatureFormat) -> String {
        let input = Base64URL.encode(JSONWriter.bytes(header)) + "." + Base64URL.encode(JSONWriter.bytes(claims))
        return input + "." + Base64URL.encode(key.sign(Array(input.utf8), format: format) ?? [])
    }

    func rejection(_ token: String, verifier: JWTVerifier? = nil) -> TokenRejection? {
        #expect(throws: TokenRejection.self) { try (verifier ?? self.verifier()).verify(bearer: token) }
    }

    @Test("RS256 and ES256 tokens signed by a JWKS key name their user")
    func accepted() throws {
        #expect(keys.keys.keys.sorted() == ["ec-1", "rsa-1"])
        let rs = token(["alg": "RS256", "kid": "rsa-1"], claims(), key: rsa, format: .rsaSHA256)
        let es = token(["alg": "ES256", "kid": "ec-1"], claims(), key: ec, format: .ecdsaSHA256Raw)
        #expect(try verifier().verify(bearer: rs).id == "u7")
        #expect(try verifier().verify(bearer: es).id == "u7")
    }

    @Test("unknown or missing kid, a key used with another algorithm, a foreign signature, alg none")
    func keyRejections() throws {
        #expect(rejection(token(["alg": "RS256", "kid": "rsa-2"], claims(), key: rsa, format: .rsaSHA256)) == .unknownKey)
        #expect(rejection(token(["alg": "RS256"], claims(), key: rsa, format: .rsaSHA256)) == .unknownKey)
        #expect(rejection(token(["alg": "ES256", "kid": "rsa-1"], claims(), key: ec, format: .ecdsaSHA256Raw)) == .unsupportedAlgorithm)
        #expect(rejection(token(["alg": "RS256", "kid": "enc-1"], claims(), key: rsa, format: .rsaSHA256)) == .unknownKey)
        let stranger = try PrivateKey.generateP256()
        #expect(rejection(token(["alg": "ES256", "kid": "ec-1"], claims(), key: stranger, format: .ecdsaSHA256Raw)) == .badSignature)
        // A DER signature where JWS wants r ‖ s.
        #expect(rejection(token(["alg": "ES256", "kid": "ec-1"], claims(), key: ec, format: .ecdsaSHA256DER)) == .badSignature)
        let none = Base64URL.encode(JSONWriter.bytes(["alg": "none", "kid": "rsa-1"])) + "." + Base64URL.encode(JSONWriter.bytes(claims())) + "."
        #expect(rejection(none) == .unsupportedAlgorithm)
    }

    @Test("algorithm confusion: an HS256 token MACed with the RSA public key is refused")
    func algorithmConfusion() throws {
        let publicKeyBytes = Array(rsa.publicKey.pem.utf8)
        let forged = HS256TokenIssuer.sign(header: ["alg": "HS256", "kid": "rsa-1"], claims: claims(), secret: publicKeyBytes)
        #expect(rejection(forged) == .unsupportedAlgorithm)  // no shared secret configured: HS256 is off
        #expect(rejection(forged, verifier: verifier(secret: secret)) == .badSignature)  // only the shared secret verifies HS256
        #expect(try verifier(secret: secret).verify(bearer: HS256TokenIssuer.sign(header: ["alg": "HS256"], claims: claims(), secret: secret)).id == "u7")
    }

    @Test("claims are checked for asymmetric tokens too: issuer, audience, expiry with leeway, not-before")
    func claimRejections() {
        let now = clock.now().timeIntervalSince1970
        func rs(_ changes: [String: JSONValue?]) -> String { token(["alg": "RS256", "kid": "rsa-1"], claims(changes), key: rsa, format: .rsaSHA256) }
        #expect(rejection(rs(["iss": "evil"])) == .wrongIssuer)
        #expect(rejection(rs(["aud": "other"])) == .wrongAudience)
        #expect(rejection(rs(["exp": .number(now - 31)])) == .expired)
        #expect(rejection(rs(["nbf": .number(now + 31)])) == .notYetValid)
        #expect((try? verifier().verify(bearer: rs(["exp": .number(now - 29)])))?.id == "u7")
        var tampered = rs([:]).split(separator: ".").map(String.init)
        tampered[1] = Base64URL.encode(JSONWriter.bytes(claims(["sub": "admin"])))
        #expect(rejection(tampered.joined(separator: ".")) == .badSignature)
        #expect(rejection("eyJhbGciOiJSUzI1NiJ9.e30.@@@") == .malformed)
    }

    @Test("a JWKS with bad keys is refused with the path of each problem")
    func badDocuments() {
        let bad: JSONValue = ["keys": [
            ["kty": "RSA", "n": "AQAB", "e": "AQAB"],
            ["kty": "EC", "kid": "e", "crv": "P-384", "x": "AA", "y": "AA"],
            ["kty": "oct", "kid": "o", "k": "c2VjcmV0"],
            ["kty": "RSA", "kid": "short", "n": "AQAB", "e": "AQAB"],
            ["kty": "EC", "kid": "alg", "crv": "P-256", "alg": "RS256", "x": .string(Base64URL.encode([UInt8](repeating: 1, count: 32))),
             "y": .string(Base64URL.encode([UInt8](repeating: 1, count: 32)))],
        ]]
        do {
            _ = try JSONWebKeySet(json: bad)
            Issue.record("expected an error")
        } catch {
            let paths = error.issues.map(\.path)
            #expect(paths.contains("keys[0].kid"))
            #expect(paths.contains("keys[1].crv"))
            #expect(paths.contains("keys[2].kty"))
            #expect(paths.contains("keys[3]"))
            #expect(paths.contains("keys[4]"))  // off the curve (or the wrong alg): never a usable key
        }
        #expect(throws: ConfigError.self) { try JSONWebKeySet(json: ["keys": "none"]) }
    }
}
