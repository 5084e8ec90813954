import AssistWire
import Testing

/// `JSONObjectWriter` writes members in the order given, escaped and numbered as `JSONWriter` writes them, so the
/// parser reads back what a `[String: JSONValue]` of the same members would have held.
@Suite("JSONObjectWriter")
struct JSONObjectWriterTests {
    @Test("members in order, strings escaped, numbers as JSONWriter writes them, and what the parser reads back")
    func members() throws {
        var object = JSONObjectWriter()
        object.string("text", "a \"quote\", a \\ and a\nnewline \u{1}, ünïcode")
        object.number("time", 1_790_000_000.123456)
        object.number("whole", 42)
        object.integer("count", -7)
        object.integer("seq", UInt64.max)
        object.array("list", of: [Array(#"{"a":1}"#.utf8), Array("[]".utf8)])
        let bytes = object.finish()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"text":"a \"quote\", a \\ and a\nnewline \u0001, ünïcode","time":1790000000.123456,"whole":42,"count":-7,"#))
        let parsed = try JSONParser.parse(bytes)
        #expect(parsed["text"] == .string("a \"quote\", a \\ and a\nnewline \u{1}, ünïcode"))
        #expect(parsed["time"]?.numberValue == 1_790_000_000.123456)
        #expect(parsed["whole"] == .number(42))
        #expect(parsed["count"]?.intValue == -7)
        #expect(parsed["list"] == .array([["a": 1], .array([])]))
    }

    @Test("an object with no member is {}")
    func empty() {
        #expect(JSONObjectWriter().finish() == Array("{}".utf8))
    }

    @Test("integers are written as String(describing:) writes them, at both ends of their ranges and between")
    func integers() {
        var generator = SystemRandomNumberGenerator()
        let signed = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int.min + 1] + (0..<200).map { _ in Int.random(in: .min ... .max, using: &generator) }
        for value in signed {
            var object = JSONObjectWriter()
            object.integer("n", value)
            #expect(object.finish() == Array(#"{"n":\#(value)}"#.utf8))
        }
        for value in [0, 7, UInt64.max, UInt64.max / 10] + (0..<100).map({ _ in UInt64.random(in: 0 ... .max, using: &generator) }) {
            var object = JSONObjectWriter()
            object.integer("n", value)
            #expect(object.finish() == Array(#"{"n":\#(value)}"#.utf8))
        }
    }
}
