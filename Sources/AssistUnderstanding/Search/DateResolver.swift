public import Foundation

/// Dates in English and Turkish travel requests, resolved against a given "today": a day with its month
/// ("14 ekimde", "October 14th", "april sixth", "the twenty-first of June"), a month ("in October", "ekimde"),
/// day and month ranges ("10-14 October", "from March to May", "haziran ile ağustos arası"), weekdays ("on
/// wednesday", "next friday", "cumaya", "haftaya salı") and relative expressions (tomorrow / yarın, this or
/// next weekend / bu ya da gelecek hafta sonu, next week / haftaya, next month / gelecek ay, in 3 days / 3 gün
/// sonra), and numeric dates in the request's locale ("7/19" in en-US, "14/12" in en-GB, "20.07.2030", `NumericDates`).
/// A day or month without a year is the next one on or after today; a weekday, the next one after it.
/// Text after a return marker ("returning", "back on", "dönüş", "come home" after a dated departure) gives the return range; so do a second day ("Dec 19
/// to Dec 28") and a trip's length after a departure day ("for a week", "1 haftalığına").
public struct DateResolver: Sendable {
    public struct Range: Sendable, Equatable, CustomStringConvertible {
        /// Inclusive ISO dates.
        public var from: String
        public var to: String
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
        public var description: String { "\(from)…\(to)" }
    }

    public let today: Date
    let calendar: Calendar
    /// The order the request's locale writes a date's day and month in, for numeric dates ("7/19", "14/12").
    let numericOrder: NumericDates.Order?

    /// `today` as YYYY-MM-DD; `locale` (such as en-US, en-GB, tr-TR) the request's, which says how a numeric date is
    /// read (`NumericDates`): without one, only a date whose order its numbers decide.
    public init?(today iso: String, locale: String? = nil) {
        self.init(today: iso, order: NumericDates.order(locale: locale))
    }

