import AssistUnderstanding
import Foundation

/// How a budget conversation's next question relates to the last one. A follow-up inherits what it does not
/// restate, in either language: "and the month before?" / "peki bir önceki ay?" shifts the period, "what about
/// restaurants?" / "ya restoranlar?" swaps the category, "only at Migros" / "sadece Migros'ta" adds a merchant
/// (keeping the category), "top 3 instead" / "onun yerine ilk 3" changes the limit, "and last year?" / "peki geçen
/// yıl?" after a year is the whole year before, "show me 6 instead" / "6 tane göster" after a top list changes its
/// count, "compared with last month" / "geçen ayla kıyasla" compares the last period with the one named. A question
/// that restates nothing ("how many transactions was that?", "bu kaç işlem?") keeps everything but what it asks
/// (`FinanceUnderstander.isFollowUp(_:after:)`). A question of its own (a new topic) starts afresh.
enum FollowUp {
    /// Words that open a follow-up: "and in September?", "what about…", "peki…", "ya…", "only at…", "sadece…".
    static let openers: Set<String> = ["and", "what", "how", "peki", "ya", "bir", "also", "only", "just", "sadece", "yalnizca", "yalniz",
                                       "same", "aynisini", "aynisi", "bunun", "bundan",
                                       // "aynı ay ulaşım ne tutmuş": the same span as the last question's, as "same" opens one.
                                       "ayni",
                                       // "şimdi ilk çeyreği göster", "now show q1": now, the same of another.
                                       "simdi", "now"]
    /// Words that open a reply without meaning anything of their own.
    static let fillers: Set<String> = ["ok", "okay", "okey", "alright", "right", "so", "well", "hmm", "cool", "thanks", "tamam"]
    /// Words that say the question changes the last one rather than asking anew.
    /// "swap that for eating out", "switch it to fuel": the last question, one part of it changed.
    static let changeMarkers: Set<String> = ["instead", "yerine", "before", "onceki", "previous", "prior", "swap", "switch"]
    /// Words that narrow the last question rather than replace part of it.
    static let narrowers: Set<String> = ["only", "just", "sadece", "yalnizca", "yalniz", "bunun", "bundan"]

    /// Whether `text`, coming after another question, is a follow-up to it: opened like one (and short), marked as a
    /// change, or so short that it names no intent of its own ("top 3 instead", "ilk 3 olsun").
    static func isFollowUp(_ text: String) -> Bool {
        // A filler before the opener ("ok and for last year?", "tamam, ya geçen ay?") says nothing of its own.
        let words = Array(TextMatching.words(text).drop { fillers.contains($0) })
        guard let first = words.first else { return false }
        return openers.contains(first) && words.count <= 6
            || words.last == "peki" && words.count <= 6  // Turkish puts "peki" at either end: "BİM'de ne kadar peki?"
            || words.contains(where: changeMarkers.contains) && words.count <= 6
            // "give me february's full total instead": a longer question that ends on "instead" changes the last one too.
            || ["instead", "yerine"].contains(words.last ?? "") && words.count <= 8
            || sameSpanAYearBefore(words) && words.count <= 10
            || saysAlso(text) && words.count <= 6
            || ["too", "also"].contains(words.last ?? "") && words.count <= 6  // "run that for 2053 too"
            // "did they get much from me in november too": the last question's payee, pointed back to, asked again.
            || ["too", "also"].contains(words.last ?? "") && words.count <= 10 && words.contains { ["they", "them", "their"].contains($0) }
            || words.contains("kadardi") && words.count <= 5  // "2027 ağustosunda ne kadardı": how much was it then
            || words.contains { $0 == "durum" || $0 == "durumda" } && words.count <= 6  // "brew mood'da durum ne": how it stands there
            || zip(words, words.dropFirst()).contains { $0 == "up" && $1 == "or" } && words.count <= 6  // "up or down from january?"
            // "was february higher or lower": the last question's total set against another period's.
            || zip(words, words.dropFirst()).contains { ["higher", "lower", "more", "less"].contains($0) && $1 == "or" } && words.count <= 6
            // "did july beat that?": another period set against the last one's total.
            || zip(words, words.dropFirst()).contains { $0 == "beat" && ["that", "it"].contains($1) } && words.count <= 6
            // "bir sene öncesini, 2055'i de merak ettim": the last period moved, in a longer question ("compare last month with
            // the month before" sets two periods of its own against each other).
            || shift(in: text) != nil && words.count <= 10 && !comparesOwnPeriods(words)
            || words.contains("kadarmis") && words.count <= 5  // "2031'de ne kadarmış": how much was it, as one learns
            || words.contains { ["nasildi", "nasilmis"].contains($0) } && words.count <= 6  // "iki yıl öncesi, 2055 nasıldı": how was it
            // "ocak için şimdiye dek ne kadar kesildi": a month "for" which the last question is asked again.
            || words.count >= 2 && words.count <= 7 && words[1] == "icin" && DateResolver.month(words[0]) != nil
            || words.count <= 4 && !FinanceUnderstander.hasIntentCue(text)
            || partOfLast(words) && words.count <= 10
            || namesLastPeriod(words) && words.count <= 12
            || pointsAtLastItems(words) && words.count <= 8
            || opensWithMonth(words) && words.count <= 5
            || redoesLast(words) && words.count <= 8
            // "go back to 2055 for that": the last question, pointed back to at the end.
            || words.count >= 3 && words.count <= 8 && words[words.count - 2] == "for" && ["that", "it", "those", "this"].contains(words.last ?? "")
    }

