import AssistUnderstanding
import Foundation

/// Spans a budget question names besides days, weeks, months, quarters and years (`FinancePeriods`): seasons,
/// halves of a year, the week before last, a day of this month, the days between two days, since a weekday or a day
/// of the month, and the last few days.
/// Each is in the past, as every period of a question about spending is.
extension FinanceUnderstander {
    /// Seasons by their first month, meteorological (as a shop's sales or a bank's statement count them): winter
    /// runs from December into the next year.
    static let seasons: [String: Int] = [
        "spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12,
        "ilkbahar": 3, "bahar": 3, "yaz": 6, "sonbahar": 9, "kis": 12,
    ]
    /// The Turkish seasons in the locative or with "-ın" (in the summer): "yazın", "kışın", "baharda", "sonbaharda".
    static let turkishSeasonForms: [String: Int] = [
        "ilkbaharda": 3, "baharda": 3, "yazin": 6, "sonbaharda": 9, "kisin": 12,
    ]

    /// Seasons in the instrumental ("with"), a season only after "bu" or "geçen" ("yazla" alone is "with writing").
    static let turkishSeasonsWith: [String: Int] = ["ilkbaharla": 3, "baharla": 3, "yazla": 6, "sonbaharla": 9, "kisla": 12]
    /// Seasons in the accusative, likewise only after "bu" or "geçen" ("yazı" alone is "the writing"): "bu yazı karşılaştır".
    /// Not "kışı", which folds as "kişi" (a person) does.
    static let turkishSeasonsAccusative: [String: Int] = ["ilkbahari": 3, "bahari": 3, "yazi": 6, "sonbahari": 9]
    /// Seasons in the dative, only after "geçen" ("geçen kışa göre": compared with last winter): "bu kısa sürede" (in this
    /// short time) folds as "bu kışa" would.
    static let turkishSeasonsDative: [String: Int] = ["ilkbahara": 3, "bahara": 3, "yaza": 6, "sonbahara": 9, "kisa": 12]
    /// Seasons with -ki or in the ablative, likewise only after "bu" or "geçen": "bu sonbaharki giyim harcamam".
    static let turkishSeasonsKi: [String: Int] = ["ilkbaharki": 3, "baharki": 3, "yazki": 6, "sonbaharki": 9, "kiski": 12,
                                                  // and from ("geçen kıştan daha çok mu"):
                                                  "ilkbahardan": 3, "bahardan": 3, "yazdan": 6, "sonbahardan": 9, "kistan": 12]

    /// A season at `index` ("summer", "over the summer", "last winter", "yaz boyunca", "geçen kış", "yazın"), and how
    /// many words it takes after `index`: the latest one that has begun, to today while it lasts; "last" (or "geçen")
    /// while one is under way is the one a year before. "fall" and the Turkish names, which are also words ("yaz":
    /// write), count only beside a word that makes them the season.
    func season(_ words: [String], at index: Int) -> (range: DateResolver.Range, length: Int)? {
        let word = words[index]
        let previous = index > 0 ? words[index - 1] : ""
        let next = index + 1 < words.count ? words[index + 1] : ""
        let named = ["this", "last", "the", "bu", "gecen", "in"].contains(previous)
        let first: Int
        var length = 1
        if let form = Self.turkishSeasonForms[word] {
            first = form
        } else if let form = Self.turkishSeasonsWith[word] ?? Self.turkishSeasonsAccusative[word] ?? Self.turkishSeasonsKi[word],
                  ["bu", "gecen"].contains(previous) {
            first = form  // "geçen yazla kıyasla": with last summer; "bu yazı karşılaştır": this summer
        } else if let form = Self.turkishSeasonsDative[word], previous == "gecen" {
            first = form  // "bu bahar geçen kışa göre": compared with last winter
        } else if let month = Self.seasons[word],
                  ["spring", "summer", "autumn", "winter"].contains(word) || named || next == "boyunca" || next.hasPrefix("aylar") {
            first = month
            // "yaz boyunca", "yaz aylarında": the summer, through or by its months.
            if next == "boyunca" || next.hasPrefix("aylar") { length = 2 }
        } else {
            return nil
        }
        let year = calendar.component(.year, from: todayDate)
        var start = calendar.date(from: DateComponents(year: year, month: first, day: 1))!
        if start > todayDate { start = calendar.date(byAdding: .year, value: -1, to: start)! }
        let end = calendar.date(byAdding: DateComponents(month: 3, day: -1), to: start)!
        if ["last", "gecen"].contains(previous), end >= todayDate { start = calendar.date(byAdding: .year, value: -1, to: start)! }
        let last = calendar.date(byAdding: DateComponents(month: 3, day: -1), to: start)!
        return (DateResolver.Range(from: DateResolver.iso(start), to: min(DateResolver.iso(last), todayISO)), length)
    }

