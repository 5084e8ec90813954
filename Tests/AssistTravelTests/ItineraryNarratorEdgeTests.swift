@testable import AssistTravel
import AssistWire
import Testing

/// The narrator on facts the travel data does not have: cities without a checked Turkish name, airports
/// without a city, two-day shifts, legs that do not connect, unreadable times; and its Turkish endings and date
/// arithmetic on their own.
@Suite("Itinerary narrator edges")
struct ItineraryNarratorEdgeTests {
    static func segment(_ flight: String, _ from: String, _ to: String, _ departure: String, _ arrival: String,
                        fromCity: String? = nil, toCity: String? = nil, status: String = "confirmed") -> JSONValue {
        var object: [String: JSONValue] = ["flight": .string(flight), "from": .string(from), "to": .string(to),
                                           "departure": .string(departure), "arrival": .string(arrival), "status": .string(status)]
        if let fromCity { object["fromCity"] = .string(fromCity) }
        if let toCity { object["toCity"] = .string(toCity) }
        return .object(object)
    }

    static func facts(_ segments: [JSONValue], status: String = "confirmed") -> JSONValue {
        ["booking": ["id": "BK-9000", "version": 1, "status": .string(status), "segments": .array(segments),
                     "travellers": [["name": "Ada Lovelace", "type": "adult"]], "hotels": []]]
    }

    @Test("a city without checked Turkish endings is named with labels, not a guessed suffix; an unknown city by its code")
    func unknownCities() throws {
        let facts = Self.facts([Self.segment("AF1234", "NCE", "XYZ", "2026-05-01T10:00:00+02:00", "2026-05-01T12:30:00+02:00", fromCity: "Nice")])
        let turkish = try #require(ItineraryNarrator.narration(facts: facts, locale: "tr-TR"))
        #expect(turkish.contains("AF1234 sefer sayılı uçuşunuzun bilgileri (1 Mayıs 2026): kalkış Nice (NCE), yerel saatle 10:00; varış XYZ, yerel saatle 12:30."))
        #expect(!turkish.contains("Nice'"))
        let english = try #require(ItineraryNarrator.narration(facts: facts, locale: "en-GB"))
        #expect(english.contains("Flight AF1234 from Nice (NCE) to XYZ on 1 May 2026 departs at 10:00 and arrives at 12:30 local time."))
    }

    @Test("an arrival two local days later, and one a day earlier across the date line")
    func dayShifts() throws {
        let later = Self.facts([Self.segment("NZ1", "HNL", "AKL", "2026-01-01T23:00:00-10:00", "2026-01-03T05:00:00+13:00")])
        #expect(ItineraryNarrator.narration(facts: later, locale: "en-US")?.contains("arrives at 05:00 local time on January 3, 2026 (+2 days).") == true)
        #expect(ItineraryNarrator.narration(facts: later, locale: "tr-TR")?.contains("varış AKL, 2 gün sonra (3 Ocak 2026) yerel saatle 05:00.") == true)
        let earlier = Self.facts([Self.segment("NZ2", "AKL", "HNL", "2026-01-05T09:00:00+13:00", "2026-01-04T19:00:00-10:00")])
        #expect(ItineraryNarrator.narration(facts: earlier, locale: "en-GB")?.contains("the day before, 4 January 2026 (-1 day).") == true)
        #expect(ItineraryNarrator.narration(facts: earlier, locale: "tr-TR")?.contains("varış HNL, bir gün önce (4 Ocak 2026) yerel saatle 19:00.") == true)
    }

    @Test("no connection between legs at different airports, more than a day apart, or with a cancelled leg; minutes only when short")
    func connections() throws {
        func connectionLines(_ segments: [JSONValue], status: String = "confirmed") throws -> [Substring] {
            let text = try #require(ItineraryNarrator.narration(facts: Self.facts(segments, status: status), locale: "en-GB"))
            return text.split(separator: "\n").filter { $0.hasPrefix("In ") }
        }
        let first = Self.segment("TK1", "LHR", "IST", "2026-09-08T09:05:00+01:00", "2026-09-08T14:55:00+03:00")
        let quick = Self.segment("TK2", "IST", "DXB", "2026-09-08T15:40:00+03:00", "2026-09-08T20:15:00+04:00")
        #expect(try connectionLines([first, quick]).first?.contains("with 45 minutes between") == true)
        let elsewhere = Self.segment("TK3", "SAW", "DXB", "2026-09-08T17:10:00+03:00", "2026-09-08T22:15:00+04:00")
        #expect(try connectionLines([first, elsewhere]).isEmpty)
        let nextWeek = Self.segment("TK4", "IST", "DXB", "2026-09-15T17:10:00+03:00", "2026-09-15T22:15:00+04:00")
        #expect(try connectionLines([first, nextWeek]).isEmpty)
        let cancelled = Self.segment("TK5", "IST", "DXB", "2026-09-08T17:10:00+03:00", "2026-09-08T22:15:00+04:00", status: "cancelled")
        #expect(try connectionLines([first, cancelled]).isEmpty)
        let onTime = Self.segment("TK6", "IST", "DXB", "2026-09-08T15:55:00+03:00", "2026-09-08T20:15:00+04:00")
        #expect(try connectionLines([first, onTime]).first?.contains("with 1 hour between") == true)
        #expect(try connectionLines([first, onTime], status: "cancelled").isEmpty)
    }

