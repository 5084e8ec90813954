import AssistGateway
import AssistWire
import Foundation
import Testing

/// The inputs kept for feedback, in one buffer: what goes in comes back whole, and the bounds (count, age, bytes)
/// drop the oldest first, through many compactions of the buffer.
@Suite("RecentRequests")
struct RecentRequestsTests {
    @Test("an input comes back as it was given: nested values, the locale, the time")
    func roundTrip() {
        let at = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456)
        let recent = RecentRequests(clock: ManualWallClock(at))
        let input: [String: JSONValue] = ["message": "Bagaj hakkım ne kadar?", "trip": ["legs": [1, 2.5, true, .null], "note": "ü\"\\"]]
        recent.remember("req_1", input: input, locale: "tr-TR")
        recent.remember("req_2", input: [:], locale: "en-US")
        #expect(recent.entry(for: "req_1") == RecentRequests.Entry(input: input, locale: "tr-TR", at: at))
        #expect(recent.entry(for: "req_2") == RecentRequests.Entry(input: [:], locale: "en-US", at: at))
        #expect(recent.entry(for: "req_3") == nil)
        #expect(recent.entry(for: "req_") == nil)
    }

    @Test("past the capacity the oldest go, through many compactions of the buffer; the newest stay findable")
    func capacityOverManyCompactions() {
        let recent = RecentRequests(capacity: 100, clock: ManualWallClock(Date()))
        for index in 0..<20_000 { recent.remember("req_\(index)", input: ["n": .number(Double(index))], locale: "en-US") }
        #expect(recent.count == 100)
        #expect(recent.entry(for: "req_19899") == nil)
        for index in 19_900..<20_000 { #expect(recent.entry(for: "req_\(index)")?.input["n"] == .number(Double(index))) }
    }

    @Test("past maxBytes the oldest go; an entry larger than maxBytes alone is not kept")
    func byteBound() {
        let recent = RecentRequests(maxBytes: 1_000, clock: ManualWallClock(Date()))
        let text = String(repeating: "x", count: 200)
        for index in 0..<10 { recent.remember("r\(index)", input: ["t": .string(text)], locale: "en-US") }
        #expect((3...4).contains(recent.count), "\(recent.count)")
        #expect(recent.entry(for: "r9") != nil && recent.entry(for: "r5") == nil)
        recent.remember("huge", input: ["t": .string(String(repeating: "y", count: 2_000))], locale: "en-US")
        #expect(recent.entry(for: "huge") == nil)
        #expect(recent.entry(for: "r9") != nil)
    }
}
