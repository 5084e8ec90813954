import AssistTestSupport
import AssistWire
import Testing

typealias SSEEvent = SSEDecoder.Event

/// Feeds `bytes` cut at `cuts` (sorted offsets) and returns every event produced. Without explicit cuts,
/// every fixture is also fed one byte at a time and in 20 seeded random chunkings, and all of them must
/// agree with the whole-buffer result (so every rule below is checked across chunk boundaries too).
private func decode(_ bytes: [UInt8], cuts: [Int] = []) throws -> [SSEEvent] {
    let whole = try decodeCut(bytes, cuts: cuts)
    guard cuts.isEmpty, bytes.count > 1 else { return whole }
    #expect(try decodeCut(bytes, cuts: Array(1..<bytes.count)) == whole, "byte by byte")
    var random = SplitMix64(seed: UInt64(bytes.count) &* 0x9E37_79B9)
    for round in 0..<20 {
        let count = Int(random.next() % UInt64(min(bytes.count - 1, 8))) + 1
        let chosen = Set((0..<count).map { _ in Int(random.next() % UInt64(bytes.count - 1)) + 1 }).sorted()
        #expect(try decodeCut(bytes, cuts: chosen) == whole, "random chunking \(round): cuts \(chosen)")
    }
    return whole
}

private func decodeCut(_ bytes: [UInt8], cuts: [Int]) throws -> [SSEEvent] {
    var decoder = SSEDecoder()
    var events: [SSEEvent] = []
    var start = 0
    for cut in cuts + [bytes.count] {
        events += try decoder.feed(bytes[start..<cut])
        start = cut
    }
    decoder.finish()
    return events
}

private func decode(_ text: String) throws -> [SSEEvent] { try decode(Array(text.utf8)) }

private let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

@Suite("SSEDecoder")
struct SSEDecoderTests {
    @Test(arguments: ["\n", "\r", "\r\n"])
    func everyLineEndingWorks(eol: String) throws {
        let stream = "data: one" + eol + "data: two" + eol + eol + "data: three" + eol + eol
        #expect(try decode(stream) == [SSEEvent(data: "one\ntwo"), SSEEvent(data: "three")])
    }

    @Test func mixedLineEndingsInOneStream() throws {
        #expect(try decode("data: a\r\n\rdata: b\n\r\ndata: c\r\r") == [SSEEvent(data: "a"), SSEEvent(data: "b"), SSEEvent(data: "c")])
    }

    @Test func crThenLFCountsAsOneLineEnd() throws {
        // "\r\n" is one line end, so no blank line (and no event) appears between the two data lines.
        #expect(try decode("data: a\r\ndata: b\r\n\r\n") == [SSEEvent(data: "a\nb")])
    }

    @Test func leadingBOMIsStripped() throws {
        #expect(try decode(bom + Array("data: x\n\n".utf8)) == [SSEEvent(data: "x")])
    }

    @Test func onlyOneLeadingBOMIsStripped() throws {
        // The second BOM becomes part of the field name "\u{FEFF}data", which is unknown and ignored.
        #expect(try decode(bom + bom + Array("data: x\n\n".utf8)) == [])
    }

    @Test func bomAfterTheStartIsNotStripped() throws {
        let stream = Array("data: a\n\n".utf8) + bom + Array("data: b\n\ndata: \u{FEFF}c\n\n".utf8)
        #expect(try decode(stream) == [SSEEvent(data: "a"), SSEEvent(data: "\u{FEFF}c")])
    }

    @Test func partialBOMPrefixIsReplayed() throws {
        // U+FF61 is EF BD A1: it starts like a BOM but is not one, so its bytes must reach the line.
        #expect(try decode("data: \u{FF61}\n\n") == [SSEEvent(data: "\u{FF61}")])
        #expect(try decode("\u{FF61}\ndata: x\n\n") == [SSEEvent(data: "x")])
        #expect(try decode([0xEF, 0xBB] + Array("\ndata: y\n\n".utf8)) == [SSEEvent(data: "y")])
    }