    @Test("in a cancelled booking every leg is said as cancelled, even one whose own status is confirmed", arguments: ["en-US", "en-GB", "tr-TR"])
    func cancelledBooking(locale: String) throws {
        let leg = Self.segment("TK1", "IST", "LIS", "2026-10-14T14:40:00+03:00", "2026-10-14T17:25:00+01:00", fromCity: "Istanbul", toCity: "Lisbon")
        let text = try #require(ItineraryNarrator.narration(facts: Self.facts([leg], status: "cancelled"), locale: locale))
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.contains("TK1") }.allSatisfy { $0.contains(locale.hasPrefix("tr") ? "iptal" : "cancel") }, "\(text)")
        #expect(lines.first?.contains(locale.hasPrefix("tr") ? "iptal edildi" : "has been cancel") == true, "\(text)")
        #expect(!text.contains("departs at") && !text.contains("gidiyor"))
    }

    @Test("facts with an unreadable time or date give no narration rather than a partial one; other languages none")
    func unreadable() {
        let broken = Self.facts([Self.segment("TK1", "IST", "LIS", "14:40", "2026-10-14T17:25:00+01:00")])
        #expect(ItineraryNarrator.narration(facts: broken, locale: "en-US") == nil)
        let badHotel: JSONValue = ["booking": ["id": "BK-1", "status": "confirmed", "segments": [], "travellers": [],
                                "hotels": [["name": "H", "city": "Rome", "checkIn": "2026-02-30", "checkOut": "2026-03-02"]]]]
        #expect(ItineraryNarrator.narration(facts: badHotel, locale: "en-US") == nil)
        #expect(ItineraryNarrator.narration(facts: ["nothing": true], locale: "en-US") == nil)
        #expect(ItineraryNarrator.narration(facts: Self.facts([]), locale: "fr-FR") == nil)
    }

    @Test("Turkish case endings by vowel harmony and consonant hardening, with the apostrophe")
    func turkishEndings() {
        let expected: [(String, String, String)] = [
            ("İstanbul", "İstanbul'dan", "İstanbul'a"), ("Lizbon", "Lizbon'dan", "Lizbon'a"),
            ("Antalya", "Antalya'dan", "Antalya'ya"), ("Dubai", "Dubai'den", "Dubai'ye"),
            ("Londra", "Londra'dan", "Londra'ya"), ("Roma", "Roma'dan", "Roma'ya"),
            ("Barselona", "Barselona'dan", "Barselona'ya"), ("New York", "New York'tan", "New York'a"),
            ("Paris", "Paris'ten", "Paris'e"), ("Berlin", "Berlin'den", "Berlin'e"),
            ("Münih", "Münih'ten", "Münih'e"), ("Frankfurt", "Frankfurt'tan", "Frankfurt'a"),
            ("İzmir", "İzmir'den", "İzmir'e"), ("Ankara", "Ankara'dan", "Ankara'ya"),
            ("Amsterdam", "Amsterdam'dan", "Amsterdam'a"), ("Atina", "Atina'dan", "Atina'ya"),
            ("Viyana", "Viyana'dan", "Viyana'ya"), ("Moskova", "Moskova'dan", "Moskova'ya"),
            ("Madrid", "Madrid'den", "Madrid'e"), ("Milano", "Milano'dan", "Milano'ya"),
        ]
        for (name, from, to) in expected {
            #expect(TurkishPlaceNames.ablative(name) == from)
            #expect(TurkishPlaceNames.dative(name) == to)
        }
        #expect(TurkishPlaceNames.name(of: "Lisbon") == "Lizbon")
        #expect(TurkishPlaceNames.name(of: "Nice") == nil)
        // The narrator puts endings only on the table's names, and every one of them is checked above.
        #expect(Set(TurkishPlaceNames.names.values) == Set(expected.map(\.0)))
    }

    @Test("instants from ISO times with offsets; local dates and the days between them")
    func dateArithmetic() throws {
        let landed = try #require(LocalTime.instant("2026-09-08T14:55:00+03:00"))
        let left = try #require(LocalTime.instant("2026-09-08T09:05:00+01:00"))
        #expect(landed - left == 3 * 3_600 + 50 * 60)
        #expect(LocalTime.instant("2026-09-08T11:55:00Z") == landed)
        #expect(LocalTime.instant("2026-09-08T07:25-04:30") == landed)
        #expect(LocalTime.instant("2026-09-08T14:55") == nil)
        #expect(LocalTime.instant("2026-09-08T14:55:00+3") == nil)
        let checkIn = try #require(LocalDate("2026-02-27"))
        #expect(checkIn.days(until: try #require(LocalDate("2026-03-02"))) == 3)
        #expect(try #require(LocalDate("2028-02-27")).days(until: try #require(LocalDate("2028-03-02"))) == 4)
        #expect(LocalDate("2026-02-29") == nil)
        #expect(LocalDate("2026-13-01") == nil)
        #expect(LocalDate("2026-10-14T14:40:00+03:00") == LocalDate("2026-10-14"))
    }
}
