import AssistUnderstanding
import Foundation

/// The periods a budget question names, read against today: days, weeks, months, quarters and years, in English
/// and Turkish, always in the past (a question about spending asks about what has happened).
extension FinanceUnderstander {
    /// A period as the question wrote it: its range, the words it took, and the part of a date it names, so a
    /// month or quarter and a year written together read as one ("february last year", "geçen yılın şubatında").
    struct FoundPeriod {
        /// What a period names, where a year beside it may make it that year's: a month, a quarter, a half, a run of
        /// months ("jan to june", first and last), a year, a day.
        enum Part: Equatable { case month(Int), quarter(Int), half(Int), months(Int, Int), year(Int), day, other }
        var range: DateResolver.Range
        var first: Int
        var last: Int
        var part: Part = .other
        /// Where a holiday's words begin, for a holiday: with a year beside it, it is that year's ("black friday last
        /// year", "geçen yılki black friday'de").
        var holidayAt: Int? = nil
    }

    /// The question's period, and a second one for comparisons.
    func periods(in text: String) -> (DateResolver.Range?, DateResolver.Range?) {
        var found: [FoundPeriod] = []
        // "ay" with its case endings: ayı, aya, ayda, aydan, ayla, ayın, and -ki: "geçen ayki", "geçen aydaki".
        // "son 3 aylık": the adjective, "of N months".
        let monthWords: Set<String> = ["month", "ay", "ayi", "aya", "ayda", "aydan", "ayla", "ayin", "ayki", "aydaki", "aylik"]
        // A question carries no locale here: a numeric date is read where its numbers decide the order ("20.07", "11.11").
        let folded = DateResolver.spellingNumericDates(DateResolver.blankingNamesBeforeApostrophes(TextMatching.words(text), in: text), in: text)
        // "marta fares this week": in an English question, a Turkish month with an ending glued on is a name (MARTA), no March.
        // "geçtiğimiz kış" (the winter we have passed) is "geçen kış", last winter.
        var words = DateResolver.numberingOrdinals(DateResolver.blankingTurkishMonthsInEnglish(folded)).map(DateResolver.spelledWithSlip)
            .map { $0 == "gectigimiz" ? "gecen" : $0 }
        // "kadıköy salı pazarı'ndan": a weekday market's day is no day of the question's.
        for index in words.indices.dropLast() where Self.namesWeekdayMarket(words[index], words[index + 1]) { words[index] = "" }
        // "big 5: april so far": a number a colon ends closes a label (a shop's name), no day of the month after it.
        if words.count == folded.count {
            for index in TextMatching.wordsAfter([":"], in: text) where index > 0 && index < words.count
                && words[index - 1].allSatisfy(\.isNumber) && DateResolver.month(words[index]) != nil {
                words[index - 1] = ""
            }
        }
        // The words a dash comes before ("feb 10-20", "20 aralık - 3 ocak"), when no ordinal merged two words.
        let dashed = words.count == folded.count ? TextMatching.dashedWords(text).union(Self.plussedWords(text)) : []
        let isWeekendDay = [1, 7].contains(calendar.component(.weekday, from: todayDate))
        var index = 0
        while index < words.count {
            defer { index += 1 }
            let word = words[index]
            let previous = index > 0 ? words[index - 1] : ""
            let next = index + 1 < words.count ? words[index + 1] : ""
            let start = index
            func add(_ range: DateResolver.Range, from first: Int = start, _ part: FoundPeriod.Part = .other) {
                found.append(FoundPeriod(range: range, first: first, last: index, part: part))
            }
            // A day, or after "since" (before "beri", "bu yana", "itibaren") from that day to today: "since april 23",
            // "since easter", "sevgililer gününden beri".
            // "since last month", "geçen haftadan beri", "geçen yıldan bu yana": from that span's first day to today; else
            // the span (a year's part lets a month beside it be that year's).
            func addLast(_ span: DateResolver.Range, _ part: FoundPeriod.Part = .other) {
                let since = Self.sinceAfter(words, at: index + 1)
                if since > 0 || index >= 2 && words[index - 2] == "since" {
                    index += since
                    add(DateResolver.Range(from: span.from, to: todayISO), from: index - since - 1)
                } else {
                    add(span, from: index - 1, part)
                }
            }
            func addDay(_ day: DateResolver.Range) {
                // "black friday'den beri": the ablative after an apostrophe is a word of its own before "beri".
                // "babalar günü'nden bu yana": after a possessive's vowel, with its buffer "n".
                // "zafer bayramı tatilinden beri": the holiday's break, in the ablative, is the holiday's day here too.
                let ablative = index + 1 < words.count && (["den", "dan", "ten", "tan", "nden", "ndan"].contains(words[index + 1])
                    || words[index + 1].hasPrefix("tatil") && ["den", "dan"].contains { words[index + 1].hasSuffix($0) }) ? 1 : 0
                var since = Self.sinceAfter(words, at: index + 1 + ablative)
                if since > 0 { since += ablative }
                // "from thanksgiving till now", "… till today": from that day to today; so is "from new year's eve on".
                if since == 0, previous == "from", index + 2 < words.count, ["till", "until", "til", "to", "thru", "through"].contains(words[index + 1]),
                   ["now", "today"].contains(words[index + 2]) {
                    since = 2
                } else if since == 0, previous == "from", index + 1 < words.count, ["on", "onward", "onwards"].contains(words[index + 1]) {
                    since = 1
                }
                if previous == "since" || since > 0 {
                    index += since
                    add(DateResolver.Range(from: day.from, to: todayISO))
                } else {
                    add(day, .day)
                }
            }
            // "and july up to today?", "may through today": the period before it runs to today.
            if ["today", "now"].contains(word), let last = found.last, last.last >= index - 3, last.range.from <= todayISO,
               ["till", "until", "til", "thru", "through"].contains(previous) || previous == "to" && index >= 2 && words[index - 2] == "up" {
                found[found.count - 1].range = DateResolver.Range(from: last.range.from, to: todayISO)
                found[found.count - 1].last = index
                continue
            }
            // "since sunday (today included)", "including today": today counted in the period before, no day of its own.
            if word == "today", ["included", "inclusive", "incl"].contains(next) || ["including", "incl"].contains(previous), !found.isEmpty {
                continue
            }
            // "bu hafta giden, salı itibarıyla": "as of" a day says when the question is asked, no period of its own.
            if Self.asOf.contains(next), DateResolver.weekday(word) != nil || ["bugun", "bugunku", "simdi"].contains(word) {
                index += 1
                continue
            }
            if let (span, length) = dayBeside(words, at: index) {
                index += length - 1
                add(span, .day)  // "the day before thanksgiving", "the day after christmas"
            } else if let (span, length) = weeksBack(words, at: index) {
                index += length - 1
                add(span)  // "two weeks back", "iki hafta önceki": the week that many weeks before this one
            } else if let (span, length) = beforeLastOrToDate(words, at: index) {
                index += length - 1
                add(span.range, from: start, span.part)  // "the year before last", "ytd", "year to date"
            } else if let (span, length) = turkishSinceDayOfMonth(words, at: index) {
                index += length - 1
                add(span)  // "ayın 10undan beri": from the 10th to today
            } else if let (span, length) = dayAfterJoiner(words, at: index, after: found.last) {
                index += length - 1
                add(span, .day)  // "between the 10th and 12th", "10'u ile 24'ü": the second day, of the first one's month
            } else if let days = daysBack(words, at: index) {
                index += days.length - 1
                add(day(calendar.date(byAdding: .day, value: -days.back, to: todayDate)!), .day)  // "the day before yesterday", "evvelki gün"
            } else if let day = dayPeriod(word) {
                add(day, .day)
            } else if word == "night", previous == "last" {
                add(day(calendar.date(byAdding: .day, value: -1, to: todayDate)!), from: index - 1, .day)  // "last night": yesterday
            } else if let (holiday, length) = today.pastHoliday(words, at: index) {
                index += length - 1
                if index + 1 < words.count, let week = holidayWeek(holiday, before: words[index + 1]) {
                    index += 1
                    add(week)  // "halloween week", "cumhuriyet bayramı haftasında": Monday to Sunday of its week
                } else {
                    addDay(holiday)  // "on valentine's day", "sevgililer gününde": its latest day
                    if found.last?.first == start { found[found.count - 1].holidayAt = start }
                }
            } else if let (span, count) = firstMonths(words, at: index) {
                index += 2
                add(span, .months(1, count))  // "the first six months of 2057": January to June of that year
            } else if let number = ["h1": 1, "h2": 2][word] {
                // "h1 2057", "h2": a half, the latest begun when no year is beside it.
                let year = number == 2 && calendar.component(.month, from: todayDate) < 7 ? thisYear - 1 : thisYear
                add(halfRange(number, year: year), .half(number))
            } else if let (span, number) = turkishSixMonths(words, at: index) {
                index += 2
                add(span, .half(number))  // "bu yılın ilk altı ayında": the first half of that year
            } else if let (span, length) = lastDays(words, at: index) {
                index += length - 1
                add(span)  // "the past 10 days", "son 10 günde": those days, today the last
            } else if let (span, length) = weekBeforeLast(words, at: index) ?? season(words, at: index) ?? sinceWeekday(words, at: index)
                        ?? sinceDayOfMonth(words, at: index) ?? dayRange(words, at: index) ?? weekOf(words, at: index, dashed: dashed) {
                index += length - 1
                add(span)  // "the week before last", "over the summer", "since monday", "20-27 ağustos"
            } else if let (span, length) = dayOfMonth(words, at: index) {
                index += length - 1
                addDay(span)  // "on the 5th", "ayın 5'inde", "eylülün 1'inde"; "since the 4th of july", to today
            } else if let (span, number, length) = half(words, at: index) {
                add(span, from: index - length + 1, .half(number))  // "the first half of the year", "yılın ilk yarısı"
            } else if let (span, length) = sinceTheStart(words, at: index) {
                index += length - 1
                add(span)  // "since the start of the year", "yılbaşından beri", "since New Year's": so far this year (or month)
            } else if let (span, length) = monthDayRange(words, at: index, dashed: dashed) {
                index += length - 1
                add(span)  // "feb 10-20", "feb 10 to 20": the days from one to the other in that month
            } else if word == "weekend", previous == "the", next != "of", !["before", "prior", "earlier"].contains(next) {
                // "over the weekend", "at the weekend" (not "the weekend of feb 10", nor "the weekend before", a shift of
                // the period before it): the latest weekend
                add(latestWeekend())
            } else if isWeekendDay, word == "weekend" && previous == "this" || word == "haftasonu" && previous == "bu"
                        || word == "hafta" && previous == "bu" && next.hasPrefix("sonu") {
                // "starbucks this weekend", "bu hafta sonu" on a Saturday or Sunday: this weekend so far (on a weekday it
                // is still to come, and read as before).
                if word == "hafta" { index += 1 }
                add(latestWeekend(), from: index - 1)
            } else if word == "weekend" && ["last", "past", "previous"].contains(previous)
                        || word == "haftasonu" && previous == "gecen" || word == "hafta" && previous == "gecen" && next.hasPrefix("sonu") {
                if word == "hafta" { index += 1 }
                add(lastWeekend())  // "last weekend", "geçen hafta sonu": Saturday and Sunday of last week
            } else if word == "haftasonu" && previous == "son" || word == "hafta" && previous == "son" && next.hasPrefix("sonu") {
                if word == "hafta" { index += 1 }
                add(latestWeekend(), from: index - 1)  // "(bu) son hafta sonu": the latest weekend, as "the last weekend"
            } else if let (quarter, number, length) = quarter(words, at: index) {
                add(quarter, from: index - length + 1, .quarter(number))
            } else if let weekday = DateResolver.weekday(word), next == "the", index + 2 < words.count,
                      let number = DateResolver.dayNumber(words[index + 2]), words[index + 2].contains(where: \.isLetter),
                      index + 3 == words.count || DateResolver.month(words[index + 3]) == nil && words[index + 3] != "of" {
                // "and wednesday the 20th?": the latest 20th that fell on a Wednesday, not this month's if it did not.
                index += 2
                add(day(pastDayOfMonth(number, on: weekday)), .day)
            } else if let weekday = DateResolver.weekday(word) {
                let first = pastWeekday(weekday)
                // "geçen cumartesi ve pazar", "last saturday and sunday": two days in a row joined, one span of both.
                // "o cumartesi pazar", "saturday sunday": the two bare names side by side, too ("cumartesi pazara", to the
                // market on Saturday, is one day).
                let joiner = ["and", "ve"].contains(next) ? 1 : 0
                if index + 1 + joiner < words.count, joiner == 1 || DateResolver.isBareWeekday(next),
                   let other = DateResolver.weekday(words[index + 1 + joiner]),
                   calendar.date(byAdding: .day, value: 1, to: first) == pastWeekday(other) {
                    index += 1 + joiner
                    add(DateResolver.Range(from: iso(first), to: iso(pastWeekday(other))))
                } else {
                    add(day(first), .day)  // "last monday", "on friday", "geçen salı": the latest before today
                }
            } else if let dayNumber = DateResolver.dayNumber(word), let month = DateResolver.month(next) {
                index += 1
                addDay(day(dayOfYearAfter(words, at: &index, day: dayNumber, month: month)))  // "on 3 November", "3 kasımda", "23 nisandan beri"
            } else if let month = DateResolver.monthBeforeDay(word), let dayNumber = DateResolver.dayNumber(next) {
                index += 1
                addDay(day(dayOfYearAfter(words, at: &index, day: dayNumber, month: month)))  // "November 3rd"; "kasımda 3 kez" is November
            } else if let first = DateResolver.month(word), let (last, length) = monthRangeEnd(words, at: index, dashed: dashed), last != first {
                index += length
                add(pastMonths(from: first, to: last), from: start, .months(first, last))  // "from June to August", "haziran ile ağustos arası"
            } else if monthWords.contains(word), previous == "last" || previous == "gecen" { addLast(monthRange(offset: -1)) }
            else if monthWords.contains(word), previous == "this" || previous == "bu" { add(monthRange(offset: 0), from: index - 1) }
            else if Self.weekWords.contains(word), previous == "last" || previous == "gecen" { addLast(lastWeek()) }
            else if Self.weekWords.contains(word), previous == "this" || previous == "bu" { add(thisWeek(), from: index - 1) }
            else if let month = DateResolver.month(word), let began = Self.monthBegan(words, after: index),
                    Self.sinceAfter(words, at: index + 1 + began) > 0 {
                // "aralık ayı başladığından beri" (since December began): from its first day to today.
                index += began + Self.sinceAfter(words, at: index + 1 + began)
                add(DateResolver.Range(from: pastMonth(month).from, to: todayISO))
            }
            else if let month = DateResolver.month(word), previous == "since" || Self.sinceAfter(words, at: index + 1) > 0 {
                // "since January", "ocaktan beri", "temmuzdan bu yana", "mayıstan itibaren": from its first day to today
                index += Self.sinceAfter(words, at: index + 1)
                add(DateResolver.Range(from: pastMonth(month).from, to: todayISO))
            }
            else if Self.beforeLast.contains(previous), monthWords.contains(word) { add(monthRange(offset: -2), from: index - 1) }  // "evvelki ay"
            else if Self.beforeLast.contains(previous), Self.yearWords.contains(word) {
                add(DateResolver.Range(from: "\(thisYear - 2)-01-01", to: "\(thisYear - 2)-12-31"), from: index - 1, .year(thisYear - 2))
            }
            else if Self.yearWords.contains(word), previous == "this" || previous == "bu" { add(yearToDate(), from: index - 1, .year(thisYear)) }
            else if Self.yearWords.contains(word), ["last", "previous", "gecen", "onceki"].contains(previous) {
                addLast(lastYear(), .year(thisYear - 1))
            }
            else if word == "months" || monthWords.contains(word), index >= 2, ["last", "past", "previous", "son"].contains(words[index - 2]),
                    let count = Int(previous) ?? SearchParser.numbers[previous] {  // "last 3 months", "son 3 ayda"
                add(lastMonths(count), from: index - 2)
            } else if let month = DateResolver.month(word), ["last", "previous", "gecen", "onceki"].contains(previous),
                      month == calendar.component(.month, from: todayDate)
                        || words.indices.contains(where: { $0 + 1 < words.count && ["this", "bu"].contains(words[$0]) && DateResolver.month(words[$0 + 1]) == month }) {
                // "last january", "geçen ocaktan" in January: this month is no "last" one, so it is a year before's; so
                // is "last march" beside "this march" ("how does this march stack up against last march", in April).
                add(monthRange(month, year: thisYear - 1), from: index - 1, .month(month))
            } else if let month = DateResolver.month(word) {
                add(pastMonth(month), .month(month))
            } else if let year = Self.explicitYear(word) ?? Self.yearWithCaseEnding(word), year <= thisYear, SearchParser.currency(next) == nil,
                      Self.explicitYear(word) != nil || !Self.amountComparisons.contains(next) {
                // "in 2026", "2026'da", "2026da": that calendar year, so far when it is this one.
                add(year == thisYear ? yearToDate() : DateResolver.Range(from: "\(year)-01-01", to: "\(year)-12-31"), .year(year))
            }
        }
        // "on friday, no wait, thursday", "geçen ay değil bu ay": a period after a correction replaces those before it.
        if let correction = DateResolver.lastCorrection(in: words), found.contains(where: { $0.first >= correction.end }),
           found.contains(where: { $0.last < correction.start }) {
            found.removeAll { $0.last < correction.start }
        }
        // "tuesday, july 3rd", "20 mayıs pazar": a weekday beside a date that falls on it names that date, no other day.
        let named = found
        found.removeAll { weekdayDay in
            weekdayDay.first == weekdayDay.last && DateResolver.weekday(words[weekdayDay.first]) != nil
                && named.contains { date in
                    (date.first == weekdayDay.last + 1 || date.last + 1 == weekdayDay.first) && date.range.from == date.range.to
                        && date.range.from != weekdayDay.range.from && DateResolver.weekday(words[date.first]) == nil
                        && DateResolver(today: date.range.from).map { calendar.component(.weekday, from: $0.today) } == DateResolver.weekday(words[weekdayDay.first])
                }
        }
        // "counting from july on", "from march onwards": a period begun there runs to today (a day is read so already).
        for (position, period) in found.enumerated() where period.first > 0 && words[period.first - 1] == "from"
            && period.last + 1 < words.count && ["on", "onward", "onwards"].contains(words[period.last + 1]) && period.range.from <= todayISO {
            found[position].range = DateResolver.Range(from: period.range.from, to: todayISO)
        }
        var joined = joinedPeriods(found, in: words, dashed: dashed)
        // "am i outspending last june this month", "geçen aydan bu ay daha fazla mı": the period set against comes first
        // here, so the other one is the question's.
        if joined.count > 1, Self.isSetAgainst(joined[0], in: words), !Self.isSetAgainst(joined[1], in: words) { joined.swapAt(0, 1) }
        let periods = joined.map(\.range)
        return (periods.first, periods.count > 1 ? periods[1] : nil)
    }