    /// "compare last month with the month before", "ocakla karşılaştır": a verb or word setting periods against each other.
    static func comparesOwnPeriods(_ words: [String]) -> Bool {
        words.contains { ["compare", "vs", "versus", "against"].contains($0) || $0.hasPrefix("karsilastir") || $0.hasPrefix("kiyasla") }
    }

    /// "bump it a week later", "push that a month later": a verb moving the last question's period opens the question.
    static func movesLast(_ words: [String]) -> Bool {
        words.count >= 2 && ["bump", "push", "move", "shift", "slide"].contains(words[0]) && ["it", "that", "this"].contains(words[1])
    }

    /// "make it all of april", "change that to march", "run it for 2055", "move that to the following week": the last
    /// question, done again with what follows.
    static func redoesLast(_ words: [String]) -> Bool {
        words.count >= 3 && ["make", "change", "set", "run", "redo", "do", "move", "shift", "push", "slide"].contains(words[0])
            && ["it", "that", "this"].contains(words[1])
    }

    /// "may was how much?", "june?": a short question opening with a month's English name names the period to put in the
    /// last one's place ("may i see…" opens with a verb, not a month). Turkish opens a question of its own so ("Eylülde en
    /// çok nereye harcadım?"), and a follow-up with "peki" or "ya".
    static func opensWithMonth(_ words: [String]) -> Bool {
        guard let first = words.first, DateResolver.isEnglishMonthName(first) else { return false }
        return words.count == 1 || !["i", "we", "you", "it"].contains(words[1])
    }

    /// "bunların en pahalısı", "which of those was the biggest", "onlardan hangisi": the last answer's payments, pointed
    /// back to. A category's word then says what they were ("hangi tatildi": which holiday), not another slice.
    /// So is the last total itself: "behind that number" ("count the dinners behind that number": the payments it was made
    /// of), "bu parayla" ("kaç öğün yemişiz bu parayla": how many meals we ate with this money).
    static func pointsAtLastItems(_ words: [String]) -> Bool {
        // "bunu konser sayısına bölersek": this (the last total), divided.
        words.contains { ["bunlarin", "bunlardan", "onlarin", "onlardan"].contains($0) } || words.first == "bunu"
            || zip(words, words.dropFirst()).contains { pointer, noun in
                pointer == "of" && ["those", "these", "them"].contains(noun) || pointer == "behind" && ["that", "it", "this"].contains(noun)
                    || ["bu", "o"].contains(pointer) && ["parayla", "tutarla", "paraya", "tutara"].contains(noun)
            }
    }

