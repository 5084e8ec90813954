import AssistWire
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test func sortsObjectKeysAtEveryLevel() {
        let value: JSONValue = ["b": 1, "a": 2, "c": ["z": true, "y": nil, "x": [["k2": 1, "k1": 2]]]]
        #expect(JSONWriter.string(value) == #"{"a":2,"b":1,"c":{"x":[{"k1":2,"k2":1}],"y":null,"z":true}}"#)
    }

    @Test func writesCompactlyWithoutWhitespace() {
        #expect(JSONWriter.string([1, [2, 3], [:], []]) == "[1,[2,3],{},[]]")
        #expect(JSONWriter.string(.object([:])) == "{}")
    }

    @Test func writesLiterals() {
        #expect(JSONWriter.string(.null) == "null")
        #expect(JSONWriter.string(.bool(true)) == "true")
        #expect(JSONWriter.string(.bool(false)) == "false")
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (3.0, "3"), (-7.0, "-7"), (1234567890.0, "1234567890"), (1.5, "1.5"), (-0.25, "-0.25"),
    ])
    func writesIntegersWithoutFraction(number: Double, expected: String) {
        #expect(JSONWriter.string(.number(number)) == expected)
    }

    @Test func escapesQuotesBackslashAndControlCharacters() {
        let value = JSONValue.string("a\"b\\c\nd\re\tf\u{01}g\u{1F}h\u{08}i\u{0C}j\u{0}")
        #expect(JSONWriter.string(value) == #""a\"b\\c\nd\re\tf\u0001g\u001fh\u0008i\u000cj\u0000""#)
    }

    @Test func leavesNonASCIIAndSlashUnescaped() {
        let text = "İstanbul 🛫 / Ağrı \u{7F}"
        #expect(JSONWriter.bytes(.string(text)) == [0x22] + Array(text.utf8) + [0x22])
    }

    @Test func writeStringAppendsToExistingBuffer() {
        var out = Array("x=".utf8)
        JSONWriter.writeString("say \"hi\"", into: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"x="say \"hi\"""#)
    }

    /// Runs of plain bytes are copied whole and escapes cut them anywhere: every mix reads back as written.
    @Test func anyStringReadsBackAsWritten() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces: [String] = ["a", "İ", "🛫", "\"", "\\", "\n", "\u{0}", "\u{1F}", "\t", "plain text ", "/", "\u{7F}", "ğü"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(try JSONParser.parse(JSONWriter.bytes(.string(text))) == .string(text), "\(Array(text.utf8))")
        }
    }

    @Test func escapesObjectKeys() {
        #expect(JSONWriter.string(["a\"b\n": 1]) == #"{"a\"b\n":1}"#)
    }

    @Test func outputIsIndependentOfInsertionOrder() {
        var first: [String: JSONValue] = [:]
        var second: [String: JSONValue] = [:]
        let keys = (0..<40).map { "key\($0)" }
        for (i, key) in keys.enumerated() { first[key] = .number(Double(i)) }
        for (i, key) in keys.enumerated().reversed() { second[key] = .number(Double(i)) }
        #expect(JSONWriter.bytes(.object(first)) == JSONWriter.bytes(.object(second)))
    }

    @Test func roundTripsANestedValue() throws {
        let value: JSONValue = [
            "feature": "support_chat",
            "input": [
                "message": "Merhaba, uçuşum İstanbul'dan 🛫 \"saat\" 14:30\n\tne zaman?\u{01}\\",
                "history": [["role": "user", "text": "ilk"], ["role": "assistant", "text": ""]],
                "count": 0, "flag": false, "ratio": -2.5, "big": 123456789012, "tiny": 0.001, "nothing": nil,
            ],
            "empty": [[:], []],
        ]
        let parsed = try JSONParser.parse(JSONWriter.bytes(value))
        #expect(parsed == value)
        #expect(JSONWriter.bytes(parsed) == JSONWriter.bytes(value))
    }

    @Test func roundTripsEveryControlCharacter() throws {
        let text = String(String.UnicodeScalarView((0..<0x20).map { Unicode.Scalar(UInt8($0)) }))
        #expect(text.unicodeScalars.count == 0x20)
        #expect(try JSONParser.parse(JSONWriter.bytes(.string(text))) == .string(text))
    }

    @Test func roundTripsNonIntegerAndLargeNumbers() throws {
        for n in [0.1, 1e-7, 3.141592653589793, 9.5e15, 1e20, -2.5e-300, 8_999_999_999_999_999] {
            #expect(try JSONParser.parse(JSONWriter.bytes(.number(n))) == .number(n), "\(n)")
        }
    }
}
