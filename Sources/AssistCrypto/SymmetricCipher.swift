import COpenSSL

/// AES key wrap (RFC 3394, JWE `A256KW`) and AES-256-GCM (JWE `A256GCM`) through OpenSSL: what a Play
/// Integrity token needs to be opened locally with the app's decryption key.
public enum SymmetricCipher {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Unwraps a content key with a 256-bit key-encryption key; fails if the integrity check fails.
    public static func unwrapAES256(_ wrapped: [UInt8], with kek: [UInt8]) throws(Failure) -> [UInt8] {
        guard kek.count == 32, wrapped.count >= 24, wrapped.count % 8 == 0 else { throw Failure("bad key wrap sizes") }
        return try run(EVP_aes_256_wrap(), key: kek, iv: nil, input: wrapped, encrypt: false, wrap: true)
    }

    public static func wrapAES256(_ key: [UInt8], with kek: [UInt8]) throws(Failure) -> [UInt8] {
        guard kek.count == 32, key.count >= 16, key.count % 8 == 0 else { throw Failure("bad key wrap sizes") }
        return try run(EVP_aes_256_wrap(), key: kek, iv: nil, input: key, encrypt: true, wrap: true)
    }

    /// Encrypts with AES-256-GCM; returns ciphertext and the 16-byte tag.
    public static func sealAES256GCM(_ plaintext: [UInt8], key: [UInt8], iv: [UInt8], aad: [UInt8]) throws(Failure) -> (ciphertext: [UInt8], tag: [UInt8]) {
        try gcm(plaintext, key: key, iv: iv, aad: aad, tag: nil)
    }

    /// Decrypts and authenticates AES-256-GCM; a wrong key, IV, AAD, ciphertext or tag all fail.
    public static func openAES256GCM(_ ciphertext: [UInt8], key: [UInt8], iv: [UInt8], aad: [UInt8], tag: [UInt8]) throws(Failure) -> [UInt8] {
        guard tag.count == 16 else { throw Failure("GCM tag must be 16 bytes") }
        return try gcm(ciphertext, key: key, iv: iv, aad: aad, tag: tag).ciphertext
    }

    private static func gcm(_ input: [UInt8], key: [UInt8], iv: [UInt8], aad: [UInt8], tag: [UInt8]?) throws(Failure) -> (ciphertext: [UInt8], tag: [UInt8]) {
        guard key.count == 32, iv.count == 12 else { throw Failure("AES-256-GCM needs a 32-byte key and a 12-byte IV") }
        guard let context = EVP_CIPHER_CTX_new() else { throw Failure("out of memory") }
        defer { EVP_CIPHER_CTX_free(context) }
        let encrypt: Int32 = tag == nil ? 1 : 0
        var length: Int32 = 0
        var output = [UInt8](repeating: 0, count: input.count + 16)
        guard EVP_CipherInit_ex(context, EVP_aes_256_gcm(), nil, key, iv, encrypt) == 1,
              aad.isEmpty || EVP_CipherUpdate(context, nil, &length, aad, Int32(aad.count)) == 1,
              EVP_CipherUpdate(context, &output, &length, input, Int32(input.count)) == 1 else { throw Failure("AES-GCM failed") }
        var total = Int(length)
        if var expected = tag {
            guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, 16, &expected) == 1 else { throw Failure("AES-GCM failed") }
        }
        let finished = output.withUnsafeMutableBufferPointer { EVP_CipherFinal_ex(context, $0.baseAddress! + total, &length) }
        guard finished == 1 else { throw Failure("AES-GCM authentication failed") }
        total += Int(length)
        var producedTag = [UInt8](repeating: 0, count: 16)
        if tag == nil, EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, &producedTag) != 1 { throw Failure("AES-GCM failed") }
        return (Array(output.prefix(total)), tag ?? producedTag)
    }

    private static func run(_ cipher: OpaquePointer?, key: [UInt8], iv: [UInt8]?, input: [UInt8], encrypt: Bool, wrap: Bool) throws(Failure) -> [UInt8] {
        guard let context = EVP_CIPHER_CTX_new() else { throw Failure("out of memory") }
        defer { EVP_CIPHER_CTX_free(context) }
        if wrap { EVP_CIPHER_CTX_set_flags(context, Int32(EVP_CIPHER_CTX_FLAG_WRAP_ALLOW)) }
        var output = [UInt8](repeating: 0, count: input.count + 16)
        var length: Int32 = 0
        guard EVP_CipherInit_ex(context, cipher, nil, key, iv, encrypt ? 1 : 0) == 1,
              EVP_CipherUpdate(context, &output, &length, input, Int32(input.count)) == 1 else {
            throw Failure(encrypt ? "key wrap failed" : "key unwrap failed (wrong key or damaged)")
        }
        var total = Int(length)
        let finished = output.withUnsafeMutableBufferPointer { EVP_CipherFinal_ex(context, $0.baseAddress! + total, &length) }
        guard finished == 1 else { throw Failure(encrypt ? "key wrap failed" : "key unwrap failed (wrong key or damaged)") }
        total += Int(length)
        return Array(output.prefix(total))
    }
}
