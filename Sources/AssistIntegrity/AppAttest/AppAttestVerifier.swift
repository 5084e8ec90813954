public import AssistCrypto
public import Foundation

/// Verifies App Attest attestations and assertions exactly as Apple specifies ("Validating apps that
/// connect to your server"), with OpenSSL doing every signature and certificate check.
public struct AppAttestVerifier: Sendable {
    /// Apple's App Attestation Root CA, compiled in; a configuration may pin another copy.
    public static let appleRoot: Certificate = {
        // Force-try is safe: the resource is Apple's published root, parsed by every App Attest test.
        try! Certificate(pem: String(decoding: PackageResources.apple_app_attestation_root_ca_pem, as: UTF8.self))
    }()

    /// The nonce extension of the leaf certificate.
    static let nonceOID = "1.2.840.113635.100.8.2"

    public let appId: String
    public let environment: AppAttestEnvironment
    let root: Certificate

    /// - Parameter appId: "TEAMID.bundle.id".
    public init(appId: String, environment: AppAttestEnvironment, root: Certificate = AppAttestVerifier.appleRoot) {
        self.appId = appId
        self.environment = environment
        self.root = root
    }

    /// Checks an attestation object for `keyId` made over `clientDataHash` (the SHA-256 of the challenge
    /// the server issued), with certificates valid at `time`. Without `keyId` (ops tooling), the key id
    /// is taken from the credential and still must be the SHA-256 of the certified key.
    public func verifyAttestation(_ object: [UInt8], keyId claimed: [UInt8]?, clientDataHash: [UInt8], at time: Date) throws(AppAttestFailure) -> AppAttestKey {
        guard let cbor = try? CBOR.decode(object) else { throw .malformed }
        guard let keyId = claimed ?? cbor["authData"]?.bytesValue.flatMap({ try? AuthenticatorData($0).credentialId }) else { throw .malformed }
        guard cbor["fmt"]?.textValue == "apple-appattest" else { throw .wrongFormat }
        guard let statement = cbor["attStmt"], let chain = statement["x5c"]?.arrayValue?.compactMap(\.bytesValue), !chain.isEmpty,
              let authBytes = cbor["authData"]?.bytesValue else { throw .malformed }
        // 1–2. The chain ends in the pinned root, every certificate valid at `time`.
        guard let certificates = try? chain.map({ bytes throws(KeyError) in try Certificate(der: bytes) }) else { throw .malformed }
        guard certificates[0].verifies(to: root, intermediates: Array(certificates.dropFirst()), at: time) else { throw .untrustedCertificate }
        // 3–4. The leaf's nonce extension is SHA256(authData ‖ clientDataHash).
        let nonce = Digest.sha256(authBytes + clientDataHash)
        guard let value = certificates[0].extensionValue(oid: Self.nonceOID), Self.nonce(inExtension: value) == nonce else { throw .nonceMismatch }
        // 5. The key id is the SHA-256 of the leaf's public key.
        guard let key = try? certificates[0].publicKey, let point = key.p256Point else { throw .malformed }
        guard Digest.sha256(point) == keyId else { throw .keyIdMismatch }
        // 6–9. Authenticator data: our app, a fresh key, the expected environment, this credential.
        let authData = try AuthenticatorData(authBytes)
        guard authData.rpIdHash == Digest.sha256(Array(appId.utf8)) else { throw .appIdMismatch }
        guard authData.counter == 0 else { throw .counterNotZero }
        guard authData.aaguid == environment.aaguid else { throw .wrongEnvironment }
        guard authData.credentialId == keyId else { throw .credentialMismatch }
        return AppAttestKey(keyId: keyId, publicKey: key, environment: environment, counter: 0,
                            receipt: statement["receipt"]?.bytesValue ?? [])
    }

    /// Checks an assertion over `clientData` by the key attested earlier, whose last seen counter is
    /// `previousCounter`; returns the assertion's counter, which the caller stores.
    public func verifyAssertion(_ object: [UInt8], clientData: [UInt8], publicKey: PublicKey, previousCounter: UInt32) throws(AppAttestFailure) -> UInt32 {
        guard let cbor = try? CBOR.decode(object), let signature = cbor["signature"]?.bytesValue,
              let authBytes = cbor["authenticatorData"]?.bytesValue else { throw .malformed }
        let authData = try AuthenticatorData(authBytes)
        // The signature is over the nonce SHA256(authenticatorData ‖ SHA256(clientData)), hashed again by ECDSA-SHA256.
        let nonce = Digest.sha256(authBytes + Digest.sha256(clientData))
        guard publicKey.verify(signature, message: nonce, format: .ecdsaSHA256DER) else { throw .badSignature }
        guard authData.rpIdHash == Digest.sha256(Array(appId.utf8)) else { throw .appIdMismatch }
        guard authData.counter > previousCounter else { throw .counterNotIncreased }
        return authData.counter
    }

    /// The 32-byte nonce in the extension's DER: SEQUENCE { [1] { OCTET STRING nonce } }.
    static func nonce(inExtension der: [UInt8]) -> [UInt8]? {
        guard der.count == 38, der[0] == 0x30, der[1] == 0x24, der[2] == 0xA1, der[3] == 0x22, der[4] == 0x04, der[5] == 0x20 else { return nil }
        return Array(der[6...])
    }
}
