import AssistUnderstanding
import Foundation

/// The periods a budget question names, read against today: days, weeks, months, quarters and years, in English
/// and Turkish, always in the past (a question about spending asks about what has happened).
extension FinanceUnderstander {
    /// The question's period, and a second one for comparisons.
    func periods(in text: String) -> (DateResolver.Range?, DateResolver.Range?) {
        var found: [DateResolver.Range] = []
        // "ay" with its case endings: ayı, aya, ayda, ayla, ayın, and -ki: "geçen ayki", "geçen aydaki".
        let monthWords: Set<String> = ["month", "ay", "ayi", "aya", "ayda", "ayla", "ayin", "ayki", "aydaki"]
        let words = DateResolver.numberingOrdinals(TextMatching.words(text))
        var index = 0
        while index < words.count {
            defer { index += 1 }
            let word = words[index]
            let previous = index > 0 ? words[index - 1] : ""
            let next = index + 1 < words.count ? words[index + 1] : ""
            if let day = dayPeriod(word) {
                found.append(day)
            } else if let (span, length) = sinceTheStart(words, at: index) {
                found.append(span)  // "since the start of the year", "yılbaşından beri": so far this year (or month)
                index += length - 1
            } else if word == "weekend" && ["last", "past", "previous"].contains(previous)
                        || word == "haftasonu" && previous == "gecen" || word == "hafta" && previous == "gecen" && next.hasPrefix("sonu") {
                found.append(lastWeekend())  // "last weekend", "geçen hafta sonu": Saturday and Sunday of last week
                if word == "hafta" { index += 1 }
            } else if let quarter = quarter(words, at: index) {
                found.append(quarter)
            } else if let weekday = DateResolver.weekday(word) {
                found.append(day(pastWeekday(weekday)))  // "last monday", "on friday", "geçen salı": the latest before today
            } else if let dayNumber = DateResolver.dayNumber(word), let month = DateResolver.month(next) {
                found.append(day(pastDay(dayNumber, month: month)))  // "on 3 November", "3 kasımda"
                index += 1
            } else if let month = DateResolver.monthBeforeDay(word), let dayNumber = DateResolver.dayNumber(next) {
                found.append(day(pastDay(dayNumber, month: month)))  // "November 3rd"; "kasımda 3 kez" is November
                index += 1
            } else if let first = DateResolver.month(word), let (last, length) = monthRangeEnd(words, at: index), last != first {
                found.append(pastMonths(from: first, to: last))  // "from June to August", "haziran ile ağustos arası"
                index += length
            } else if monthWords.contains(word), previous == "last" || previous == "gecen" { found.append(monthRange(offset: -1)) }
            else if monthWords.contains(word), previous == "this" || previous == "bu" { found.append(monthRange(offset: 0)) }
            else if Self.weekWords.contains(word), previous == "last" || previous == "gecen" { found.append(lastWeek()) }
            else if Self.weekWords.contains(word), previous == "this" || previous == "bu" { found.append(thisWeek()) }
            else if let month = DateResolver.month(word), previous == "since" || Self.sinceAfter(words, at: index + 1) > 0 {
                // "since January", "ocaktan beri", "temmuzdan bu yana", "mayıstan itibaren": from its first day to today
                found.append(DateResolver.Range(from: pastMonth(month).from, to: todayISO))
                index += Self.sinceAfter(words, at: index + 1)
            }
            else if Self.yearWords.contains(word), previous == "this" || previous == "bu" { found.append(yearToDate()) }
            else if Self.yearWords.contains(word), ["last", "previous", "gecen", "onceki"].contains(previous) { found.append(lastYear()) }
            else if word == "months" || monthWords.contains(word), index >= 2, ["last", "past", "son"].contains(words[index - 2]),
                    let count = Int(previous) ?? SearchParser.numbers[previous] {  // "last 3 months", "son 3 ayda"
                found.append(lastMonths(count))
            } else if let month = DateResolver.month(word) {
                found.append(pastMonth(month))
            } else if let year = Self.explicitYear(word), year <= calendar.component(.year, from: todayDate), SearchParser.currency(next) == nil {
                // "in 2026", "2026'da": that calendar year, so far when it is this one.
                found.append(year == calendar.component(.year, from: todayDate) ? yearToDate()
                             : DateResolver.Range(from: "\(year)-01-01", to: "\(year)-12-31"))
            }
        }
        return (found.first, found.count > 1 ? found[1] : nil)
    }

    /// How many words at `index` say "since" after what they follow, in Turkish: "beri", "bu yana", "itibaren"; else 0.
    static func sinceAfter(_ words: [String], at index: Int) -> Int {
        guard index < words.count else { return 0 }
        if ["beri", "itibaren"].contains(words[index]) { return 1 }
        return words[index] == "bu" && index + 1 < words.count && words[index + 1] == "yana" ? 2 : 0
    }