    /// "the first half of the year", "second half", "yılın ilk yarısı": the half, with its number for a year written
    /// beside it (`joinedPeriods`), and how many words it takes from its ordinal; the latest such half that has begun.
    func half(_ words: [String], at index: Int) -> (range: DateResolver.Range, number: Int, length: Int)? {
        guard index > 0, words[index] == "half" || words[index].hasPrefix("yari") else { return nil }
        let ordinal = words[index - 1]
        let number: Int
        switch ordinal {
        case "first", "1th", "ilk", "birinci": number = 1
        case "second", "2th", "ikinci", "son", "last": number = 2
        default: return nil
        }
        var year = calendar.component(.year, from: todayDate)
        if number == 2, calendar.component(.month, from: todayDate) < 7 { year -= 1 }
        return (halfRange(number, year: year), number, 2)
    }

    /// "the first six months of 2057", "the first 3 months of the year": the months from January, of the year beside them
    /// (`joinedPeriods`), else the latest such run; and how many months.
    /// So are "yılın ilk üç ayında", "bu senenin ilk 4 ayı" (six of them are a half: `turkishSixMonths`).
    func firstMonths(_ words: [String], at index: Int) -> (range: DateResolver.Range, count: Int)? {
        guard index + 2 < words.count, let count = Int(words[index + 1]) ?? SearchParser.numbers[words[index + 1]], (2...11).contains(count)
        else { return nil }
        let english = ["first", "1th"].contains(words[index]) && words[index + 2] == "months"
        let turkish = words[index] == "ilk" && index > 0 && ["yilin", "senenin"].contains(words[index - 1]) && count != 6
            && words[index + 2].hasPrefix("ay") && words[index + 2].count <= 6
        guard english || turkish else { return nil }
        return (pastMonths(from: 1, to: count), count)
    }

    /// "bu yılın ilk altı ayı", "geçen yılın son altı ayına": after a year in the genitive, its first or last six months are
    /// a half (`joinedPeriods` gives it that year). Without the year, "son 6 ay" is the last six months, read elsewhere.
    func turkishSixMonths(_ words: [String], at index: Int) -> (range: DateResolver.Range, number: Int)? {
        guard index > 0, index + 2 < words.count, ["yilin", "senenin"].contains(words[index - 1]),
              ["alti", "6"].contains(words[index + 1]), words[index + 2].hasPrefix("ay"), words[index + 2].count <= 6 else { return nil }
        let number: Int
        switch words[index] {
        case "ilk": number = 1
        case "son": number = 2
        default: return nil
        }
        return (halfRange(number, year: calendar.component(.year, from: todayDate)), number)
    }

    func halfRange(_ number: Int, year: Int) -> DateResolver.Range {
        let from = number == 1 ? "\(year)-01-01" : "\(year)-07-01"
        let to = number == 1 ? "\(year)-06-30" : "\(year)-12-31"
        return DateResolver.Range(from: from, to: todayISO >= from ? min(to, todayISO) : to)
    }