    /// "that month", "o ay", "o hafta", "that year": the last question's period, pointed back to (the period is kept as
    /// the last one's, since these words name none of their own). So do "same week", "aynı hafta".
    static func namesLastPeriod(_ words: [String]) -> Bool {
        zip(words, words.dropFirst()).contains { pointer, unit in
            // "o haftaki market fişleri", "o ayki": with Turkish -ki too.
            // "o zamandan beri": since then.
            pointer == "o" && unit == "zamandan"
                || ["that", "o", "same", "ayni"].contains(pointer)
                    && ["month", "week", "weekend", "year", "day", "ay", "hafta", "haftasonu", "yil", "gun", "ayki", "haftaki", "yilki", "gunku"].contains(unit)
        }
            // "o iki gün", "those two days": the last period's days, counted.
            || words.indices.contains { index in
                // "aynı iki günde", "the same two days": the same, counted.
                index + 2 < words.count && ["o", "those", "these", "ayni", "same"].contains(words[index])
                    && (Int(words[index + 1]) ?? SearchParser.numbers[words[index + 1]]).map { $0 >= 2 } == true
                    && ["gun", "gunde", "gunu", "days", "hafta", "haftada", "weeks", "ay", "ayda", "months"].contains(words[index + 2])
            }
    }

    /// "only at Migros", "sadece Migros'ta", "how much of that was at Petrol Ofisi": a merchant added to the last
    /// question's category, not in its place.
    static func narrows(_ text: String) -> Bool {
        let words = TextMatching.words(text)
        return words.contains(where: narrowers.contains) || partOfLast(words)
    }

    /// "of that", "of this", "of those", "of it": a part of the last question's answer, as Turkish "bunun", "bundan".
    /// A share of it, "payı", "share": "Carrefoursa'nın payı ne kadar"; "ne kadarı" (how much of it).
    static func partOfLast(_ words: [String]) -> Bool {
        zip(words, words.dropFirst()).contains { $0 == "of" && ["that", "this", "those", "it"].contains($1) }
            // "eataly's part in that number": in the last total.
            || words.indices.dropLast(2).contains { words[$0] == "in" && ["that", "this"].contains(words[$0 + 1])
                                                        && ["number", "total", "amount", "sum"].contains(words[$0 + 2]) }
            // "ne kadarı Migros'taydı", "CarrefourSA'daki kısmı", "lukoilde bıraktığım kısım"
            || words.contains { ["payi", "share", "kadari", "kismi", "kisim", "kadarini", "kismini", "payini"].contains($0) }
            // "bunun içinden ipekyol'a giden": out of this ("son 3 ay içinde" is a period's).
            || zip(words, words.dropFirst()).contains { ["bunun", "onun", "bunlarin", "onlarin"].contains($0) && ["icinden", "icinde"].contains($1) }
            // "bu tutarın kaç lirası …'na": how much of this sum.
            || zip(words, words.dropFirst()).contains { ["bu", "o"].contains($0) && ["tutarin", "paranin", "toplamin", "harcamanin"].contains($1) }
    }

    enum Unit {
        /// `span`: the last period's own kind, as "the one before" names it (a weekend's, the weekend before).
        case day, week, month, year, span

        /// Its length in days, for the units counted in days; nil for months and years, counted in months.
        var days: Int? {
            switch self {
            case .day: 1
            case .week: 7
            case .month, .year, .span: nil
            }
        }
    }

    /// A move of the last period back: by one `unit` ("the month before"), or, with a `count`, to the `count` units
    /// just before it ("the 3 months before that", "ondan önceki 3 ay"); or, `forward`, one unit on ("the month after").
    struct Shift: Equatable {
        var unit: Unit
        var count: Int?
        /// One unit on instead of back: "the month after", "bir sonraki ay".
        var forward = false
        /// The same span in that year instead: "the same month in 2032", "2032'nin aynı ayı".
        var toYear: Int? = nil
        /// That weekday (Calendar's number) instead, the nearest before the last period, or after it when `forward`:
        /// "the sunday right before it", "ertesi pazartesi" (the Monday after).
        var weekday: Int? = nil
        /// The last period moved back by this many units, as long as it was: "shift it back seven days".
        var moveBy: Int? = nil
    }