    init?(today iso: String, order: NumericDates.Order?) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) else { return nil }
        self.today = date
        self.calendar = calendar
        self.numericOrder = order
    }

    /// Words that take back what came before them: "no wait", "i mean", "make that", Turkish "yok" ("yok yok", "cuma...
    /// yok, perşembe"), "pardon", and "değil" (not) after what it takes back ("geçen ay değil bu ay").
    static let corrections: [[String]] = [
        ["no", "wait"], ["wait", "no"], ["i", "mean"], ["make", "that"], ["or", "rather"], ["sorry"], ["actually"],
        ["yok"], ["pardon"], ["hayir"], ["degil"],
    ]

    /// The words of the last correction in `words`, folded (`corrections`).
    public static func lastCorrection(in words: [String]) -> (start: Int, end: Int)? {
        var marker: (start: Int, end: Int)?
        for index in words.indices {
            for correction in corrections where words[index...].starts(with: correction) {
                marker = (index, index + correction.count)
            }
        }
        return marker
    }

    /// `words` (read for dates only) with the words before the last correction blanked, when both sides of it name a
    /// date and no word a return ("on memorial day? no wait, tuesday" departs on Tuesday; "actually, next friday" alone
    /// is a plain date; "out june 5, back june 12, no wait, june 14" is left as written: what it takes back is unclear).
    func corrected(_ words: [String]) -> [String] {
        guard let marker = Self.lastCorrection(in: words), marker.end < words.count else { return words }
        let before = Array(words[..<marker.start]), after = Array(words[marker.end...])
        guard !words.contains(where: Self.isReturnMarker), resolve(words: before) != nil, resolve(words: after) != nil else { return words }
        return Array(repeating: "", count: marker.end) + after
    }

    /// This resolver with `iso` as today: a date read from another ("back on the 21st" from the departure's day).
    func starting(_ iso: String) -> DateResolver? { DateResolver(today: iso, order: numericOrder) }

    /// Departure and return ranges found in `text`, outside the words of `places` and of `names`, word ranges that name
    /// something else (the places a text names are no dates: "Mar del Plata" is not March; nor is an airline's name:
    /// "Sunday Airlines").
    public func resolve(_ text: String, besides places: [Gazetteer.Mention] = [], names: [Swift.Range<Int>] = []) -> (departure: Range?, return: Range?) {
        let folded = Self.blankingNamesBeforeApostrophes(TextMatching.words(text), in: text)
        var words = Gazetteer.words(NumericDates.spelled(Self.blankingTurkishMonthsInEnglish(folded), in: text, order: numericOrder), besides: places)
            .map(DateWords.spelledWithSlip)
        for index in names.joined() where index < words.count { words[index] = "" }
        // "Enterprise AL sat": a US state's code after its place is the place's, so a weekday's abbreviation after it
        // stands right after the place, as in "Edinburgh to Bergerac sat".
        for place in places where place.city.country == "US" {
            let code = place.position + place.length
            if code + 1 < words.count, words[code].uppercased() == place.city.region, DateWords.weekdayAbbreviations[words[code + 1]] != nil {
                words[code] = ""
            }
        }
        // "on memorial day? no wait, tuesday": a date after a correction replaces the one before it (`corrected`).
        words = corrected(words)
        // "gidiş dönüş" (round trip) and a "return" before the dates that another marker follows ("BA return Heathrow to
        // Zurich, out Thursday 20 Oct, back Sunday the 23rd") are the kind of ticket, no return marker.
        if let marker = words.indices.first(where: { (Self.isReturnMarker(words[$0]) && !($0 > 0 && words[$0 - 1] == "gidis")
            && !namesTicketKind(words, at: $0)) || isHomeward(words, at: $0) }) {
            let departure = resolve(words: Array(words[..<marker]))
            // The return is read from the departure on: "back on the 21st" after a March departure is March's 21st.
            let fromDeparture = departure.flatMap { starting($0.from) } ?? self
            let back = fromDeparture.resolve(words: Array(words[(marker + 1)...]))
            if back == nil, marker > 0 {
                // Turkish puts the date first: "20 ekimde dönüş". Take the last date before the marker, in the
                // fewest words that make one ("14 martta, 21 martta dönüş": "21 martta", not "martta 21 martta").
                // The return is read from the departure, as above: "5 nisanda gidip 15'inde döneceğim" is April's 15th.
                for length in [2, 3, 1] where marker - length >= 0 {
                    let departure = resolve(words: Array(words[..<(marker - length)]))
                    let fromDeparture = departure.flatMap { starting($0.from) } ?? self
                    guard let last = fromDeparture.resolve(words: Array(words[(marker - length)..<marker])) else { continue }
                    return (departure, last)
                }
                // "5 haziran çıkış, bir hafta kalıp döneceğiz": no date before the marker, but a stay's length, counted from
                // a departure of one day (`DateWords.tripLength`).
                if let departure, departure.from == departure.to, let length = DateWords.tripLength(Array(words[..<marker])),
                   let start = starting(departure.from) {
                    return (departure, start.day(start.add(days: length, to: start.today)))
                }
                return (departure, nil)
            }
            return (departure, back)
        }
        return tripDays(words) ?? (resolve(words: words), nil)
    }

    /// Words joining two months into a range: "from March to May", "between June and August", "haziran ile ağustos".
    static let rangeJoiners: Set<String> = ["to", "through", "thru", "until", "till", "and", "ile"]

    /// The first date expression in `words`.
    func resolve(words: [String]) -> Range? {
        let words = DateWords.spellingSlashedShorthand(DateWords.numberingOrdinals(words).map { DateWords.shorthand[$0] ?? $0 })
        for (index, word) in words.enumerated() {
            let next = index + 1 < words.count ? words[index + 1] : ""
            let afterNext = index + 2 < words.count ? words[index + 2] : ""
            let previous = index > 0 ? words[index - 1] : ""
            // "three weeks from today", "a week from now", "10 days from tomorrow": that many days on from the day named
            // ("for a week from today" is a stay's length, starting today).
            if previous != "for", let count = ["a", "one"].contains(word) ? 1 : Self.count(word), let unit = ["day": 1, "days": 1, "week": 7, "weeks": 7][next],
               afterNext == "from", index + 3 < words.count, let from = ["today": 0, "now": 0, "tomorrow": 1][words[index + 3]] {
                return day(add(days: count * unit + from, to: today))
            }
            if word == "today" || word == "bugun" || word == "bugunku" { return day(today) }
            // "between Dec 10 and Dec 12": one range of departure days, each end a day of its own.
            if word == "between", let range = between(words, at: index) { return range }
            // "the day before Thanksgiving", "the day after Christmas": the day the rest names, one day moved.
            if word == "day", next == "before" || next == "after", index + 2 < words.count, words[index + 2] != "tomorrow",
               let named = resolve(words: Array(words[(index + 2)...])), named.from == named.to, let date = starting(named.from) {
                return day(add(days: next == "before" ? -1 : 1, to: date.today))
            }
            // "week commencing 7 November", "w/c 7 Nov", "the week beginning Monday 7th": that day and the six after it; not
            // a trip's length ("for a week beginning 24 September" is a week's stay from the 24th, `tripDays`).
            if word == "commencing" || word == "beginning", previous == "week", !(index >= 2 && ["a", "one", "for", "bir"].contains(words[index - 2])),
               index + 1 < words.count, let named = resolve(words: Array(words[(index + 1)...])), named.from == named.to, let start = starting(named.from) {
                return Range(from: named.from, to: iso(add(days: 6, to: start.today)))
            }
            if (word == "after" && previous == "day" && next == "tomorrow") || (word == "obur" && next == "gun")
                || (word == "yarindan" && ["sonra", "sonrasi", "sonraya", "sonrasina"].contains(next)) { return day(add(days: 2, to: today)) }
            if DateWords.tomorrow.contains(word) { return day(add(days: 1, to: today)) }
            // "bu gece", and "bu geceki" (tonight's: the adjective in -ki), today.
            if word == "tonight" || (["gece", "aksam", "geceki", "aksamki"].contains(word) && previous == "bu")
                || (["evening", "morning", "afternoon"].contains(word) && previous == "this") { return day(today) }
            if word == "ayin", let dayNumber = Self.dayNumber(next) { return nextDay(numbered: dayNumber) }  // "ayın 28'inde"
            // "15'inde", "20'sinde" (folded "15 inde"): a day of the month with the Turkish locative, the next one.
            if let dayNumber = Self.dayNumber(word), Int(word) != nil, DateWords.locatives.contains(next) { return nextDay(numbered: dayNumber) }
            if word == "weekend" || word == "haftasonu" { return weekend(next: ["next", "gelecek"].contains(previous)) }
            if word == "hafta", next == "sonu" || next == "sonunda" {
                return weekend(next: ["gelecek", "haftaya", "onumuzdeki"].contains(previous))
            }
            // "for Thanksgiving week, leaving Sat Nov 22": a day written out after a holiday is the day meant.
            if let holiday = DateWords.holiday(words, at: index), !Self.namesCalendarDay(words[(index + holiday.words.count)...]) {
                return self.holiday(holiday, year: Self.year(in: words))
            }
            if (word == "week" && next == "after" && afterNext == "next") || (word == "hafta" && previous == "obur") {
                return nextWeek(after: 1)  // "the week after next", "öbür hafta"
            }
            // "gelecek hafta cuma günü", "önümüzdeki hafta salı": that day of next week, as "haftaya salı" is.
            if word == "hafta", ["gelecek", "onumuzdeki"].contains(previous), let weekday = DateWords.weekday(next) {
                return day(self.weekday(weekday, inWeekAfter: today))
            }
            if (word == "week" && previous == "next") || (word == "haftaya" && next != "hafta" && DateWords.weekday(next) == nil)
                || (word == "hafta" && ["gelecek", "onumuzdeki"].contains(previous)) { return nextWeek() }
            if (word == "month" && previous == "next") || (word == "ay" && ["gelecek", "onumuzdeki"].contains(previous)) {
                return month(calendar.date(byAdding: .month, value: 1, to: startOfMonth(today))!)
            }
            if let count = word == "a" ? 1 : Self.count(word), let unit = ["day": 1, "days": 1, "week": 7, "weeks": 7, "fortnight": 14][next],
               previous == "in" {
                return day(add(days: count * unit, to: today))  // "in 3 days", "in two weeks", "in a fortnight"
            }
            if let count = word == "bir" ? 1 : Self.count(word), let unit = ["gun": 1, "hafta": 7][next],
               ["sonra", "sonrasina", "sonrasi", "sonraya"].contains(afterNext) {
                return day(add(days: count * unit, to: today))  // "3 gün sonra", "iki hafta sonra", "10 gün sonrasına"
            }
            // "sat morning", "on fri", "next tue": a weekday's abbreviation, beside a time of day or after a word that
            // introduces a day ("sun", "sat", "wed" are words too: "the sun", "I sat"); or ending a request of a few
            // words, not after an article or a pronoun ("Des Moines to Pensacola fri"), or right after a place (blanked
            // here: "Edinburgh to Bergerac sat, under 60 quid"); "sun" never (a sunny place is asked for "with sun",
            // "some sun"). A time may be qualified ("wed early morning") or on the clock ("sat am").
            let timeWords: Set<String> = ["morning", "afternoon", "evening", "night", "am", "pm"]
            let abbreviated = DateWords.weekdayAbbreviations[word].flatMap { weekday in
                ["on", "this", "next", "by", "until", "till", "every"].contains(previous) || timeWords.contains(next)
                    // "fri 6am", "wed 9 am": an hour on the clock right after it.
                    || Self.isClockTime(next) || Int(next).map({ (1...12).contains($0) }) == true && ["am", "pm"].contains(afterNext)
                    || ["early", "late"].contains(next) && timeWords.contains(afterNext)
                    || word != "sun" && index >= 2 && (index == words.count - 1 && !DateWords.beforeNoun.contains(previous) || previous.isEmpty)
                    ? weekday : nil
            }
            if let weekday = DateWords.weekday(word) ?? abbreviated {
                // "the wednesday before thanksgiving", "the Sunday after Christmas", "Monday after the 15th": the weekday
                // nearest before or after the day the rest names ("Friday before 10am" names none: the coming Friday).
                if next == "before" || next == "after", index + 2 < words.count, words[index + 2] != "next",
                   let named = resolve(words: Array(words[(index + 2)...])), named.from == named.to, let date = starting(named.from)?.today {
                    return day(next == "before" ? self.weekday(weekday, before: date) : self.weekday(weekday, after: date, includingIt: false))
                }
                // "Thursday the 18th of July", "Sunday the 21st", "Friday 5 May": the date after the weekday names the
                // day, read from there on (a weekday beside a count, "Friday 2 adults", is still the coming Friday).
                if datesTheWeekday(words, after: index) { continue }
                // "wednesday", "on friday", "next tuesday", "çarşamba", "cumaya": the next one after today; "this
                // friday", "bu cuma": today if it is one; "haftaya salı": that day of next week.
                if previous == "haftaya" { return day(self.weekday(weekday, inWeekAfter: today)) }
                return day(self.weekday(weekday, after: today, includingIt: previous == "this" || previous == "bu"))
            }
            if let dayNumber = Self.dayNumber(word) {
                // "10-14 october" / "10 to 14 october" / "14 october" / "14 ekimde"
                if let endDay = Self.dayNumber(next), let monthNumber = Self.month(afterNext) {
                    return range(from: dayNumber, to: endDay, month: monthNumber, year: Self.year(in: words))
                }
                if ["to", "ile", "and"].contains(next), index + 3 < words.count, let endDay = Self.dayNumber(words[index + 2]),
                   let monthNumber = Self.month(words[index + 3]) {
                    return range(from: dayNumber, to: endDay, month: monthNumber, year: Self.year(in: words))
                }
                if let monthNumber = Self.month(next) ?? (next == "of" ? Self.month(afterNext) : nil) {
                    return range(from: dayNumber, to: dayNumber, month: monthNumber, year: Self.year(in: words))
                }
                if previous == "the", word.contains(where: \.isLetter) {
                    return nextDay(numbered: dayNumber)  // "on the 20th": the next 20th, this month or the next
                }
                if Self.writtenOrdinal(word), DateWords.weekday(previous) != nil || DateWords.weekdayAbbreviations[previous] != nil {
                    return nextDay(numbered: dayNumber)  // "fri 24th", "Friday 24th": the weekday's next 24th
                }
            }
            if let monthNumber = Self.month(word) {
                // "October 14"; not "in December, 2 adults" nor "in february, 3 of us", where the number counts people. "March 24-27" (the dash
                // folds away) and "March 24 to 27" are the days from one to the other.
                if Self.monthBeforeDay(word) != nil, let dayNumber = Self.dayNumber(next), !DateWords.countsPeople(words, at: index + 1) {
                    let endAt = ["to", "through", "thru", "until", "till"].contains(afterNext) ? index + 3 : index + 2
                    if endAt < words.count, let endDay = Self.dayNumber(words[endAt]), endDay > dayNumber, !DateWords.countsPeople(words, at: endAt) {
                        return range(from: dayNumber, to: endDay, month: monthNumber, year: Self.year(in: words))
                    }
                    return range(from: dayNumber, to: dayNumber, month: monthNumber, year: Self.year(in: words))
                }
                let last = Self.month(next) ?? (Self.rangeJoiners.contains(next) ? Self.month(afterNext) : nil)
                if let last, let first = wholeMonth(monthNumber, year: Self.year(in: words)), last != monthNumber {
                    // "June to August", "hazirandan ağustosa": the first month's start to the last's end, a year on if it wraps.
                    let startYear = Int(first.from.prefix(4))!
                    let end = wholeMonth(last, year: last > monthNumber ? startYear : startYear + 1)
                    return end.map { Range(from: first.from, to: $0.to) }
                }
                // "haziranda …, 14 haziran gidiş": a day of that month named later in the same words is the day meant.
                let whole = wholeMonth(monthNumber, year: Self.year(in: words))
                if let whole, index + 1 < words.count, let later = resolve(words: Array(words[(index + 1)...])), later.from == later.to,
                   later.from.prefix(7) == whole.from.prefix(7) {
                    return later
                }
                return whole
            }
        }
        return nil
    }

    /// "between <day> and <day>" at `index`: the days from the first to the second, when each side is one day of its
    /// own and the second is not before the first. A bare number second takes the first's month ("between July 8 and
    /// 12"), unless it counts people ("between July 8 and 12 adults" is no range).
    private func between(_ words: [String], at index: Int) -> Range? {
        guard let and = words[(index + 1)...].prefix(6).firstIndex(where: { $0 == "and" || $0 == "ile" }), and > index + 1, and + 1 < words.count,
              let first = resolve(words: Array(words[(index + 1)..<and])), first.from == first.to else { return nil }
        let after = and + 2 < words.count ? words[and + 2] : ""
        let second = if let dayNumber = Self.dayNumber(words[and + 1]), Self.month(after) == nil, after != "of" {
            DateWords.countsPeople(words, at: and + 1) ? nil : sameMonth(as: first.from, day: dayNumber)
        } else {
            resolve(words: Array(words[(and + 1)...]))
        }
        guard let second, second.from == second.to, second.from >= first.from else { return nil }
        return Range(from: first.from, to: second.to)
    }

    /// Day `day` of the month `iso` (YYYY-MM-DD) is in, if that month has it.
    private func sameMonth(as iso: String, day: Int) -> Range? {
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, NumericDates.isDay(day, parts[1], year: parts[0]),
              let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: day)) else { return nil }
        return self.day(date)
    }

    /// Whether the words after the weekday at `index` name its date: "the 18th" (a spelled ordinal, numbered already),
    /// "the 18th of July", "18 July", "the 5th May".
    private func datesTheWeekday(_ words: [String], after index: Int) -> Bool {
        // "Friday March 19": a month and its day right after the weekday.
        if index + 2 < words.count, Self.month(words[index + 1]) != nil, Self.dayNumber(words[index + 2]) != nil,
           !DateWords.countsPeople(words, at: index + 2) { return true }
        let at = index + 1 < words.count && words[index + 1] == "the" ? index + 2 : index + 1
        guard at < words.count, Self.dayNumber(words[at]) != nil, !DateWords.countsPeople(words, at: at) else { return false }
        let next = at + 1 < words.count ? words[at + 1] : ""
        if Self.month(next) != nil || next == "of" && at + 2 < words.count && Self.month(words[at + 2]) != nil { return true }
        // "fri 24th": an ordinal in figures straight after the weekday ("fri first thing" is no date).
        return at == index + 2 && words[at].contains(where: \.isLetter) || at == index + 1 && Self.writtenOrdinal(words[at])
    }

    /// An ordinal written in figures with its English ending: "24th", "1st", "22nd"; not "1th", which is how "first"
    /// reads once spelled ordinals are numbered (`DateWords.numberingOrdinals`).
    static func writtenOrdinal(_ word: String) -> Bool {
        let digits = word.prefix { $0.isNumber }
        guard let number = Int(digits), !digits.isEmpty else { return false }
        let ending = word.dropFirst(digits.count)
        let expected = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return ending == expected
    }

    /// The holiday `words` name at `index` ("valentine's day", "sevgililer gününde", "Christmas Eve"), on its latest
    /// day on or before today, as a question about one's spending means it; and how many words it takes.
    public func pastHoliday(_ words: [String], at index: Int) -> (range: Range, length: Int)? {
        guard let holiday = DateWords.holiday(words, at: index) else { return nil }
        let thisYear = calendar.component(.year, from: today)
        // Back as far as a holiday's last day can be: leap day's is up to eight years back (2096 to 2104).
        for candidate in stride(from: thisYear, through: thisYear - 8, by: -1) {
            for (month, dayNumber) in holiday.days(candidate).reversed() {
                if let date = calendar.date(from: DateComponents(year: candidate, month: month, day: dayNumber)), date <= today {
                    return (day(date), holiday.words.count)
                }
            }
        }
        return nil
    }

    /// Whether a holiday's words begin at `index` ("thanksgiving", "columbus day").
    public static func beginsHoliday(_ words: [String], at index: Int) -> Bool { DateWords.holiday(words, at: index) != nil }

    /// The indexes of `words` a holiday's words take, from every word a holiday's name begins at ("black friday online
    /// orders" gives 0 and 1).
    public static func holidayWords(in words: [String]) -> Set<Int> {
        var covered: Set<Int> = []
        for index in words.indices {
            if let holiday = DateWords.holiday(words, at: index) { covered.formUnion(index..<min(words.count, index + holiday.words.count)) }
        }
        return covered
    }

    /// A holiday's day in the given year, else the next one on or after today (next year's, or a later one for leap day).
    private func holiday(_ holiday: DateWords.Holiday, year: Int?) -> Range? {
        let thisYear = calendar.component(.year, from: today)
        for candidate in year.map({ [$0] }) ?? Array(thisYear...(thisYear + 8)) {
            for (month, dayNumber) in holiday.days(candidate) {
                guard let date = calendar.date(from: DateComponents(year: candidate, month: month, day: dayNumber)) else { continue }
                if year != nil || date >= today { return day(date) }
            }
        }
        return nil
    }

    /// A count written in digits or as a number word ("3", "two", "iki").
    static func count(_ word: String) -> Int? {
        if let value = Int(word), (1...365).contains(value) { return value }
        return word == "a" || word == "an" || word == "bir" ? nil : SearchParser.numbers[word]
    }

    /// A weekday name (1 = Sunday … 7 = Saturday), allowing a Turkish case ending ("cumaya", "pazartesi").
    public static func weekday(_ word: String) -> Int? { DateWords.weekday(word) }

    /// A long English date word written with a slip, as it is spelt ("wensday" → "wednesday"): `DateWords.spelledWithSlip`.
    public static func spelledWithSlip(_ word: String) -> String { DateWords.spelledWithSlip(word) }

    /// `words` with names written before an apostrophe's ending that only look like a month or weekday blanked
    /// ("martı'ya"): `DateWords.blankingNamesBeforeApostrophes`.
    public static func blankingNamesBeforeApostrophes(_ words: [String], in text: String) -> [String] {
        DateWords.blankingNamesBeforeApostrophes(words, glued: TextMatching.apostrophedWords(text))
    }

    /// `words` (`TextMatching.words(text)`) with the numeric dates of `text` written as a day and a month's name
    /// (`NumericDates`): without a locale, only those whose numbers decide the order ("20.07", "11.11", "7/19").
    public static func spellingNumericDates(_ words: [String], in text: String, locale: String? = nil) -> [String] {
        NumericDates.spelled(words, in: text, order: NumericDates.order(locale: locale))
    }

    /// Whether a folded word is a month or a weekday only once a Turkish ending is cut ("marti", "cumaya"): written
    /// before an apostrophe, it is a name ("Martı'ya").
    public static func isDateOnlyWithEnding(_ word: String) -> Bool { DateWords.isDateOnlyWithEnding(word) }

    /// `words` with spelled ordinals as numbers ("april sixth" → "april 6th").
    public static func numberingOrdinals(_ words: [String]) -> [String] { DateWords.numberingOrdinals(words) }

    /// "14", "14th", "1st", "2nd", "3rd".
    public static func dayNumber(_ word: String) -> Int? {
        let digits = word.prefix { $0.isNumber }
        guard !digits.isEmpty, let value = Int(digits), (1...31).contains(value) else { return nil }
        let rest = word.dropFirst(digits.count)
        return rest.isEmpty || ["st", "nd", "rd", "th", "inde", "sinde", "ünde", "unde"].contains(String(rest)) ? value : nil
    }

    /// A month name, allowing a Turkish case ending ("ekimde", "ekimin", "ekime", "marttaki").
    public static func month(_ word: String) -> Int? { DateWords.month(word) }

    /// Whether folded `words` read as English: three common English words besides a Turkish month's, and no common
    /// Turkish word that is no English one (the Turkish list holds many English words, "this" and "week" among them; a
    /// Turkish text has words of its own, "kadar", "harcadım", and a short one, "ya marta?", too few English ones).
    public static func readsAsEnglish(_ words: [String]) -> Bool {
        words.filter { CommonWords.isEnglish($0) && !isTurkishMonthWithEnding($0) }.count >= 3 && !words.contains(where: CommonWords.isTurkishOnly)
    }

    /// `words` with each Turkish month that has an ending glued on blanked when they read as English: "marta fares"
    /// (MARTA, a transit agency), "san martin peru" name no March. A holiday's word stays ("martin luther king day").
    public static func blankingTurkishMonthsInEnglish(_ words: [String]) -> [String] {
        // Most texts hold no such word: ask that first, before the word lists and the holidays.
        guard words.contains(where: isTurkishMonthWithEnding) || words.contains("mart"), readsAsEnglish(words) else { return words }
        let holiday = holidayWords(in: words)
        return words.indices.map { index in
            (isTurkishMonthWithEnding(words[index]) || namesAMart(words, at: index)) && !holiday.contains(index) ? "" : words[index]
        }
    }

    /// "fiesta mart", "food mart" in an English text: "mart" after a name's word is a shop's, not Turkish March. After a
    /// number or a word that leads to a date ("15 mart", "in mart", "since mart") it stays the month.
    static func namesAMart(_ words: [String], at index: Int) -> Bool {
        guard words[index] == "mart", index > 0 else { return false }
        let previous = words[index - 1]
        return previous.contains(where: \.isLetter) && !previous.contains(where: \.isNumber) && !Self.leadsToDate.contains(previous)
    }

    private static let leadsToDate: Set<String> = ["in", "of", "on", "since", "from", "to", "until", "till", "through", "thru", "and", "or",
                                                   "last", "this", "next", "early", "late", "mid", "for", "by", "during", "before", "after", "ya", "peki"]

    /// Whether `word` (folded) is a Turkish month's name with an ending glued on ("marta", "ekimde"), not the name alone.
    public static func isTurkishMonthWithEnding(_ word: String) -> Bool {
        DateWords.months[word] == nil && DateWords.month(word) != nil && DateWords.turkishMonths.keys.contains { word.hasPrefix($0) }
    }

    /// Whether `word` (folded) is an English month's name or its first three letters, as written, with no ending.
    public static func isEnglishMonthName(_ word: String) -> Bool { DateWords.months[word] != nil && DateWords.turkishMonths[word] == nil }

    /// The Turkish locative a day's number takes after an apostrophe ("15'inde" folds to "15 inde").
    public static func isDayLocative(_ word: String) -> Bool { DateWords.locatives.contains(word) }

    /// Whether a folded word is a weekday's name alone, with no ending ("pazar", "sunday"; not "pazara").
    public static func isBareWeekday(_ word: String) -> Bool { DateWords.weekdays[word] != nil }

    /// A month a day number may follow ("October 14", "oct 3", "ekim 14"): the name alone. A Turkish case ending
    /// closes the date ("ekimde 2 yetişkin" is October, with two adults), since Turkish writes the day first
    /// ("2 ekimde").
    public static func monthBeforeDay(_ word: String) -> Int? { DateWords.months[word] }

    /// Whether `words` write a day with its month ("Nov 22", "22 November"), which a holiday before them gives way to.
    static func namesCalendarDay(_ words: ArraySlice<String>) -> Bool {
        zip(words, words.dropFirst()).contains { first, second in
            monthBeforeDay(first) != nil && dayNumber(second) != nil || dayNumber(first) != nil && monthBeforeDay(second) != nil
        }
    }

    /// An explicit year: a four-digit 2020–2100 that is not an amount ("2000 EUR").
    static func year(in words: [String]) -> Int? {
        for (index, word) in words.enumerated() {
            guard word.count == 4, let value = Int(word), (2020...2100).contains(value) else { continue }
            if index + 1 < words.count, SearchParser.currencies[words[index + 1]] != nil { continue }
            return value
        }
        return nil
    }
}

extension DateResolver {
    /// A clock time written as one word, an hour and "am" or "pm" ("6am", "11pm"): after a weekday's abbreviation it
    /// makes the abbreviation a day ("fri 6am"), as a time of day does ("fri morning"). A bare number is no time
    /// ("sat 2 adults").
    static func isClockTime(_ word: String) -> Bool {
        guard word.hasSuffix("am") || word.hasSuffix("pm"), let hour = Int(word.dropLast(2)) else { return false }
        return (1...12).contains(hour)
    }
}
