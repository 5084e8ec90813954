/// Where a place the gazetteer does not know may be in a sentence: the spans the model may choose among when the
/// rules leave origin or destination empty. A value the model gives must be one of them, exactly, so it is
/// always text the user wrote; the model only says which span plays which role.
///
/// A span is a run of one to three capitalised words that the gazetteer does not know, not at the start of a
/// sentence unless a travel word precedes it or a Turkish case ending follows it ("Babaeski'den"); or, in an
/// all-lower-case sentence, the word right after a word of travel ("from", "to", "leaving") or before a case ending.
public enum PlaceSpans {
    /// Words after which a place is expected.
    static let travelWords: Set<String> = Gazetteer.fromWords.union(Gazetteer.toWords).union(["in", "at", "via", "for"])
    /// Words that are never part of a place: numbers, months, weekdays and the grammar words of a request.
    static func isPlaceWord(_ folded: String) -> Bool {
        guard folded.count >= 3, !folded.contains(where: \.isNumber), DateResolver.month(folded) == nil, DateResolver.weekday(folded) == nil else { return false }
        return !stopWords.contains(folded) && !airlineWords.contains(folded) && SearchParser.currencies[folded] == nil
            && Gazetteer.placeNoun(in: [folded], at: 0) == nil && !folded.hasPrefix("arasi")
    }

    /// The words of the airlines the rules know ("Pegasus", "Türk Hava Yolları"): an airline is no place.
    static let airlineWords: Set<String> = Set(SearchParser.airlineNameWords.joined())

    static let stopWords: Set<String> = [
        // "to somewhere warm": a place not named.
        "somewhere", "anywhere", "everywhere", "someplace", "anyplace", "elsewhere",
        "the", "and", "for", "with", "from", "flight", "flights", "fly", "flying", "ticket", "tickets", "trip", "next", "this", "tomorrow",
        "today", "weekend", "week", "month", "morning", "evening", "night", "afternoon", "adult", "adults", "child", "children", "kids",
        "baby", "infant", "economy", "business", "first", "class", "nonstop", "direct", "cheap", "cheapest", "please", "want", "need",
        "ucus", "ucusu", "bilet", "yarin", "sabah", "aksam", "gece", "kisi", "yetiskin", "cocuk", "bebek", "ekonomi", "aktarmasiz",
        "istiyorum", "gitmek", "hafta", "sonu", "gidis", "donus", "cikisli", "varisli",
        "air", "airlines", "airways", "sinifi",
        // A price's words: "for under $300".
        "under", "below",
        // A holiday's last words where its first alone names it ("Thanksgiving Day", "Christmas Eve").
        "day", "eve",
        // What a trip is for, after "for": "next week for work", "for a wedding".
        "work", "pleasure", "fun", "meeting", "conference", "wedding", "funeral", "vacation", "holiday", "holidays",
    ]

    /// The candidate spans of `text`, as written, that the gazetteer does not know.
    public static func candidates(in text: String, gazetteer: Gazetteer) -> [String] {
        candidates(in: text, besides: gazetteer.mentions(in: text), gazetteer: gazetteer)
    }

    /// The positions in `folded` (a text's folded words) of each of `names`, wherever it stands (`TextMatching.ranges`).
    static func positions(of names: [String], in folded: [String]) -> Set<Int> {
        Set(names.flatMap { TextMatching.ranges(of: TextMatching.words($0), in: folded).joined() })
    }

    /// The candidate spans of `text` outside `mentions`, the places the gazetteer found in it (with all that belongs to
    /// each: "San Clemente, Chile" offers no "Chile"), and outside `names`, what the rules read as something else: the
    /// carrier ("Air Tindi", "Blue Wing Airlines" offer no "Tindi" nor "Wing"). Nor does it offer what reads as no
    /// second place: a holiday's words ("at Easter"), an aside in parentheses ("Cáceres'e (Mato Grosso'daki)"), a
    /// name right after a place and a comma ("Eshowe, KZN"), or a verb after "to" ("want to catch the harvest").
    /// With `gazetteer`, no word of a name it knows is one, a place the rules took back among them ("Penedo... no wait,
    /// Patos", "Winburg'a... değil"): a span is a place the gazetteer does not know.
    static func candidates(in text: String, besides mentions: [Gazetteer.Mention], names: [String] = [], gazetteer: Gazetteer? = nil) -> [String] {
        let tokens = WrittenWord.split(text)
        // The gazetteer's positions count folded words; when the written ones do not line up, offer no span.
        let folded = TextMatching.words(text)
        guard !tokens.isEmpty, tokens.count == folded.count else { return [] }
        let mixedCase = text.contains(where: \.isUppercase) && text != text.uppercased()
        let qualifiers = mentions.filter { $0.end > 0 && $0.end <= tokens.count && tokens[$0.end - 1].commaAfter }.map(\.end)
        // A country's or a region's name ("Central Otago", "Bahia") says where a place is; it is no place a flight goes to.
        let known = Set(mentions.flatMap { $0.position..<$0.end }).union(positions(of: names, in: folded))
            .union(DateResolver.holidayWords(in: folded)).union(qualifiers).union(gazetteer?.namePositions(in: folded) ?? [])
            .union(gazetteer?.qualifierPositions(in: folded) ?? [])
        var spans: [String] = []
        var index = 0
        var lastSpanEnd = -1
        while index < tokens.count {
            let token = tokens[index]
            // "Mokhotlong, Lesotho": a name right after a span and a comma is its region or country, no second place.
            if index == lastSpanEnd, index > 0, tokens[index - 1].commaAfter {
                index += 1
                continue
            }
            let previous = index > 0 ? tokens[index - 1].folded : ""
            // "for skiing at Villars", "staying at Hotel Lux": where an activity is, after "at", is no end of the trip.
            // ("landing at", "arriving at", "flying at" are the trip's own).
            let activityAt = previous == "at" && index >= 2 && tokens[index - 2].folded.hasSuffix("ing")
                && !["landing", "arriving", "departing", "leaving", "flying", "connecting"].contains(tokens[index - 2].folded)
            if activityAt {
                index += 1
                continue
            }
            let afterTravelWord = travelWords.contains(previous) && !(previous == "to" && Gazetteer.verbsAfterTo.contains(token.folded))
            // "Babaeski'den": a Turkish case ending after an apostrophe marks a name, even first in a sentence ("sometime in
            // may", "can i fly" have none).
            let beforeEnding = index + 1 < tokens.count && token.apostropheAfter && Gazetteer.caseEndings.contains(tokens[index + 1].folded)
            let marked = afterTravelWord || beforeEnding
            let startsSpan = isPlaceWord(token.folded) && !known.contains(index) && !token.inParentheses
                && (mixedCase ? token.capitalised && (!token.startsSentence || marked) : marked)
            guard startsSpan else {
                index += 1
                continue
            }
            var end = index + 1
            // "Mokhotlong, Lesotho": a comma ends the name (what follows is its region or country).
            while end < tokens.count, end - index < 3, !tokens[end - 1].commaAfter, isPlaceWord(tokens[end].folded), !known.contains(end),
                  mixedCase ? tokens[end].capitalised : false {
                end += 1
            }
            spans.append(tokens[index..<end].map(\.text).joined(separator: " "))
            index = end
            lastSpanEnd = end
        }
        return Array(Set(spans)).sorted()
    }
}