    /// Whether a period is the one another is set against: after "than", "outspending" or "against", after "vs" or
    /// "compared to" opening the question; in Turkish, in the ablative ("geçen aydan", not "since": "aydan beri") or
    /// before "göre", "kıyasla", "nazaran" ("geçen hazirana göre").
    static func isSetAgainst(_ period: FoundPeriod, in words: [String]) -> Bool {
        let before = period.first > 0 ? words[period.first - 1] : ""
        if ["than", "against", "outspending", "outspend", "outspent", "outspends"].contains(before) { return true }
        if period.first == 1, ["vs", "versus"].contains(before) { return true }
        if period.first == 2, words[0] == "compared", ["to", "with"].contains(before) { return true }
        let next = period.last + 1 < words.count ? words[period.last + 1] : ""
        if ["gore", "kiyasla", "nazaran", "oranla"].contains(next) { return true }
        let last = words[period.last]
        return Self.endsInAblative(last) && sinceAfter(words, at: period.last + 1) == 0
    }

    /// Periods written together read as one. A named month, quarter, half or run of months next to a year, either way round and
    /// with at most "of" or "in" between, is that one of that year: "february last year", "geçen yılın şubatında",
    /// "Q4 last year", "geçen yılın son çeyreği", "the first half of 2027" (a quarter named "last" or "son" is the
    /// year's fourth there, and the one before this quarter on its own). Two days joined by "to", "until" or
    /// "through", or by "and" after "between" or "from", are the days from one to the other ("between aug 20 and aug
    /// 27"); "compare aug 20 and aug 27" stays two.
    func joinedPeriods(_ found: [FoundPeriod], in words: [String], dashed: Set<Int> = []) -> [FoundPeriod] {
        var joined: [FoundPeriod] = []
        for period in found {
            // "halloween spending last year", "last year's halloween spending": what is spent, or the year's possessive, between.
            if let before = joined.last, period.first == before.last + 1
                || period.first == before.last + 2 && ["of", "in", "s", "spending", "spend", "shopping", "purchases", "expenses"].contains(words[before.last + 1]),
               let holiday = holidayOfYear(before, period, in: words) {
                joined[joined.count - 1] = holiday
                continue
            }
            if let before = joined.last, let both = twoMonthsAsOne(before, period, in: words) {
                joined[joined.count - 1] = both
                continue
            }
            if let before = joined.last, before.part == .day, period.part == .day, Self.spansDays(from: before, to: period, in: words, dashed: dashed),
               before.range.from <= period.range.to {
                joined[joined.count - 1] = FoundPeriod(range: DateResolver.Range(from: before.range.from, to: period.range.to),
                                                       first: before.first, last: period.last)
                continue
            }
            // "bu ocak geçen yılın ocağından": a year in the genitive ("yılın", "senenin") is the next period's, never
            // the one before it, which stays this year's.
            let genitiveYear: Bool
            if case .year = period.part, ["yilin", "senenin"].contains(words[period.last]) { genitiveYear = true } else { genitiveYear = false }
            // "2033'ün ilk yarısı": a genitive ending after an apostrophe is a word of its own ("un", "nin").
            if let before = joined.last, !genitiveYear,
               // "2055's second half": the year's possessive between.
               period.first == before.last + 1 || period.first == before.last + 2 && ["of", "in", "un", "nin", "nun", "s"].contains(words[before.last + 1]),
               let combined = combined(before, period) {
                joined[joined.count - 1] = combined
            } else {
                joined.append(period)
            }
        }
        return joined
    }

