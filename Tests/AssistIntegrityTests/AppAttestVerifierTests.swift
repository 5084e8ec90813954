import AssistCrypto
import AssistIntegrity
import Foundation
import AssistTestSupport
import Testing

@Suite("App Attest on real Apple attestations and assertions")
struct AppAttestVerifierTests {
    func verifier(_ vector: AppAttestVectors.Attestation, appId: String? = nil, environment: AppAttestEnvironment? = nil) -> AppAttestVerifier {
        AppAttestVerifier(appId: appId ?? vector.appId, environment: environment ?? (vector.development ? .development : .production))
    }

    func verify(_ vector: AppAttestVectors.Attestation, object: [UInt8]? = nil, challenge: [UInt8]? = nil, appId: String? = nil,
                environment: AppAttestEnvironment? = nil, at: Date? = nil) -> Result<AppAttestKey, AppAttestFailure> {
        Result { () throws(AppAttestFailure) in
            try verifier(vector, appId: appId, environment: environment).verifyAttestation(
                object ?? vector.object, keyId: vector.keyId, clientDataHash: Digest.sha256(challenge ?? vector.challenge), at: at ?? vector.at)
        }
    }

    /// The attestation object with `authData` replaced.
    func replacingAuthData(_ object: [UInt8], _ change: (inout [UInt8]) -> Void) throws -> [UInt8] {
        guard case .map(let entries) = try CBOR.decode(object) else { throw AppAttestFailure.malformed }
        return CBOR.map(entries.map { entry in
            guard entry.key == .text("authData"), var bytes = entry.value.bytesValue else { return entry }
            change(&bytes)
            return (entry.key, .bytes(bytes))
        }).encoded
    }

    @Test("every development and production attestation verifies at a time inside its certificates' validity")
    func valid() throws {
        let vectors = try AppAttestVectors.attestations()
        #expect(vectors.count == 9)
        for vector in vectors {
            let key = try verify(vector).get()
            #expect(key.keyId == vector.keyId, "\(vector.name)")
            #expect(key.environment == (vector.development ? .development : .production))
            #expect(key.counter == 0)
            #expect(Digest.sha256(try #require(key.publicKey.p256Point)) == vector.keyId)
            #expect(!key.receipt.isEmpty)
        }
    }

    @Test("each attestation fails when one byte of authData, the challenge, the app id or the environment changes, or its time is past")
    func tampered() throws {
        for vector in try AppAttestVectors.attestations() {
            // Re-encoding an unchanged object keeps it valid: the rebuilt objects differ only where changed.
            #expect((try? verify(vector, object: replacingAuthData(vector.object) { _ in }).get()) != nil, "\(vector.name)")
            for index in [0, 31, 32, 36, 40, 60, 100, 163] {
                let object = try replacingAuthData(vector.object) { $0[index] ^= 0x01 }
                #expect(throws: AppAttestFailure.self, "\(vector.name) byte \(index)") { try verify(vector, object: object).get() }
            }
            #expect(verify(vector, challenge: vector.challenge + [0x20]).failure == .nonceMismatch)
            #expect(verify(vector, appId: vector.appId + "x").failure == .nonceMismatch || verify(vector, appId: vector.appId + "x").failure == .appIdMismatch)
            #expect(verify(vector, environment: vector.development ? .production : .development).failure == .wrongEnvironment)
            #expect(verify(vector, at: vector.at.addingTimeInterval(5 * 365 * 86_400)).failure == .untrustedCertificate)
        }
    }

    @Test("the app id is checked on its own: authData's rpIdHash must be SHA256(team.bundle)")
    func appId() throws {
        let vector = try AppAttestVectors.attestations()[0]
        #expect(verify(vector, appId: "V8H6LQ9448.io.other.App").failure == .appIdMismatch)
    }

    @Test("a counter other than zero, a foreign root, another format or garbage are refused with their reason")
    func otherRefusals() throws {
        let vector = try AppAttestVectors.attestations()[0]
        // The nonce covers authData, so a changed counter shows as a nonce mismatch before the counter check.
        let counted = try replacingAuthData(vector.object) { $0[36] = 1 }
        #expect(verify(vector, object: counted).failure == .nonceMismatch)
        let foreignRoot = AppAttestVerifier(appId: vector.appId, environment: .development, root: try Certificate(
            der: try #require(CBOR.decode(vector.object)["attStmt"]?["x5c"]?.arrayValue?.last?.bytesValue)))
        #expect(throws: AppAttestFailure.untrustedCertificate) {
            try foreignRoot.verifyAttestation(vector.object, keyId: vector.keyId, clientDataHash: Digest.sha256(vector.challenge), at: vector.at)
        }
        guard case .map(var entries) = try CBOR.decode(vector.object) else { return }
        entries[0].value = .text("packed")
        #expect(verify(vector, object: CBOR.map(entries).encoded).failure == .wrongFormat)
        #expect(verify(vector, object: [0xA0]).failure == .wrongFormat)
        #expect(verify(vector, object: Array(vector.object.prefix(100))).failure == .malformed)
    }

    @Test("every real assertion verifies with its key; a changed client data, counter or app id fails")
    func assertions() throws {
        let vectors = try AppAttestVectors.assertions()
        #expect(vectors.count == 8)
        for vector in vectors {
            let key = try PublicKey(pem: vector.publicKeyPEM)
            let verifier = AppAttestVerifier(appId: vector.appId, environment: .development)
            #expect(try verifier.verifyAssertion(vector.object, clientData: vector.clientData, publicKey: key, previousCounter: vector.previousCounter)
                == vector.counter, "\(vector.name)")
            #expect(throws: AppAttestFailure.badSignature) {
                try verifier.verifyAssertion(vector.object, clientData: vector.clientData + [0x20], publicKey: key, previousCounter: 0)
            }
            #expect(throws: AppAttestFailure.counterNotIncreased) {
                try verifier.verifyAssertion(vector.object, clientData: vector.clientData, publicKey: key, previousCounter: vector.counter)
            }
            #expect(throws: AppAttestFailure.appIdMismatch) {
                try AppAttestVerifier(appId: vector.appId + "x", environment: .development)
                    .verifyAssertion(vector.object, clientData: vector.clientData, publicKey: key, previousCounter: 0)
            }
            guard case .map(var entries) = try CBOR.decode(vector.object), let index = entries.firstIndex(where: { $0.key == .text("authenticatorData") }),
                  var authData = entries[index].value.bytesValue else { continue }
            authData[36] ^= 0x04  // the counter: signed over, so the signature breaks
            entries[index].value = .bytes(authData)
            #expect(throws: AppAttestFailure.badSignature) {
                try verifier.verifyAssertion(CBOR.map(entries).encoded, clientData: vector.clientData, publicKey: key, previousCounter: 0)
            }
        }
    }
}

extension Result {
    var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}
