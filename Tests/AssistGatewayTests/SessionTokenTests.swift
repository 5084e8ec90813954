import AssistCrypto
import AssistGateway
import AssistWire
import Foundation
import Testing

@Suite("HS256 session tokens")
struct SessionTokenTests {
    let secret = Array("test-secret-of-reasonable-length-0123456789".utf8)
    let settings = AuthSettings()  // issuer assist-dev, audience assist-gateway, 3600 s lifetime, 30 s leeway
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let clock: ManualWallClock

    init() { clock = ManualWallClock(start) }

    var verifier: JWTVerifier { JWTVerifier(secret: secret, settings: settings, clock: clock) }
    var issuer: HS256TokenIssuer { HS256TokenIssuer(secret: secret, settings: settings, clock: clock) }
    var now: Double { clock.now().timeIntervalSince1970 }

    /// Valid claims at the current clock, with `changes` applied (nil removes a claim).
    func claims(_ changes: [String: JSONValue?] = [:]) -> JSONValue {
        var members: [String: JSONValue] = ["sub": "user-42", "iss": "assist-dev", "aud": "assist-gateway",
                                            "iat": .number(now), "exp": .number(now + 600)]
        for (key, value) in changes { members[key] = value }
        return .object(members)
    }

    func forge(header: JSONValue = ["alg": "HS256", "typ": "JWT"], _ changes: [String: JSONValue?] = [:],
               secret: [UInt8]? = nil) -> String {
        HS256TokenIssuer.sign(header: header, claims: claims(changes), secret: secret ?? self.secret)
    }

    func rejection(_ token: String) -> TokenRejection? {
        #expect(throws: TokenRejection.self) { try verifier.verify(bearer: token) }
    }

    @Test func issuedTokenNamesTheUser() throws {
        #expect(try verifier.verify(bearer: issuer.token(for: "user-1")) == AuthenticatedUser(id: "user-1"))
        #expect(try verifier.verify(bearer: forge()) == AuthenticatedUser(id: "user-42"))
    }

    @Test func expiryHonoursLeeway() throws {
        let token = issuer.token(for: "u")
        clock.advance(by: 3600 + 30)
        #expect(try verifier.verify(bearer: token).id == "u")
        clock.advance(by: 1)
        #expect(rejection(token) == .expired)
    }

    @Test func customLifetimeIsUsed() throws {
        let token = issuer.token(for: "u", lifetimeSeconds: 10)
        clock.advance(by: 40)
        #expect(try verifier.verify(bearer: token).id == "u")
        clock.advance(by: 1)
        #expect(rejection(token) == .expired)
    }

    @Test func notBeforeInTheFutureIsRejected() throws {
        #expect(rejection(forge(["nbf": .number(now + 60)])) == .notYetValid)
        #expect(try verifier.verify(bearer: forge(["nbf": .number(now + 30)])).id == "user-42")
        #expect(rejection(forge(["iat": .number(now + 120)])) == .notYetValid)
    }

    @Test func wrongSecretIsABadSignature() {
        #expect(rejection(forge(secret: Array("another-secret".utf8))) == .badSignature)
        #expect(rejection(HS256TokenIssuer(secret: [1, 2, 3], settings: settings, clock: clock).token(for: "u")) == .badSignature)
    }

    @Test func algNoneWithEmptySignatureIsUnsupported() {
        let header = Base64URL.encode(JSONWriter.bytes(["alg": "none", "typ": "JWT"]))
        let payload = Base64URL.encode(JSONWriter.bytes(claims()))
        #expect(rejection(header + "." + payload + ".") == .unsupportedAlgorithm)
    }

    @Test(arguments: ["HS512", "hs256", "rs256", "PS256", "none", ""])
    func otherAlgorithmsAreUnsupported(alg: String) {
        #expect(rejection(forge(header: ["alg": .string(alg), "typ": "JWT"])) == .unsupportedAlgorithm)
    }

    @Test func missingAlgIsUnsupported() {
        #expect(rejection(forge(header: ["typ": "JWT"])) == .unsupportedAlgorithm)
    }

    @Test func wrongIssuerOrAudienceIsRejected() {
        #expect(rejection(forge(["iss": "someone-else"])) == .wrongIssuer)
        #expect(rejection(forge(["iss": nil])) == .wrongIssuer)
        #expect(rejection(forge(["aud": "other-service"])) == .wrongAudience)
        #expect(rejection(forge(["aud": nil])) == .wrongAudience)
        #expect(rejection(forge(["aud": ["a", "b"]])) == .wrongAudience)
    }

    @Test func audienceArrayContainingOursIsAccepted() throws {
        #expect(try verifier.verify(bearer: forge(["aud": ["other", "assist-gateway"]])).id == "user-42")
    }

    @Test func subjectIsRequired() {
        #expect(rejection(forge(["sub": nil])) == .missingSubject)
        #expect(rejection(forge(["sub": ""])) == .missingSubject)
        #expect(rejection(forge(["sub": 42])) == .missingSubject)
        #expect(rejection(forge(["sub": .string(String(repeating: "u", count: 257))])) == .missingSubject)
    }