    /// "since the start of the year", "from the beginning of this month", "yılbaşından beri", "yıl başından bu yana",
    /// "ay başından beri": the year (or month) so far, and how many words from `index` it takes.
    func sinceTheStart(_ words: [String], at index: Int) -> (DateResolver.Range, Int)? {
        let word = words[index]
        if ["since", "from"].contains(word), index + 4 < words.count, words[index + 1] == "the", ["start", "beginning"].contains(words[index + 2]),
           words[index + 3] == "of" {
            let unitAt = ["the", "this"].contains(words[index + 4]) ? index + 5 : index + 4
            guard unitAt < words.count else { return nil }
            if words[unitAt] == "year" { return (yearToDate(), unitAt - index + 1) }
            if words[unitAt] == "month" { return (thisMonth(), unitAt - index + 1) }
            return nil
        }
        // Turkish: "yılbaşından" in one word or two ("yıl başından"), then beri / bu yana / itibaren.
        let (unit, start): (String, Int) = word == "yilbasindan" ? ("yil", index) : (word, index + 1)
        guard ["yil", "ay"].contains(unit), start < words.count, word == "yilbasindan" || words[start] == "basindan" else { return nil }
        let since = Self.sinceAfter(words, at: start + 1)
        guard since > 0 else { return nil }
        return (unit == "yil" ? yearToDate() : thisMonth(), start + 1 + since - index)
    }

    /// Saturday and Sunday of last week (Monday to Sunday): on a weekend day, the weekend before this one.
    func lastWeekend() -> DateResolver.Range {
        let week = lastWeek()
        let monday = DateResolver(today: week.from)!.today
        return DateResolver.Range(from: DateResolver.iso(calendar.date(byAdding: .day, value: 5, to: monday)!), to: week.to)
    }

    /// The month a range starting at `index` ends with, and how many words after `index` it takes: "June to
    /// August", "between June and August", "haziran ile ağustos arası", "hazirandan ağustosa". Two months joined
    /// otherwise ("October and November", "ekim ile kasım") are two periods, for a comparison.
    func monthRangeEnd(_ words: [String], at index: Int) -> (month: Int, length: Int)? {
        guard index + 1 < words.count else { return nil }
        let next = words[index + 1]
        if ["dan", "den", "tan", "ten"].contains(where: { words[index].hasSuffix($0) }), let last = DateResolver.month(next) { return (last, 1) }
        guard index + 2 < words.count, let last = DateResolver.month(words[index + 2]) else { return nil }
        let after = index + 3 < words.count ? words[index + 3] : ""
        let joined = ["to", "through", "thru", "until", "till"].contains(next)
            || (next == "and" && index > 0 && words[index - 1] == "between") || (next == "ile" && after.hasPrefix("arasi"))
        return joined ? (last, 2) : nil
    }

    static let quarterWords: Set<String> = ["quarter", "ceyrek", "ceyrekte", "ceyregi", "ceyrekteki", "ceyrekdeki"]

    /// A quarter: "last quarter" / "geçen çeyrek" (the one before this), "this quarter" / "bu çeyrek" (to today),
    /// "Q3", "the third quarter", "3. çeyrek" (that quarter of the latest year where it has begun).
    func quarter(_ words: [String], at index: Int) -> DateResolver.Range? {
        let word = words[index]
        let previous = index > 0 ? words[index - 1] : ""
        let current = (calendar.component(.month, from: todayDate) - 1) / 3 + 1
        let year = calendar.component(.year, from: todayDate)
        if word.count == 2, word.first == "q", let number = Int(word.dropFirst()), (1...4).contains(number) {
            return quarterRange(number, year: number <= current ? year : year - 1)
        }
        guard Self.quarterWords.contains(word) else { return nil }
        if ["last", "previous", "past", "gecen", "onceki"].contains(previous) {
            return current == 1 ? quarterRange(4, year: year - 1) : quarterRange(current - 1, year: year)
        }
        if previous == "this" || previous == "bu" { return quarterRange(current, year: year) }
        if let number = DateResolver.dayNumber(previous), (1...4).contains(number) {
            return quarterRange(number, year: number <= current ? year : year - 1)
        }
        return nil
    }

    fileprivate func quarterRange(_ number: Int, year: Int) -> DateResolver.Range {
        let start = calendar.date(from: DateComponents(year: year, month: (number - 1) * 3 + 1, day: 1))!
        let end = calendar.date(byAdding: DateComponents(month: 3, day: -1), to: start)!
        return DateResolver.Range(from: iso(start), to: min(iso(end), todayISO))
    }

    /// "yesterday", "today", "dün", "bugün" (with Turkish -ki: "dünkü", "bugünkü").
    func dayPeriod(_ word: String) -> DateResolver.Range? {
        switch word {
        case "yesterday", "dun", "dunku": day(calendar.date(byAdding: .day, value: -1, to: todayDate)!)
        case "today", "bugun", "bugunku": day(todayDate)
        default: nil
        }
    }

    fileprivate func day(_ date: Date) -> DateResolver.Range { DateResolver.Range(from: iso(date), to: iso(date)) }

