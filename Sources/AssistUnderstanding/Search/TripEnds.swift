import Foundation

/// The trip's way back in a travel request: the words that mark the return ("returning", "back", "dönüş", a form of
/// "dönmek", "come home" after a dated departure), and the two ends a text gives without one ("Dec 19 to Dec 28", "for
/// a week starting September 24").
extension DateResolver {
    /// "dönüşü 8 ağustos", "dönüşümüz pazar" (its, our return) with the possessive.
    static let returnMarkers: Set<String> = ["return", "returning", "back", "donus", "donuste", "donerek", "donusu", "donusumuz"]

    /// A return marker, or a form of Turkish "dönmek" (to come back) that says when: "2 ocakta dönmek istiyorum",
    /// "dönüp", "döneceğim", "dönüyoruz". Not another word that starts alike ("dondurma", "Donetsk").
    static func isReturnMarker(_ word: String) -> Bool {
        guard !returnMarkers.contains(word) else { return true }
        guard word.hasPrefix("don") else { return false }
        return ["mek", "meyi", "up", "erim", "eriz", "ecegim", "ecegiz", "elim", "ecek", "uyorum", "uyoruz"].contains(String(word.dropFirst(3)))
    }

    /// Whether "return" at `index` names the kind of ticket (en-GB "a return", "BA return Heathrow to Zurich"), not the
    /// way back: no date comes before it and another return marker comes after it ("…, out Thursday 20 Oct, back Sunday
    /// the 23rd"). Alone ("return on the 23rd") it still marks the way back. So does "return flights" before both of a
    /// trip's ends, with no date before it ("return flights Birmingham to Crotone, 2/6 - 9/6"); "March 3, return flight
    /// March 10" and "return flight on March 10" (one date after it) still mark the way back.
    func namesTicketKind(_ words: [String], at index: Int) -> Bool {
        guard words[index] == "return", index + 1 < words.count else { return false }
        let after = Array(words[(index + 1)...])
        if Self.ticketNouns.contains(after[0]), resolve(words: Array(words[..<index])) == nil, tripDays(after)?.return != nil { return true }
        guard after.contains(where: Self.isReturnMarker) else { return false }
        return resolve(words: Array(words[..<index])) == nil
    }

    /// What "return" may stand before as the kind of ticket: "return flights", "a return ticket", "return fares".
    static let ticketNouns: Set<String> = ["flight", "flights", "ticket", "tickets", "trip", "trips", "fare", "fares"]

    /// Verbs of going before "home" that make it the way back: "come home July 11", "fly home on the 20th".
    static let homewardVerbs: Set<String> = ["come", "coming", "fly", "flying", "head", "heading", "go", "going", "get", "getting"]

    /// Whether "home" at `index` marks the return: after a verb of going ("come home", "flying home") or right before a
    /// date ("home July 11", "home on the 20th"), and only after a dated trip out, so "fly home to Boston on May 3"
    /// (a trip home, no other date) stays a departure.
    func isHomeward(_ words: [String], at index: Int) -> Bool {
        guard words[index] == "home", index > 0, index + 1 < words.count else { return false }
        let next = words[index + 1]
        let beforeDate = ["on", "the"].contains(next) || Self.month(next) != nil || DateWords.weekday(next) != nil || Self.dayNumber(next) != nil
        guard Self.homewardVerbs.contains(words[index - 1]) || beforeDate else { return false }
        return resolve(words: Array(words[..<index])) != nil
    }

    /// The trip's two ends, when a text without a return marker gives both:
    /// - "Dec 19 to Dec 28", "from Friday until Sunday": two days, each a date of its own, joined by "to", "until",
    ///   "till" or "through". Days sharing one month ("19 to 28 December") stay one range of departure days, as
    ///   `resolve(words:)` reads them.
    /// - "nov 6 - nov 10", "9 nisan - 13 nisan": two days each with its month, side by side (the dash folds away), as
    ///   "to" joins them.
    /// - "for a week starting September 24", "for 5 days from Oct 3", "7 eylülde, 1 haftalığına": a departure day
    ///   and the trip's length (`DateWords.tripLength`), the return that many days after it. A departure of several
    ///   days ("for two weeks in July") leaves the return open.
    /// A day's number in figures at `index` and a month right after it ("9 nisan").
    static func dayFirst(_ words: [String], at index: Int) -> Bool {
        let number: Int? = Int(words[index])
        return number != nil && dayNumber(words[index]) != nil && month(words[index + 1]) != nil
    }

    func tripDays(_ words: [String]) -> (departure: Range?, return: Range?)? {
        for (index, word) in words.enumerated() where ["to", "until", "till", "through"].contains(word) && index > 0 && index + 1 < words.count {
            let before = words[index - 1], after = words[index + 1]
            func datelike(_ word: String) -> Bool { Self.dayNumber(word) != nil || Self.month(word) != nil || DateWords.weekday(word) != nil }
            // Each side must be one day on its own: "19 to 28 December" leaves "19" without a month, and "June to
            // August" gives whole months, so both stay with `resolve(words:)`.
            guard datelike(before), datelike(after),
                  let departure = resolve(words: Array(words[..<index])), departure.from == departure.to,
                  let back = resolve(words: Array(words[(index + 1)...])), back.from == back.to, back.from > departure.from
            else { continue }
            return (departure, back)
        }
        // "nov 6 - nov 10" (the dash folds away), "Dec 19, Dec 28": two days each with its month, side by side.
        for index in words.indices.dropLast(3) where Self.monthBeforeDay(words[index]) != nil && Self.monthBeforeDay(words[index + 2]) != nil {
            guard Self.dayNumber(words[index + 1]) != nil, Self.dayNumber(words[index + 3]) != nil, !DateWords.countsPeople(words, at: index + 3),
                  let departure = resolve(words: Array(words[index..<(index + 2)])), let start = starting(departure.from),
                  let back = start.resolve(words: Array(words[(index + 2)..<(index + 4)])), back.from > departure.from else { continue }
            return (departure, back)
        }
        // "9 nisan - 13 nisan", "9 April, 13 April": the same with the day first.
        for index in words.indices.dropLast(3) where Self.dayFirst(words, at: index) && Self.dayFirst(words, at: index + 2) {
            guard !DateWords.countsPeople(words, at: index + 2), let departure = resolve(words: Array(words[index..<(index + 2)])),
                  let start = starting(departure.from), let back = start.resolve(words: Array(words[(index + 2)..<(index + 4)])),
                  departure.from == departure.to, back.from == back.to, back.from > departure.from else { continue }
            return (departure, back)
        }
        if let length = DateWords.tripLength(words), let departure = resolve(words: words), departure.from == departure.to,
           let start = starting(departure.from) {
            return (departure, start.day(start.add(days: length, to: start.today)))
        }
        return nil
    }
}