    /// "across october and november", "over june and july", "ekim ve kasımda": two months in a row joined by "and", after a
    /// word that spans them (or in Turkish with the case on the second) are the two together; "compare october and
    /// november" stays two.
    private func twoMonthsAsOne(_ first: FoundPeriod, _ second: FoundPeriod, in words: [String]) -> FoundPeriod? {
        guard case .month = first.part, case .month = second.part, second.first == first.last + 2, ["and", "ve"].contains(words[first.last + 1]),
              let end = DateResolver(today: first.range.to)?.today,
              let next = calendar.date(byAdding: .day, value: 1, to: end), DateResolver.iso(next) == second.range.from
        else { return nil }
        // "compare my spending in September and October": two periods set against each other.
        guard !words.contains(where: { $0.hasPrefix("compar") || $0.hasPrefix("karsilastir") || $0.hasPrefix("kiyas") || ["vs", "versus"].contains($0) })
        else { return nil }
        let before = first.first > 0 ? words[first.first - 1] : ""
        let spanned = ["across", "over", "during", "throughout", "through", "for", "in"].contains(before)
            || words[first.last + 1] == "ve" && ["da", "de", "ta", "te"].contains(where: words[second.last].hasSuffix)
        guard spanned else { return nil }
        return FoundPeriod(range: DateResolver.Range(from: first.range.from, to: second.range.to), first: first.first, last: second.last, part: .other)
    }

