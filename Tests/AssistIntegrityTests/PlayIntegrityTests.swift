import AssistCrypto
import AssistIntegrity
import AssistTestSupport
import AssistWire
import Foundation
import Testing

@Suite("Play Integrity: tokens opened locally, verdicts judged")
struct PlayIntegrityTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/play-integrity").standardized
    let policy = PlayIntegrityPolicy(packageName: "com.package.name")
    let issued = Date(timeIntervalSince1970: 1_675_655_009.345)  // the examples' timestampMillis

    func example(_ name: String) throws -> JSONValue {
        try JSONParser.parse(Array(try Data(contentsOf: Self.examples.appendingPathComponent(name))))
    }

    /// The standard example with `change` applied to its members.
    func verdict(_ change: (inout [String: JSONValue]) -> Void = { _ in }) throws -> JSONValue {
        var members = try example("verdict-standard-google-doc-example.json").objectValue ?? [:]
        change(&members)
        return .object(members)
    }

    @Test("Google's documented examples (payload, and the decodeIntegrityToken wrapper) are trusted for their request")
    func documented() throws {
        let hash = "aGVsbG8gd29scmQgdGhlcmU"
        #expect(policy.evaluate(try example("verdict-standard-google-doc-example.json"), requestHash: hash, now: issued + 10).level == .trusted)
        #expect(policy.evaluate(try example("decodeIntegrityToken-response-wrapper-example.json"), requestHash: hash, now: issued + 10).level == .trusted)
    }

    @Test("each check has its own refusal: package, request binding, freshness, app, device, licence")
    func refusals() throws {
        let hash = "aGVsbG8gd29scmQgdGhlcmU"
        func outcome(_ value: JSONValue, hash: String = "aGVsbG8gd29scmQgdGhlcmU", now: Date? = nil, policy: PlayIntegrityPolicy? = nil)
            -> PlayIntegrityPolicy.Outcome { (policy ?? self.policy).evaluate(value, requestHash: hash, now: now ?? issued + 10) }
        #expect(outcome(try verdict(), hash: "b3RoZXI").reason == "request_mismatch")
        #expect(PlayIntegrityPolicy(packageName: "com.other").evaluate(try verdict(), requestHash: hash, now: issued).reason == "wrong_package")
        #expect(outcome(try verdict(), now: issued + 301).reason == "stale")
        #expect(outcome(try verdict(), now: issued - 120).reason == "stale")
        #expect(outcome(try verdict { $0["appIntegrity"] = ["appRecognitionVerdict": "UNRECOGNIZED_VERSION", "packageName": "com.package.name"] }).reason
            == "app_not_recognized")
        let basic = outcome(try verdict { $0["deviceIntegrity"] = ["deviceRecognitionVerdict": ["MEETS_BASIC_INTEGRITY"]] })
        #expect(basic == .init(level: .degraded, reason: "basic_integrity_only"))
        #expect(outcome(try verdict { $0["deviceIntegrity"] = ["deviceRecognitionVerdict": []] }).reason == "device_not_recognized")
        #expect(outcome(try verdict { $0["deviceIntegrity"] = [:] }).level == .untrusted)
        let licensing = PlayIntegrityPolicy(packageName: "com.package.name", requireLicensed: true)
        #expect(outcome(try verdict(), policy: licensing).level == .trusted)
        #expect(outcome(try verdict { $0["accountDetails"] = ["appLicensingVerdict": "UNLICENSED"] }, policy: licensing).reason == "unlicensed")
        #expect(outcome(["requestDetails": "x"]).reason == "wrong_package")
        #expect(outcome([:]).reason == "malformed")
    }

    // MARK: Tokens built here with OpenSSL, as Google builds them.

    struct Keys {
        let decryption = Digest.randomBytes(32)
        let signing: PrivateKey
        var token: PlayIntegrityToken { PlayIntegrityToken(decryptionKey: decryption, verificationKey: signing.publicKey) }
        init() throws { signing = try PrivateKey.generateP256() }
    }

    func jws(_ payload: JSONValue, key: PrivateKey, alg: String = "ES256") -> String { PlayIntegrityTokens.jws(payload, key: key, alg: alg) }

    func jwe(_ content: String, key: [UInt8], header: JSONValue = ["alg": "A256KW", "enc": "A256GCM"]) throws -> String {
        try PlayIntegrityTokens.jwe(content, key: key, header: header)
    }

    @Test("a token encrypted and signed with the app's keys opens to its verdict")
    func opens() throws {
        let keys = try Keys()
        let payload = try verdict()
        let token = try jwe(jws(payload, key: keys.signing), key: keys.decryption)
        #expect(try keys.token.payload(of: token) == payload)
        #expect(policy.evaluate(try keys.token.payload(of: token), requestHash: "aGVsbG8gd29scmQgdGhlcmU", now: issued).level == .trusted)
    }

    @Test("a wrong key, a damaged token, another signer or another algorithm is refused with its reason")
    func tokenRefusals() throws {
        let keys = try Keys()
        let payload = try verdict()
        let token = try jwe(jws(payload, key: keys.signing), key: keys.decryption)
        func failure(_ token: String, opener: PlayIntegrityToken? = nil) -> PlayIntegrityFailure? {
            do {
                _ = try (opener ?? keys.token).payload(of: token)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure(token, opener: PlayIntegrityToken(decryptionKey: Digest.randomBytes(32), verificationKey: keys.signing.publicKey)) == .decryptionFailed)
        var parts = token.split(separator: ".").map(String.init)
        var ciphertext = Base64URL.decode(parts[3])!
        ciphertext[3] ^= 1
        parts[3] = Base64URL.encode(ciphertext)
        #expect(failure(parts.joined(separator: ".")) == .decryptionFailed)
        #expect(failure(try jwe(jws(payload, key: try PrivateKey.generateP256()), key: keys.decryption)) == .badSignature)
        #expect(failure(try jwe(jws(payload, key: keys.signing, alg: "none"), key: keys.decryption)) == .unsupportedAlgorithm)
        #expect(failure(try jwe(jws(payload, key: keys.signing), key: keys.decryption, header: ["alg": "RSA-OAEP", "enc": "A256GCM"]))
            == .unsupportedAlgorithm)
        #expect(failure("a.b.c") == .malformed)
        #expect(failure("....") == .malformed)
    }
}