    /// "the week before last", "geçen haftadan (bir) önceki hafta", "evvelsi hafta": Monday to Sunday of the week before last week,
    /// and how many words from `index` it takes.
    func weekBeforeLast(_ words: [String], at index: Int) -> (range: DateResolver.Range, length: Int)? {
        let rest = Array(words[index...].prefix(5))
        var length = 0
        if rest.starts(with: ["week", "before", "last"]) {
            length = 3
        } else if rest.count >= 2, Self.beforeLast.contains(rest[0]), Self.weekWords.contains(rest[1]) {
            length = 2  // "evvelsi hafta", "evvelki haftaki"
        } else if rest.first == "haftadan", index > 0, words[index - 1] == "gecen" {
            let after = rest.dropFirst().first == "bir" ? 2 : 1
            guard rest.count > after + 1, rest[after] == "onceki", Self.weekWords.contains(rest[after + 1]) else { return nil }
            length = after + 2
        } else {
            return nil
        }
        let week = lastWeek()
        let monday = calendar.date(byAdding: .day, value: -7, to: DateResolver(today: week.from)!.today)!
        return (DateResolver.Range(from: DateResolver.iso(monday), to: DateResolver.iso(calendar.date(byAdding: .day, value: 6, to: monday)!)), length)
    }

    /// A day of the month with no month named: "on the 5th", "ayın 5'inde", "30'unda"; of a month in the genitive: "eylülün
    /// 1'inde". The latest such day on or before today. Returns the day and how many words from `index` it takes.
    func dayOfMonth(_ words: [String], at index: Int) -> (range: DateResolver.Range, length: Int)? {
        let word = words[index]
        let next = index + 1 < words.count ? words[index + 1] : ""
        let afterNext = index + 2 < words.count ? words[index + 2] : ""
        // "the 4th of july", "4th of july": the number with its ordinal letters, "of" and a month.
        let ordinalAt = word == "the" ? index + 1 : index
        if ordinalAt + 2 < words.count, words[ordinalAt].contains(where: \.isLetter), let day = DateResolver.dayNumber(words[ordinalAt]),
           words[ordinalAt + 1] == "of", let month = DateResolver.month(words[ordinalAt + 2]) {
            return (single(pastDay(day, month: month)), ordinalAt + 3 - index)
        }
        // "on the 5th": the number with its ordinal letters, after "the".
        // "the first 2" (of a list) is a count, no day.
        if word == "the", let day = DateResolver.dayNumber(next), next.contains(where: \.isLetter), DateResolver.month(afterNext) == nil,
           !Self.unitsAfterOrdinals.contains(afterNext), Int(afterNext) == nil, SearchParser.numbers[afterNext] == nil {
            return (single(pastDayOfMonth(day)), 2)
        }
        // "ya 30'unda?" (folded "30 unda"): a day's number in the locative alone.
        if let day = DateResolver.dayNumber(word), Int(word) != nil, DateResolver.isDayLocative(next) {
            return (single(pastDayOfMonth(day)), 2)
        }
        // "ayın 5'inde" (folded "ayin 5 inde"), "eylülün 1'inde".
        guard word == "ayin" || DateResolver.month(word) != nil && DateResolver.monthBeforeDay(word) == nil else { return nil }
        let day: Int, length: Int
        if let number = DateResolver.dayNumber(next), Int(next) != nil, DateResolver.isDayLocative(afterNext) {
            (day, length) = (number, 3)
        } else if word == "ayin" || word.hasSuffix("in") || word.hasSuffix("un"), let turkish = turkishDay(words, at: index + 1) {
            // "ağustosun 10'u" (ile …), "ayın 3'ünden" (… 9'una kadar): the day of a month in the genitive, in another case.
            (day, length) = (turkish.day, turkish.length + 1)
        } else {
            return nil
        }
        if word == "ayin" { return (single(pastDayOfMonth(day)), length) }
        return (single(pastDay(day, month: DateResolver.month(word)!)), length)
    }

    /// The case a Turkish day's number is in ("10'u", "10'undan", "10'una": the tenth, from it, to it).
    enum TurkishDayCase { case possessive, ablative, dative }

    /// A Turkish day's case endings, folded, after the number's vowel or with the buffer "s" ("2'si", "6'sından").
    static let turkishDayEndings: [String: TurkishDayCase] = [
        "i": .possessive, "u": .possessive, "si": .possessive, "su": .possessive,
        "inden": .ablative, "indan": .ablative, "undan": .ablative, "unden": .ablative,
        "sinden": .ablative, "sindan": .ablative, "sundan": .ablative, "sunden": .ablative,
        "ine": .dative, "ina": .dative, "une": .dative, "una": .dative, "sine": .dative, "sina": .dative, "suna": .dative, "sune": .dative,
    ]