    /// Whether two days written one after the other mean the days from one to the other: "between aug 20 and aug
    /// 27", "from the 3rd to the 9th"; in Turkish the first in the ablative and the second in the dative, side by side
    /// ("24 aralıktan 2 ocağa kadar").
    static func spansDays(from first: FoundPeriod, to second: FoundPeriod, in words: [String], dashed: Set<Int> = []) -> Bool {
        if second.first == first.last + 1 {
            // "20 aralık - 3 ocak arası", "jul 1 - aug 15", "yesterday + today": a dash or a plus between two days.
            if dashed.contains(second.first) { return true }
            return endsInAblative(words[first.last])
                && (["a", "e"].contains(where: words[second.last].hasSuffix) || second.last + 1 < words.count && words[second.last + 1] == "kadar")
        }
        guard second.first == first.last + 2 else { return false }
        let joiner = words[first.last + 1]
        return ["and", "to", "until", "till", "through", "thru", "ile"].contains(joiner)
            && (joiner != "and" || first.first > 0 && (saysBetween(words[first.first - 1]) || words[first.first - 1] == "from"))
    }

    /// A holiday and a year written side by side, either way round: the holiday in that year ("black friday last year",
    /// "christmas 2031", "geçen yılki black friday'de"; after "since", from it to today), not the holiday set against
    /// the whole year.
    private func holidayOfYear(_ a: FoundPeriod, _ b: FoundPeriod, in words: [String]) -> FoundPeriod? {
        let (holiday, yearPart) = a.holidayAt != nil ? (a, b.part) : (b, a.part)
        guard let at = holiday.holidayAt, case .year(let year) = yearPart,
              let day = DateResolver(today: "\(year)-12-31")?.pastHoliday(words, at: at)?.range else { return nil }
        // "since black friday last year": from that day to today.
        let since = holiday.range.from != holiday.range.to && holiday.range.to == todayISO
        let range = since ? DateResolver.Range(from: day.from, to: todayISO) : day
        guard range.from <= todayISO || !since else { return nil }
        return FoundPeriod(range: range, first: min(a.first, b.first), last: max(a.last, b.last))
    }

