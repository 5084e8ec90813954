import Foundation

/// Dates written in numbers: "on 7/19" (en-US, month first), "on 14/12" (en-GB, day first), "20.07.2030" and "20.07"
/// (Turkish, day first), with "/" or "." between the parts and an optional four-digit year.
///
/// Folding splits "7/19" into the words "7" and "19", so the parts are found by the separator between them in the
/// text, and written back as a day and a month's name ("19 jul") the date words already read. The word count stays the
/// same, so the places' positions in the words still hold.
///
/// The order of day and month is the locale's: month first in en-US, day first elsewhere. Without a locale (or in
/// one that writes either, en-CA) only a date whose order the numbers decide is read ("7/19", "14/12"), never "5/6".
/// A date its order makes impossible ("13/13", "31/2", "7/19" in en-GB) is not read; neither is a number that is
/// something else: a fraction ("1/2 price", "2 1/2 weeks", "1/3 of"), an amount ("12.10 TL", "$4.50"), a time
/// ("saat 10.10", "at 9.15").
enum NumericDates {
    enum Order: Sendable { case monthFirst, dayFirst }

    /// The order a locale writes a date's day and month in: month first in the United States (and the places that
    /// follow its usage), day first in every other locale with a region; nil for none or one that writes both (en-CA).
    static func order(locale: String?) -> Order? {
        guard let locale else { return nil }
        let parts = locale.split { $0 == "-" || $0 == "_" }.map { $0.lowercased() }
        guard parts.count >= 2, let region = parts.last else { return parts.first == "tr" ? .dayFirst : nil }
        if ["us", "ph", "fm", "mh", "pw", "as", "gu", "pr", "vi", "um"].contains(region) { return .monthFirst }
        return region == "ca" ? nil : .dayFirst
    }

    /// The month names `DateWords.month` reads, by number, to write a numeric date back as words.
    static let monthWords = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Words after a number that make it a fraction or an amount, not a date: "1/2 price", "1/2 off", "2/3 of".
    static let notAfterDate: Set<String> = [
        "price", "prices", "off", "of", "fare", "fares", "hour", "hours", "hr", "hrs", "day", "days", "week", "weeks", "night",
        "nights", "mile", "miles", "km", "kg", "lb", "lbs", "percent", "saat", "gun", "hafta", "gece", "fiyat", "fiyatina", "indirim",
        "indirimli",
    ]
    /// Words before a number that make it a time or an amount: "saat 10.10", "at 9.15", "USD 12.10".
    static let notBeforeDate: Set<String> = ["saat", "at", "usd", "eur", "gbp", "tl"]

    /// `words` (`TextMatching.words(text)`) with each numeric date of `text` written as its day and month's name,
    /// read in `order`; everything else as it was.
    static func spelled(_ words: [String], in text: String, order: Order?) -> [String] {
        let gaps = separators(before: text)
        guard gaps.count == words.count else { return words }
        let order = order ?? settledOrder(words, gaps)
        var out = words
        var index = 0
        while index + 1 < words.count {
            let separator = gaps[index + 1]
            guard ["/", "."].contains(separator), let first = number(words[index], digits: 1...2), let second = number(words[index + 1], digits: 1...2),
                  isOnItsOwn(words, gaps, at: index) else {
                index += 1
                continue
            }
            // A third part joined the same way is the year, four digits; any other third part is no date ("1.2.3").
            var year: Int?
            var end = index + 2
            if end < words.count, gaps[end] == separator {
                guard let written = number(words[end], digits: 4...4) else {
                    index = end
                    continue
                }
                year = written
                end += 1
            }
            if end < words.count, notAfterDate.contains(words[end]) || SearchParser.currency(words[end]) != nil {
                index = end
                continue
            }
            if let (day, month) = dayAndMonth(first, second, order: order, year: year) {
                out[index] = String(day)
                out[index + 1] = monthWords[month - 1]
            }
            index = end
        }
        return out
    }

    /// The order a text's own dates settle where its locale gives none: "5/20 to 6/3" writes the month first, since 20
    /// is no month, so 6/3 is June 3 (a writer keeps one order). Nil when no date settles it, or two settle both.
    private static func settledOrder(_ words: [String], _ gaps: [String]) -> Order? {
        var settled: Set<Order> = []
        for index in words.indices.dropLast() where ["/", "."].contains(gaps[index + 1]) && isOnItsOwn(words, gaps, at: index) {
            guard let first = number(words[index], digits: 1...2), let second = number(words[index + 1], digits: 1...2),
                  (1...31).contains(first), (1...31).contains(second) else { continue }
            if first > 12, second <= 12 { settled.insert(.dayFirst) }
            if second > 12, first <= 12 { settled.insert(.monthFirst) }
        }
        return settled.count == 1 ? settled.first : nil
    }

    /// Whether the number at `index` stands on its own: not after another number ("2 1/2", "1.2/3"), a time or money
    /// word ("saat 10.10", "USD 12.10"), nor after a currency sign ("$4.50"). A dash or a comma between it and the number
    /// before sets it apart: "2/6 - 9/6", "7/19, 7/26" are two dates.
    private static func isOnItsOwn(_ words: [String], _ gaps: [String], at index: Int) -> Bool {
        guard !gaps[index].contains(where: { "$£€₺".contains($0) }) else { return false }
        guard index > 0 else { return true }
        let apart = gaps[index].contains { "-–—,".contains($0) }
        return (Int(words[index - 1]) == nil || apart) && !notBeforeDate.contains(words[index - 1])
    }

    /// `first` and `second` as (day, month) in `order`, or in the only order they can take when `order` is nil; nil when
    /// that is no day of the year (with `year`, of that year: 29/2 only in a leap year).
    static func dayAndMonth(_ first: Int, _ second: Int, order: Order?, year: Int?) -> (day: Int, month: Int)? {
        let candidates: [(Int, Int)]
        switch order {
        case .monthFirst: candidates = [(second, first)]
        case .dayFirst: candidates = [(first, second)]
        // "11.11": both orders are the same day.
        case nil: candidates = (first == second ? [(first, second)] : [(first, second), (second, first)]).filter { isDay($0.0, $0.1, year: year) }
        }
        guard candidates.count == 1, let (day, month) = candidates.first, isDay(day, month, year: year) else { return nil }
        return (day, month)
    }

    /// Whether `day` exists in `month` (of `year`; without one, Feb 29 is not taken: the year the date falls in may
    /// have none).
    static func isDay(_ day: Int, _ month: Int, year: Int?) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = year.map { $0 % 4 == 0 && ($0 % 100 != 0 || $0 % 400 == 0) } ?? false
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// A word of ASCII digits of a length in `digits`, as a number.
    private static func number(_ word: String, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(word.count), word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(word)
    }

    /// The characters of the folded `text` before each of its words (`TextMatching.words`), trimmed of spaces: "" between
    /// words apart, "/" in "7/19".
    static func separators(before text: String) -> [String] {
        var gaps: [String] = []
        var gap = "", inWord = false
        for character in TextMatching.fold(text) {
            if character.isLetter || character.isNumber {
                if !inWord { gaps.append(gap.trimmingCharacters(in: .whitespacesAndNewlines)) }
                inWord = true
                gap = ""
            } else {
                inWord = false
                gap.append(character)
            }
        }
        return gaps
    }
}
