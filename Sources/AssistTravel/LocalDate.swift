/// A calendar date as the travel data writes it ("2026-10-14", or the date of a local time
/// "2026-10-14T14:40:00+03:00"), read without a calendar object.
///
/// The narrator says dates and counts days with it (the day an arrival falls on, the nights of a stay).
/// The dates are local to a place already, so no time zone is involved: two local dates compare as written.
/// Parsed by hand for the same reason as `LocalTime`: it runs for every itinerary request.
struct LocalDate: Sendable, Hashable, Comparable {
    let year: Int
    let month: Int
    let day: Int

    /// The date of "yyyy-MM-dd…" (the first ten characters); nil when they are not a valid date.
    init?(_ text: String) {
        let bytes = Array(text.utf8.prefix(10))
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? { LocalTime.decimal(bytes[range]) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              (1...12).contains(month), (1...Self.length(ofMonth: month, in: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01.
    var dayNumber: Int { LocalTime.daysFromCivil(year: year, month: month, day: day) }

    /// Whole days from `self` to `later` (negative when `later` is earlier): 1 for an arrival the next day.
    func days(until later: LocalDate) -> Int { later.dayNumber - dayNumber }

    static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }

    private static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