    @Test func missingExpiryIsMalformed() {
        #expect(rejection(forge(["exp": nil])) == .malformed)
        #expect(rejection(forge(["exp": "tomorrow"])) == .malformed)
    }

    @Test(arguments: ["", "garbage", "a.b", "a.b.c.d", "!!!.e30.AAAA", "e30.e30.***", "e30.e30.A", "e30 .e30.AAAA",
                      "eyJhbGciOiJIUzI1NiJ9=.e30.AAAA"])
    func garbageIsMalformed(token: String) {
        #expect(rejection(token) == .malformed)
    }

    @Test func nonJSONOrNonObjectPartsAreMalformed() {
        let notJSON = Base64URL.encode(Array("not json".utf8))
        let array = Base64URL.encode(Array("[]".utf8))
        let header = Base64URL.encode(Array(#"{"alg":"HS256"}"#.utf8))
        let payload = Base64URL.encode(JSONWriter.bytes(claims()))
        #expect(rejection(notJSON + "." + payload + ".AAAA") == .malformed)
        #expect(rejection(array + "." + payload + ".AAAA") == .malformed)
        #expect(rejection(header + "." + array + ".AAAA") == .malformed)
    }

    @Test func overlongTokenIsMalformed() {
        #expect(rejection(forge(["pad": .string(String(repeating: "x", count: 8192))])) == .malformed)
    }

    @Test func tamperedPayloadIsABadSignature() throws {
        let parts = forge().split(separator: ".").map(String.init)
        let admin = Base64URL.encode(JSONWriter.bytes(claims(["sub": "admin"])))
        #expect(rejection([parts[0], admin, parts[2]].joined(separator: ".")) == .badSignature)
    }

    @Test func tamperedSignatureIsABadSignature() throws {
        let parts = forge().split(separator: ".").map(String.init)
        let signature = try #require(Base64URL.decode(parts[2]))
        var flipped = signature
        flipped[0] ^= 0x01
        #expect(rejection([parts[0], parts[1], Base64URL.encode(flipped)].joined(separator: ".")) == .badSignature)
        #expect(rejection([parts[0], parts[1], Base64URL.encode(signature.dropLast())].joined(separator: ".")) == .badSignature)
        #expect(rejection([parts[0], parts[1], ""].joined(separator: ".")) == .badSignature)
    }

    @Test func issuedTokenCarriesTheConfiguredClaims() throws {
        let parts = issuer.token(for: "traveller").split(separator: ".")
        let header = try JSONParser.parse(try #require(Base64URL.decode(parts[0])))
        let payload = try JSONParser.parse(try #require(Base64URL.decode(parts[1])))
        #expect(header == ["alg": "HS256", "typ": "JWT"])
        #expect(payload == ["sub": "traveller", "iss": "assist-dev", "aud": "assist-gateway",
                            "iat": .number(now), "exp": .number(now + 3600)])
    }

    @Test func rejectionRawValuesAreStable() {
        #expect(TokenRejection.unsupportedAlgorithm.rawValue == "unsupported_algorithm")
        #expect(TokenRejection.badSignature.rawValue == "bad_signature")
        #expect(TokenRejection.notYetValid.rawValue == "not_yet_valid")
    }
}

/// No token lives longer than `auth.maxTokenLifetimeSeconds` (24 h by default), whoever signed it.
@Suite("Token lifetime cap")
struct TokenLifetimeCapTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_790_000_000))
    let secret = Array("lifetime-cap-secret".utf8)
    var now: Double { clock.now().timeIntervalSince1970 }

    func token(iat: Double?, exp: Double) -> String {
        var claims: [String: JSONValue] = ["sub": "u1", "iss": "assist-dev", "aud": "assist-gateway", "exp": .number(exp)]
        if let iat { claims["iat"] = .number(iat) }
        return HS256TokenIssuer.sign(header: ["alg": "HS256", "typ": "JWT"], claims: .object(claims), secret: secret)
    }

    func verify(_ token: String) -> TokenRejection? {
        do {
            _ = try JWTVerifier(secret: secret, settings: AuthSettings(), clock: clock).verify(bearer: token)
            return nil
        } catch {
            return error
        }
    }

    @Test("exactly 24 h is accepted; a second more, or exp 10^300, is lifetime_too_long, with or without iat")
    func cap() {
        #expect(verify(token(iat: now, exp: now + 86_400)) == nil)
        #expect(verify(token(iat: now, exp: now + 86_401)) == .lifetimeTooLong)
        #expect(verify(token(iat: nil, exp: now + 86_400)) == nil)
        #expect(verify(token(iat: nil, exp: now + 90_000)) == .lifetimeTooLong)
        #expect(verify(token(iat: now, exp: 1e300)) == .lifetimeTooLong)
        #expect(verify(token(iat: now - 86_000, exp: now + 401)) == .lifetimeTooLong)  // issued for longer than the cap
    }

    @Test("the configuration refuses an issue lifetime over the cap, naming the path")
    func configuration() {
        let issues = ConfigFixture.issues { $0.set("auth.tokenLifetimeSeconds", 90_000) }
        #expect(issues.map(\.path) == ["auth.tokenLifetimeSeconds"])
    }
}
