import AssistEvaluation
import Testing

@Suite("Clock times and flight numbers in text")
struct ClockTimeTests {
    func times(_ text: String) -> [String] { ClockTime.all(in: text).map(\.description) }

    @Test("14:40, 14.40, 2:40 pm, 2.40 p.m., 2 PM and 14h40 are read as times")
    func formats() {
        #expect(times("kalkış 14:40, iniş 17.25") == ["14:40", "17:25"])
        #expect(times("leaves at 2:40 pm and lands at 5:25 PM") == ["14:40", "17:25"])
        #expect(times("at 2.40 p.m., then 12:05 am") == ["14:40", "00:05"])
        #expect(times("around 2 pm or 11am") == ["14:00", "11:00"])
        #expect(times("départ à 14h40") == ["14:40"])
        #expect(times("İstanbul'dan 09:05'te") == ["09:05"])
        #expect(times("12 pm is noon, 12 am is midnight") == ["12:00", "00:00"])
    }

    @Test("dates, prices, counts and versions are not times")
    func notTimes() {
        #expect(times("14.10.2026 tarihinde") == [])
        #expect(times("on 14/10 and 2026-10-14") == [])
        #expect(times("1.250,40 TL and 6 EUR") == [])
        #expect(times("2 çocuk, 3 gece") == [])
        #expect(times("version 3:2:1 and 25:00 and 14:7") == [])
        #expect(times("13 pm") == [])
    }

    @Test("flight numbers with or without a space, one to four digits")
    func flightNumbers() {
        #expect(FlightNumber.all(in: "TK1759, TK 4 and PC752; BA 479.") == ["TK1759", "TK4", "PC752", "BA479"])
        #expect(FlightNumber.all(in: "LHR 09:05, IST and 2 adults") == [])
        #expect(FlightNumber.all(in: "U2 8123 and W61234") == ["U28123", "W61234"])
    }
}
