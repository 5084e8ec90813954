@testable import AssistTravel
import Foundation
import Testing

@Suite("Local times with offsets")
struct LocalTimeTests {
    /// The oracle: Foundation's formatter, slow but trusted.
    func viaFormatter(_ local: String, _ zone: String) throws -> String {
        let timeZone = try #require(TimeZone(identifier: zone))
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = timeZone
        parser.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let printer = ISO8601DateFormatter()
        printer.timeZone = parser.timeZone
        printer.formatOptions = [.withInternetDateTime]
        return printer.string(from: try #require(parser.date(from: local)))
    }

    @Test("every time in the travel data matches Foundation's formatter")
    func matchesFoundation() throws {
        let data = try TravelData.builtin()
        let zones = Dictionary(uniqueKeysWithValues: data.airports.map { ($0.code, $0.timeZone) })
        var checked = 0
        for segment in data.bookings.flatMap(\.segments) {
            for (time, airport) in [(segment.departureLocal, segment.from), (segment.arrivalLocal, segment.to)] {
                let zone = try #require(zones[airport])
                #expect(LocalTime.iso8601(time, timeZone: zone) == (try viaFormatter(time, zone)), "\(time) \(zone)")
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    @Test("summer and winter offsets, both sides of UTC, and input that is not a local time")
    func edges() {
        #expect(LocalTime.iso8601("2026-03-29T03:30", timeZone: "Europe/Lisbon") == "2026-03-29T03:30:00+01:00")
        #expect(LocalTime.iso8601("2026-01-10T08:00", timeZone: "Europe/Lisbon") == "2026-01-10T08:00:00+00:00")
        #expect(LocalTime.iso8601("2026-01-10T08:00", timeZone: "America/New_York") == "2026-01-10T08:00:00-05:00")
        #expect(LocalTime.iso8601("2026-01-10T08:00", timeZone: "Asia/Kolkata") == "2026-01-10T08:00:00+05:30")
        #expect(LocalTime.iso8601("2026-13-10T08:00", timeZone: "Europe/Lisbon") == nil)
        #expect(LocalTime.iso8601("2026-01-10 08:00", timeZone: "Europe/Lisbon") == nil)
        #expect(LocalTime.iso8601("2026-01-10T08:00", timeZone: "Mars/Olympus") == nil)
        #expect(LocalTime.iso8601("2026-01-10T08:00", timeZone: nil) == nil)
    }
}
