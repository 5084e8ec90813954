import COpenSSL

/// How a signature is laid out and what it signs over.
public enum SignatureFormat: Sendable {
    /// RSASSA-PKCS1-v1_5 with SHA-256 (JWS `RS256`).
    case rsaSHA256
    /// ECDSA P-256 with SHA-256, the signature as r ‖ s, 32 bytes each (JWS `ES256`).
    case ecdsaSHA256Raw
    /// ECDSA P-256 with SHA-256, the signature DER-encoded (App Attest assertions, X.509).
    case ecdsaSHA256DER
}

public struct KeyError: Error, Sendable, CustomStringConvertible, Equatable {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A public key held by OpenSSL: RSA, or EC on P-256.
///
/// `@unchecked Sendable`: the `EVP_PKEY` is never modified after construction, and OpenSSL allows
/// concurrent verification with one key as long as each operation has its own `EVP_MD_CTX`, as here.
public final class PublicKey: @unchecked Sendable {
    public enum Kind: Sendable, Equatable { case rsa, p256 }

    let pointer: OpaquePointer
    public let kind: Kind

    init(taking pointer: OpaquePointer) throws(KeyError) {
        self.pointer = pointer
        if EVP_PKEY_is_a(pointer, "RSA") == 1 {
            kind = .rsa
        } else if EVP_PKEY_is_a(pointer, "EC") == 1, Self.groupName(pointer) == "prime256v1" {
            kind = .p256
        } else {
            EVP_PKEY_free(pointer)
            throw KeyError("only RSA and P-256 keys are supported")
        }
    }

    deinit { EVP_PKEY_free(pointer) }

    /// An RSA key from its modulus and public exponent, big-endian (a JWK's `n` and `e`).
    public convenience init(rsaModulus modulus: [UInt8], exponent: [UInt8]) throws(KeyError) {
        guard modulus.count >= 256 else { throw KeyError("RSA modulus shorter than 2048 bits") }
        // The builder keeps references to the numbers until it builds the parameters: free them after.
        let n = BN_bin2bn(modulus, Int32(modulus.count), nil), e = BN_bin2bn(exponent, Int32(exponent.count), nil)
        defer { BN_free(n); BN_free(e) }
        let key = try Self.fromData(type: "RSA") { builder in
            OSSL_PARAM_BLD_push_BN(builder, assist_param_rsa_n(), n) == 1 && OSSL_PARAM_BLD_push_BN(builder, assist_param_rsa_e(), e) == 1
        }
        try self.init(taking: key)
    }

    /// A P-256 key from its uncompressed point 0x04 ‖ x ‖ y (App Attest credentials; a JWK's `x`, `y`).
    public convenience init(p256Point point: [UInt8]) throws(KeyError) {
        guard point.count == 65, point[0] == 4 else { throw KeyError("P-256 point must be 65 bytes, uncompressed") }
        // The builder keeps a reference to the point's bytes until it builds the parameters: keep them alive.
        let built: Result<OpaquePointer, KeyError> = point.withUnsafeBytes { bytes in
            Result { () throws(KeyError) in
                try Self.fromData(type: "EC") { builder in
                    OSSL_PARAM_BLD_push_utf8_string(builder, assist_param_group(), assist_group_p256(), 0) == 1
                        && OSSL_PARAM_BLD_push_octet_string(builder, assist_param_pub(), bytes.baseAddress, bytes.count) == 1
                }
            }
        }
        let key = try built.get()
        try self.init(taking: key)
    }

    /// A key from a PEM `PUBLIC KEY` block (SubjectPublicKeyInfo).
    public convenience init(pem: String) throws(KeyError) {
        let bytes = Array(pem.utf8)
        guard let bio = BIO_new_mem_buf(bytes, Int32(bytes.count)) else { throw KeyError("out of memory") }
        defer { BIO_free(bio) }
        guard let key = PEM_read_bio_PUBKEY(bio, nil, nil, nil) else { throw KeyError("not a PEM public key") }
        try self.init(taking: key)
    }

    /// A key from DER SubjectPublicKeyInfo.
    public convenience init(spki: [UInt8]) throws(KeyError) {
        let key: OpaquePointer? = spki.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let key else { throw KeyError("not a DER public key") }
        try self.init(taking: key)
    }

    /// The uncompressed point 0x04 ‖ x ‖ y of a P-256 key (App Attest's key id is its SHA-256).
    public var p256Point: [UInt8]? {
        guard kind == .p256 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65)
        var length = 0
        guard EVP_PKEY_get_octet_string_param(pointer, "pub", &buffer, buffer.count, &length) == 1, length == 65 else { return nil }
        return buffer
    }

    /// Modulus and exponent of an RSA key, big-endian (a JWK's `n` and `e`).
    public var rsaComponents: (modulus: [UInt8], exponent: [UInt8])? {
        guard kind == .rsa else { return nil }
        func component(_ name: String) -> [UInt8]? {
            var number: OpaquePointer?
            guard EVP_PKEY_get_bn_param(pointer, name, &number) == 1, let number else { return nil }
            defer { BN_free(number) }
            var bytes = [UInt8](repeating: 0, count: Int((BN_num_bits(number) + 7) / 8))
            BN_bn2bin(number, &bytes)
            return bytes
        }
        guard let n = component("n"), let e = component("e") else { return nil }
        return (n, e)
    }

