/// Unlisted airlines whose name opens the request right before its route, read as a whole where the word-by-word
/// shapes of `AirlineNameShapes.swift` would cut it: a request that starts with a carrier's name and goes on with
/// the place it leaves from ("Central Mountain Air Calgary to Lloydminster", "Fuji Dream Airlines Nagoya to Yamagata",
/// "Skyward Express Nairobi to Wajir") can only mean every capitalised word before the route as the carrier's name.
///
/// The contract, in a text with both cases:
/// - two or three capitalised words opening the request, then a generic word (`airlineGenericWords`) and a place:
///   all of them are the name, an ordinary word of geography or scope inside it ("Mountain", `namingWords`) and a
///   place first ("Fuji", a city the gazetteer knows) too, since a route never starts with two places and a name.
///   Not a day or another time word ("Next Tuesday Rise Air …" is Rise Air), nor an ordinary word first ("Fresh
///   Mountain Air Calgary to Banff" names no carrier);
/// - "Express" and "Jet" end a carrier's name only so, opening the request before a place ("Skyward Express Nairobi to
///   …", "Twin Jet Colmar to …"), as a train's or a plane's elsewhere ("the Heathrow Express to Paddington"); "Flight"
///   only before Turkish "ile" ("Royal Flight ile Moskova'dan …"), as "Return Flight Boston to Denver" is a booking.
extension SearchParser {
    /// Words of geography or scope that stand inside a capitalised name though never begin it: "Central Mountain Air".
    static let namingWords: Set<String> = [
        "mountain", "sea", "country", "national", "international", "regional", "western", "eastern", "northern", "southern",
        "european", "asian", "african", "summer", "spring", "winter", "salt",
    ]

    /// Words of time that open a request before a carrier without naming it: "Next Tuesday Rise Air …".
    static let openingTimeWords: Set<String> = ["next", "this", "last", "tomorrow", "today", "tonight", "tmrw", "yarin", "bugun"]

    /// Generic words that end a carrier's name only in one place, each with its spelling and whether that place is the
    /// request's opening before a place (else Turkish "ile" after it).
    static let narrowGenericWords: [(word: String, written: String, openingBeforePlace: Bool)] = [
        ("express", "Express", true), ("flight", "Flight", false),
        // "Twin Jet Colmar to Cannes": "Jet" ends a carrier's name so, where elsewhere it is a plane ("a Private Jet").
        ("jet", "Jet", true),
    ]

    /// "Central Mountain Air Calgary to …", "Fuji Dream Airlines Nagoya to …": at the request's first word, two or three
    /// capitalised words, a generic word and a place, as the type's comment says.
    static func openingName(_ index: Int, tokens: [WrittenWord], words: [String], mixedCase: Bool,
                            taken: Set<Int>, places: Set<Int>) -> (name: String, span: Range<Int>)? {
        guard index == 0, mixedCase else { return nil }
        for at in 2...3 where at < words.count {
            guard let generic = airlineGenericWords.first(where: { $0.words == Array(words[at..<min(words.count, at + $0.words.count)]) })
            else { continue }
            let end = at + generic.words.count
            // The word before the generic word is the name's own, no place ("Hong Kong Airlines" is read word by word).
            guard places.contains(end), !places.contains(at - 1), isAirlineNameWord(words[0]) || places.contains(0),
                  (0..<at).allSatisfy({ tokens[$0].capitalised && !taken.contains($0) && !openingTimeWords.contains(words[$0])
                      && (isAirlineNameWord(words[$0]) || places.contains($0) || $0 > 0 && namingWords.contains(words[$0])) })
            else { return nil }
            return ((tokens[0..<at].map { writtenName($0.text) } + [generic.written]).joined(separator: " "), 0..<end)
        }
        return nil
    }

    /// "Skyward Express Nairobi to …", "Royal Flight ile …": one or two capitalised name words and a narrow generic
    /// word at `index`'s end, where that word may end a carrier's name (`narrowGenericWords`).
    static func narrowName(_ index: Int, tokens: [WrittenWord], words: [String], mixedCase: Bool,
                           taken: Set<Int>, places: Set<Int>) -> (name: String, span: Range<Int>)? {
        guard mixedCase else { return nil }
        for length in [2, 1] where index + length < words.count {
            let at = index + length
            guard let generic = narrowGenericWords.first(where: { $0.word == words[at] }), tokens[at].capitalised,
                  (index..<at).allSatisfy({ tokens[$0].capitalised && isAirlineNameWord(words[$0]) && !places.contains($0) && !taken.contains($0) })
            else { continue }
            let placed = generic.openingBeforePlace ? index == 0 && places.contains(at + 1)
                : at + 1 < words.count && turkishWithWords.contains(words[at + 1])
            guard placed else { continue }
            return ((tokens[index..<at].map { writtenName($0.text) } + [generic.written]).joined(separator: " "), index..<(at + 1))
        }
        return nil
    }
}