    /// The latest `weekday` before today.
    func pastWeekday(_ weekday: Int) -> Date {
        let back = (calendar.component(.weekday, from: todayDate) - weekday + 7) % 7
        return calendar.date(byAdding: .day, value: -(back == 0 ? 7 : back), to: todayDate)!
    }

    /// Day `day` of `month`, in the latest year where it is on or before today.
    func pastDay(_ day: Int, month: Int) -> Date {
        let year = calendar.component(.year, from: todayDate)
        if let date = calendar.date(from: DateComponents(year: year, month: month, day: day)), date <= todayDate { return date }
        return calendar.date(from: DateComponents(year: year - 1, month: month, day: day))!
    }

    /// From the start of month `first` to the end of month `last`, the latest such span ending by today.
    func pastMonths(from first: Int, to last: Int) -> DateResolver.Range {
        let end = pastMonth(last)
        let endYear = Int(end.from.prefix(4))!
        let start = String(format: "%04d-%02d-01", first <= last ? endYear : endYear - 1, first)
        return DateResolver.Range(from: start, to: end.to)
    }

    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    var todayDate: Date { today.today }

    func monthRange(offset: Int) -> DateResolver.Range {
        let start = calendar.date(byAdding: .month, value: offset, to: calendar.date(from: calendar.dateComponents([.year, .month], from: todayDate))!)!
        let end = calendar.date(byAdding: DateComponents(month: 1, day: -1), to: start)!
        return DateResolver.Range(from: iso(start), to: offset == 0 ? todayISO : iso(end))
    }

    /// A month named without a year, in a question about the past: the latest one on or before today.
    func pastMonth(_ month: Int) -> DateResolver.Range {
        let components = calendar.dateComponents([.year, .month], from: todayDate)
        let year = month <= components.month! ? components.year! : components.year! - 1
        let start = calendar.date(from: DateComponents(year: year, month: month, day: 1))!
        let end = calendar.date(byAdding: DateComponents(month: 1, day: -1), to: start)!
        return DateResolver.Range(from: iso(start), to: min(iso(end), todayISO))
    }

    func lastWeek() -> DateResolver.Range {
        let weekday = calendar.component(.weekday, from: todayDate)
        let thisMonday = calendar.date(byAdding: .day, value: -((weekday + 5) % 7), to: todayDate)!
        let lastMonday = calendar.date(byAdding: .day, value: -7, to: thisMonday)!
        return DateResolver.Range(from: iso(lastMonday), to: iso(calendar.date(byAdding: .day, value: 6, to: lastMonday)!))
    }

    /// A four-digit year from 2000 to 2100; the caller takes only years up to this one, and none with a currency
    /// after it ("2000 TL" is an amount).
    static func explicitYear(_ word: String) -> Int? {
        guard word.count == 4, let value = Int(word), (2000...2100).contains(value) else { return nil }
        return value
    }

    /// This week so far, from Monday: "this week", "bu hafta".
    func thisWeek() -> DateResolver.Range {
        let weekday = calendar.component(.weekday, from: todayDate)
        return DateResolver.Range(from: iso(calendar.date(byAdding: .day, value: -((weekday + 5) % 7), to: todayDate)!), to: todayISO)
    }

    func lastMonths(_ count: Int) -> DateResolver.Range {
        let start = calendar.date(byAdding: .month, value: -count, to: calendar.date(from: calendar.dateComponents([.year, .month], from: todayDate))!)!
        let end = calendar.date(byAdding: .day, value: -1, to: calendar.date(from: calendar.dateComponents([.year, .month], from: todayDate))!)!
        return DateResolver.Range(from: iso(start), to: iso(end))
    }

    func yearToDate() -> DateResolver.Range {
        DateResolver.Range(from: "\(calendar.component(.year, from: todayDate))-01-01", to: todayISO)
    }

    /// The whole calendar year before this one: "last year", "the previous year", "geçen yıl", "geçen sene".
    func lastYear() -> DateResolver.Range {
        let year = calendar.component(.year, from: todayDate) - 1
        return DateResolver.Range(from: "\(year)-01-01", to: "\(year)-12-31")
    }

    /// "year" and "yıl" / "sene" with their case endings: yılı, yılda, yıla, yılın, yılki, senesi, senede…
    static let yearWords: Set<String> = ["year", "yil", "yili", "yilda", "yila", "yilin", "yilki", "yildaki", "sene", "senesi", "senede",
                                         "seneye", "senenin", "seneki", "senedeki"]

    /// "week" and "hafta" with its case endings and -ki: haftaki, haftada, haftadaki, haftayı, haftanın.
    static let weekWords: Set<String> = ["week", "hafta", "haftaki", "haftada", "haftadaki", "haftayi", "haftanin"]

    func thisMonth() -> DateResolver.Range { monthRange(offset: 0) }

    private func iso(_ date: Date) -> String { DateResolver.iso(date) }
}
