/// The words dates are written with, folded (`TextMatching.words`), in English and Turkish: months, weekdays,
/// spelled ordinals and a trip's length. Turkish case endings on a month or weekday ("ekimde", "marttaki", "cumaya")
/// are cut here.
enum DateWords {
    static let months: [String: Int] = {
        var table: [String: Int] = [:]
        let english = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        let turkish = ["ocak", "subat", "mart", "nisan", "mayis", "haziran", "temmuz", "agustos", "eylul", "ekim", "kasim", "aralik"]
        for (index, name) in english.enumerated() {
            table[name] = index + 1
            table[String(name.prefix(3))] = index + 1
        }
        table["sept"] = 9
        for (index, name) in turkish.enumerated() { table[name] = index + 1 }
        table["mar"] = 3
        return table
    }()

    /// Weekday names → Calendar's weekday number (1 = Sunday … 7 = Saturday).
    static let weekdays: [String: Int] = [
        "sunday": 1, "monday": 2, "tuesday": 3, "wednesday": 4, "thursday": 5, "friday": 6, "saturday": 7,
        "pazar": 1, "pazartesi": 2, "sali": 3, "carsamba": 4, "persembe": 5, "cuma": 6, "cumartesi": 7,
    ]

    /// A month name, allowing a Turkish case ending ("ekimde", "ekimin", "ekime", "marttaki", "nisandaki").
    static func month(_ word: String) -> Int? {
        if let exact = months[word] { return exact }
        return stem(of: word, in: months, minimum: 4)
    }

    /// A weekday name, allowing a Turkish case ending ("cumaya", "salıdan", "pazartesiye", "cumartesi" whole).
    static func weekday(_ word: String) -> Int? {
        if let exact = weekdays[word] { return exact }
        return stem(of: word, in: weekdays, minimum: 4)
    }

    /// The longest name `word` starts with, if the rest is a case ending of up to five letters.
    private static func stem(of word: String, in table: [String: Int], minimum: Int) -> Int? {
        guard word.count > minimum else { return nil }
        for cut in 1...min(5, word.count - minimum) {
            let stem = String(word.dropLast(cut))
            if stem.count >= minimum, let value = table[stem] { return value }
        }
        return nil
    }

    /// Fixed-date holidays a traveller names instead of a date, as folded words → (month, day): "Christmas Eve",
    /// "New Year's Eve" (which folds to "new year s eve"). Longest first, so "christmas eve" wins over "christmas".
    static let holidays: [(words: [String], month: Int, day: Int)] = [
        (["new", "year", "s", "eve"], 12, 31), (["new", "years", "eve"], 12, 31), (["new", "year", "s", "day"], 1, 1),
        (["new", "years", "day"], 1, 1), (["christmas", "eve"], 12, 24), (["christmas", "day"], 12, 25), (["christmas"], 12, 25),
        (["boxing", "day"], 12, 26),
    ]

    /// The holiday whose words start at `index`, if any.
    static func holiday(_ words: [String], at index: Int) -> (month: Int, day: Int)? {
        holidays.first { holiday in
            index + holiday.words.count <= words.count && Array(words[index..<(index + holiday.words.count)]) == holiday.words
        }.map { ($0.month, $0.day) }
    }

    /// Units of a trip's length in days: English after "for" ("for a week", "for 5 days", "for ten nights"), Turkish
    /// as the adjective ("bir haftalık", "5 günlük", "3 gecelik") with any ending ("1 haftalığına", "5 günlüğüne").
    static let lengthUnits: [String: Int] = ["day": 1, "days": 1, "night": 1, "nights": 1, "week": 7, "weeks": 7]
    static let turkishLengthUnits: [(stem: String, days: Int)] = [("haftali", 7), ("gunlu", 1), ("geceli", 1)]

    /// A trip's length in days, a count before its unit: "for a week" is 7, "for 5 days" 5 (a day of length is a
    /// night away, as a week is seven), "iki haftalık" 14. Without a unit of length ("for 2 adults", "günlük
    /// uçuşlar", daily flights) nil.
    static func tripLength(_ words: [String]) -> Int? {
        for (index, word) in words.enumerated() where index + 1 < words.count {
            guard let count = ["a", "an", "bir"].contains(word) ? 1 : DateResolver.count(word) else { continue }
            let unit = words[index + 1]
            if index > 0, words[index - 1] == "for", let days = lengthUnits[unit] { return count * days }
            if let days = turkishLengthUnits.first(where: { unit.hasPrefix($0.stem) })?.days { return count * days }
        }
        return nil
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
            out.append(ordinals[word].map { "\($0)th" } ?? word)
            index += 1
        }
        return out
    }
}
