public import AssistCrypto

/// Which App Attest environment a key was made in (the authenticator data's AAGUID says).
public enum AppAttestEnvironment: String, Sendable, Equatable {
    case development, production

    /// "appattestdevelop", or "appattest" followed by seven zero bytes.
    var aaguid: [UInt8] {
        switch self {
        case .development: Array("appattestdevelop".utf8)
        case .production: Array("appattest".utf8) + [UInt8](repeating: 0, count: 7)
        }
    }
}

/// Why an attestation or assertion was refused: a stable code for the audit and the ops tool.
public enum AppAttestFailure: String, Error, Sendable, Equatable {
    case malformed
    case wrongFormat = "wrong_format"
    case untrustedCertificate = "untrusted_certificate"
    case nonceMismatch = "nonce_mismatch"
    case keyIdMismatch = "key_id_mismatch"
    case appIdMismatch = "app_id_mismatch"
    case counterNotZero = "counter_not_zero"
    case wrongEnvironment = "wrong_environment"
    case credentialMismatch = "credential_mismatch"
    case badSignature = "bad_signature"
    case counterNotIncreased = "counter_not_increased"
}

/// A verified attestation: the key to keep for the user and the counter its assertions must exceed.
public struct AppAttestKey: Sendable {
    public let keyId: [UInt8]
    public let publicKey: PublicKey
    public let environment: AppAttestEnvironment
    public let counter: UInt32
    /// Apple's receipt, for fraud-risk checks with Apple later; not verified here.
    public let receipt: [UInt8]
}

/// The authenticator data of an attestation or assertion (WebAuthn layout).
struct AuthenticatorData {
    let bytes: [UInt8]
    let rpIdHash: [UInt8]
    let flags: UInt8
    let counter: UInt32
    /// Present in attestations: AAGUID and credential id.
    let aaguid: [UInt8]?
    let credentialId: [UInt8]?

    init(_ bytes: [UInt8]) throws(AppAttestFailure) {
        guard bytes.count >= 37 else { throw .malformed }
        self.bytes = bytes
        rpIdHash = Array(bytes[0..<32])
        flags = bytes[32]
        counter = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        guard bytes.count >= 37 + 18 else {
            aaguid = nil
            credentialId = nil
            return
        }
        aaguid = Array(bytes[37..<53])
        let length = Int(bytes[53]) << 8 | Int(bytes[54])
        guard bytes.count >= 55 + length else { throw .malformed }
        credentialId = Array(bytes[55..<(55 + length)])
    }
}
