import COpenSSL
public import Foundation

/// An X.509 certificate held by OpenSSL, and chain verification against a pinned root at a given time.
///
/// `@unchecked Sendable`: the `X509` is never modified after parsing; OpenSSL reads it from several threads
/// safely (its reference count is atomic).
public final class Certificate: @unchecked Sendable {
    let pointer: OpaquePointer

    /// A certificate from DER (App Attest's `x5c` entries).
    public init(der: [UInt8]) throws(KeyError) {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
        guard let parsed else { throw KeyError("not a DER certificate") }
        pointer = parsed
    }

    /// The first certificate of a PEM file (a pinned root).
    public init(pem: String) throws(KeyError) {
        let bytes = Array(pem.utf8)
        guard let bio = BIO_new_mem_buf(bytes, Int32(bytes.count)) else { throw KeyError("out of memory") }
        defer { BIO_free(bio) }
        guard let parsed = PEM_read_bio_X509(bio, nil, nil, nil) else { throw KeyError("not a PEM certificate") }
        pointer = parsed
    }

    deinit { X509_free(pointer) }

    /// The subject's public key.
    public var publicKey: PublicKey {
        get throws(KeyError) {
            guard let key = X509_get_pubkey(pointer) else { throw KeyError("certificate without a usable public key") }
            return try PublicKey(taking: key)
        }
    }

    /// The raw value (the extnValue octets) of the extension with the dotted `oid`, if present.
    public func extensionValue(oid: String) -> [UInt8]? {
        guard let object = OBJ_txt2obj(oid, 1) else { return nil }
        defer { ASN1_OBJECT_free(object) }
        let index = X509_get_ext_by_OBJ(pointer, object, -1)
        guard index >= 0, let ext = X509_get_ext(pointer, index), let data = X509_EXTENSION_get_data(ext) else { return nil }
        guard let bytes = ASN1_STRING_get0_data(data) else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(ASN1_STRING_length(data))))
    }

    /// Whether `self` chains through `intermediates` to `root`, with every certificate valid at `time`.
    /// Only `root` is trusted; the time is explicit so that recorded attestations can be checked later.
    public func verifies(to root: Certificate, intermediates: [Certificate], at time: Date) -> Bool {
        guard let store = X509_STORE_new() else { return false }
        defer { X509_STORE_free(store) }
        guard X509_STORE_add_cert(store, root.pointer) == 1, let chain = OPENSSL_sk_new_null() else { return false }
        defer { OPENSSL_sk_free(chain) }
        for certificate in intermediates { OPENSSL_sk_push(chain, UnsafeRawPointer(certificate.pointer)) }
        guard let context = X509_STORE_CTX_new() else { return false }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, pointer, chain) == 1 else { return false }
        X509_STORE_CTX_set_time(context, 0, time_t(time.timeIntervalSince1970))
        return withExtendedLifetime(intermediates) { X509_verify_cert(context) == 1 }
    }
}