    @Test func commentLinesAreIgnored() throws {
        #expect(try decode(": ping\n\n") == [])
        #expect(try decode(":\ndata: a\n: between\ndata: b\n:another\n\n") == [SSEEvent(data: "a\nb")])
        #expect(try decode(String(decoding: SSEFrames.ping, as: UTF8.self)) == [])
    }

    @Test func fieldWithoutColonHasEmptyValue() throws {
        #expect(try decode("data\n\n") == [SSEEvent(data: "")])
        #expect(try decode("data\ndata\n\n") == [SSEEvent(data: "\n")])
        #expect(try decode("event\ndata: x\n\n") == [SSEEvent(type: "message", data: "x")])
    }

    @Test func exactlyOneLeadingSpaceIsStripped() throws {
        #expect(try decode("data:a\n\n") == [SSEEvent(data: "a")])
        #expect(try decode("data: a\n\n") == [SSEEvent(data: "a")])
        #expect(try decode("data:  a\n\n") == [SSEEvent(data: " a")])
        #expect(try decode("data: a \n\n") == [SSEEvent(data: "a ")])
        #expect(try decode("data:\ta\n\n") == [SSEEvent(data: "\ta")])
        #expect(try decode("data: a: b\n\n") == [SSEEvent(data: "a: b")])
    }

    @Test func multipleDataLinesAreJoinedWithLF() throws {
        #expect(try decode("data: one\ndata: two\ndata:\ndata: four\n\n") == [SSEEvent(data: "one\ntwo\n\nfour")])
        #expect(try decode("data:\n\n") == [SSEEvent(data: "")])
    }

    @Test func eventIsDispatchedOnlyOnBlankLine() throws {
        var decoder = SSEDecoder()
        #expect(try decoder.feed(Array("data: a\n".utf8)) == [])
        #expect(try decoder.feed(Array("data: b\n".utf8)) == [])
        #expect(try decoder.feed(Array("\n".utf8)) == [SSEEvent(data: "a\nb")])
        #expect(try decoder.feed(Array("\n\n".utf8)) == [])
    }

    @Test func unterminatedLastEventIsDiscarded() throws {
        #expect(try decode("data: a\n\ndata: b\n") == [SSEEvent(data: "a")])
        #expect(try decode("data: a\n\ndata: b") == [SSEEvent(data: "a")])

        var decoder = SSEDecoder()
        #expect(try decoder.feed(Array("event: x\ndata: partial\n".utf8)) == [])
        decoder.finish()
        #expect(try decoder.feed(Array("data: fresh\n\n".utf8)) == [SSEEvent(data: "fresh")])
    }

    @Test func blankLinesWithoutDataDispatchNothing() throws {
        #expect(try decode("\n\n\r\n\r\r") == [])
        #expect(try decode("event: lonely\n\ndata: x\n\n") == [SSEEvent(type: "message", data: "x")])
        #expect(try decode("id: 1\n\n") == [])
    }

    @Test func eventFieldSetsTypeForOneEventOnly() throws {
        let events = try decode("event: flight\ndata: x\n\ndata: y\n\nevent: a\nevent: b\ndata: z\n\n")
        #expect(events == [SSEEvent(type: "flight", data: "x"), SSEEvent(data: "y"), SSEEvent(type: "b", data: "z")])
    }

    @Test func idIsRememberedAcrossEvents() throws {
        var decoder = SSEDecoder()
        let events = try decoder.feed(Array("id: 7\ndata: a\n\ndata: b\n\nid\ndata: c\n\n".utf8))
        #expect(events == [SSEEvent(data: "a", id: "7"), SSEEvent(data: "b", id: "7"), SSEEvent(data: "c", id: "")])
        #expect(decoder.lastId == "")
    }

    @Test func idContainingNULIsIgnored() throws {
        var decoder = SSEDecoder()
        let events = try decoder.feed(Array("id: 7\ndata: a\n\nid: 8\u{0}9\ndata: b\n\n".utf8))
        #expect(events == [SSEEvent(data: "a", id: "7"), SSEEvent(data: "b", id: "7")])
        #expect(decoder.lastId == "7")
    }

    @Test func retryAndUnknownFieldsAreIgnored() throws {
        #expect(try decode("retry: 1000\nfoo: bar\nDATA: no\ndata: x\n\n") == [SSEEvent(data: "x")])
    }

