import AssistCrypto
import Testing

/// Decoding `hex` must fail with a message containing `reason`.
private func expectFailure(_ hex: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let error = #expect(throws: CBOR.DecodingError.self, sourceLocation: sourceLocation) { try CBOR.decode(bytes(hex)) }
    #expect(error?.description.contains(reason) == true, "\(hex): \(error?.description ?? "no error")", sourceLocation: sourceLocation)
}

@Suite("CBOR")
struct CBORTests {
    // MARK: RFC 8949 Appendix A

    @Test(arguments: [
        ("00", CBOR.unsigned(0)), ("01", .unsigned(1)), ("0a", .unsigned(10)), ("17", .unsigned(23)), ("1818", .unsigned(24)),
        ("1819", .unsigned(25)), ("1864", .unsigned(100)), ("1903e8", .unsigned(1000)), ("1a000f4240", .unsigned(1_000_000)),
        ("1b000000e8d4a51000", .unsigned(1_000_000_000_000)), ("1bffffffffffffffff", .unsigned(UInt64.max)),
        ("c249010000000000000000", .tagged(2, .bytes([1, 0, 0, 0, 0, 0, 0, 0, 0]))),
        ("3bffffffffffffffff", .negative(UInt64.max)),
        ("c349010000000000000000", .tagged(3, .bytes([1, 0, 0, 0, 0, 0, 0, 0, 0]))),
        ("20", .negative(0)), ("29", .negative(9)), ("3863", .negative(99)), ("3903e7", .negative(999)),
    ])
    func integers(hex: String, expected: CBOR) throws {
        #expect(try CBOR.decode(bytes(hex)) == expected)
    }

    @Test(arguments: [
        ("f90000", 0.0), ("f98000", -0.0), ("f93c00", 1.0), ("fb3ff199999999999a", 1.1), ("f93e00", 1.5), ("f97bff", 65504.0),
        ("fa47c35000", 100000.0), ("fa7f7fffff", 3.4028234663852886e+38), ("fb7e37e43c8800759c", 1.0e+300),
        ("f90001", 5.960464477539063e-8), ("f90400", 0.00006103515625), ("f9c400", -4.0), ("fbc010666666666666", -4.1),
        ("f97c00", .infinity), ("f9fc00", -.infinity), ("fa7f800000", .infinity), ("faff800000", -.infinity),
        ("fb7ff0000000000000", .infinity), ("fbfff0000000000000", -.infinity),
    ])
    func floats(hex: String, expected: Double) throws {
        #expect(try CBOR.decode(bytes(hex)) == .float(expected))
    }

    @Test(arguments: ["f97e00", "fa7fc00000", "fb7ff8000000000000"])
    func nanDecodesAndEqualsItself(hex: String) throws {
        let item = try CBOR.decode(bytes(hex))
        guard case .float(let value) = item else { Issue.record("not a float: \(item)"); return }
        #expect(value.isNaN)
        #expect(item == item)
    }

    @Test(arguments: [
        ("f4", CBOR.bool(false)), ("f5", .bool(true)), ("f6", .null), ("f7", .undefined), ("f0", .simple(16)), ("f8ff", .simple(255)),
        ("e0", .simple(0)), ("f3", .simple(19)), ("f820", .simple(32)),
    ])
    func simpleValues(hex: String, expected: CBOR) throws {
        #expect(try CBOR.decode(bytes(hex)) == expected)
    }

    @Test(arguments: [
        ("c074323031332d30332d32315432303a30343a30305a", CBOR.tagged(0, .text("2013-03-21T20:04:00Z"))),
        ("c11a514b67b0", .tagged(1, .unsigned(1_363_896_240))), ("c1fb41d452d9ec200000", .tagged(1, .float(1_363_896_240.5))),
        ("d74401020304", .tagged(23, .bytes([1, 2, 3, 4]))), ("d818456449455446", .tagged(24, .bytes([0x64, 0x49, 0x45, 0x54, 0x46]))),
        ("d82076687474703a2f2f7777772e6578616d706c652e636f6d", .tagged(32, .text("http://www.example.com"))),
    ])
    func tags(hex: String, expected: CBOR) throws {
        #expect(try CBOR.decode(bytes(hex)) == expected)
    }

    @Test(arguments: [
        ("40", CBOR.bytes([])), ("4401020304", .bytes([1, 2, 3, 4])), ("60", .text("")), ("6161", .text("a")),
        ("6449455446", .text("IETF")), ("62225c", .text("\"\\")), ("62c3bc", .text("\u{fc}")), ("63e6b0b4", .text("\u{6c34}")),
        ("64f0908591", .text("\u{10151}")),
    ])
    func strings(hex: String, expected: CBOR) throws {
        #expect(try CBOR.decode(bytes(hex)) == expected)
    }

