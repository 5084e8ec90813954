import AssistWire
import Testing

@Suite("JSONParser")
struct JSONParserTests {
    // MARK: Accepted input

    @Test func parsesNestedObjectsAndArrays() throws {
        let value = try JSONParser.parse(#" { "a" : [1, "two", null, true, {"b": []}], "c": {} } "#)
        #expect(value == .object([
            "a": .array([.number(1), .string("two"), .null, .bool(true), .object(["b": .array([])])]),
            "c": .object([:]),
        ]))
    }

    @Test func falseStaysBooleanAndZeroStaysNumber() throws {
        let value = try JSONParser.parse("[false, 0, true, 1]")
        #expect(value == .array([.bool(false), .number(0), .bool(true), .number(1)]))
        let elements = try #require(value.arrayValue)
        #expect(elements[0] != .number(0))
        #expect(elements[0].typeName == "boolean")
        #expect(elements[1].typeName == "integer")
        #expect(elements[1].boolValue == nil)
        #expect(elements[0].numberValue == nil)
    }

    @Test func parsesStringEscapes() throws {
        let value = try JSONParser.parse(#""q\"b\\s\/ \b\f\n\r\t""#)
        #expect(value == .string("q\"b\\s/ \u{08}\u{0C}\n\r\t"))
    }

    @Test func parsesUnicodeEscapesIncludingSurrogatePairs() throws {
        #expect(try JSONParser.parse(#""\u0041\u00e7\u0130""#) == .string("Açİ"))
        #expect(try JSONParser.parse(#""\uD83D\uDEEB""#) == .string("🛫"))
        #expect(try JSONParser.parse(#""x\ud83d\ude80y""#) == .string("x🚀y"))
        #expect(try JSONParser.parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test func keepsRawMultiByteUTF8() throws {
        #expect(try JSONParser.parse(#""İstanbul 🛫 Ağrı""#) == .string("İstanbul 🛫 Ağrı"))
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", 0.0), ("42", 42), ("-17", -17), ("3.25", 3.25), ("1e3", 1000), ("1E+2", 100),
        ("2.5e-3", 0.0025), ("-1.5E2", -150), ("0.5", 0.5),
    ])
    func parsesNumbers(text: String, expected: Double) throws {
        #expect(try JSONParser.parse(text) == .number(expected))
    }

    @Test func toleratesSurroundingWhitespace() throws {
        #expect(try JSONParser.parse(" \t\r\n[ 1 , 2 ]\n ") == .array([1, 2]))
    }

    @Test func acceptsNestingExactlyAtMaxDepth() throws {
        let depth = JSONParser.defaultMaxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONParser.parse(text)
        var levels = 0
        while let inner = value.arrayValue { levels += 1; value = inner.first ?? .null }
        #expect(levels == depth)
    }

    // MARK: Rejected input

    @Test(arguments: ["[1,]", #"{"a":1,}"#, "[,1]", "[1,,2]"])
    func rejectsTrailingOrMisplacedCommas(text: String) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
    }

    @Test func reportsOffsetOfTrailingComma() {
        let error = #expect(throws: JSONParser.Error.self) { try JSONParser.parse("[1,]") }
        #expect(error?.offset == 3)
    }

    @Test(arguments: ["01", "-01", "00", "007", "[01]"])
    func rejectsLeadingZeros(text: String) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
    }

    @Test(arguments: ["+1", ".5", "1.", "1e", "1e+", "-", "--1", "0x10", "1.e3", "1e999", "NaN", "Infinity"])
    func rejectsMalformedNumbers(text: String) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
    }

    @Test(arguments: [#""\ud83d""#, #""\ud83dx""#, #""\ude80""#, #""\ud83d\u0041""#, #""\ud83d\ud83d""#, #""\ud83d\n""#])
    func rejectsLoneOrMismatchedSurrogates(text: String) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
    }

    @Test(arguments: [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F] as [UInt8])
    func rejectsRawControlCharacterInString(byte: UInt8) {
        let bytes: [UInt8] = [0x22, 0x61, byte, 0x62, 0x22]
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(bytes) }
    }

    @Test(arguments: [#""\x41""#, #""\u12""#, #""\u12G4""#, #""abc"#, #""\"#, #""\'""#])
    func rejectsBadEscapesAndUnterminatedStrings(text: String) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
    }

    @Test func rejectsDuplicateKeys() {
        let error = #expect(throws: JSONParser.Error.self) { try JSONParser.parse(#"{"a":1,"b":2,"a":1}"#) }
        #expect(error?.message.contains("duplicate") == true)
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(#"{"x":{"k":true,"k":false}}"#) }
    }

    @Test(arguments: ["1 2", "{} x", "[]]", "null,", #""a""b""#, "true false", "{}{}"])
    func rejectsDataAfterTheValue(text: String) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
    }

    @Test(arguments: ["", " ", "tru", "nul", "True", "[", "{", #"{"a"}"#, #"{"a" 1}"#, "{1:2}", "'a'", "// c\n1", "undefined"])
    func rejectsIncompleteOrInvalidDocuments(text: String) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(text) }
    }

    @Test func rejectsNestingDeeperThanMaxDepth() {
        let depth = JSONParser.defaultMaxDepth + 1
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(arrays) }
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(objects) }
    }

    @Test func honoursCustomMaxDepth() throws {
        #expect(try JSONParser.parse("[[1]]", maxDepth: 2) == .array([.array([1])]))
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse("[[[1]]]", maxDepth: 2) }
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(#"{"a":{"b":{}}}"#, maxDepth: 2) }
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22],              // never valid in UTF-8
        [0x22, 0xC0, 0xAF, 0x22],        // overlong "/"
        [0x22, 0xE2, 0x82, 0x22],        // truncated 3-byte sequence
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate
        [0x22, 0x80, 0x5C, 0x6E, 0x22],  // stray continuation byte before an escape
    ] as [[UInt8]])
    func rejectsInvalidUTF8InStrings(bytes: [UInt8]) {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse(bytes) }
    }

    @Test func rejectsNonASCIIOutsideStrings() {
        #expect(throws: JSONParser.Error.self) { try JSONParser.parse([0xEF, 0xBB, 0xBF, 0x31] as [UInt8]) }
    }
}
