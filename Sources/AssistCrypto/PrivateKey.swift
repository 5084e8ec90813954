import COpenSSL

/// A private key held by OpenSSL, RSA or P-256: signs tokens in tests and development tools, and is the
/// client kit's software stand-in for a device key (the test `IntegrityProvider`).
///
/// `@unchecked Sendable`: the `EVP_PKEY` is never modified after generation or loading, and every signing
/// operation has its own `EVP_MD_CTX`.
public final class PrivateKey: @unchecked Sendable {
    let pointer: OpaquePointer
    public let publicKey: PublicKey

    private init(taking pointer: OpaquePointer) throws(KeyError) {
        self.pointer = pointer
        // The public half as its own key object, through DER, so `PublicKey` never holds private material.
        var der: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(pointer, &der)
        guard length > 0, let der else { EVP_PKEY_free(pointer); throw KeyError("cannot export the public key") }
        defer { CRYPTO_free(der, #file, #line) }
        do {
            publicKey = try PublicKey(spki: Array(UnsafeBufferPointer(start: der, count: Int(length))))
        } catch {
            EVP_PKEY_free(pointer)
            throw error
        }
    }

    deinit { EVP_PKEY_free(pointer) }

    public static func generateP256() throws(KeyError) -> PrivateKey {
        try generate("EC") { EVP_PKEY_CTX_set_group_name($0, "prime256v1") == 1 }
    }

    public static func generateRSA(bits: Int = 2048) throws(KeyError) -> PrivateKey {
        try generate("RSA") { EVP_PKEY_CTX_set_rsa_keygen_bits($0, Int32(bits)) == 1 }
    }

    private static func generate(_ type: String, _ configure: (OpaquePointer) -> Bool) throws(KeyError) -> PrivateKey {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, type, nil) else { throw KeyError("no \(type) support") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, configure(context), EVP_PKEY_generate(context, &key) == 1, let key else {
            throw KeyError("\(type) key generation failed")
        }
        return try PrivateKey(taking: key)
    }

    /// A key from a PEM `PRIVATE KEY` block (PKCS #8).
    public convenience init(pem: String) throws(KeyError) {
        let bytes = Array(pem.utf8)
        guard let bio = BIO_new_mem_buf(bytes, Int32(bytes.count)) else { throw KeyError("out of memory") }
        defer { BIO_free(bio) }
        guard let key = PEM_read_bio_PrivateKey(bio, nil, nil, nil) else { throw KeyError("not a PEM private key") }
        try self.init(taking: key)
    }

    /// The key as PEM PKCS #8, unencrypted (for a test or development key file).
    public var pem: String {
        pemText { PEM_write_bio_PrivateKey($0, pointer, nil, nil, 0, nil, nil) }
    }

    /// Signs `message` (hashed with SHA-256) in `format`; nil if the format does not fit the key.
    public func sign(_ message: [UInt8], format: SignatureFormat) -> [UInt8]? {
        switch (format, publicKey.kind) {
        case (.rsaSHA256, .rsa), (.ecdsaSHA256DER, .p256), (.ecdsaSHA256Raw, .p256): break
        default: return nil
        }
        guard let context = EVP_MD_CTX_new() else { return nil }
        defer { EVP_MD_CTX_free(context) }
        var length = 0
        guard EVP_DigestSignInit_ex(context, nil, "SHA256", nil, nil, pointer, nil) == 1,
              EVP_DigestSign(context, nil, &length, message, message.count) == 1 else { return nil }
        var signature = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1 else { return nil }
        signature = Array(signature.prefix(length))
        return format == .ecdsaSHA256Raw ? ECDSASignature.raw(fromDER: signature) : signature
    }
}