    /// "the sunday right before it", "the friday after that", "ertesi pazartesi", "sonraki cuma", "önceki cumartesi":
    /// a weekday next to the last period, as the type's `weekday` says. "the sunday before christmas" is a day of its
    /// own (what follows "before" must point back: "it", "that", "then", or nothing).
    static func weekdayShift(in words: [String]) -> Shift? {
        for (index, word) in words.enumerated() {
            guard let weekday = DateResolver.weekday(word) else { continue }
            let before = index > 0 ? words[index - 1] : ""
            if ["ertesi", "sonraki", "following"].contains(before) { return Shift(unit: .day, forward: true, weekday: weekday) }
            if before == "onceki" { return Shift(unit: .day, weekday: weekday) }
            var at = index + 1
            while at < words.count, ["right", "just", "immediately"].contains(words[at]) { at += 1 }
            guard at < words.count, ["before", "after", "prior"].contains(words[at]) else { continue }
            let pointed = at + 1 == words.count || ["it", "that", "then", "this"].contains(words[at + 1])
            if pointed { return Shift(unit: .day, forward: words[at] == "after", weekday: weekday) }
        }
        return nil
    }

    /// How a follow-up shifts the last period: back, "the month before", "the previous month", "bir önceki ay", "ondan
    /// önceki hafta", "the year before", "the 3 months before that", "önceki 2 hafta", "the day before", "bir önceki
    /// gün"; or one unit on: "the month after", "the following week", "bir sonraki ay". ("The day before yesterday"
    /// is a day of its own, not a shift.) Turkish "ertesi" is the unit after: "ertesi gün", "ertesi hafta".
    static func shift(in text: String) -> Shift? {
        let words = TextMatching.words(text)
        if let weekday = weekdayShift(in: words) { return weekday }
        if sameSpanAYearBefore(words) { return Shift(unit: .year) }
        if let year = sameSpanInYear(words) { return Shift(unit: .year, toYear: year) }
        // "last weekend or the one before?", "and the one before that?": the span before the last one, of its kind.
        // "bir öncekinden": than the one before.
        if zip(words, words.dropFirst()).contains(where: { $0 == "one" && ["before", "prior", "earlier"].contains($1) || $0 == "bir" && $1 == "oncekinden" }) {
            return Shift(unit: .span)
        }
        let units: [String: Unit] = ["day": .day, "days": .day, "gun": .day, "gune": .day, "gunu": .day, "gunun": .day,
                                     "month": .month, "months": .month, "ay": .month, "ayla": .month, "ayi": .month, "aya": .month, "ayda": .month,
                                     "week": .week, "weeks": .week, "wk": .week, "hafta": .week,
                                     // "ondan önceki haftanın altında": the unit in the genitive.
                                     "haftanin": .week, "ayin": .month, "yilin": .year, "haftayi": .week, "haftaya": .week, "haftayla": .week,
                                     // "bir önceki haftadan daha mı pahalı": the unit in the ablative, set against.
                                     // "bir önceki haftadakini aştı mı": the one in the week before.
                                     "haftadakini": .week, "haftadakinden": .week, "aydakini": .month, "aydakinden": .month,
                                     "haftadan": .week, "aydan": .month, "yildan": .year, "gunden": .day, "weekend": .week, "haftasonu": .week, "year": .year, "years": .year, "yil": .year, "sene": .year,
                                     "yili": .year, "yilda": .year, "yila": .year, "yilla": .year, "seneye": .year, "senede": .year,
                                     // "the quarter before it", "bir çeyrek geriye": the last span of whole months, as long, before it.
                                     "quarter": .span, "ceyrek": .span, "ceyregi": .span, "ceyrege": .span]
        for (index, word) in words.enumerated() {
            guard let unit = units[word] else { continue }
            let count = index > 0 ? Int(words[index - 1]) ?? SearchParser.numbers[words[index - 1]].flatMap { $0 > 1 ? $0 : nil } : nil
            let before = index > (count == nil ? 0 : 1) ? words[index - (count == nil ? 1 : 2)] : ""
            let after = index + 1 < words.count ? words[index + 1] : ""
            if unit == .day, index + 2 < words.count, ["yesterday", "dun"].contains(words[index + 2]) { continue }
            // "the day before thanksgiving" is a day of its own; "the year before last" a year of its own.
            if unit == .day, index + 2 < words.count, ["before", "after"].contains(after), DateResolver.beginsHoliday(words, at: index + 2) { continue }
            if after == "before", index + 2 < words.count, words[index + 2] == "last" { continue }
            // "rewind a year", "go back a month", "a year back", "bi yıl öncesinde": one unit before the last period.
            let twoBefore = index >= 2 ? words[index - 2] : ""
            // "one more month back?", "another week earlier", "bir ay geriye git": one unit more, back.
            let oneMore = before == "more" && twoBefore == "one" || before == "another"
            // "go back one more month", "rewind one more month", "bir ay daha geriye git": "back" or "rewind" before it, or
            // "daha" (more) before "geri".
            let backBefore = words[..<index].contains { $0 == "back" || $0 == "rewind" }
            let moreBack = after == "daha" && index + 2 < words.count && words[index + 2].hasPrefix("geri")
            // "geriye doğru bir hafta kaydır": "geri" (back) before "bir" and the unit.
            let backFirst = ["bir", "bi"].contains(before) && words[..<index].contains { $0.hasPrefix("geri") }
            if count == nil, ["a", "one"].contains(before) && (["rewind", "back"].contains(twoBefore) || after == "back")
                || oneMore && (["back", "earlier"].contains(after) || backBefore) || backFirst
                || ["bir", "bi"].contains(before) && (after.hasPrefix("once") || after == "evvel" || after.hasPrefix("geri") || moreBack) {
                return Shift(unit: unit)
            }
            // "shift it back seven days", "move it back 2 weeks": the last period moved back that far ("two weeks back" counts
            // from today, read elsewhere).
            // "go two years back from there": the count before its unit, "back" after, from the last period.
            if let count, (1...120).contains(count), before == "back" || after == "back" && (before == "go" || words.contains("there")),
               unit != .span { return Shift(unit: unit, moveBy: count) }
            // "bir gün önce", "ondan bir hafta önce" (or "evvel"): one unit before the last period ("iki gün önce" is a day of
            // its own).
            if ["previous", "prior", "onceki"].contains(before) || ["before", "prior", "earlier"].contains(after)
                || before == "bir" && (["once", "evvel"].contains(after) || after.hasPrefix("evvel")) {
                return Shift(unit: unit, count: count.flatMap { (1...120).contains($0) ? $0 : nil })
            }
            // "and the next day?": "next" before "day" too, a day after the last one ("next week", "next month" name the
            // coming ones, which a question about spending does not ask).
            // "bir hafta ileri al", "a week forward", "one month ahead": one unit on; so is "slide it forward a week", the
            // direction first.
            // "onu takip eden hafta", "izleyen hafta": the week that follows it.
            if count == nil, ["following", "sonraki", "ertesi", "izleyen"].contains(before) || before == "next" && unit == .day
                || before == "eden" && twoBefore == "takip"
                || ["a", "one", "bir", "bi"].contains(before) && (after.hasPrefix("ileri") || ["forward", "ahead"].contains(after)
                                                               || ["forward", "ahead"].contains(twoBefore)
                                                               || words[..<index].contains { $0.hasPrefix("ileri") })
                || ["after", "later"].contains(after) && (before != "a" || movesLast(words))
                // "one week on from that", "bir hafta sonrasına bakalım" (let's look a week after): one unit on.
                || ["a", "one", "bir", "bi"].contains(before) && (after == "on" || after.hasPrefix("sonrasi")) {
                return Shift(unit: unit, forward: true)
            }
        }
        return nil
    }