    private func combined(_ a: FoundPeriod, _ b: FoundPeriod) -> FoundPeriod? {
        let (part, yearPart) = if case .year = a.part { (b.part, a.part) } else { (a.part, b.part) }
        guard case .year(let year) = yearPart else { return nil }
        let range: DateResolver.Range
        switch part {
        case .month(let month): range = monthRange(month, year: year)
        case .quarter(let number): range = quarterRange(number, year: year)
        case .half(let number): range = halfRange(number, year: year)
        // "jan to june of last year", "geçen yılın ocak-haziran dönemi": those months of that year.
        case .months(let first, let last) where first <= last:
            range = DateResolver.Range(from: monthRange(first, year: year).from, to: monthRange(last, year: year).to)
        default: return nil
        }
        return FoundPeriod(range: range, first: min(a.first, b.first), last: max(a.last, b.last))
    }

    var thisYear: Int { calendar.component(.year, from: todayDate) }

    /// How many days back "the day before yesterday" (2), "evvelki gün", "önceki gün" (not "bir önceki gün", a shift) or
    /// "dünden önceki gün" reaches, and how many words from `index` it takes.
    func daysBack(_ words: [String], at index: Int) -> (back: Int, length: Int)? {
        let next = index + 1 < words.count ? words[index + 1] : ""
        if words[index] == "day", next == "before", index + 2 < words.count, words[index + 2] == "yesterday" { return (2, 3) }
        let previous = index > 0 ? words[index - 1] : ""
        if ["evvelki", "evvelsi", "onceki"].contains(words[index]), next.hasPrefix("gun"),
           words[index] != "onceki" || !["bir", "ondan", "bundan"].contains(previous) { return (2, 2) }
        return nil
    }

