import AssistCrypto
import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import Testing

@Suite("Identity-provider tokens (JWKS), end to end")
struct JWKSAuthEndToEndTests {
    @Test("an ES256 token from the configured JWKS is served; an unknown kid is 401 with the reason in the audit only")
    func jwks() async throws {
        let key = try PrivateKey.generateP256()
        let point = try #require(key.publicKey.p256Point)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("jwks-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let jwks: JSONValue = ["keys": [["kty": "EC", "kid": "idp-1", "crv": "P-256",
                                         "x": .string(Base64URL.encode(point[1...32])), "y": .string(Base64URL.encode(point[33...]))]]]
        try Data(JSONWriter.bytes(jwks)).write(to: file)
        let harness = try GatewayHarness(auth: ["jwksFile": .string(file.path), "acceptHS256": false])

        func token(kid: String) -> String {
            let now = Date().timeIntervalSince1970
            let claims: JSONValue = ["sub": "u1", "iss": "assist-dev", "aud": "assist-gateway", "exp": .number(now + 300)]
            let input = Base64URL.encode(JSONWriter.bytes(["alg": "ES256", "kid": .string(kid)])) + "." + Base64URL.encode(JSONWriter.bytes(claims))
            return input + "." + Base64URL.encode(key.sign(Array(input.utf8), format: .ecdsaSHA256Raw) ?? [])
        }
        let served = try await harness.stream(authorization: "Bearer \(token(kid: "idp-1"))")
        #expect(served.status == 200)
        let refused = try await harness.stream(authorization: "Bearer \(token(kid: "idp-9"))")
        #expect(refused.status == 401)
        #expect(refused.errorCode == "unauthenticated")
        #expect(!refused.text.contains("unknown_key"))
        #expect(await harness.auditRow(refused.headers["x-request-id"])?.reason == "unauthenticated:unknown_key")
        // HS256 is turned off: the data dir's development tokens no longer work.
        let development = try await harness.stream()
        #expect(development.status == 401)
        #expect(await harness.auditRow(development.headers["x-request-id"])?.reason == "unauthenticated:unsupported_algorithm")
    }
}