    /// A day's number with a Turkish case ending (`turkishDayEndings`), the ending a word of its own (an apostrophe
    /// folded: "10 u") or glued ("10u"): the day, its case, and how many words it takes.
    func turkishDay(_ words: [String], at index: Int) -> (day: Int, ending: TurkishDayCase, length: Int)? {
        guard index < words.count else { return nil }
        let word = words[index]
        let digits = String(word.prefix { $0.isNumber })
        guard let day = Int(digits), (1...31).contains(day) else { return nil }
        if digits.count < word.count {
            return Self.turkishDayEndings[String(word.dropFirst(digits.count))].map { (day, $0, 1) }
        }
        guard index + 1 < words.count, let ending = Self.turkishDayEndings[words[index + 1]] else { return nil }
        return (day, ending, 2)
    }

    /// Words after "the first", "the 2nd" that make it something other than a day of the month ("the first half").
    static let unitsAfterOrdinals: Set<String> = ["of", "half", "quarter", "quarters", "week", "weeks", "weekend", "month", "months", "year",
                                                  "years", "day", "days", "time", "times", "one", "purchase", "payment", "transaction"]

    /// The latest day numbered `day` on or before today: this month's, else the month before's.
    /// With `weekday` (Calendar's number), the latest such day that fell on it, within a year: "wednesday the 20th".
    func pastDayOfMonth(_ day: Int, on weekday: Int? = nil) -> Date {
        var components = calendar.dateComponents([.year, .month], from: todayDate)
        for _ in 0..<(weekday == nil ? 3 : 13) {
            components.day = day
            if let date = calendar.date(from: components), calendar.component(.day, from: date) == day, date <= todayDate,
               weekday.map({ calendar.component(.weekday, from: date) == $0 }) ?? true { return date }
            let start = calendar.date(from: DateComponents(year: components.year, month: components.month, day: 1))!
            components = calendar.dateComponents([.year, .month], from: calendar.date(byAdding: .month, value: -1, to: start)!)
        }
        return todayDate
    }

    /// "since monday", "pazartesiden beri", "pazartesi gününden bu yana": from the latest such weekday before today to
    /// today; how many words from `index` it takes.
    func sinceWeekday(_ words: [String], at index: Int) -> (range: DateResolver.Range, length: Int)? {
        let word = words[index]
        if word == "since", index + 1 < words.count, let weekday = DateResolver.weekday(words[index + 1]) {
            return (DateResolver.Range(from: DateResolver.iso(pastWeekday(weekday)), to: todayISO), 2)
        }
        guard let weekday = DateResolver.weekday(word) else { return nil }
        // "pazartesi gününden bu yana": the weekday, then its day in the ablative.
        let dayWord = index + 1 < words.count && ["gununden", "gunden"].contains(words[index + 1]) ? 1 : 0
        guard dayWord == 1 || Self.endsInAblative(word),
              Self.sinceAfter(words, at: index + 1 + dayWord) > 0 else { return nil }
        return (DateResolver.Range(from: DateResolver.iso(pastWeekday(weekday)), to: todayISO),
                1 + dayWord + Self.sinceAfter(words, at: index + 1 + dayWord))
    }

    /// "since the 1st", "since the 15th": from the latest such day of the month to today; how many words it takes.
    func sinceDayOfMonth(_ words: [String], at index: Int) -> (range: DateResolver.Range, length: Int)? {
        guard words[index] == "since", index + 2 < words.count, words[index + 1] == "the", let day = DateResolver.dayNumber(words[index + 2]),
              words[index + 2].contains(where: \.isLetter) else { return nil }
        let afterDay = index + 3 < words.count ? words[index + 3] : ""
        guard DateResolver.month(afterDay) == nil, !Self.unitsAfterOrdinals.contains(afterDay) else { return nil }
        return (DateResolver.Range(from: DateResolver.iso(pastDayOfMonth(day)), to: todayISO), 3)
    }