    /// The key as PEM SubjectPublicKeyInfo.
    public var pem: String {
        pemText { PEM_write_bio_PUBKEY($0, pointer) }
    }

    /// Whether `signature` is this key's signature over `message` in `format`. A format that does not fit
    /// the key (RSA for an EC key) is simply false: the algorithm is chosen by the verifier, never trusted
    /// from the token.
    public func verify(_ signature: [UInt8], message: [UInt8], format: SignatureFormat) -> Bool {
        let der: [UInt8]
        switch (format, kind) {
        case (.rsaSHA256, .rsa), (.ecdsaSHA256DER, .p256): der = signature
        case (.ecdsaSHA256Raw, .p256):
            guard let converted = ECDSASignature.der(fromRaw: signature) else { return false }
            der = converted
        default: return false
        }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit_ex(context, nil, "SHA256", nil, nil, pointer, nil) == 1 else { return false }
        return EVP_DigestVerify(context, der, der.count, message, message.count) == 1
    }

    /// `fill` pushes the key's parameters; every pointer it hands the builder (names, values) must stay
    /// valid until this returns, since the builder copies them only when it builds.
    static func fromData(type: String, _ fill: (OpaquePointer) -> Bool) throws(KeyError) -> OpaquePointer {
        ERR_clear_error()
        guard let builder = OSSL_PARAM_BLD_new() else { throw KeyError("out of memory") }
        defer { OSSL_PARAM_BLD_free(builder) }
        guard fill(builder), let params = OSSL_PARAM_BLD_to_param(builder) else { throw KeyError("bad key parameters") }
        defer { OSSL_PARAM_free(params) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, type, nil) else { throw KeyError("no \(type) support") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_fromdata_init(context) == 1, EVP_PKEY_fromdata(context, &key, assist_evp_pkey_public_key(), params) == 1, let key else {
            throw KeyError("\(type) key rejected by OpenSSL: \(openSSLError())")
        }
        // fromdata does not check that an EC point is on the curve; an invalid point must never verify.
        if type == "EC" {
            guard let check = EVP_PKEY_CTX_new_from_pkey(nil, key, nil) else { EVP_PKEY_free(key); throw KeyError("out of memory") }
            defer { EVP_PKEY_CTX_free(check) }
            guard EVP_PKEY_public_check(check) == 1 else { EVP_PKEY_free(key); throw KeyError("point is not on P-256") }
        }
        return key
    }

    static func groupName(_ key: OpaquePointer) -> String? {
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_utf8_string_param(key, "group", &name, name.count, &length) == 1 else { return nil }
        return String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// What `write` puts into a memory BIO, as text (PEM output of keys); empty if OpenSSL fails.
func pemText(_ write: (OpaquePointer) -> Int32) -> String {
    guard let bio = BIO_new(BIO_s_mem()) else { return "" }
    defer { BIO_free(bio) }
    guard write(bio) == 1 else { return "" }
    var data: UnsafeMutablePointer<CChar>?
    let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &data)
    guard let data, length > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
}

/// The oldest queued OpenSSL error as text (and the queue cleared), for messages.
func openSSLError() -> String {
    let code = ERR_get_error()
    ERR_clear_error()
    guard code != 0 else { return "no detail" }
    var buffer = [CChar](repeating: 0, count: 256)
    ERR_error_string_n(code, &buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// ECDSA signatures between JWS's raw r ‖ s and DER.
public enum ECDSASignature {
    public static func der(fromRaw raw: [UInt8]) -> [UInt8]? {
        guard raw.count == 64, let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        let r = BN_bin2bn(raw, 32, nil), s = Array(raw[32...]).withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, 32, nil) }
        guard ECDSA_SIG_set0(signature, r, s) == 1 else { BN_free(r); BN_free(s); return nil }
        var out: UnsafeMutablePointer<UInt8>?
        let length = i2d_ECDSA_SIG(signature, &out)
        guard length > 0, let out else { return nil }
        defer { CRYPTO_free(out, #file, #line) }
        return Array(UnsafeBufferPointer(start: out, count: Int(length)))
    }

    public static func raw(fromDER der: [UInt8]) -> [UInt8]? {
        let signature: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let signature else { return nil }
        defer { ECDSA_SIG_free(signature) }
        var out = [UInt8](repeating: 0, count: 64)
        guard let r = ECDSA_SIG_get0_r(signature), let s = ECDSA_SIG_get0_s(signature),
              BN_bn2binpad(r, &out, 32) == 32, (out.withUnsafeMutableBufferPointer { BN_bn2binpad(s, $0.baseAddress! + 32, 32) }) == 32
        else { return nil }
        return out
    }
}