    @Test func overlongLineIsAnError() throws {
        var decoder = SSEDecoder(maxLineBytes: 8)
        #expect(try decoder.feed(Array("data: ok\n\n".utf8)) == [SSEEvent(data: "ok")])
        #expect(throws: SSEDecoder.LineTooLong.self) { try decoder.feed(Array("data: too long\n".utf8)) }
    }

    // MARK: Chunking

    static let streams: [[UInt8]] = [
        bom + Array("event: note\r\ndata: İstanbul 🛫\r\n: ping\r\nid: 42\r\ndata:  two\r\n\r\ndata: x\rdata: y\r\r".utf8),
        Array("data: Ağrı\n\n: ping\n\nid: a\u{0}b\ndata\n\ndata: ✈️ 🇹🇷\r\n\r\ndata: tail".utf8),
        Array("\u{FF61}\ndata: \u{FF61}\r\n\r\n".utf8),
    ]

    static let expected: [[SSEEvent]] = [
        [SSEEvent(type: "note", data: "İstanbul 🛫\n two", id: "42"), SSEEvent(data: "x\ny", id: "42")],
        [SSEEvent(data: "Ağrı"), SSEEvent(data: ""), SSEEvent(data: "✈️ 🇹🇷")],
        [SSEEvent(data: "\u{FF61}")],
    ]

    @Test(arguments: 0..<streams.count)
    func wholeStreamDecodesAsExpected(index: Int) throws {
        #expect(try decode(Self.streams[index]) == Self.expected[index])
    }

    @Test(arguments: 0..<streams.count)
    func splittingAtEveryByteBoundaryGivesTheSameEvents(index: Int) throws {
        let bytes = Self.streams[index]
        for cut in 0...bytes.count {
            #expect(try decode(bytes, cuts: [cut]) == Self.expected[index], "cut at \(cut)")
        }
    }

    @Test(arguments: 0..<streams.count)
    func splittingAtEveryPairOfBoundariesGivesTheSameEvents(index: Int) throws {
        let bytes = Self.streams[index]
        for first in 0...bytes.count {
            for second in first...bytes.count {
                let events = try decode(bytes, cuts: [first, second])
                if events != Self.expected[index] {
                    Issue.record("cuts at \(first), \(second): \(events)")
                }
            }
        }
    }

    @Test(arguments: 0..<streams.count)
    func feedingOneByteAtATimeGivesTheSameEvents(index: Int) throws {
        let bytes = Self.streams[index]
        #expect(try decode(bytes, cuts: Array(1..<bytes.count)) == Self.expected[index])
    }

    /// Found by the `sse` fuzz target: a stream that ended two bytes into a byte-order mark kept them, and
    /// bytes fed after `finish()` replayed them as the start of a line (past a 1-byte line limit, a throw).
    @Test func finishDiscardsAPartialByteOrderMark() throws {
        var decoder = SSEDecoder(maxLineBytes: 1)
        #expect(try decoder.feed([0xEF, 0xBB]).isEmpty)
        decoder.finish()
        #expect(try decoder.feed(Array("\n\n".utf8)).isEmpty)
    }

    /// The lending path gives the events the copying one gives, and stops where its handler says: the events
    /// after a refused one in the same bytes are not handed on.
    @Test func lentEventsAreTheCopiedOnesAndAHandlerCanStop() throws {
        let bytes = Array("event: a\ndata: 1\nid: 7\n\ndata: 2\n\ndata: 3\n\n".utf8)
        var copied = SSEDecoder()
        let expected = try copied.feed(bytes)
        #expect(expected.count == 3)
        var lent: [SSEEvent] = []
        var lending = SSEDecoder()
        let all = try bytes.withUnsafeBufferPointer { buffer in try lending.feed(buffer) { lent.append($0.event); return true } }
        #expect(all && lent == expected)

        var seen: [String] = []
        var stopping = SSEDecoder()
        let finished = try bytes.withUnsafeBufferPointer { buffer in
            try stopping.feed(buffer) { event in
                seen.append(String(decoding: event.data, as: UTF8.self))
                return seen.count < 2
            }
        }
        #expect(!finished && seen == ["1", "2"])
    }
}