    /// "the week of feb 5", "the weekend of feb 10", "the week of 5 February", "the week of presidents' day": Monday to
    /// Sunday of the week that day is in (its latest such day, or the holiday's, on or before today), or that week's
    /// Saturday and Sunday; how many words it takes. In Turkish the day comes first and the week has the possessive: "9
    /// şubat haftasında", "3 mart haftası". A day a dash joins to the one before it (`dashed`) ends a range the week's word
    /// only names: "30 Nisan-6 Mayıs haftasında" is those days, read as a range.
    func weekOf(_ words: [String], at index: Int, dashed: Set<Int> = []) -> (range: DateResolver.Range, length: Int)? {
        if index + 2 < words.count, !dashed.contains(index), words[index + 2].hasPrefix("haftasi"), let day = DateResolver.dayNumber(words[index]),
           let month = DateResolver.month(words[index + 1]) {
            return (week(containing: pastDay(day, month: month), weekendOnly: false), 3)
        }
        guard ["week", "weekend"].contains(words[index]), index + 2 < words.count, words[index + 1] == "of" else { return nil }
        // "the week of the Fourth of July", "the week of the 4th of july": the article before the holiday or the day.
        let at = words[index + 2] == "the" && index + 3 < words.count ? index + 3 : index + 2
        if let (holiday, length) = today.pastHoliday(words, at: at), let date = DateResolver(today: holiday.from)?.today {
            return (week(containing: date, weekendOnly: words[index] == "weekend"), at - index + length)
        }
        if at + 2 < words.count, words[at].contains(where: \.isLetter), let day = DateResolver.dayNumber(words[at]), words[at + 1] == "of",
           let month = DateResolver.month(words[at + 2]) {
            return (week(containing: pastDay(day, month: month), weekendOnly: words[index] == "weekend"), at + 3 - index)
        }
        guard index + 3 < words.count else { return nil }
        let first = words[index + 2], second = words[index + 3]
        let named: (day: Int, month: Int)? = if let month = DateResolver.monthBeforeDay(first), let day = DateResolver.dayNumber(second) {
            (day, month)
        } else if let day = DateResolver.dayNumber(first), let month = DateResolver.month(second) {
            (day, month)
        } else {
            nil
        }
        guard let named else { return nil }
        return (week(containing: pastDay(named.day, month: named.month), weekendOnly: words[index] == "weekend"), 4)
    }

    /// Monday to Sunday of the week a holiday falls in, when the word after it names that week: "halloween week",
    /// "cumhuriyet bayramı haftasında" (in the week of Republic Day); nil for any other word.
    func holidayWeek(_ holiday: DateResolver.Range, before word: String) -> DateResolver.Range? {
        guard word == "week" || word.hasPrefix("haftasi"), let date = DateResolver(today: holiday.from)?.today else { return nil }
        return week(containing: date, weekendOnly: false)
    }

    /// Monday to Sunday of the week `date` is in, or its Saturday and Sunday.
    private func week(containing date: Date, weekendOnly: Bool) -> DateResolver.Range {
        let monday = calendar.date(byAdding: .day, value: -((calendar.component(.weekday, from: date) + 5) % 7), to: date)!
        let start = weekendOnly ? calendar.date(byAdding: .day, value: 5, to: monday)! : monday
        let end = calendar.date(byAdding: .day, value: 6, to: monday)!
        return DateResolver.Range(from: DateResolver.iso(start), to: DateResolver.iso(end))
    }

    /// "the past 10 days", "the last 3 days", "son 10 günde", "son 14 gündeki", "son 3 gündür": that many days, today the last of them,
    /// and how many words from `index` it takes. Weeks count as seven days each, as days do ("the past two weeks", "son iki
    /// haftada": 14 days, today the last), not as calendar weeks.
    func lastDays(_ words: [String], at index: Int) -> (range: DateResolver.Range, length: Int)? {
        // "son on gün": Turkish "on" is ten, which the numbers shared with English leave out; so are the tens written as
        // words ("son otuz günde", "the past ninety days").
        guard ["last", "past", "previous", "son"].contains(words[index]), index + 2 < words.count,
              let count = Int(words[index + 1]) ?? SearchParser.numbers[words[index + 1]] ?? Self.tensInWords[words[index + 1]]
                  ?? (words[index] == "son" && words[index + 1] == "on" ? 10 : nil)
        else { return nil }
        let unit = words[index + 2]
        let days: Int
        // The dative too, before "göre" (by, according to): "son iki haftaya göre", "son 30 güne göre".
        if ["days", "gun", "gunde", "gundeki", "gunu", "gundur", "gunun", "gunluk", "gunku", "gunler", "gunlerde", "gunlerdeki", "gune"].contains(unit) {
            days = count
        } else if (2...52).contains(count), ["weeks", "wks", "hafta", "haftada", "haftadaki", "haftadir", "haftanin", "haftalik", "haftalar", "haftalarda", "haftaya"].contains(unit) {
            days = count * 7
        } else {
            return nil
        }
        guard (1...366).contains(days) else { return nil }
        let first = calendar.date(byAdding: .day, value: 1 - days, to: todayDate)!
        return (DateResolver.Range(from: DateResolver.iso(first), to: todayISO), 3)
    }