    @Test(arguments: [
        ("80", CBOR.array([])), ("83010203", .array([.unsigned(1), .unsigned(2), .unsigned(3)])),
        ("8301820203820405", .array([.unsigned(1), .array([.unsigned(2), .unsigned(3)]), .array([.unsigned(4), .unsigned(5)])])),
        ("98190102030405060708090a0b0c0d0e0f101112131415161718181819", .array((1...25).map { .unsigned($0) })),
        ("a0", .map([])), ("a201020304", .map([(.unsigned(1), .unsigned(2)), (.unsigned(3), .unsigned(4))])),
        ("a26161016162820203", .map([(.text("a"), .unsigned(1)), (.text("b"), .array([.unsigned(2), .unsigned(3)]))])),
        ("826161a161626163", .array([.text("a"), .map([(.text("b"), .text("c"))])])),
        ("a56161614161626142616361436164614461656145",
         .map([(.text("a"), .text("A")), (.text("b"), .text("B")), (.text("c"), .text("C")), (.text("d"), .text("D")), (.text("e"), .text("E"))])),
    ])
    func containers(hex: String, expected: CBOR) throws {
        #expect(try CBOR.decode(bytes(hex)) == expected)
    }

    @Test(arguments: ["5f42010243030405ff", "7f657374726561646d696e67ff", "9fff", "9f018202039f0405ffff", "bf61610161629f0203ffff",
                      "bf6346756ef563416d7421ff"])
    func indefiniteLengthsAreRejected(hex: String) {
        expectFailure(hex, "indefinite length not supported")
    }

    @Test func nonShortestArgumentsAreAccepted() throws {
        #expect(try CBOR.decode(bytes("1801")) == .unsigned(1))
        #expect(try CBOR.decode(bytes("5a0000000161")) == .bytes([0x61]))
    }

    // MARK: Malformed input

    @Test(arguments: ["", "18", "1903", "1a000f42", "1b000000e8d4a510", "38", "c0", "d818", "f8", "f900", "fa47c350",
                      "fb3ff19999999999"])
    func truncatedInputFails(hex: String) {
        expectFailure(hex, "unexpected end of input")
    }

    @Test(arguments: ["440102", "62c3", "830102", "a2010203", "a201"])
    func truncatedStringsAndContainersFail(hex: String) {
        // The declared length cannot fit in the bytes left, so this fails before reading the contents.
        expectFailure(hex, "exceeds")
    }

    @Test func truncatedNestedContainerFails() {
        expectFailure("82011a0001", "unexpected end of input")
        expectFailure("a161611b00000000", "unexpected end of input")
    }

    @Test(arguments: ["0000", "8000", "6161ff", "a0a0"])
    func trailingBytesFail(hex: String) {
        expectFailure(hex, "trailing bytes")
    }

    @Test(arguments: ["1c", "1d", "1e", "3c", "5d", "7e", "9c", "bd", "de", "fc", "fd", "fe"])
    func reservedAdditionalInformationFails(hex: String) {
        expectFailure(hex, "reserved additional information")
    }

    @Test func breakOutsideIndefiniteItemFails() {
        expectFailure("ff", "unexpected break code")
        expectFailure("1f", "additional information 31")
        expectFailure("3f", "additional information 31")
        expectFailure("df", "additional information 31")
    }

    @Test(arguments: ["f800", "f813", "f814", "f81f"])
    func twoByteSimpleValuesBelow32Fail(hex: String) {
        expectFailure(hex, "below 32")
    }

    @Test(arguments: ["61ff", "62c328", "62c0af", "63eda080", "64f4908080", "6180"])
    func invalidUTF8Fails(hex: String) {
        expectFailure(hex, "invalid UTF-8")
    }

    @Test func depthLimit() throws {
        let nested16 = [UInt8](repeating: 0x81, count: 15) + [0x80]
        #expect(try CBOR.decode(nested16).arrayValue?.count == 1)
        expectFailure(String(repeating: "81", count: 16) + "80", "nesting deeper than 16")
        var tagged = CBOR.unsigned(0)
        for _ in 0..<16 { tagged = .tagged(0, tagged) }
        #expect(try CBOR.decode([UInt8](repeating: 0xC0, count: 16) + [0x00]) == tagged)
        expectFailure(String(repeating: "c0", count: 17) + "00", "nesting deeper than 16")
        #expect(try CBOR.decode(bytes(String(repeating: "a16161", count: 16) + "00"))["a"] != nil)
        expectFailure(String(repeating: "a16161", count: 17) + "00", "nesting deeper than 16")
        // Far deeper than any stack would survive without the limit.
        expectFailure(String(repeating: "81", count: 100_000), "nesting deeper than 16")
    }

