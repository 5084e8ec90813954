import AssistCrypto
import Testing

@Suite("Public and private keys over OpenSSL")
struct KeyTests {
    let message = Array("header.payload".utf8)

    @Test("RSA and P-256 signatures verify, in every format that fits the key, and only over their message")
    func roundTrip() throws {
        let rsa = try PrivateKey.generateRSA()
        let ec = try PrivateKey.generateP256()
        let rsaSignature = try #require(rsa.sign(message, format: .rsaSHA256))
        let raw = try #require(ec.sign(message, format: .ecdsaSHA256Raw))
        let der = try #require(ec.sign(message, format: .ecdsaSHA256DER))
        #expect(raw.count == 64)
        #expect(rsa.publicKey.verify(rsaSignature, message: message, format: .rsaSHA256))
        #expect(ec.publicKey.verify(raw, message: message, format: .ecdsaSHA256Raw))
        #expect(ec.publicKey.verify(der, message: message, format: .ecdsaSHA256DER))
        #expect(ECDSASignature.der(fromRaw: raw).flatMap(ECDSASignature.raw(fromDER:)) == raw)

        #expect(!rsa.publicKey.verify(rsaSignature, message: message + [0], format: .rsaSHA256))
        #expect(!ec.publicKey.verify(raw, message: Array("header.payloaD".utf8), format: .ecdsaSHA256Raw))
        var flipped = raw
        flipped[10] ^= 1
        #expect(!ec.publicKey.verify(flipped, message: message, format: .ecdsaSHA256Raw))
        // A format that does not fit the key is refused, never coerced.
        #expect(!ec.publicKey.verify(der, message: message, format: .rsaSHA256))
        #expect(!rsa.publicKey.verify(rsaSignature, message: message, format: .ecdsaSHA256DER))
        #expect(ec.sign(message, format: .rsaSHA256) == nil)
        #expect(!ec.publicKey.verify(Array(raw.prefix(63)), message: message, format: .ecdsaSHA256Raw))
    }

    @Test("keys rebuilt from JWK components, points, DER and PEM are the same keys")
    func encodings() throws {
        let rsa = try PrivateKey.generateRSA()
        let (n, e) = try #require(rsa.publicKey.rsaComponents)
        #expect(n.count == 256 && e == [1, 0, 1])
        let rebuilt = try PublicKey(rsaModulus: n, exponent: e)
        #expect(rebuilt.verify(try #require(rsa.sign(message, format: .rsaSHA256)), message: message, format: .rsaSHA256))

        let ec = try PrivateKey.generateP256()
        let point = try #require(ec.publicKey.p256Point)
        #expect(point.count == 65 && point[0] == 4)
        let fromPoint = try PublicKey(p256Point: point)
        #expect(fromPoint.kind == .p256)
        #expect(fromPoint.verify(try #require(ec.sign(message, format: .ecdsaSHA256Raw)), message: message, format: .ecdsaSHA256Raw))
        #expect(try PublicKey(pem: ec.publicKey.pem).p256Point == point)
        #expect(try PrivateKey(pem: ec.pem).publicKey.p256Point == point)
    }

    @Test("bad key material is refused: off-curve points, short RSA moduli, garbage")
    func refusals() {
        var offCurve = [UInt8](repeating: 0, count: 65)
        offCurve[0] = 4
        offCurve[64] = 7
        #expect(throws: KeyError.self) { try PublicKey(p256Point: offCurve) }
        #expect(throws: KeyError.self) { try PublicKey(p256Point: [4, 1, 2]) }
        #expect(throws: KeyError.self) { try PublicKey(rsaModulus: [UInt8](repeating: 0xFF, count: 128), exponent: [1, 0, 1]) }
        #expect(throws: KeyError.self) { try PublicKey(pem: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n") }
        #expect(throws: KeyError.self) { try PublicKey(spki: [0x30, 0x03, 0x02, 0x01, 0x00]) }
    }
}
