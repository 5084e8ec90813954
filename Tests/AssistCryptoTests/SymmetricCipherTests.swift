import AssistCrypto
import Testing

@Suite("AES key wrap and AES-256-GCM")
struct SymmetricCipherTests {
    @Test("RFC 3394 §4.6: a 256-bit key wrapped with a 256-bit KEK, and back; a wrong KEK or a damaged wrap fails")
    func keyWrap() throws {
        let kek = bytes("000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F")
        let key = bytes("00112233445566778899AABBCCDDEEFF000102030405060708090A0B0C0D0E0F")
        let wrapped = bytes("28C9F404C4B810F4CBCCB35CFB87F8263F5786E2D80ED326CBC7F0E71A99F43BFB988B9B7A02DD21")
        #expect(try SymmetricCipher.wrapAES256(key, with: kek) == wrapped)
        #expect(try SymmetricCipher.unwrapAES256(wrapped, with: kek) == key)
        var damaged = wrapped
        damaged[5] ^= 1
        #expect(throws: SymmetricCipher.Failure.self) { try SymmetricCipher.unwrapAES256(damaged, with: kek) }
        #expect(throws: SymmetricCipher.Failure.self) { try SymmetricCipher.unwrapAES256(wrapped, with: [UInt8](repeating: 7, count: 32)) }
        #expect(throws: SymmetricCipher.Failure.self) { try SymmetricCipher.unwrapAES256([1, 2, 3], with: kek) }
    }

    @Test("GCM: the known answer for an empty message, a round trip, and every tampering refused")
    func gcm() throws {
        let zero = [UInt8](repeating: 0, count: 32), iv = [UInt8](repeating: 0, count: 12)
        #expect(try SymmetricCipher.sealAES256GCM([], key: zero, iv: iv, aad: []).tag == bytes("530F8AFBC74536B9A963B4F1C4CB738B"))
        let key = Digest.randomBytes(32), nonce = Digest.randomBytes(12), aad = Array("eyJhbGciOiJBMjU2S1cifQ".utf8)
        let message = Array("{\"requestDetails\":{}}".utf8)
        let (ciphertext, tag) = try SymmetricCipher.sealAES256GCM(message, key: key, iv: nonce, aad: aad)
        #expect(try SymmetricCipher.openAES256GCM(ciphertext, key: key, iv: nonce, aad: aad, tag: tag) == message)
        var flipped = ciphertext
        flipped[0] ^= 1
        #expect(throws: SymmetricCipher.Failure.self) { try SymmetricCipher.openAES256GCM(flipped, key: key, iv: nonce, aad: aad, tag: tag) }
        #expect(throws: SymmetricCipher.Failure.self) { try SymmetricCipher.openAES256GCM(ciphertext, key: key, iv: nonce, aad: aad + [0], tag: tag) }
        #expect(throws: SymmetricCipher.Failure.self) { try SymmetricCipher.openAES256GCM(ciphertext, key: key, iv: iv, aad: aad, tag: tag) }
        #expect(throws: SymmetricCipher.Failure.self) { try SymmetricCipher.openAES256GCM(ciphertext, key: zero, iv: nonce, aad: aad, tag: tag) }
    }
}