    /// "de" or "da" (also) standing as a word of its own, as written: "şubat için de bakar mısın", "Migros'a da". After
    /// an apostrophe it is a case ending instead ("BİM'de": at BİM).
    static func saysAlso(_ text: String) -> Bool {
        text.lowercased().split { $0.isWhitespace || $0.isPunctuation && !"'’".contains($0) }.contains { $0 == "de" || $0 == "da" }
    }

    /// "the same month in 2032", "the same week of 2031", "2032'nin aynı ayıyla": "same" and a unit of time with a year
    /// written out; the last period moves to that year.
    static func sameSpanInYear(_ words: [String]) -> Int? {
        let same = words.indices.first { index in
            (words[index] == "same" || words[index].hasPrefix("ayni")) && index + 1 < words.count
                && ["month", "week", "weekend", "day", "quarter", "period", "season", "stretch", "span", "ay", "hafta", "gun", "donem", "ceyre",
                    "mevsim"].contains {
                    unit in words[index + 1] == unit || unit.count >= 3 && words[index + 1].hasPrefix(unit) || unit == "ay" && words[index + 1].hasPrefix("ayi")
                }
        }
        guard let same else { return nil }
        // "first half of 2057 vs the same stretch of 2056": the year after "same", where the question names two; else the
        // one named ("2032'nin aynı ayı").
        let year = { (word: String) in FinanceUnderstander.explicitYear(word) ?? FinanceUnderstander.yearWithCaseEnding(word) }
        return words[same...].lazy.compactMap(year).first ?? words.lazy.compactMap(year).first
    }

