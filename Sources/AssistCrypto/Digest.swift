import COpenSSL

/// Hashes, MACs and randomness through OpenSSL 3. No primitive is implemented here by hand.
public enum Digest {
    /// SHA-256, fetched from OpenSSL's default provider once. The one-shot `SHA256()` fetches it on every call (an
    /// implicit fetch: a lookup, a copied name, reference counts), which costs more than hashing a short input, and a
    /// request to a feature rolled out in part hashes one.
    /// `nonisolated(unsafe)`: an `EVP_MD` is immutable once fetched and OpenSSL documents it as safe to use from any
    /// number of threads at once; the pointer is written once, here, and never freed.
    nonisolated(unsafe) private static let sha256Algorithm: OpaquePointer? = EVP_MD_fetch(nil, "SHA256", nil)

    public static func sha256(_ data: some Collection<UInt8>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(data)
        bytes.withUnsafeBufferPointer { input in
            _ = out.withUnsafeMutableBufferPointer { output in
                guard let algorithm = sha256Algorithm else { return SHA256(input.baseAddress, input.count, output.baseAddress) }
                var length: UInt32 = 0
                precondition(EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, algorithm, nil) == 1,
                             "OpenSSL EVP_Digest failed")
                return output.baseAddress
            }
        }
        return out
    }

    public static func hmacSHA256(key: some Collection<UInt8>, message: some Collection<UInt8>) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let keyBytes = Array(key), messageBytes = Array(message)
        keyBytes.withUnsafeBufferPointer { k in
            messageBytes.withUnsafeBufferPointer { m in
                _ = out.withUnsafeMutableBufferPointer { o in
                    HMAC(EVP_sha256(), k.baseAddress, Int32(k.count), m.baseAddress, m.count, o.baseAddress, &length)
                }
            }
        }
        return Array(out.prefix(Int(length)))
    }

    /// Cryptographically secure random bytes from OpenSSL's DRBG.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        let ok = out.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
        precondition(ok == 1, "OpenSSL RAND_bytes failed")
        return out
    }

    /// Compares two byte strings in time independent of where they differ (MAC checks).
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, a.count) == 0 }
        }
    }
}