    /// Tens written as words, folded, in English and Turkish ("on", ten in Turkish, is an English word and read apart).
    static let tensInWords: [String: Int] = ["twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90,
                                              "yirmi": 20, "otuz": 30, "kirk": 40, "elli": 50, "altmis": 60, "doksan": 90]

    /// "20-27 ağustos" (the dash folds away), "20 to 27 August": the days from one to the other of that month.
    func dayRange(_ words: [String], at index: Int) -> (range: DateResolver.Range, length: Int)? {
        guard let first = DateResolver.dayNumber(words[index]), index + 2 < words.count else { return nil }
        let joined = ["to", "ile"].contains(words[index + 1])
        let lastAt = joined ? index + 2 : index + 1
        guard lastAt + 1 < words.count, let last = DateResolver.dayNumber(words[lastAt]), last > first,
              let month = DateResolver.month(words[lastAt + 1]) else { return nil }
        let end = pastDay(last, month: month)
        let start = calendar.date(byAdding: .day, value: first - last, to: end)!
        return (DateResolver.Range(from: DateResolver.iso(start), to: DateResolver.iso(end)), lastAt + 2 - index)
    }

    /// "the day before thanksgiving", "the day after christmas": the day beside a holiday (its latest one), and how
    /// many words from `index` it takes.
    func dayBeside(_ words: [String], at index: Int) -> (range: DateResolver.Range, length: Int)? {
        guard words[index] == "day", index + 2 < words.count, ["before", "after"].contains(words[index + 1]),
              let (holiday, length) = today.pastHoliday(words, at: index + 2),
              let date = DateResolver(today: holiday.from)?.today else { return nil }
        let beside = calendar.date(byAdding: .day, value: words[index + 1] == "before" ? -1 : 1, to: date)!
        return (single(beside), 2 + length)
    }

    /// "two weeks back", "3 weeks ago", "iki hafta önce", "iki hafta önceki", and set against ("iki hafta öncesinden daha çok
    /// mu"): Monday to Sunday of the week that many weeks before this one (two or more: "a week back" after a question
    /// moves its period, `FollowUp.shift`).
    func weeksBack(_ words: [String], at index: Int) -> (range: DateResolver.Range, length: Int)? {
        guard index + 2 < words.count, let count = Int(words[index]) ?? SearchParser.numbers[words[index]], (2...52).contains(count),
              ["weeks", "week", "wks", "hafta"].contains(words[index + 1]),
              ["back", "ago", "once", "evvel", "onceki", "oncesi", "oncesinde", "oncesinden", "oncekinden", "oncesine"].contains(words[index + 2])
        else { return nil }
        let monday = calendar.date(byAdding: .day, value: -7 * count, to: DateResolver(today: thisWeek().from)!.today)!
        return (DateResolver.Range(from: DateResolver.iso(monday), to: DateResolver.iso(calendar.date(byAdding: .day, value: 6, to: monday)!)), 3)
    }