    /// Turkish "as of", folded: "salı itibarıyla", "bugün itibariyle".
    static let asOf: Set<String> = ["itibariyla", "itibariyle"]

    /// How many words at `index` say "since" after what they follow, in Turkish: "beri", "bu yana", "itibaren", "bugüne
    /// (kadar)" (to today: "yılbaşından bugüne"); else 0.
    static func sinceAfter(_ words: [String], at index: Int) -> Int {
        guard index < words.count else { return 0 }
        if ["beri", "itibaren"].contains(words[index]) { return 1 }
        if words[index] == "bugune" { return index + 1 < words.count && words[index + 1] == "kadar" ? 2 : 1 }
        return words[index] == "bu" && index + 1 < words.count && words[index + 1] == "yana" ? 2 : 0
    }

    /// "since the start of the year", "from the beginning of this month", "since New Year's", "yılbaşından beri", "yıl
    /// başından bu yana", "yeni yıldan beri", "ay başından beri": the year (or month) so far, and how many words from
    /// `index` it takes.
    func sinceTheStart(_ words: [String], at index: Int) -> (DateResolver.Range, Int)? {
        let word = words[index]
        if ["since", "from"].contains(word), index + 4 < words.count, words[index + 1] == "the", ["start", "beginning"].contains(words[index + 2]),
           words[index + 3] == "of" {
            let unitAt = ["the", "this"].contains(words[index + 4]) ? index + 5 : index + 4
            guard unitAt < words.count else { return nil }
            if words[unitAt] == "year" { return (yearToDate(), unitAt - index + 1) }
            if words[unitAt] == "month" { return (thisMonth(), unitAt - index + 1) }
            // "since the start of november": from that month's first day to today.
            if let month = DateResolver.month(words[unitAt]) {
                return (DateResolver.Range(from: pastMonth(month).from, to: todayISO), unitAt - index + 1)
            }
            // "since the start of q3", "… of the third quarter": from that quarter's first day to today; "… of the
            // quarter" alone is this one.
            if Self.isQuarterWord(words[unitAt]) {
                return (quarterToDate(thisQuarter()), unitAt - index + 1)
            }
            for end in [unitAt, unitAt + 1] where end < words.count {
                if let (range, _, _) = quarter(words, at: end), end == unitAt || Self.isQuarterWord(words[end]) {
                    return (quarterToDate(range), end - index + 1)
                }
            }
            return nil
        }
        // "since New Year's", "since new year", "since New Year's Day" (which fold to "new year s day").
        if word == "since", index + 2 < words.count, words[index + 1] == "new", ["year", "years"].contains(words[index + 2]) {
            var length = 3
            if index + length < words.count, words[index + length] == "s" { length += 1 }
            if index + length < words.count, words[index + length] == "day" { length += 1 }
            return (yearToDate(), length)
        }
        // "yeni yıldan bu yana", "yeni yıldan beri": since the new year, as "since new year".
        if word == "yeni", index + 2 < words.count, words[index + 1] == "yildan", case let since = Self.sinceAfter(words, at: index + 2), since > 0 {
            return (yearToDate(), 2 + since)
        }
        // Turkish: "yılbaşından" in one word or two ("yıl başından"), then beri / bu yana / itibaren.
        // A month's name before "başından": "kasım başından beri", from that month's first day.
        var (unit, start): (String, Int) = word == "yilbasindan" ? ("yil", index) : (word, index + 1)
        let month = DateResolver.month(unit)
        // "mart ayı başından beri": the month's name, then "ayı" (its month), then "başından".
        if month != nil, start + 1 < words.count, words[start] == "ayi", words[start + 1] == "basindan" { start += 1 }
        guard ["yil", "ay"].contains(unit) || month != nil, start < words.count, word == "yilbasindan" || words[start] == "basindan" else { return nil }
        let since = Self.sinceAfter(words, at: start + 1)
        guard since > 0 else { return nil }
        let span = month.map { DateResolver.Range(from: pastMonth($0).from, to: todayISO) } ?? (unit == "yil" ? yearToDate() : thisMonth())
        return (span, start + 1 + since - index)
    }

    /// A bare "hafta sonu" in a question naming no other period (not after "bu", "geçen", "her", a number or another
    /// word that names which one): the latest weekend ("hafta sonu bindiğim bitaksileri listele"). Read on the whole
    /// question only, never on a part of it: cut from "geçen hafta sonu", it would be a period of its own, and the
    /// words after it a name after the question's period ("arkadaşım aliye"). One word, "haftasonu", is left alone.
    static func saysBareWeekend(_ words: [String]) -> Bool {
        let naming: Set<String> = ["bu", "gecen", "her", "evvelki", "evvelsi", "onceki", "son", "sonraki", "gelecek", "onumuzdeki",
                                   "ilk", "hangi", "kac", "bir", "ayni", "o", "su", "bircok", "birkac", "tum", "butun"]
        return words.indices.contains { index in
            guard words[index] == "hafta", index + 1 < words.count, words[index + 1].hasPrefix("sonu") else { return false }
            let previous = index > 0 ? words[index - 1] : ""
            return !naming.contains(previous) && Int(previous) == nil && SearchParser.numbers[previous] == nil
        }
    }

