/// Listed airlines named by their name's first words alone, where the text makes them the carrier: "with Turkish",
/// "on Aegean", "flying Ethiopian", "Austrian'la", "Scandinavian ile". People drop the generic word ("Airlines",
/// "Airways", "Air Lines") once the carrier is clear, but what is left is often an adjective, a sea or a country
/// ("Turkish", "Aegean", "Kenya"), so it is read only with a cue, as a country's airline is ("with Qatar").
///
/// The short names are derived from the table (`airlines`), never listed by hand. A cue is "with", "on", "flying" or
/// "fly" right before the name (not "the": "on the Aegean"), the name capitalised in a text with both cases ("with
/// flair" is a manner, not Flair Airlines; in one case, not last), and after it the end of the request or a word a request
/// goes on with ("with Turkish to Izmir", "on Aegean next Friday"; not "with Turkish friends", nor "a week on Cyprus"),
/// or Turkish "ile" (with) after it, or "'la", "'le", "'yla", "'yle" after an apostrophe ("Austrian'la"), in a request
/// that joins no pair of places with "arası" ("Kenya ile Tanzanya arası"). A name the gazetteer reads
/// as a place ("Singapore", "Bangkok") is the airline only after "with", "on" or "flying" ("fly Singapore to Perth"
/// leaves from Singapore; "Bangkok ile Pattaya arası" joins two places).
extension SearchParser {
    /// Airlines named by their country's name alone ("Qatar", Turkish "Katar"): read with a cue before it, or Turkish
    /// "ile" or its ending after it ("Qatar ile", "Qatar'la"). Else it is the country: "to Qatar", "via Qatar".
    static let countryAirlines: [String: String] = ["qatar": "Qatar Airways", "katar": "Qatar Airways"]

    /// The generic last words of a listed airline's name that people drop.
    static let droppedGenericWords: [[String]] = [["airlines"], ["airways"], ["air", "lines"]]

    /// Each listed airline's name without its generic last words ("Turkish Airlines" gives "turkish"), longest first;
    /// none that is already a contextual name or a country's airline.
    static let shortAirlineNames: [(words: [String], airline: String)] = airlines.compactMap { entry -> ([String], String)? in
        let words = TextMatching.words(entry.0)
        guard let generic = droppedGenericWords.first(where: { words.count > $0.count && Array(words.suffix($0.count)) == $0 }) else {
            return nil
        }
        let short = Array(words.dropLast(generic.count))
        guard short.joined().count >= 3, contextualAirlines[short.joined(separator: " ")] == nil,
              countryAirlines[short.joined(separator: " ")] == nil else { return nil }
        return (short, entry.0)
    }.sorted { ($0.0.count, $0.1) > ($1.0.count, $1.1) }

    /// Words a request goes on with after a carrier's name: "with Turkish to Izmir", "on Aegean next Friday, economy".
    static let afterCarrierWords: Set<String> = [
        "to", "from", "for", "on", "in", "at", "out", "next", "this", "tomorrow", "tonight", "today", "leaving", "departing",
        "returning", "back", "via", "and", "or", "with", "economy", "business", "first", "premium", "nonstop", "direct", "under",
        "below", "max", "please", "pls", "only", "flight", "flights", "round", "one", "return", "ile",
    ]

    /// Words of a stay before "on" that make the name after it an island's: "a week on Cyprus", "3 nights on Fiji".
    static let stayWords: Set<String> = ["night", "nights", "day", "days", "week", "weeks", "holiday", "holidays", "vacation", "stay",
                                         "staying", "time", "break", "live", "living"]

    /// The airline a short name or a country's name stands for, cued as the type's comment says; nil when none is.
    /// `places` are the positions where the gazetteer reads a place, `glued` the words an apostrophe glues to the one
    /// before (`TextMatching.apostrophedWords`).
    static func cuedAirline(in text: String, words: [String], places: Set<Int> = [], glued: Set<Int> = []) -> String? {
        if let country = countryAirline(in: words) { return country }
        let tokens = WrittenWord.split(text)
        let mixedCase = tokens.count == words.count && text.contains(where: \.isUppercase) && text.contains(where: \.isLowercase)
        for index in words.indices {
            for (name, airline) in shortAirlineNames where index + name.count <= words.count && Array(words[index..<(index + name.count)]) == name {
                let previous = index > 0 ? words[index - 1] : "", after = index + name.count
                let next = after < words.count ? words[after] : ""
                let place = places.contains(index)
                // "two weeks on Cyprus": "on" after a stay is an island's, not a carrier's.
                let stay = previous == "on" && index > 1 && stayWords.contains(words[index - 2])
                let cued = (["with", "on", "flying"].contains(previous) && !stay) || (previous == "fly" && !place)
                // Written as a name where the text has both cases ("with Turkish", not "with flair"); in one case, with
                // the request going on after it ("with turkish to izmir", not "something with flair").
                let named = mixedCase ? tokens[index].capitalised : after < words.count
                if cued, named, after == words.count || afterCarrierWords.contains(next) || places.contains(after) || Int(next) != nil
                    || DateResolver.month(next) != nil || DateResolver.weekday(next) != nil {
                    return airline
                }
                // "hawaiian friday, two of us", "porter monday morning", "flair in 3 weeks": opening the request, no place there,
                // right before when to fly.
                if index == 0, !place, named, Self.saysWhen(words, at: after) { return airline }
                // "Kenya ile Tanzanya arası" joins two places.
                let pair = words[after...].contains { $0.hasPrefix("arasi") }
                if !place, !pair, next == "ile" || (turkishWithWords.contains(next) && glued.contains(after)) { return airline }
            }
        }
        return nil
    }

    /// Whether the words at `index` open with when to fly: a weekday, "tonight", "tomorrow", "today", or "in" a number of
    /// days or weeks.
    static func saysWhen(_ words: [String], at index: Int) -> Bool {
        guard index < words.count else { return false }
        let word = words[index]
        if DateResolver.weekday(word) != nil || ["tonight", "tomorrow", "today"].contains(word) { return true }
        return word == "in" && index + 2 < words.count && DateResolver.count(words[index + 1]) != nil
            && ["day", "days", "week", "weeks"].contains(words[index + 2])
    }

    /// A country's airline by the country's name alone, as `countryAirlines` says.
    static func countryAirline(in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            guard let airline = countryAirlines[word] else { continue }
            let previous = index > 0 ? words[index - 1] : "", next = index + 1 < words.count ? words[index + 1] : ""
            if carrierCues.contains(previous) || turkishWithWords.contains(next) { return airline }
        }
        return nil
    }
}