    @Test(arguments: ["5bffffffffffffffff", "7bffffffffffffffff", "9bffffffffffffffff", "bbffffffffffffffff",
                      "5b7fffffffffffffff00", "9a7fffffff00", "ba4000000000", "5a0000000201", "a1"])
    func hugeDeclaredLengthsFailWithoutAllocating(hex: String) {
        expectFailure(hex, "exceeds")
    }

    @Test func mapKeysMustBeUniqueIntegersOrText() {
        expectFailure("a2616101616102", "duplicate map key")
        expectFailure("a201001801", "duplicate map key") // 1 and 1 in non-shortest form
        expectFailure("a220002000", "duplicate map key")
        expectFailure("a1410101", "map key is not an integer or text string")
        expectFailure("a1f600", "map key is not an integer or text string")
        expectFailure("a1800001", "map key is not an integer or text string")
    }

    @Test func errorsNameTheOffset() {
        let error = #expect(throws: CBOR.DecodingError.self) { try CBOR.decode(bytes("820161ff")) }
        #expect(error?.description == "CBOR: invalid UTF-8 in text string at byte 2")
    }

    // MARK: Accessors and equality

    @Test func accessors() {
        let map = CBOR.map([(.text("fmt"), .text("apple-appattest")), (.text("authData"), .bytes([1, 2])), (.unsigned(1), .negative(6)),
                            (.text("x5c"), .array([.bytes([3])]))])
        #expect(map["fmt"]?.textValue == "apple-appattest")
        #expect(map["authData"]?.bytesValue == [1, 2])
        #expect(map["x5c"]?.arrayValue == [.bytes([3])])
        #expect(map["missing"] == nil)
        #expect(CBOR.array([])["fmt"] == nil)
        #expect(map["fmt"]?.bytesValue == nil)
        #expect(CBOR.negative(6).intValue == -7)
        #expect(CBOR.unsigned(UInt64(Int.max)).intValue == Int.max)
        #expect(CBOR.unsigned(UInt64(Int.max) + 1).intValue == nil)
        #expect(CBOR.negative(UInt64(Int.max)).intValue == Int.min)
        #expect(CBOR.negative(UInt64(Int.max) + 1).intValue == nil)
        #expect(CBOR.text("1").intValue == nil)
    }

    @Test func lookupComparesUTF8BytesNotCanonicalEquivalence() throws {
        // "é" precomposed (c3a9) and decomposed (65cc81) are equal Swift Strings but different CBOR keys.
        let map = try CBOR.decode(bytes("a262c3a9016365cc8102"))
        #expect(map["\u{e9}"] == .unsigned(1))
        #expect(map["e\u{301}"] == .unsigned(2))
        #expect(CBOR.text("\u{e9}") != .text("e\u{301}"))
    }

    @Test func equality() {
        #expect(CBOR.map([(.unsigned(1), .unsigned(2)), (.unsigned(3), .unsigned(4))])
            != .map([(.unsigned(3), .unsigned(4)), (.unsigned(1), .unsigned(2))]))
        #expect(CBOR.float(0.0) != .float(-0.0))
        #expect(CBOR.float(.nan) == .float(.nan))
        #expect(CBOR.unsigned(0) != .negative(0))
        #expect(CBOR.simple(20) != .bool(false))
        #expect(CBOR.tagged(1, .unsigned(1)) != .tagged(2, .unsigned(1)))
    }

    @Test func appAttestShape() throws {
        // {"fmt": "apple-appattest", "attStmt": {"x5c": [h'01', h'02'], "receipt": h'03'}, "authData": h'0405'}
        let hex = "a3" + "63666d74" + "6f6170706c652d617070617474657374" + "6761747453746d74" + "a2" + "63783563" + "82" + "4101" + "4102"
            + "67726563656970744103" + "6861757468446174614204" + "05"
        let object = try CBOR.decode(bytes(hex))
        #expect(object["fmt"]?.textValue == "apple-appattest")
        #expect(object["attStmt"]?["x5c"]?.arrayValue?.compactMap(\.bytesValue) == [[1], [2]])
        #expect(object["attStmt"]?["receipt"]?.bytesValue == [3])
        #expect(object["authData"]?.bytesValue == [4, 5])
    }
}
