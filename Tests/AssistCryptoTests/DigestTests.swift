import AssistCrypto
import Testing

@Suite("Digest")
struct DigestTests {
    // MARK: SHA-256 (FIPS 180-2 vectors)

    @Test func sha256OfABC() {
        #expect(hex(Digest.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func sha256OfEmptyInput() {
        #expect(hex(Digest.sha256([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func sha256OfTwoBlockMessage() {
        let message = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(hex(Digest.sha256(message)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func sha256AcceptsAnyByteCollection() {
        let bytes = Array("xabcx".utf8)
        #expect(Digest.sha256(bytes[1..<4]) == Digest.sha256(Array("abc".utf8)))
        #expect(Digest.sha256(bytes).count == 32)
    }

    // MARK: HMAC-SHA256 (RFC 4231)

    @Test func hmacRFC4231TestCase1() {
        let key = [UInt8](repeating: 0x0B, count: 20)
        #expect(hex(Digest.hmacSHA256(key: key, message: Array("Hi There".utf8)))
            == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    @Test func hmacRFC4231TestCase2() {
        let mac = Digest.hmacSHA256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(mac.count == 32)
        #expect(hex(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func hmacRFC4231TestCase6KeyLongerThanBlock() {
        let key = [UInt8](repeating: 0xAA, count: 131)
        let message = Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
        #expect(hex(Digest.hmacSHA256(key: key, message: message))
            == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func hmacDependsOnKeyAndMessage() {
        let message = Array("payload".utf8)
        let base = Digest.hmacSHA256(key: Array("k1".utf8), message: message)
        #expect(base != Digest.hmacSHA256(key: Array("k2".utf8), message: message))
        #expect(base != Digest.hmacSHA256(key: Array("k1".utf8), message: Array("payloaD".utf8)))
        #expect(base == Digest.hmacSHA256(key: Array("k1".utf8), message: message))
    }

    // MARK: Randomness

    @Test(arguments: [0, 1, 12, 32, 1000])
    func randomBytesHaveTheRequestedLength(count: Int) {
        #expect(Digest.randomBytes(count).count == count)
    }

    @Test func twoRandomDrawsDiffer() {
        let first = Digest.randomBytes(32)
        let second = Digest.randomBytes(32)
        #expect(first != second)
        #expect(first != [UInt8](repeating: 0, count: 32))
    }

    // MARK: Constant-time comparison

    @Test func constantTimeEqualMatchesEquality() {
        let a: [UInt8] = Array(0..<32)
        var lastDiffers = a
        lastDiffers[31] ^= 0x01
        var firstDiffers = a
        firstDiffers[0] ^= 0x80
        #expect(Digest.constantTimeEqual(a, a))
        #expect(Digest.constantTimeEqual(a, Array(0..<32)))
        #expect(!Digest.constantTimeEqual(a, lastDiffers))
        #expect(!Digest.constantTimeEqual(a, firstDiffers))
    }

    @Test func constantTimeEqualRejectsDifferentLengths() {
        #expect(!Digest.constantTimeEqual([1, 2, 3], [1, 2]))
        #expect(!Digest.constantTimeEqual([1, 2], [1, 2, 3]))
        #expect(!Digest.constantTimeEqual([], [0]))
        #expect(Digest.constantTimeEqual([], []))
    }
}
