import AssistCrypto
import Testing

@Suite("Base64URL")
struct Base64URLTests {
    // RFC 4648 §10 vectors, without padding.
    @Test(arguments: [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
                      ("foobar", "Zm9vYmFy")])
    func encodesRFC4648Vectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func usesTheURLSafeAlphabet() {
        // Standard base64 of FB FF BF is "+/+/"; the URL-safe alphabet spells it "-_-_".
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
    }

    @Test func jwtHeaderVector() {
        // The header of RFC 7515 §A.1, re-encoded without whitespace: {"alg":"HS256","typ":"JWT"}
        #expect(Base64URL.encode(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8)) == "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9")
    }

    @Test(arguments: 0...20)
    func roundTripsWithoutPadding(length: Int) throws {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 73 + length * 29 + 251) }
        let encoded = Base64URL.encode(bytes)
        #expect(!encoded.contains("="))
        #expect(!encoded.contains("+"))
        #expect(!encoded.contains("/"))
        #expect(encoded.utf8.count == (length * 4 + 2) / 3)
        #expect(try #require(Base64URL.decode(encoded)) == bytes)
    }

    @Test func roundTripsEveryByteValue() {
        let bytes = (0...255).map { UInt8($0) }
        #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        #expect(Base64URL.decode(Base64URL.encode(bytes.reversed())) == bytes.reversed())
    }

    @Test func acceptsSubstrings() {
        let token = "Zm9v.YmFy"
        let parts = token.split(separator: ".")
        #expect(Base64URL.decode(parts[0]) == Array("foo".utf8))
        #expect(Base64URL.decode(parts[1]) == Array("bar".utf8))
    }

    @Test(arguments: ["Zm+v", "Zm/v", "+w", "/w"])
    func rejectsStandardAlphabetCharacters(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test(arguments: ["Zg==", "Zm8=", "Zg=", "=", "Zm9v=", "===="])
    func rejectsPadding(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test(arguments: ["Zm 9v", " Zm9v", "Zm9v ", "Zm9v\n", "Zm\r\n9v", "Zm\t9v"])
    func rejectsWhitespace(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test(arguments: ["Zh", "Zm9", "Zm9vYh", "Zm9vYmF", "AB", "AAB", "_x", "_-", "__-"])
    func rejectsNonZeroTrailingBits(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func canonicalNeighboursOfTrailingBitCasesDecode() {
        #expect(Base64URL.decode("Zg") == Array("f".utf8))
        #expect(Base64URL.decode("Zm8") == Array("fo".utf8))
        #expect(Base64URL.decode("AA") == [0])
        #expect(Base64URL.decode("AAA") == [0, 0])
        #expect(Base64URL.decode("_w") == [0xFF])
        #expect(Base64URL.decode("__8") == [0xFF, 0xFF])
    }

    @Test(arguments: ["A", "Zm9vY", "AAAAA"])
    func rejectsImpossibleLengths(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test(arguments: ["Zm9v!", "Zm9v.", "Zmé9v", "Zm\u{0}v", "Zm9v🛫"])
    func rejectsOtherCharacters(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func everyDecodedStringReencodesToItself() {
        // Strictness means decoding is injective: a string that decodes is the canonical encoding of its bytes.
        let alphabet = Array("AQgw_-9Z".utf8)
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    let text = String(decoding: [a, b, c], as: UTF8.self)
                    if let bytes = Base64URL.decode(text) { #expect(Base64URL.encode(bytes) == text) }
                }
            }
        }
    }
}