    /// "the same month last year", "same week a year ago", "geçen yılın aynı ayı", "bir yıl önceki aynı hafta": the
    /// last period, one year back (not the whole of last year).
    static func sameSpanAYearBefore(_ words: [String]) -> Bool {
        guard words.contains(where: { $0 == "same" || $0.hasPrefix("ayni") }) else { return false }
        for (index, word) in words.enumerated() where FinanceUnderstander.yearWords.contains(word) {
            let before = index > 0 ? words[index - 1] : "", after = index + 1 < words.count ? words[index + 1] : ""
            if ["last", "previous", "prior", "gecen", "onceki"].contains(before) || ["ago", "once", "onceki"].contains(after) { return true }
        }
        return false
    }
}

extension FinanceUnderstander {
    /// `date` moved back `count` units: days and weeks by days, months and years by months.
    private func back(_ date: Date, _ count: Int, _ unit: FollowUp.Unit) -> Date {
        unit.days.map { calendar.date(byAdding: .day, value: -$0 * count, to: date)! }
            ?? calendar.date(byAdding: .month, value: -(unit == .year ? 12 : 1) * count, to: date)!
    }

    /// `range` moved back by `shift` (on, for a forward one). With a count, the `count` units that end the day before
    /// `range` begins (three whole months before a span of whole months). Else one unit: a whole month (or this month
    /// so far) becomes the whole month before (after); other spans move by the same amount at both ends.
    func shifted(_ range: DateResolver.Range, by shift: FollowUp.Shift) -> DateResolver.Range? {
        guard let from = DateResolver(today: range.from)?.today, let to = DateResolver(today: range.to)?.today else { return nil }
        let unit = shift.unit
        let sign = shift.forward ? 1 : -1
        if let weekday = shift.weekday {
            // The nearest `weekday` strictly before the period's first day, or after its last.
            var day = calendar.date(byAdding: .day, value: sign, to: shift.forward ? to : from)!
            while calendar.component(.weekday, from: day) != weekday { day = calendar.date(byAdding: .day, value: sign, to: day)! }
            return DateResolver.Range(from: DateResolver.iso(day), to: DateResolver.iso(day))
        }
        if let year = shift.toYear, let fromYear = Int(range.from.prefix(4)) {
            // "the same month in 2032": moved by whole years; whole months (or this month so far) stay whole months.
            let years = year - fromYear
            let start = calendar.date(byAdding: .year, value: years, to: from)!
            if years != 0, let months = wholeMonths(from: from, to: to, range) {
                return DateResolver.Range(from: DateResolver.iso(start),
                                          to: DateResolver.iso(calendar.date(byAdding: DateComponents(month: months, day: -1), to: start)!))
            }
            return DateResolver.Range(from: DateResolver.iso(start), to: DateResolver.iso(calendar.date(byAdding: .year, value: years, to: to)!))
        }
        if let count = shift.moveBy {
            return DateResolver.Range(from: DateResolver.iso(back(from, count, unit)), to: DateResolver.iso(back(to, count, unit)))
        }
        // A span's kind has no "after" here: "the following quarter" keeps the last period.
        if unit == .span { return shift.forward ? nil : spanBefore(from: from, to: to, range) }
        if let count = shift.count, !shift.forward {
            return DateResolver.Range(from: DateResolver.iso(back(from, count, unit)), to: DateResolver.iso(calendar.date(byAdding: .day, value: -1, to: from)!))
        }
        let months = unit == .year ? 12 : 1
        // A year so far, or a whole year: the whole year before ("this year" → "the year before", "önceki yıl").
        if unit == .year, range.from.hasSuffix("-01-01"), range.from.prefix(4) == range.to.prefix(4), range.to == todayISO || range.to.hasSuffix("-12-31"),
           let year = Int(range.from.prefix(4)) {
            return DateResolver.Range(from: "\(year + sign)-01-01", to: "\(year + sign)-12-31")
        }
        if unit == .month || unit == .year, calendar.component(.day, from: from) == 1 {
            let dayAfter = calendar.date(byAdding: .day, value: 1, to: to)!
            if calendar.component(.day, from: dayAfter) == 1 || range.to == todayISO {
                // Whole months (a month, a quarter, this month so far): as many whole months, one unit back.
                let length = max(1, calendar.dateComponents([.month], from: from, to: dayAfter).month ?? 1)
                let start = calendar.date(byAdding: .month, value: sign * months, to: from)!
                let end = calendar.date(byAdding: DateComponents(month: length, day: -1), to: start)!
                return DateResolver.Range(from: DateResolver.iso(start), to: DateResolver.iso(end))
            }
        }
        // This week so far (Monday to today): the whole week before ("this week" → "the week prior": Monday to Sunday),
        // as this month so far becomes the whole month before.
        if unit == .week, range.to == todayISO, calendar.component(.weekday, from: from) == 2,
           let days = calendar.dateComponents([.day], from: from, to: to).day, days < 7 {
            let start = calendar.date(byAdding: .day, value: sign * 7, to: from)!
            return DateResolver.Range(from: DateResolver.iso(start), to: DateResolver.iso(calendar.date(byAdding: .day, value: 6, to: start)!))
        }
        let (component, amount): (Calendar.Component, Int) = unit.days.map { (.day, sign * $0) } ?? (.month, sign * months)
        return DateResolver.Range(from: DateResolver.iso(calendar.date(byAdding: component, value: amount, to: from)!),
                                  to: DateResolver.iso(calendar.date(byAdding: component, value: amount, to: to)!))
    }

