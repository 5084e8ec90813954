public import AssistCrypto
public import AssistWire

/// Play Integrity tokens as Google builds them, with test keys: the verdict signed as a JWS (ES256 by
/// default), then encrypted as a JWE (`A256KW` key wrap, `A256GCM` content).
public enum PlayIntegrityTokens {
    public static func jws(_ payload: JSONValue, key: PrivateKey, alg: String = "ES256") -> String {
        let input = Base64URL.encode(JSONWriter.bytes(["alg": .string(alg)])) + "." + Base64URL.encode(JSONWriter.bytes(payload))
        return input + "." + Base64URL.encode(key.sign(Array(input.utf8), format: .ecdsaSHA256Raw) ?? [])
    }

    public static func jwe(_ content: String, key: [UInt8], header: JSONValue = ["alg": "A256KW", "enc": "A256GCM"]) throws -> String {
        let contentKey = Digest.randomBytes(32), iv = Digest.randomBytes(12)
        let protected = Base64URL.encode(JSONWriter.bytes(header))
        let (ciphertext, tag) = try SymmetricCipher.sealAES256GCM(Array(content.utf8), key: contentKey, iv: iv, aad: Array(protected.utf8))
        return [protected, Base64URL.encode(try SymmetricCipher.wrapAES256(contentKey, with: key)), Base64URL.encode(iv),
                Base64URL.encode(ciphertext), Base64URL.encode(tag)].joined(separator: ".")
    }

    public static func token(_ payload: JSONValue, signing: PrivateKey, decryption: [UInt8]) throws -> String {
        try jwe(jws(payload, key: signing), key: decryption)
    }
}
