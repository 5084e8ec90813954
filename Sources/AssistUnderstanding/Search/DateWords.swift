import Foundation

/// The words dates are written with, folded (`TextMatching.words`), in English and Turkish: months, weekdays,
/// spelled ordinals and a trip's length. Turkish case endings on a month or weekday ("ekimde", "marttaki", "cumaya")
/// are cut here.
enum DateWords {
    /// The Turkish months' names, folded, January first, and the stems "ocak" and "aralık" take before a vowel (k
    /// softens to ğ): "ocağa", "ocağın", "aralığın", "aralığa".
    static let turkishMonths: [String: Int] = {
        let names = ["ocak", "subat", "mart", "nisan", "mayis", "haziran", "temmuz", "agustos", "eylul", "ekim", "kasim", "aralik"]
        var table = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset + 1) })
        table["ocag"] = 1
        table["aralig"] = 12
        return table
    }()

    static let months: [String: Int] = {
        var table = turkishMonths
        let english = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        for (index, name) in english.enumerated() {
            table[name] = index + 1
            table[String(name.prefix(3))] = index + 1
        }
        table["sept"] = 9
        table["mar"] = 3
        return table
    }()

    /// Words of dates as people shorten them in a hurry: "nxt wk", "this wknd", "tonite".
    static let shorthand: [String: String] = ["nxt": "next", "wk": "week", "wks": "weeks", "wknd": "weekend", "wkend": "weekend", "wkd": "weekend",
                                              "tonite": "tonight"]

    /// `words` with the slashed shorthands of British English written out; folding splits each in two words: "this w/e"
    /// ("w e") is the weekend, after a word that introduces one ("this", "next", "the", "over", "at", "on"); "w/c 7
    /// November" ("w c") and "w/b" the week commencing (beginning), before a day's number or a weekday. A lone "w" or
    /// "c" elsewhere stays as it is.
    static func spellingSlashedShorthand(_ words: [String]) -> [String] {
        guard words.contains("w") else { return words }
        var out: [String] = []
        var index = 0
        while index < words.count {
            let next = index + 1 < words.count ? words[index + 1] : "", afterNext = index + 2 < words.count ? words[index + 2] : ""
            if words[index] == "w", next == "e", let previous = out.last, ["this", "next", "the", "over", "at", "on"].contains(previous) {
                out.append("weekend")
                index += 2
            } else if words[index] == "w", next == "c" || next == "b", DateResolver.dayNumber(afterNext) != nil || weekday(afterNext) != nil {
                out += ["week", "commencing"]
                index += 2
            } else {
                out.append(words[index])
                index += 1
            }
        }
        return out
    }

    /// "tomorrow" as people write it in a hurry ("tmrw", "tmr", "tomorow") and in Turkish.
    /// "yarınki" (tomorrow's, the Turkish adjective in -ki) names the same day.
    static let tomorrow: Set<String> = ["tomorrow", "tmrw", "tmr", "tomorow", "tommorow", "tommorrow", "yarin", "yarinki"]

    /// The Turkish locative after a day's number and an apostrophe ("15'inde", "20'sinde", "3'ünde", "6'sında"), folded.
    static let locatives: Set<String> = ["inde", "sinde", "unde", "unda", "inda", "sinda", "nde", "nda"]

    /// Weekday names → Calendar's weekday number (1 = Sunday … 7 = Saturday).
    static let weekdays: [String: Int] = [
        "sunday": 1, "monday": 2, "tuesday": 3, "wednesday": 4, "thursday": 5, "friday": 6, "saturday": 7,
        "pazar": 1, "pazartesi": 2, "sali": 3, "carsamba": 4, "persembe": 5, "cuma": 6, "cumartesi": 7,
    ]

    /// Whether a Turkish ending may open with `letter` (folded): a vowel, or "d", "t", "y", "n", "k", "l", "m", "s", "c", "g".
    static func opensTurkishEnding(_ letter: Character) -> Bool { "aeiou".contains(letter) || "dtynklmscg".contains(letter) }

    /// Whether `ending` may follow a Turkish month: it opens as a Turkish ending does, and one opening with "d" or "t" is
    /// the locative or the ablative (`Gazetteer.caseEndings`: "martta", "nisandan", "ekimdeki"), or the locative with
    /// "-ki" and its own endings ("nisandakinden"): "nişantaşı" (a district of Istanbul) is no April.
    static func isTurkishMonthEnding(_ ending: String) -> Bool {
        guard let first = ending.first, opensTurkishEnding(first) else { return false }
        guard "dt".contains(first) else { return true }
        return Gazetteer.caseEndings.contains(ending)
            || ["da", "de", "ta", "te"].contains(String(ending.prefix(2))) && ending.dropFirst(2).hasPrefix("ki")
    }

    /// A month name, allowing a Turkish case ending ("ekimde", "ekimin", "ekime", "marttaki", "nisandaki"). An English
    /// name takes only a case ending of a place's (`Gazetteer.caseEndings`: "juneda"), never other letters: "Juneyao"
    /// (an airline) and "marchers" are no months; an abbreviation takes none ("septa", "nova").
    static func month(_ word: String) -> Int? {
        if let exact = months[word] { return exact }
        guard let month = stem(of: word, in: months, minimum: 4) else { return turkishMonthWithLongEnding(word) }
        for cut in 1...min(5, word.count - 4) where months[String(word.dropLast(cut))] != nil {
            let stem = String(word.dropLast(cut))
            // An English abbreviation takes no ending glued on: "septa" (a transit agency) and "nova" are no months.
            if turkishMonths[stem] == nil, stem.count == 3 && stem != "may" || stem == "sept" { return nil }
            // A Turkish ending opens with a vowel or with one of the consonants its suffixes begin with ("ocakta",
            // "martın", "ekimdeki", "nisanla"): "ocakbaşı" (a grill house) is no January.
            if turkishMonths[stem] != nil { return Self.isTurkishMonthEnding(String(word.dropFirst(stem.count))) ? month : nil }
            return Gazetteer.caseEndings.contains(String(word.suffix(cut))) ? month : nil
        }
        return month
    }

    /// `words` with the names written before an apostrophe's ending blanked where they are a month or a weekday only
    /// once an ending is cut: Turkish puts an apostrophe between a name and its ending, so the word before it is the
    /// whole name. "martı'ya" is Martı (a brand) with "-ya", no March ("mart" with "-ı"); "mart'ta", "cuma'ya" and
    /// "martta" stay dates. `glued` are the indexes of the words an apostrophe glues to the word before
    /// (`TextMatching.apostrophedWords`), into the same `words`.
    static func blankingNamesBeforeApostrophes(_ words: [String], glued: Set<Int>) -> [String] {
        var out = words
        for index in glued where index > 0 && index <= words.count && isDateOnlyWithEnding(words[index - 1]) {
            out[index - 1] = ""
        }
        return out
    }

    /// Whether a folded word is a month or a weekday only once a Turkish ending is cut ("marti", "cumaya"), not whole.
    static func isDateOnlyWithEnding(_ word: String) -> Bool {
        months[word] == nil && weekdays[word] == nil && (month(word) != nil || weekday(word) != nil)
    }

    /// A long English date word written with a slip ("wensday", "thanksgivng", "novmber", "thurday"), as it is spelt;
    /// any other word as it is. A slip is one edit (a swap counts as one), two for a word of nine letters or more
    /// ("wensday" drops two of "wednesday"), to exactly one of `slipTargets`, from a word of seven letters or more that
    /// opens with the same letter and is no common word of either language: "christian" is no "christmas", "tuesdays" a
    /// plural the readers take as it is. Shorter names ("munday", "fryday") are left alone: too many words lie one edit
    /// from them.
    static func spelledWithSlip(_ word: String) -> String {
        guard word.count >= 7, word.allSatisfy({ $0.isLetter && $0.isASCII }), weekday(word) == nil, month(word) == nil,
              !CommonWords.contains(word) else { return word }
        let near = slipTargets.filter { target in
            let allowed = target.count >= 9 ? 2 : 1
            return target.first == word.first && abs(target.count - word.count) <= allowed
                && TextMatching.editDistance(word, target, limit: allowed) <= allowed
        }
        return near.count == 1 ? near[0] : word
    }

    /// The English date words of seven letters or more that a slip is read back to: months, weekdays, and the one-word
    /// holidays people type most.
    static let slipTargets = ["january", "february", "september", "october", "november", "december",
                              "tuesday", "wednesday", "thursday", "saturday", "thanksgiving", "christmas", "halloween"]

    /// A weekday name, allowing a Turkish case ending ("cumaya", "salıdan", "pazartesiye", "cumartesi" whole).
    static func weekday(_ word: String) -> Int? {
        if let exact = weekdays[word] { return exact }
        return stem(of: word, in: weekdays, minimum: 4)
    }

    /// The longest name `word` starts with, if the rest is a case ending of up to five letters.
    /// Endings of six letters or more a Turkish month takes, which `stem(of:)` (five at most) does not cut: "-ki" and
    /// a case after the locative ("ekimdekini geçmiş mi": October's, the one in October), "-kiler" (those in it).
    static let longMonthEndings: Set<String> = ["dekini", "dakini", "tekini", "takini", "dekine", "dakine", "tekine", "takine",
                                                "dekinden", "dakinden", "tekinden", "takinden", "dekinin", "dakinin", "tekinin", "takinin",
                                                "dekiler", "dakiler", "tekiler", "takiler", "dekileri", "dakileri", "tekileri", "takileri",
                                                // "eylüldekilerden fazla mı": than those of September.
                                                "dekilerden", "dakilerden", "tekilerden", "takilerden", "dekilere", "dakilere", "tekilere", "takilere"]

    /// A Turkish month with one of `longMonthEndings` ("ekimdekini", "marttakiler"), else nil.
    private static func turkishMonthWithLongEnding(_ word: String) -> Int? {
        guard word.count >= 9 else { return nil }
        for (name, month) in turkishMonths where word.hasPrefix(name) && longMonthEndings.contains(String(word.dropFirst(name.count))) {
            return month
        }
        return nil
    }

    private static func stem(of word: String, in table: [String: Int], minimum: Int) -> Int? {
        guard word.count > minimum else { return nil }
        for cut in 1...min(5, word.count - minimum) {
            let stem = String(word.dropLast(cut))
            if stem.count >= minimum, let value = table[stem] { return value }
        }
        return nil
    }

    /// A holiday a traveller names instead of a date: its words, folded, and its (month, day) in a given year.
    struct Holiday: Sendable {
        var words: [String]
        /// Its days in a Gregorian year, in order: one for most, none or two for a holiday of the Islamic calendar,
        /// whose year is eleven days shorter (Eid al-Fitr fell on 3 January and 23 December 2033).
        var days: @Sendable (Int) -> [(month: Int, day: Int)]
        init(_ words: [String], _ month: Int, _ day: Int) {
            self.words = words
            self.days = { _ in [(month, day)] }
        }
        /// The `nth` `weekday` (1 = Sunday … 7 = Saturday) of `month`; -1 for the last. `plus` days after it, within the
        /// month (Black Friday, the day after the fourth Thursday of November, is at most the 29th).
        init(_ words: [String], month: Int, nth: Int, weekday: Int, plus: Int = 0) {
            self.words = words
            self.days = { year in [(month, DateWords.nthWeekday(nth, weekday, month: month, year: year) + plus)] }
        }
        /// `offset` days from Western Easter Sunday (Good Friday is -2).
        init(_ words: [String], fromEaster offset: Int) {
            self.words = words
            self.days = { year in [DateWords.easter(year, plus: offset)] }
        }
        /// Days a rule of its own gives for each year (none in a year without one: leap day).
        init(_ words: [String], days: @escaping @Sendable (Int) -> [(month: Int, day: Int)]) {
            self.words = words
            self.days = days
        }
        /// Day `day` of month `hijriMonth` of the Islamic calendar, as the Umm al-Qura calendar (Saudi Arabia's, the one
        /// Foundation carries) gives it: Eid al-Adha is the 10th of Dhu al-Hijjah (12), Eid al-Fitr the 1st of Shawwal (10).
        init(_ words: [String], hijriMonth: Int, day: Int) {
            self.words = words
            self.days = { year in DateWords.islamicDays(hijriMonth, day, inGregorianYear: year) }
        }
    }

    /// The Gregorian (month, day)s in `year` of day `day` of Islamic month `month` (Umm al-Qura), in order.
    static func islamicDays(_ month: Int, _ day: Int, inGregorianYear year: Int) -> [(month: Int, day: Int)] {
        var gregorian = Calendar(identifier: .gregorian), islamic = Calendar(identifier: .islamicUmmAlQura)
        gregorian.timeZone = TimeZone(identifier: "UTC")!
        islamic.timeZone = gregorian.timeZone
        guard let newYear = gregorian.date(from: DateComponents(year: year, month: 1, day: 1)) else { return [] }
        let hijriYear = islamic.component(.year, from: newYear)
        return (hijriYear...(hijriYear + 1)).compactMap { hijri -> (month: Int, day: Int)? in
            guard let date = islamic.date(from: DateComponents(year: hijri, month: month, day: day)) else { return nil }
            let parts = gregorian.dateComponents([.year, .month, .day], from: date)
            return parts.year == year ? (parts.month!, parts.day!) : nil
        }
    }

    /// Holidays, fixed and moving, as folded words: "Christmas Eve", "New Year's Eve" (which folds to "new year s
    /// eve"; Turkish "yılbaşı gecesi"), Christmas (Turkish "Noel"), Halloween (Turkish "Cadılar Bayramı"), Valentine's Day (or "valentine's"), St Patrick's Day,
    /// Canada Day (July 1) and Victoria Day (the Monday before May 25), Remembrance, Armistice or Veterans Day (November 11), Bonfire (Guy Fawkes) Night (November 5), Turkey's Republic Day (Cumhuriyet
    /// Bayramı) and Victory Day (Zafer Bayramı, August 30), the ones set by weekday: Thanksgiving (the fourth
    /// Thursday of November) and Black Friday (the day after), Memorial Day (the last Monday of May), Labor Day
    /// (the first Monday of September), Columbus Day (the second Monday of October), Mother's Day (the second Sunday of May, as in the US and Turkey: "anneler
    /// günü") and Father's Day (the third Sunday of June: "babalar günü"), and Easter's: Good Friday, Easter,
    /// Easter Monday, Cinco de Mayo (May 5), "yılbaşı günü" (New Year's Day), Cyber Monday and leap day; then
    /// England's bank holidays and the Eids (below). Longest first, so "christmas eve" wins over "christmas". The last
    /// word may carry a Turkish case ending ("sevgililer gününde", "Noelde"); one after an apostrophe ("Noel'de") is a
    /// word of its own.
    static let holidays: [Holiday] = [
        Holiday(["good", "friday"], fromEaster: -2), Holiday(["easter", "monday"], fromEaster: 1), Holiday(["easter", "sunday"], fromEaster: 0),
        Holiday(["easter"], fromEaster: 0), Holiday(["st", "patrick", "s", "day"], 3, 17), Holiday(["saint", "patrick", "s", "day"], 3, 17),
        Holiday(["st", "patricks", "day"], 3, 17), Holiday(["st", "paddy", "s", "day"], 3, 17), Holiday(["st", "paddys", "day"], 3, 17),
        Holiday(["cumhuriyet", "bayrami"], 10, 29),
        Holiday(["new", "year", "s", "eve"], 12, 31), Holiday(["new", "years", "eve"], 12, 31), Holiday(["new", "year", "s", "day"], 1, 1),
        Holiday(["new", "years", "day"], 1, 1), Holiday(["christmas", "eve"], 12, 24), Holiday(["christmas", "day"], 12, 25),
        Holiday(["christmas"], 12, 25),
        // "xmas" as Christmas is written short; "noel arifesi" (Christmas Eve in Turkish).
        Holiday(["xmas", "eve"], 12, 24), Holiday(["xmas", "day"], 12, 25), Holiday(["xmas"], 12, 25), Holiday(["noel", "arifesi"], 12, 24),
        // Scotland's: Hogmanay (New Year's Eve) and St Andrew's Day (30 November).
        // "nye": New Year's Eve, written short.
        Holiday(["hogmanay"], 12, 31), Holiday(["nye"], 12, 31), Holiday(["st", "andrew", "s", "day"], 11, 30),
        Holiday(["saint", "andrew", "s", "day"], 11, 30), Holiday(["st", "andrews", "day"], 11, 30),
        Holiday(["boxing", "day"], 12, 26), Holiday(["valentine", "s", "day"], 2, 14),
        Holiday(["valentines", "day"], 2, 14), Holiday(["valentine", "s"], 2, 14), Holiday(["valentines"], 2, 14), Holiday(["halloween"], 10, 31), Holiday(["cadilar", "bayrami"], 10, 31), Holiday(["sevgililer", "gunu"], 2, 14),
        Holiday(["thanksgiving"], month: 11, nth: 4, weekday: 5),
        // "turkey day"; Turkish "şükran günü".
        Holiday(["turkey", "day"], month: 11, nth: 4, weekday: 5), Holiday(["sukran", "gunu"], month: 11, nth: 4, weekday: 5),
        Holiday(["memorial", "day"], month: 5, nth: -1, weekday: 2),
        Holiday(["labor", "day"], month: 9, nth: 1, weekday: 2), Holiday(["labour", "day"], month: 9, nth: 1, weekday: 2),
        Holiday(["columbus", "day"], month: 10, nth: 2, weekday: 2),
        // "kara cuma": Black Friday in Turkish, as Turkish shops name it.
        Holiday(["black", "friday"], month: 11, nth: 4, weekday: 5, plus: 1), Holiday(["kara", "cuma"], month: 11, nth: 4, weekday: 5, plus: 1),
        // Family Day: the third Monday of February in most Canadian provinces (Alberta, British Columbia, Ontario, Saskatchewan).
        Holiday(["canada", "day"], 7, 1), Holiday(["family", "day"], month: 2, nth: 3, weekday: 2),
        // Victoria Day, Canada's: the Monday before 25 May, a week before the last Monday of May (which falls on the 25th or later).
        Holiday(["victoria", "day"], month: 5, nth: -1, weekday: 2, plus: -7),
        // Australia's and New Zealand's national days: Australia Day (26 January), Waitangi Day (6 February), Anzac Day (25 April).
        Holiday(["australia", "day"], 1, 26), Holiday(["waitangi", "day"], 2, 6), Holiday(["anzac", "day"], 4, 25),
        Holiday(["zafer", "bayrami"], 8, 30), Holiday(["remembrance", "day"], 11, 11), Holiday(["veterans", "day"], 11, 11),
        Holiday(["veteran", "s", "day"], 11, 11), Holiday(["armistice", "day"], 11, 11), Holiday(["bonfire", "night"], 11, 5),
        Holiday(["guy", "fawkes", "night"], 11, 5), Holiday(["noel"], 12, 25), Holiday(["yilbasi", "gecesi"], 12, 31),
        Holiday(["mother", "s", "day"], month: 5, nth: 2, weekday: 1), Holiday(["mothers", "day"], month: 5, nth: 2, weekday: 1),
        Holiday(["anneler", "gunu"], month: 5, nth: 2, weekday: 1), Holiday(["father", "s", "day"], month: 6, nth: 3, weekday: 1),
        Holiday(["fathers", "day"], month: 6, nth: 3, weekday: 1), Holiday(["babalar", "gunu"], month: 6, nth: 3, weekday: 1),
        // Turkish: Nevruz (March 21) and Paskalya (Easter), as "nevruzda", "paskalyada".
        Holiday(["nevruz"], 3, 21), Holiday(["paskalya"], fromEaster: 0),
        Holiday(["cinco", "de", "mayo"], 5, 5), Holiday(["yilbasi", "gunu"], 1, 1),
        // Cyber Monday, the Monday after Thanksgiving (1 or 2 December in some years); leap day, 29 February of a leap year.
        Holiday(["cyber", "monday"]) { year in
            let day = DateWords.nthWeekday(4, 5, month: 11, year: year) + 4
            return [day > 30 ? (12, day - 30) : (11, day)]
        },
        Holiday(["leap", "day"]) { year in year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? [(2, 29)] : [] },
    ] + usFederalHolidays + ukBankHolidays + islamicHolidays

    /// England's bank holidays named by their season or month, set by weekday: the early May bank holiday (the first
    /// Monday of May), the spring one (the last Monday of May) and the summer or August one (the last Monday of August).
    static let ukBankHolidays: [Holiday] = [
        Holiday(["early", "may", "bank", "holiday"], month: 5, nth: 1, weekday: 2), Holiday(["may", "bank", "holiday"], month: 5, nth: 1, weekday: 2),
        Holiday(["spring", "bank", "holiday"], month: 5, nth: -1, weekday: 2), Holiday(["august", "bank", "holiday"], month: 8, nth: -1, weekday: 2),
        Holiday(["summer", "bank", "holiday"], month: 8, nth: -1, weekday: 2),
    ]

    /// The two Eids, their first day, in English and Turkish: Eid al-Adha ("eid ul-adha", Turkish "Kurban Bayramı") and
    /// Eid al-Fitr ("eid ul-fitr", Turkish "Ramazan Bayramı" or "Şeker Bayramı"). Turkey's Diyanet sets its own calendar,
    /// which may differ from Umm al-Qura's by a day.
    static let islamicHolidays: [Holiday] = [
        Holiday(["eid", "al", "adha"], hijriMonth: 12, day: 10), Holiday(["eid", "ul", "adha"], hijriMonth: 12, day: 10),
        Holiday(["kurban", "bayrami"], hijriMonth: 12, day: 10), Holiday(["eid", "al", "fitr"], hijriMonth: 10, day: 1),
        Holiday(["eid", "ul", "fitr"], hijriMonth: 10, day: 1), Holiday(["ramazan", "bayrami"], hijriMonth: 10, day: 1),
        Holiday(["seker", "bayrami"], hijriMonth: 10, day: 1),
    ]

    /// The US federal holidays the list above lacks, in their common spellings: Martin Luther King Jr. Day (the third
    /// Monday of January: "MLK Day", "MLK Jr. Day", "Martin Luther King Day"), Presidents' Day (Washington's Birthday,
    /// the third Monday of February: "Presidents Day", "President's Day"), Juneteenth (June 19), Independence Day (July
    /// 4: "the Fourth of July", "4th of July") and Indigenous Peoples' Day (Columbus Day's Monday). A closed calendar:
    /// every federal holiday is read, not only the ones a request happened to name.
    static let usFederalHolidays: [Holiday] = [
        Holiday(["martin", "luther", "king", "jr", "day"], month: 1, nth: 3, weekday: 2),
        Holiday(["martin", "luther", "king", "junior", "day"], month: 1, nth: 3, weekday: 2),
        Holiday(["martin", "luther", "king", "day"], month: 1, nth: 3, weekday: 2), Holiday(["mlk", "jr", "day"], month: 1, nth: 3, weekday: 2),
        Holiday(["mlk", "day"], month: 1, nth: 3, weekday: 2), Holiday(["presidents", "day"], month: 2, nth: 3, weekday: 2),
        Holiday(["president", "s", "day"], month: 2, nth: 3, weekday: 2), Holiday(["presidents", "s", "day"], month: 2, nth: 3, weekday: 2),
        Holiday(["washington", "s", "birthday"], month: 2, nth: 3, weekday: 2), Holiday(["washingtons", "birthday"], month: 2, nth: 3, weekday: 2),
        Holiday(["juneteenth"], 6, 19), Holiday(["independence", "day"], 7, 4), Holiday(["fourth", "of", "july"], 7, 4),
        Holiday(["4th", "of", "july"], 7, 4), Holiday(["indigenous", "peoples", "day"], month: 10, nth: 2, weekday: 2),
        Holiday(["indigenous", "people", "s", "day"], month: 10, nth: 2, weekday: 2),
    ]

    /// The holiday whose words start at `index`, if any; its last word may carry a Turkish case ending of up to four
    /// letters ("gununde", "bayraminda"), and only one ("eastern" is no Easter).
    static func holiday(_ words: [String], at index: Int) -> Holiday? {
        // "Easter Island", "Paskalya Adası'na": an island's name, no holiday.
        if index + 1 < words.count, ["easter", "paskalya"].contains(words[index]), words[index + 1] == "island" || words[index + 1].hasPrefix("ada") {
            return nil
        }
        return holidays.first { holiday in
            let count = holiday.words.count
            guard index + count <= words.count, Array(words[index..<(index + count - 1)]) == holiday.words.dropLast() else { return false }
            let last = words[index + count - 1], expected = holiday.words[count - 1]
            // The ending must be a Turkish case ending: "Eastern" (China Eastern) is no Easter.
            return last == expected || last.hasPrefix(expected) && last.count - expected.count <= 4 && expected.count >= 4
                && Gazetteer.caseEndings.contains(String(last.dropFirst(expected.count)))
        }
    }

    /// Western Easter Sunday of `year` (the anonymous Gregorian computus), moved by `offset` days: (month, day).
    static func easter(_ year: Int, plus offset: Int) -> (month: Int, day: Int) {
        let a = year % 19, b = year / 100, c = year % 100, d = b / 4, e = b % 4, f = (b + 8) / 25, g = (b - f + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30, i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7, m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let sunday = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        let moved = calendar.dateComponents([.month, .day], from: calendar.date(byAdding: .day, value: offset, to: sunday)!)
        return (moved.month!, moved.day!)
    }

    /// The day of the month of the `nth` `weekday` of `month` in `year` (`nth` -1: the last).
    static func nthWeekday(_ nth: Int, _ weekday: Int, month: Int, year: Int) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = calendar.date(from: DateComponents(year: year, month: month, day: 1))!
        let firstMatch = 1 + (weekday - calendar.component(.weekday, from: first) + 7) % 7
        if nth > 0 { return firstMatch + 7 * (nth - 1) }
        let length = calendar.range(of: .day, in: .month, for: first)!.count
        return firstMatch + 7 * ((length - firstMatch) / 7)
    }

    /// Articles and pronouns: after one, a weekday's abbreviation ending a request is a word ("the sun", "we wed").
    static let beforeNoun: Set<String> = ["the", "a", "an", "i", "we", "you", "they", "he", "she", "it", "my", "our", "your", "in", "to", "of"]

    /// Weekdays' abbreviations ("sat", "tue"): words too ("the sun", "I sat"), so `DateResolver` reads them only
    /// beside a time of day or after a word that introduces a day.
    static let weekdayAbbreviations: [String: Int] = [
        "sun": 1, "mon": 2, "tue": 3, "tues": 3, "wed": 4, "thu": 5, "thur": 5, "thurs": 5, "fri": 6, "sat": 7,
    ]

    /// Nouns of a head count: a number before one counts people, not a day ("in December, 2 adults").
    static let headCountNouns: Set<String> = [
        "adult", "adults", "people", "person", "persons", "passenger", "passengers", "pax", "traveller", "travellers", "traveler", "travelers",
        "seat", "seats", "child", "children", "kid", "kids", "infant", "infants", "baby", "babies", "ppl", "grown", "grownups",
        "yetiskin", "kisi", "kisiyiz", "yolcu", "cocuk", "bebek",
    ]

    /// Whether the number at `index` counts people, not a day: a head-count noun after it ("2 adults") or "of us" / "of
    /// them" ("3 of us").
    static func countsPeople(_ words: [String], at index: Int) -> Bool {
        guard index + 1 < words.count else { return false }
        if headCountNouns.contains(words[index + 1]) { return true }
        return words[index + 1] == "of" && index + 2 < words.count && ["us", "them"].contains(words[index + 2])
    }

    /// Units of a trip's length in days: English after "for" ("for a week", "for 5 days", "for ten nights", "for a
    /// fortnight", two weeks) or before "in" and a place ("a week in Lézignan"), Turkish as the adjective ("bir haftalık", "5 günlük", "3 gecelik") with any ending ("1
    /// haftalığına", "5 günlüğüne").
    static let lengthUnits: [String: Int] = ["day": 1, "days": 1, "night": 1, "nights": 1, "week": 7, "weeks": 7, "fortnight": 14,
                                             "fortnights": 14]
    static let turkishLengthUnits: [(stem: String, days: Int)] = [("haftali", 7), ("gunlu", 1), ("geceli", 1)]

    /// A trip's length in days, a count before its unit: "for a week" is 7, "for 5 days" 5 (a day of length is a
    /// night away, as a week is seven), "iki haftalık" 14. Without a unit of length ("for 2 adults", "günlük
    /// uçuşlar", daily flights) nil.
    static func tripLength(_ words: [String]) -> Int? {
        for (index, word) in words.enumerated() where index + 1 < words.count {
            guard let count = ["a", "an", "bir"].contains(word) ? 1 : DateResolver.count(word) else { continue }
            let unit = words[index + 1]
            if index > 0, ["for", "stay", "staying"].contains(words[index - 1]), let days = lengthUnits[unit] { return count * days }
            // "a week in lézignan-corbières from 17/6", "10 days in bora bora": a stay's length before where it is ("a week in
            // advance" says when to book).
            if index + 3 < words.count, words[index + 2] == "in", !["advance", "total", "a", "an", "the"].contains(words[index + 3]),
               let days = lengthUnits[unit] { return count * days }
            if let days = turkishLengthUnits.first(where: { unit.hasPrefix($0.stem) })?.days { return count * days }
            // "bir hafta kalacağım", "5 gün kalıp": a stay's length with "kalmak" (to stay) after it.
            if let days = turkishStayUnits[unit], index + 2 < words.count, isStay(words[index + 2]) { return count * days }
        }
        return nil
    }

    static let turkishStayUnits: [String: Int] = ["hafta": 7, "gun": 1, "gece": 1]

    /// A form of Turkish "kalmak" (to stay) that says for how long: "kalacağım", "kalacağız", "kalıp", "kalırım",
    /// "kalmak"; not "kalkış" (departure) nor "kalabalık" (crowded).
    static func isStay(_ word: String) -> Bool {
        guard word.hasPrefix("kal") else { return false }
        return ["acagim", "acagiz", "acak", "ip", "irim", "iriz", "mak", "mayi", "iyorum", "iyoruz", "sam", "sak"].contains(String(word.dropFirst(3)))
    }

    static let unitOrdinals: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    ]
    static let ordinals: [String: Int] = unitOrdinals.merging([
        "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
        "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
    ]) { first, _ in first }
    static let tens: [String: Int] = ["twenty": 20, "thirty": 30]

    /// `words` with spelled ordinals written as numbers: "april sixth" → "april 6th", "the twenty first" (or
    /// "twenty-first", which folds to two words) → "the 21st".
    static func numberingOrdinals(_ words: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            if let ten = tens[word], index + 1 < words.count, let unit = unitOrdinals[words[index + 1]] {
                out.append("\(ten + unit)th")
                index += 2
                continue
            }
            // "sometime in april, first class": a cabin's "first" is no day.
            let isCabin = index + 1 < words.count && words[index + 1] == "class"
            out.append(isCabin ? word : ordinals[word].map { "\($0)th" } ?? word)
            index += 1
        }
        return out
    }
}