    /// "the year before last" (the whole year two before this one), "the month before last"; "ytd", "year to date",
    /// "the year so far" (this year so far); with the part of a date it names, and how many words from `index` it takes.
    func beforeLastOrToDate(_ words: [String], at index: Int) -> (span: (range: DateResolver.Range, part: FoundPeriod.Part), length: Int)? {
        let word = words[index]
        if word == "ytd" { return ((yearToDate(), .year(thisYear)), 1) }
        guard index + 2 < words.count else { return nil }
        if word == "year", words[index + 1] == "to", words[index + 2] == "date" { return ((yearToDate(), .year(thisYear)), 3) }
        // "for the year so far": this year to today.
        if word == "year", words[index + 1] == "so", words[index + 2] == "far" { return ((yearToDate(), .year(thisYear)), 3) }
        guard words[index + 1] == "before", words[index + 2] == "last" else { return nil }
        if word == "year" { return ((DateResolver.Range(from: "\(thisYear - 2)-01-01", to: "\(thisYear - 2)-12-31"), .year(thisYear - 2)), 3) }
        if word == "month" { return ((monthRange(offset: -2), .other), 3) }
        return nil
    }

    /// "ayın 10undan beri", "ayın 10'undan beri": from that day of the month (the latest one) to today; how many words
    /// from `index` it takes. The ending may be written on the number or, after an apostrophe, as a word of its own.
    func turkishSinceDayOfMonth(_ words: [String], at index: Int) -> (range: DateResolver.Range, length: Int)? {
        guard words[index] == "ayin", index + 1 < words.count else { return nil }
        let number = words[index + 1]
        let digits = String(number.prefix { $0.isNumber })
        guard let day = Int(digits), (1...31).contains(day) else { return nil }
        // "2'sinden", "6'sından": the possessive's buffer "s" after a vowel ("iki", "altı").
        let ablative = ["undan", "inden", "indan", "unden", "sinden", "sindan", "sundan", "sunden", "ndan", "nden", "dan", "den", "tan", "ten"]
        var next = index + 2
        if digits.count == number.count {
            guard next < words.count, ablative.contains(words[next]) else { return nil }
            next += 1
        } else if !ablative.contains(String(number.dropFirst(digits.count))) {
            return nil
        }
        let since = Self.sinceAfter(words, at: next)
        guard since > 0 else { return nil }
        return (DateResolver.Range(from: DateResolver.iso(pastDayOfMonth(day)), to: todayISO), next + since - index)
    }

    /// "between the 10th and 12th", "from the 3rd to 9th": an ordinal standing alone after a joining word, right after a
    /// day, is that day of the first one's month. So, in Turkish, is a number in the possessive after "ile" ("ağustosun
    /// 10'u ile 24'ü arasında"), or in the dative right after a day in the ablative ("10'undan 24'üne kadar"). Returns
    /// the day and how many words from `index` it takes.
    func dayAfterJoiner(_ words: [String], at index: Int, after last: FoundPeriod?) -> (range: DateResolver.Range, length: Int)? {
        guard let last, last.part == .day, last.range.from == last.range.to, index > 0 else { return nil }
        let day: Int, length: Int
        if last.last == index - 2, ["and", "to", "through", "thru", "until", "till"].contains(words[index - 1]), words[index].contains(where: \.isLetter),
           let number = DateResolver.dayNumber(words[index]), index + 1 >= words.count || DateResolver.month(words[index + 1]) == nil {
            (day, length) = (number, 1)
        } else if let turkish = turkishDay(words, at: index),
                  last.last == index - 2 && words[index - 1] == "ile" && turkish.ending == .possessive
                    || last.last == index - 1 && Self.endsInAblative(words[last.last]) && turkish.ending == .dative {
            (day, length) = (turkish.day, turkish.length)
        } else {
            return nil
        }
        guard let date = DateResolver(today: String(last.range.from.prefix(8)) + String(format: "%02d", day))?.today,
              calendar.component(.day, from: date) == day else { return nil }
        return (single(date), length)
    }

    /// Whether a folded word ends in the Turkish ablative ("-dan", "-den", "-tan", "-ten": from, than): "ağustostan",
    /// "10'undan", "eylüldekilerden".
    static func endsInAblative(_ word: String) -> Bool { ["dan", "den", "tan", "ten"].contains(where: word.hasSuffix) }

    /// The words a "+" comes before ("yesterday + today"), as `TextMatching.dashedWords` finds a dash's.
    static func plussedWords(_ text: String) -> Set<Int> { TextMatching.wordsAfter(["+"], in: text) }

    private func single(_ date: Date) -> DateResolver.Range { DateResolver.Range(from: DateResolver.iso(date), to: DateResolver.iso(date)) }
}
