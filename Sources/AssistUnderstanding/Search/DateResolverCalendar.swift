public import Foundation

/// The day arithmetic `DateResolver` reads dates with: a range of days in a month, a whole month, the coming weekend,
/// weekday, week or numbered day, all in UTC on the Gregorian calendar, and dates written as YYYY-MM-DD.
extension DateResolver {
    func range(from first: Int, to last: Int, month: Int, year: Int?) -> Range? {
        let resolvedYear = year ?? nextYear(month: month, day: first)
        guard let start = calendar.date(from: DateComponents(year: resolvedYear, month: month, day: first)),
              let end = calendar.date(from: DateComponents(year: resolvedYear, month: month, day: max(first, last))) else { return nil }
        return Range(from: iso(start), to: iso(end))
    }

    func wholeMonth(_ month: Int, year: Int?) -> Range? {
        let components = calendar.dateComponents([.year, .month], from: today)
        let resolvedYear = year ?? (month >= components.month! ? components.year! : components.year! + 1)
        return self.month(calendar.date(from: DateComponents(year: resolvedYear, month: month, day: 1))!)
    }

    func month(_ first: Date) -> Range {
        let last = calendar.date(byAdding: DateComponents(month: 1, day: -1), to: first)!
        return Range(from: iso(first), to: iso(last))
    }

    /// The year in which month/day is on or after today.
    func nextYear(month: Int, day: Int) -> Int {
        let year = calendar.component(.year, from: today)
        if let candidate = calendar.date(from: DateComponents(year: year, month: month, day: day)), candidate >= today { return year }
        return year + 1
    }

    func weekend(next: Bool) -> Range {
        let weekday = calendar.component(.weekday, from: today)  // 1 = Sunday … 7 = Saturday
        var saturday = add(days: (7 - weekday) % 7, to: today)
        if weekday == 1 { saturday = add(days: -1, to: today) }  // on Sunday, "this weekend" is the one under way
        if next { saturday = add(days: 7, to: saturday) }
        return Range(from: iso(max(saturday, today)), to: iso(add(days: 1, to: saturday)))
    }

    /// The first `weekday` (1 = Sunday … 7 = Saturday) after `date`, or on it when `includingIt` (as dateparser
    /// reads "friday" and "this friday").
    func weekday(_ weekday: Int, after date: Date, includingIt: Bool) -> Date {
        let current = calendar.component(.weekday, from: date)
        let ahead = (weekday - current + 7) % 7
        return add(days: ahead == 0 && !includingIt ? 7 : ahead, to: date)
    }

    /// The last `weekday` before `date`, never `date` itself ("the Wednesday before Thanksgiving").
    func weekday(_ weekday: Int, before date: Date) -> Date {
        let back = (calendar.component(.weekday, from: date) - weekday + 7) % 7
        return add(days: -(back == 0 ? 7 : back), to: date)
    }

    /// `weekday` in the Monday-to-Sunday week after the one holding `date`.
    func weekday(_ weekday: Int, inWeekAfter date: Date) -> Date {
        let current = calendar.component(.weekday, from: date)
        let nextMonday = add(days: (9 - current) % 7 == 0 ? 7 : (9 - current) % 7, to: date)
        return add(days: (weekday + 5) % 7, to: nextMonday)
    }

    /// Next Monday-to-Sunday week, or the one `after` weeks later ("the week after next": 1).
    func nextWeek(after weeks: Int = 0) -> Range {
        let weekday = calendar.component(.weekday, from: today)
        let monday = add(days: ((9 - weekday) % 7 == 0 ? 7 : (9 - weekday) % 7) + 7 * weeks, to: today)
        return Range(from: iso(monday), to: iso(add(days: 6, to: monday)))
    }

    /// The next day numbered `day` on or after today: this month's if it has not passed (and exists), else the
    /// first month after that has one.
    func nextDay(numbered day: Int) -> Range? {
        var month = startOfMonth(today)
        for _ in 0..<3 {
            var components = calendar.dateComponents([.year, .month], from: month)
            components.day = day
            if let date = calendar.date(from: components), calendar.component(.month, from: date) == components.month, date >= today {
                return self.day(date)
            }
            month = calendar.date(byAdding: .month, value: 1, to: month)!
        }
        return nil
    }

    func startOfMonth(_ date: Date) -> Date {
        calendar.date(from: calendar.dateComponents([.year, .month], from: date))!
    }

    func day(_ date: Date) -> Range { Range(from: iso(date), to: iso(date)) }
    func add(days: Int, to date: Date) -> Date { calendar.date(byAdding: .day, value: days, to: date)! }

    func iso(_ date: Date) -> String { Self.iso(date) }

    /// `date` as YYYY-MM-DD in UTC, the form every date of a question and a transaction is written in.
    public static func iso(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    /// Today in UTC, as YYYY-MM-DD: the day a question is relative to when the caller does not say.
    public static var todayUTC: String { iso(Date()) }
}
