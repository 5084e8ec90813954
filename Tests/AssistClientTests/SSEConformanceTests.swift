import AssistWire
import Foundation
import Testing

/// The Swift kit against the language-neutral SSE cases in `conformance/sse.json` (the same file the browser
/// demo's decoder runs in Chromium, and the Android kit runs): each stream decoded whole, a byte at a time and
/// at each of its splits gives the case's events.
@Suite("SSE conformance cases")
struct SSEConformanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var stream: [UInt8]
        var splits: [[Int]]
        var events: [JSONValue]
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        Conformance.cases("sse.json").compactMap { item in
            guard let name = item["name"]?.stringValue, let encoded = item["stream"]?.stringValue,
                  let bytes = Data(base64Encoded: encoded), let events = item["events"]?.arrayValue else { return nil }
            let splits = item["splits"]?.arrayValue?.map { $0.arrayValue?.compactMap(\.intValue) ?? [] } ?? []
            return Case(name: name, stream: Array(bytes), splits: splits, events: events)
        }
    }()

    @Test("the suite is there and every case is readable")
    func suiteLoads() {
        #expect(Self.cases.count >= 15 && Self.cases.count == Conformance.cases("sse.json").count)
    }

    @Test("whole, byte by byte and at each split", arguments: cases)
    func decodes(_ item: Case) throws {
        let expected = try item.events.map { json in try #require(try AssistEvent(json: json), "an expected event of unknown kind") }
        var chunkings: [[[UInt8]]] = [[item.stream], item.stream.map { [$0] }]
        for offsets in item.splits {
            var chunks: [[UInt8]] = [], start = 0
            for offset in offsets + [item.stream.count] {
                chunks.append(Array(item.stream[start..<offset]))
                start = offset
            }
            chunkings.append(chunks)
        }
        for chunks in chunkings {
            var decoder = SSEDecoder()
            var events: [AssistEvent] = []
            for chunk in chunks {
                for event in try decoder.feed(chunk) {
                    guard let json = try? JSONParser.parse(event.data), let parsed = try? AssistEvent(json: json) else { continue }
                    events.append(parsed)
                }
            }
            decoder.finish()
            #expect(events == expected, "\(item.name) in \(chunks.count) chunks")
        }
    }
}