    /// The latest weekend: this one so far on a Saturday or Sunday, else Saturday and Sunday of last week.
    func latestWeekend() -> DateResolver.Range {
        let weekday = calendar.component(.weekday, from: todayDate)
        guard weekday == 7 || weekday == 1 else { return lastWeekend() }
        let saturday = calendar.date(byAdding: .day, value: weekday == 7 ? 0 : -1, to: todayDate)!
        return DateResolver.Range(from: DateResolver.iso(saturday), to: todayISO)
    }

    /// "feb 10-20", "feb 10 to 20", "feb 10 thru 20": a month, then two of its days joined by a dash or a word; the
    /// latest such days that have begun, and how many words from `index` it takes.
    func monthDayRange(_ words: [String], at index: Int, dashed: Set<Int>) -> (range: DateResolver.Range, length: Int)? {
        guard index + 2 < words.count, let month = DateResolver.monthBeforeDay(words[index]), let first = DateResolver.dayNumber(words[index + 1]),
              Int(words[index + 1]) != nil else { return nil }
        let joined = ["to", "thru", "through", "till", "until"].contains(words[index + 2])
        let lastAt = joined ? index + 3 : index + 2
        guard lastAt < words.count, joined || dashed.contains(lastAt), Int(words[lastAt]) != nil,
              let last = DateResolver.dayNumber(words[lastAt]), last > first else { return nil }
        let end = pastDay(last, month: month)
        let start = calendar.date(byAdding: .day, value: first - last, to: end)!
        return (DateResolver.Range(from: DateResolver.iso(start), to: DateResolver.iso(end)), lastAt + 1 - index)
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
    func monthRangeEnd(_ words: [String], at index: Int, dashed: Set<Int> = []) -> (month: Int, length: Int)? {
        guard index + 1 < words.count else { return nil }
        let next = words[index + 1]
        if Self.endsInAblative(words[index]), let last = DateResolver.month(next) { return (last, 1) }
        // "compare september to august": two months set against each other, not the months from one to the other.
        let comparing = words.contains { ["compare", "comparing", "karsilastir"].contains($0) }
        // "temmuz-eylül arasında", "july-september": a bare month, a dash and a month are the months from one to the
        // other (a day after the second, "feb-mar 3", is no range of months; nor months dashed to be compared).
        if dashed.contains(index + 1), !comparing, DateResolver.monthBeforeDay(words[index]) != nil, let last = DateResolver.month(next),
           !(index + 2 < words.count && DateResolver.dayNumber(words[index + 2]) != nil) { return (last, 1) }
        if let turkish = turkishMonthsBetween(words, at: index) { return turkish }
        guard index + 2 < words.count, let last = DateResolver.month(words[index + 2]) else { return nil }
        let after = index + 3 < words.count ? words[index + 3] : ""
        let joined = ["through", "thru", "until", "till"].contains(next) || next == "to" && !comparing
            || (next == "and" && index > 0 && Self.saysBetween(words[index - 1])) || (next == "ile" && after.hasPrefix("arasi"))
        return joined ? (last, 2) : nil
    }

    /// The words after a month that say it began, "ayı başladığından", "başladığından" (ablative of "it began"), counted.
    static func monthBegan(_ words: [String], after index: Int) -> Int? {
        var at = index + 1
        if at < words.count, words[at] == "ayi" { at += 1 }
        guard at < words.count, words[at].hasPrefix("basladig") || words[at].hasPrefix("girdig") else { return nil }
        return at + 1 - (index + 1)
    }

    /// "temmuzla aralık arasında" (between July and December, "ile" glued on), "ekim başı ile aralık sonu arasında" (from
    /// the start of October to the end of December): the months from the one to the other, each end said of its month
    /// or not, before "arası" (between). The month at `index` is the first; the range's last month and length come back.
    func turkishMonthsBetween(_ words: [String], at index: Int) -> (month: Int, length: Int)? {
        var at = index + 1
        if at < words.count, ["basi", "basindan"].contains(words[at]) { at += 1 }
        // "ile" glued on the month ("temmuzla") or on its start ("ekim başıyla"), or a word of its own.
        let gluedIle = at == index + 1 && ["la", "le", "yla", "yle"].contains(where: words[index].hasSuffix)
        if at < words.count, words[at] == "basiyla" { at += 1 } else if !gluedIle {
            guard at < words.count, words[at] == "ile" else { return nil }
            at += 1
        }
        guard at < words.count, let last = DateResolver.month(words[at]) else { return nil }
        at += 1
        if at < words.count, words[at] == "sonu" { at += 1 }
        guard at < words.count, words[at].hasPrefix("arasi") else { return nil }
        return (last, at - index - 1)
    }

    /// "between", or the word written with one slip and its first letters ("betwen", "beetween"; "beaten" is two off).
    static func saysBetween(_ word: String) -> Bool {
        word == "between" || word.hasPrefix("be") && abs(word.count - 7) <= 1 && TextMatching.editDistance(word, "between", limit: 1) <= 1
    }

    /// "quarter" and "çeyrek" with its endings: çeyrekte, çeyreği, çeyreğinde, çeyrekteki.
    static func isQuarterWord(_ word: String) -> Bool { word == "quarter" || word.hasPrefix("ceyre") }

    /// Ordinals a quarter is numbered with, besides digits ("the 3rd quarter", "3. çeyrek"): Turkish, and the ones
    /// `numberingOrdinals` leaves as words.
    static let quarterOrdinals: [String: Int] = ["ilk": 1, "birinci": 1, "ikinci": 2, "ucuncu": 3, "dorduncu": 4]

    /// A quarter, with the number it has in a year written beside it (`joinedPeriods`) and how many words it takes:
    /// "last quarter" / "geçen çeyrek" / "son çeyrek" (the one before this alone, the fourth of a year named with it),
    /// "this quarter" / "bu çeyrek" (to today), "Q3", "the third quarter", "3. çeyrek", "ilk çeyrek" (that quarter
    /// of the latest year where it has begun).
    func quarter(_ words: [String], at index: Int) -> (range: DateResolver.Range, number: Int, length: Int)? {
        let word = words[index]
        let previous = index > 0 ? words[index - 1] : ""
        let current = (calendar.component(.month, from: todayDate) - 1) / 3 + 1
        let year = calendar.component(.year, from: todayDate)
        func latest(_ number: Int) -> DateResolver.Range { quarterRange(number, year: number <= current ? year : year - 1) }
        if word.count == 2, word.first == "q", let number = Int(word.dropFirst()), (1...4).contains(number) { return (latest(number), number, 1) }
        guard Self.isQuarterWord(word) else { return nil }
        if ["last", "previous", "past", "gecen", "onceki", "son", "final"].contains(previous) {
            let before = current == 1 ? quarterRange(4, year: year - 1) : quarterRange(current - 1, year: year)
            return (before, 4, 2)
        }
        if previous == "this" || previous == "bu" { return (thisQuarter(), current, 2) }
        if let number = DateResolver.dayNumber(previous) ?? Self.quarterOrdinals[previous], (1...4).contains(number) {
            return (latest(number), number, 2)
        }
        return nil
    }

    /// Month `month` of `year`, to today if it is this month (a span that has not begun is whole, as a quarter's is).
    func monthRange(_ month: Int, year: Int) -> DateResolver.Range {
        let start = calendar.date(from: DateComponents(year: year, month: month, day: 1))!
        let end = calendar.date(byAdding: DateComponents(month: 1, day: -1), to: start)!
        return DateResolver.Range(from: iso(start), to: todayISO >= iso(start) ? min(iso(end), todayISO) : iso(end))
    }

    /// From a quarter's first day to today.
    private func quarterToDate(_ quarter: DateResolver.Range) -> DateResolver.Range {
        DateResolver.Range(from: quarter.from, to: todayISO)
    }

    /// This quarter, to today.
    func thisQuarter() -> DateResolver.Range {
        quarterRange((calendar.component(.month, from: todayDate) - 1) / 3 + 1, year: calendar.component(.year, from: todayDate))
    }

    fileprivate func quarterRange(_ number: Int, year: Int) -> DateResolver.Range {
        let start = calendar.date(from: DateComponents(year: year, month: (number - 1) * 3 + 1, day: 1))!
        let end = calendar.date(byAdding: DateComponents(month: 3, day: -1), to: start)!
        return DateResolver.Range(from: iso(start), to: todayISO >= iso(start) ? min(iso(end), todayISO) : iso(end))
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
    /// Day `day` of `month` whose words end at `index`: of the year written right after them ("20 July 2039", "20
    /// temmuz 2039'da", "20.07.2039"; `index` then moves onto it), else the latest before today (`pastDay`).
    func dayOfYearAfter(_ words: [String], at index: inout Int, day: Int, month: Int) -> Date {
        guard index + 1 < words.count, let year = Self.explicitYear(words[index + 1]) ?? Self.yearWithCaseEnding(words[index + 1]),
              let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
              calendar.component(.day, from: date) == day else { return pastDay(day, month: month) }
        index += 1
        return date
    }

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

    /// A year written with a Turkish case ending and no apostrophe ("2032de", "2031den", "2030daki"), as
    /// `explicitYear` reads "2032'de".
    static func yearWithCaseEnding(_ word: String) -> Int? {
        guard word.count > 4, word.prefix(4).allSatisfy(\.isNumber), caseEndings.contains(String(word.dropFirst(4))) else { return nil }
        return explicitYear(String(word.prefix(4)))
    }

    /// Words after a number that make it an amount: "2000den fazla" (more than 2000), "500den az".
    static let amountComparisons: Set<String> = ["fazla", "az", "ustu", "uzeri", "alti", "asagi", "yukari", "buyuk", "kucuk"]

    /// "evvelki", "evvelsi": before last, of a week, month or year ("evvelsi hafta": the week before last).
    static let beforeLast: Set<String> = ["evvelki", "evvelsi"]

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

    /// "year" ("yr") and "yıl" / "sene" with their case endings: yılı, yılda, yıla, yılın, yılki, senesi, senede…
    static let yearWords: Set<String> = ["year", "yr", "yil", "yili", "yilda", "yildan", "yila", "yilin", "yilki", "yildaki", "sene", "senesi",
                                         "senede", "seneden", "seneye", "senenin", "seneki", "senedeki"]

    /// "week" ("wk") and "hafta" with its case endings and -ki: haftaki, haftada, haftadan, haftadaki, haftayı, haftanın.
    /// "geçen haftanınkine yetişti mi": the week's own ("-ninki") with its cases, as another period set against one.
    static let weekWords: Set<String> = ["week", "wk", "hafta", "haftaki", "haftada", "haftadan", "haftadaki", "haftayi", "haftanin", "haftayla",
                                         "haftaninki", "haftaninkine", "haftaninkinden", "haftaninkiyle"]

    func thisMonth() -> DateResolver.Range { monthRange(offset: 0) }

    private func iso(_ date: Date) -> String { DateResolver.iso(date) }
}
