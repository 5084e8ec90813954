public import AssistCrypto
import AssistGateway
public import AssistWire

/// Why a Play Integrity token or verdict was refused: a stable code for the audit.
public enum PlayIntegrityFailure: String, Error, Sendable, Equatable {
    case malformed
    case unsupportedAlgorithm = "unsupported_algorithm"
    case decryptionFailed = "decryption_failed"
    case badSignature = "bad_signature"
    case wrongPackage = "wrong_package"
    case requestMismatch = "request_mismatch"
    case stale
    case appNotRecognized = "app_not_recognized"
    case deviceNotRecognized = "device_not_recognized"
    case unlicensed
}

/// Opens a Play Integrity token locally with the app's keys from the Play Console: the JWE (`A256KW`
/// key wrap, `A256GCM` content) is decrypted with the decryption key, and the JWS inside (`ES256`) is
/// verified with the verification key. The result is the verdict payload Google's `decodeIntegrityToken`
/// would return.
public struct PlayIntegrityToken: Sendable {
    let decryptionKey: [UInt8]
    let verificationKey: PublicKey

    /// - Parameters:
    ///   - decryptionKey: the 32-byte AES key (base64 in the Play Console).
    ///   - verificationKey: the P-256 public key (base64 DER in the Play Console).
    public init(decryptionKey: [UInt8], verificationKey: PublicKey) {
        self.decryptionKey = decryptionKey
        self.verificationKey = verificationKey
    }

    public func payload(of token: String) throws(PlayIntegrityFailure) -> JSONValue {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 5, token.utf8.count <= 16_384, let headerBytes = Base64URL.decode(parts[0]),
              let header = try? JSONParser.parse(headerBytes), let wrappedKey = Base64URL.decode(parts[1]),
              let iv = Base64URL.decode(parts[2]), let ciphertext = Base64URL.decode(parts[3]), let tag = Base64URL.decode(parts[4])
        else { throw .malformed }
        guard header["alg"]?.stringValue == "A256KW", header["enc"]?.stringValue == "A256GCM" else { throw .unsupportedAlgorithm }
        let signed: [UInt8]
        do {
            let contentKey = try SymmetricCipher.unwrapAES256(wrappedKey, with: decryptionKey)
            signed = try SymmetricCipher.openAES256GCM(ciphertext, key: contentKey, iv: iv, aad: Array(parts[0].utf8), tag: tag)
        } catch {
            throw .decryptionFailed
        }
        return try verifiedPayload(String(decoding: signed, as: UTF8.self))
    }

    /// The payload of the inner JWS, whose algorithm must be ES256 and signature the verification key's.
    func verifiedPayload(_ jws: String) throws(PlayIntegrityFailure) -> JSONValue {
        guard let parsed = CompactJWS(jws, maxBytes: 16_384) else { throw .malformed }
        guard parsed.header["alg"]?.stringValue == "ES256" else { throw .unsupportedAlgorithm }
        guard verificationKey.verify(parsed.signature, message: parsed.signingInput, format: .ecdsaSHA256Raw) else { throw .badSignature }
        return parsed.payload
    }
}