    /// The span just before `range`, of its kind ("the one before"): whole months, as many months back; a year so far,
    /// the year before; a weekend or a week, the week before; other days, as many days back.
    private func spanBefore(from: Date, to: Date, _ range: DateResolver.Range) -> DateResolver.Range? {
        if range.from.hasSuffix("-01-01"), range.to.hasSuffix("-12-31") || range.to == todayISO && range.from.prefix(4) == range.to.prefix(4),
           let year = Int(range.from.prefix(4)) {
            return DateResolver.Range(from: "\(year - 1)-01-01", to: "\(year - 1)-12-31")
        }
        if let months = wholeMonths(from: from, to: to, range) {
            let start = calendar.date(byAdding: .month, value: -months, to: from)!
            let end = calendar.date(byAdding: DateComponents(month: months, day: -1), to: start)!
            return DateResolver.Range(from: DateResolver.iso(start), to: DateResolver.iso(end))
        }
        let days = (calendar.dateComponents([.day], from: from, to: to).day ?? 0) + 1
        let back = (2...7).contains(days) ? 7 : days
        return DateResolver.Range(from: DateResolver.iso(calendar.date(byAdding: .day, value: -back, to: from)!),
                                  to: DateResolver.iso(calendar.date(byAdding: .day, value: -back, to: to)!))
    }

    /// How many months `range` spans when it is whole months (from a first day to a last day, or to today).
    private func wholeMonths(from: Date, to: Date, _ range: DateResolver.Range) -> Int? {
        let dayAfter = calendar.date(byAdding: .day, value: 1, to: to)!
        guard calendar.component(.day, from: from) == 1, calendar.component(.day, from: dayAfter) == 1 || range.to == todayISO else { return nil }
        return (calendar.component(.year, from: to) - calendar.component(.year, from: from)) * 12
            + calendar.component(.month, from: to) - calendar.component(.month, from: from) + 1
    }
}
