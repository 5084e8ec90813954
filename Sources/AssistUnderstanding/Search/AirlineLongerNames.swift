import Foundation

/// Airline names the table's names and the shapes of `AirlineNameShapes.swift` cut short or missed, read from where
/// they stand (the twentieth written-after set):
/// - a listed name whose last word is written longer, capitalised, by letters that are no Turkish case ending, is a
///   longer name built on it, as written ("Iran Airtour ile …" is no Iran Air; "Pegasusla", a case ending, is Pegasus);
/// - "Air" and one word after a carrier's cue, in any case, where the name ends: at the request's end, before a comma,
///   a day, a time of day, a number, a place, "from" or "to" ("on air sunshine, under $250", "on air panama sat
///   afternoon"; not "with air miles", a thing, nor "on air tonight");
/// - "Air", a word and "One" opening the request before a place ("air choice one decatur il → …"; "air tahiti one way"
///   is no name with "One").
/// None from a list of carriers: the words around a name say it is one.
extension SearchParser {
    /// The longer airline a listed name's last word begins, as the type's comment says; nil when there is none.
    static func longerListedAirline(in text: String, words: [String]) -> String? {
        let tokens = WrittenWord.split(text)
        guard tokens.count == words.count, text.contains(where: \.isLowercase), text.contains(where: \.isUppercase) else { return nil }
        for name in listedAirlineNames {
            for range in TextMatching.ranges(of: name.words, in: words) {
                let last = range.upperBound - 1, written = words[last], listed = name.words[name.words.count - 1]
                let rest = String(written.dropFirst(listed.count))
                guard rest.count >= 3, !Gazetteer.caseEndings.contains(rest), tokens[range].allSatisfy(\.capitalised),
                      // A longer listed name over the same words is that airline ("QantasLink").
                      !listedAirlineNames.contains(where: { $0.words.count == name.words.count && $0.words.last == written })
                else { continue }
                return tokens[range].map { writtenName($0.text) }.joined(separator: " ")
            }
        }
        return nil
    }

    /// Words that end a carrier's name after "Air" and its word: what a request says next about its date or route.
    static func endsCuedName(_ index: Int, tokens: [WrittenWord], words: [String], places: Set<Int>) -> Bool {
        guard index < words.count else { return true }
        let word = words[index]
        return tokens[index - 1].commaAfter || places.contains(index) || ["from", "to", "tomorrow", "today", "tonight"].contains(word)
            || Int(word) != nil || DateResolver.month(word) != nil || DateResolver.weekday(word) != nil
            || DateWords.weekdayAbbreviations[word] != nil || ["morning", "afternoon", "evening", "night", "next", "this"].contains(word)
    }

    /// "on air sunshine, …", "with air panama sat …": a cue, "air" and the name's one word, as the type's comment says.
    static func cuedAirName(_ index: Int, tokens: [WrittenWord], words: [String], taken: Set<Int>,
                            places: Set<Int>) -> (name: String, span: Range<Int>)? {
        guard words[index] == "air", index > 0, carrierCues.contains(words[index - 1]), index + 1 < words.count, !taken.contains(index + 1),
              isAirlineNameWord(words[index + 1]), !afterAirWords.contains(words[index + 1]), !airlineCabinWords.contains(words[index + 1]),
              !["tonight", "today", "tomorrow", "morning", "afternoon", "evening", "night", "next", "this"].contains(words[index + 1]),
              endsCuedName(index + 2, tokens: tokens, words: words, places: places) else { return nil }
        return ("Air " + writtenName(tokens[index + 1].text), index..<(index + 2))
    }

    /// "air choice one decatur il → …": "Air", a word and "One", opening the request before a place.
    static func airNameOne(_ index: Int, tokens: [WrittenWord], words: [String], places: Set<Int>) -> (name: String, span: Range<Int>)? {
        guard index == 0, words.count > 3, words[0] == "air", words[2] == "one", places.contains(3), !places.contains(1),
              isAirlineNameWord(words[1]), !afterAirWords.contains(words[1]) else { return nil }
        return ("Air " + writtenName(tokens[1].text) + " One", 0..<3)
    }
}
