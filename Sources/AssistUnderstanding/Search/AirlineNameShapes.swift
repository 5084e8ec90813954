import Foundation

/// Airlines the table does not list, read from the shape of their name: a name before a carrier's generic word
/// ("Tibet Airlines", "Silver Airways", "Contour Air Lines", "Loong Air", "Tacikistan Hava Yolları") or after "Air"
/// ("Air Mauritius", "Air Seychelles"). No package ships airline names (`Airlines.swift`), so new carriers keep
/// appearing in requests that the table lacks; their names follow these few shapes, which a reader takes as an
/// airline without knowing the carrier.
///
/// The value is the name as written, each word capitalised, with the generic word as airlines write it ("tibet
/// airlines" gives "Tibet Airlines"). No place is read inside it ("Hong Kong Airlines Hong Kong to Taipei" is a flight
/// from Hong Kong): its span joins `airlineSpans`. Left out, so that ordinary phrases stay no airline:
/// - a name of grammar or ordinary words ("cheap airlines", "all airways", "fresh air", "by air", "hot air balloon",
///   "general aviation", "ucuz hava yolları"), or a word after it that makes "air" a thing ("air travel", "air show");
/// - a question's first word ("Do Solomon Airlines fly …?" names Solomon Airlines);
/// - with the weaker generic words, "air" and "aviation", a name that is neither capitalised in a text that has
///   both cases, nor after "with", "on", "flying" or "fly", nor before Turkish "ile" ("with loong air", "loong air ile");
/// - "Air X" in a text without both cases, or with either word in lower case: "air mauritius" may be "by air".
extension SearchParser {
    /// The generic words, folded, each with its spelling in the value and whether it alone marks an airline.
    static let airlineGenericWords: [(words: [String], written: String, strong: Bool)] = [
        (["air", "lines"], "Air Lines", true), (["hava", "yollari"], "Hava Yolları", true), (["havayollari"], "Hava Yolları", true),
        (["airlines"], "Airlines", true), (["airways"], "Airways", true), (["aerolineas"], "Aerolíneas", true), (["air"], "Air", false),
        (["aviation"], "Aviation", false), (["aero"], "Aero", false),
        // "Tomsk Avia", "Grozny Avia", "Kin Avia": the word carriers of the former Soviet Union and of Africa end with.
        (["avia"], "Avia", false),
        // "Seair Seaplanes", "Alaska Seaplanes": carriers of floatplanes.
        (["seaplanes"], "Seaplanes", false),
    ]

    /// Words that never begin or make up an airline's name: what a request says around a carrier, and the words that
    /// go with "air" or "airlines" in ordinary phrases.
    static let notAirlineNameWords: Set<String> = PlaceSpans.stopWords.union([
        "a", "an", "by", "in", "on", "of", "to", "at", "via", "or", "any", "all", "other", "some", "which", "what", "my", "our", "your",
        "their", "no", "same", "different", "cheap", "cheaper", "budget", "low", "cost", "lowcost", "major", "big", "small", "regional",
        "local", "national", "international", "foreign", "domestic", "good", "best", "better", "top", "legacy", "full", "service",
        "commercial", "private", "charter", "civil", "general", "military", "partner", "preferred", "favourite", "favorite", "usual",
        "fresh", "open", "hot", "clean", "cool", "cold", "warm", "dry", "thin", "sea", "mountain", "country", "salt", "spring", "summer",
        "winter", "mild", "humid", "crisp", "polluted", "smoky", "compressed", "conditioned", "mid", "into", "up", "out",
        "european", "asian", "african", "western", "eastern", "northern", "southern", "us", "uk", "eu",
        "book", "booking", "find", "get", "search", "show", "looking", "prefer",
        // What a traveller wants of any carrier: "family friendly airlines to orlando", "reliable airlines from paris".
        "friendly", "reliable", "safe", "safest", "cheapest", "decent", "nice", "comfortable", "punctual",
        // A question's first words: "Do Solomon Airlines fly …?", "Does Cayman Airways …", "Can Air Seychelles …".
        "do", "does", "did", "can", "could", "will", "would", "is", "are",
        "ucuz", "en", "tum", "butun", "hangi", "diger", "yerli", "yabanci", "ozel", "ulusal", "milli", "bir", "baska", "farkli", "iyi",
    ])

    /// Words that stand inside a capitalised name, after its first word, though never alone or first: "Myanmar National
    /// Airlines", "Uganda International Airways" (not "national airlines", nor "Denver, Regional Airlines only").
    static let designationWords: Set<String> = ["national", "international", "regional"]

    /// Words after "air" that make it a thing, not an airline's last word ("air travel", "hot air balloon").
    static let afterAirWords: Set<String> = [
        "travel", "balloon", "balloons", "conditioning", "conditioner", "quality", "fare", "fares", "ticket", "tickets", "mile", "miles",
        "force", "show", "port", "pressure", "traffic", "museum", "base", "fryer", "mattress", "strike", "pollution", "temperature",
        "tour", "tours", "trip", "trips", "cargo", "freight", "taxi", "ambulance",
    ]

    /// Cues before a name that make it a carrier: "with", "on", "flying", "fly".
    static let carrierCues: Set<String> = ["with", "on", "flying", "fly"]
    /// Turkish "with", as a word or an ending after an apostrophe: "Loong Air ile", "Loong Air'le".
    static let turkishWithWords: Set<String> = ["ile", "la", "le", "yla", "yle"]

    /// The first unlisted airline named by its shape in `text`, and the word range it takes; nil when there is none.
    /// `listed` are the spans of the airlines the table names, where no other is looked for.
    /// Every unlisted airline named by its shape in `text`, in order.
    /// `places` are the word positions the gazetteer reads as places: one may start a name only where the whole name
    /// before the generic word is places ("Hong Kong Airlines"), never before another word ("Taşkent İstanbul Centrum
    /// Air" names Centrum Air).
    static func shapedAirlines(in text: String, words: [String], besides listed: [Range<Int>] = [],
                               places: Set<Int> = []) -> [(name: String, span: Range<Int>)] {
        let tokens = WrittenWord.split(text)
        guard tokens.count == words.count else { return [] }
        let mixedCase = text.contains(where: \.isUppercase) && text.contains(where: \.isLowercase)
        let taken = Set(listed.flatMap { $0 })
        var found: [(name: String, span: Range<Int>)] = []
        let glued = TextMatching.apostrophedWords(text)
        var index = 0
        while index < words.count {
            if !taken.contains(index), let shaped = nameBeforeTurkishWith(index, tokens: tokens, words: words, mixedCase: mixedCase, glued: glued,
                                                                          taken: taken, places: places)
                ?? oneWordBeforeTurkishWith(index, tokens: tokens, words: words, mixedCase: mixedCase, glued: glued, taken: taken, places: places)
                ?? nameBeforeRoute(index, tokens: tokens, words: words, mixedCase: mixedCase, taken: taken, places: places)
                ?? airNameOne(index, tokens: tokens, words: words, places: places)
                ?? openingName(index, tokens: tokens, words: words, mixedCase: mixedCase, taken: taken, places: places)
                ?? nameBefore(index, tokens: tokens, words: words, mixedCase: mixedCase, taken: taken, places: places)
                ?? nameAfterAir(index, tokens: tokens, words: words, mixedCase: mixedCase, taken: taken, places: places)
                ?? cuedAirName(index, tokens: tokens, words: words, taken: taken, places: places)
                ?? narrowName(index, tokens: tokens, words: words, mixedCase: mixedCase, taken: taken, places: places)
                ?? gluedName(index, tokens: tokens, words: words, mixedCase: mixedCase, places: places) {
                found.append(shaped)
                index = shaped.span.upperBound
            } else {
                index += 1
            }
        }
        return found
    }

    /// "Tibet Airlines", "loong air ile": a generic word at `index` and the name before it.
    private static func nameBefore(_ index: Int, tokens: [WrittenWord], words: [String], mixedCase: Bool,
                                   taken: Set<Int>, places: Set<Int>) -> (name: String, span: Range<Int>)? {
        guard let generic = airlineGenericWords.first(where: { genericWord($0.words, in: words, at: index) }), index > 0 else { return nil }
        let end = index + generic.words.count
        // "air travel" is a thing; "PNG Air Port Moresby …" an airline before a place's name.
        if !generic.strong, end < words.count, afterAirWords.contains(words[end]), !places.contains(end) { return nil }
        // Capitalised in a text with both cases, the capitalised words before it (at most three, none after "to" or
        // "from" but the last: "to Halifax Contour Airlines" names Contour); else the one word before it.
        let capitalisedName = mixedCase && tokens[index - 1].capitalised
        // Opening the request, up to three words that are no place, with a place right after the generic word:
        // "harbour air vancouver to victoria", "japan transocean air naha to …" (not "fresh air boston", "business air …").
        // In one case, a weak generic word's one more word before the place is the name's last ("hokkaido air system
        // sapporo to kushiro"; not "island air tour maui to …", whose word makes "air" a thing).
        // Turkish "ile" (with) after it is no word of the name ("atrak air ile gonabaddan …").
        let lastWord = !generic.strong && !mixedCase && end + 1 < words.count && !places.contains(end) && places.contains(end + 1)
            && isAirlineNameWord(words[end]) && !afterAirWords.contains(words[end]) && !turkishWithWords.contains(words[end])
            // "wright air service to aweil": a carrier's own last word before the route, in lower case.
            || !mixedCase && carriersLastWord(after: end, generic: generic.strong, tokens: tokens, words: words, mixedCase: false, places: places)
        // Or a word the gazetteer lacks right after it, going on to "to" and a place: the route's start ("tara air tikapur
        // to darchula"). Before such a start, a place's name is the carrier's word too (Tara, a town in Russia), as a
        // route never starts with a place, the generic word and an origin of its own; before a known place it is the
        // route's start ("boston air denver": by air from Boston).
        let unknownStart = !generic.strong && end + 2 < words.count && !places.contains(end) && isAirlineNameWord(words[end])
            && !afterAirWords.contains(words[end]) && !carrierLastWords.contains(words[end]) && words[end + 1] == "to" && places.contains(end + 2)
        // Or the route's own word right after it, then a place: "western air out of new smyrna beach", "hinterland aviation
        // from gladstone", "bar aviation to adjumani".
        // Or, in lower case, two or three words and a strong generic word opening the request right before the route's
        // word, whatever follows it ("trans guyana airways to bartica", "grand canyon airlines out of sedona"): a place's
        // name among them is the carrier's, as the route only starts after it.
        let strongBeforeRoute = generic.strong && !mixedCase && index >= 2 && end < words.count && ["to", "from", "out", "ile"].contains(words[end])
        // "tofino air squamish to ladner": a whole route right after the weak generic word, so the place before it is the
        // carrier's word (Tofino), as a route has one origin; "boston air denver" (by air from Boston) has no route after.
        let routeAfter = !generic.strong && end + 2 < words.count && places.contains(end) && !places.contains(end + 1) && words[end + 1] == "to"
            && places.contains(end + 2)
        let routeStart = places.contains(end) || unknownStart || strongBeforeRoute
            || !generic.strong && routeCue(after: end, words: words, places: places, origin: false)
        if index <= 3, routeStart || lastWord, !generic.strong || !mixedCase,
           (0..<index).allSatisfy({ isAirlineNameWord(words[$0]) && (!places.contains($0) || unknownStart || strongBeforeRoute || routeAfter) && !taken.contains($0)
               && !airlineCabinWords.contains(words[$0]) }) {
            let name = tokens[0..<index].map { writtenName($0.text) } + [generic.written] + (lastWord ? [writtenName(tokens[end].text)] : [])
            return (name.joined(separator: " "), 0..<(end + (lastWord ? 1 : 0)))
        }
        var start = index
        func designation(_ at: Int) -> Bool {
            capitalisedName && designationWords.contains(words[at]) && at > 0 && isAirlineNameWord(words[at - 1]) && tokens[at - 1].capitalised
        }
        // "Sunday Airlines": a capitalised day's or month's name right before a strong generic word is the name's, no date.
        func datedName(_ at: Int) -> Bool {
            capitalisedName && generic.strong && at == index - 1 && (DateResolver.weekday(words[at]) != nil || DateResolver.month(words[at]) != nil)
        }
        // "new england airlines": in lower case, "new" before the one word is the name's too, as in a place's name.
        func newBefore(_ at: Int) -> Bool { !capitalisedName && index - start == 1 && words[at] == "new" }
        // "anything on north star air into …": in lower case, a second word when a carrier's cue stands before both, no
        // place or date among them.
        func cuedPair(_ at: Int) -> Bool {
            !capitalisedName && !generic.strong && index - start == 1 && at > 0 && carrierCues.contains(words[at - 1])
                && !places.contains(at) && !places.contains(start) && DateResolver.weekday(words[at]) == nil && DateResolver.month(words[at]) == nil
        }
        while start > 0, index - start < (capitalisedName ? 3 : 1) || newBefore(start - 1) || cuedPair(start - 1),
              isAirlineNameWord(words[start - 1]) || designation(start - 1) || datedName(start - 1),
              !taken.contains(start - 1), !capitalisedName || tokens[start - 1].capitalised {
            if start < index, start - 2 >= 0, Gazetteer.fromWords.union(Gazetteer.toWords).contains(words[start - 2]) { break }
            // A place may start the name only where the rest is places too, or designations ("Myanmar National").
            if places.contains(start - 1), (start..<index).contains(where: { !places.contains($0) && !designationWords.contains(words[$0]) }) { break }
            start -= 1
        }
        guard start < index, !designationWords.contains(words[start]) else { return nil }
        if !generic.strong {
            let cued = start > 0 && carrierCues.contains(words[start - 1])
            let turkishWith = end < words.count && turkishWithWords.contains(words[end])
            guard (mixedCase && tokens[start].capitalised) || cued || turkishWith
                || flownAfter(end, words: words) && !(start..<index).contains(where: places.contains)
                // "…, kenai aviation, 1 adult": standing alone in the list, a place's name before the generic word is the
                // carrier's too, since the place's own role would be in another part.
                || standsAsListItem(start..<end, tokens: tokens)
            else { return nil }
        }
        // Opening the request, one more capitalised word after a weak generic word and before a place is the name's last:
        // "Denver Air Connection Denver to Sheridan" (not "Tropic Air Cancun to …", whose next word is the place).
        // So is one before "from" and a place, which says the route starts after it ("Trans Air Congo from Dolisie to …";
        // not "Trans Air from Dolisie").
        let beforeFrom = end + 2 < words.count && words[end + 1] == "from" && places.contains(end + 2)
            // And one before "flights" and a place ("Mission Aviation Fellowship flights Port-de-Paix to …").
            || end + 2 < words.count && ["flights", "flight"].contains(words[end + 1]) && places.contains(end + 2)
        // A capitalised designation right after the generic word is the name's last too: "Myanmar Airways International".
        let last = [end].filter { _ in
            !generic.strong && mixedCase && start == 0 && end + 1 < words.count && (places.contains(end + 1) && !places.contains(end) || beforeFrom)
                && tokens[end].capitalised && isAirlineNameWord(words[end]) && !afterAirWords.contains(words[end])
                || capitalisedName && end < words.count && designationWords.contains(words[end]) && tokens[end].capitalised
                || carriersLastWord(after: end, generic: generic.strong, tokens: tokens, words: words, mixedCase: mixedCase, places: places)
        }
        let name = tokens[start..<index].map { writtenName($0.text) } + [generic.written] + last.map { writtenName(tokens[$0].text) }
        return (joinedAsWritten(name, tokens: tokens[start..<(end + last.count)]), start..<(end + last.count))
    }

    /// Words after a weak generic word that say a carrier flies: "does kivalliq air fly that?", "sunrise aviation still
    /// flies into …", "a kenmore air flight". A name of places before it stays places ("denver air flights to reno").
    static let flownWords: Set<String> = ["fly", "flies", "flew", "flight", "flights"]

    /// Whether the words from `index` say the carrier before them flies: one of `flownWords`, perhaps after "still".
    private static func flownAfter(_ index: Int, words: [String]) -> Bool {
        let at = index < words.count && ["still", "even", "really", "actually"].contains(words[index]) ? index + 1 : index
        return at < words.count && flownWords.contains(words[at])
    }

    /// Whether the words of `span` stand alone as one part of a list of the request's parts, a comma before and after
    /// them, or a comma on one side and the text's edge on the other: "…nwt 1/14, air tindi, 1 adult", "…, 2 adults, rise
    /// air". Named so, a weak shape is the carrier, as nothing else in such a list reads "calm air".
    private static func standsAsListItem(_ span: Range<Int>, tokens: [WrittenWord]) -> Bool {
        guard !span.isEmpty, span.upperBound <= tokens.count, span.lowerBound > 0 || span.upperBound < tokens.count else { return false }
        let before = span.lowerBound == 0 || tokens[span.lowerBound - 1].commaAfter
        let after = span.upperBound == tokens.count || tokens[span.upperBound - 1].commaAfter
        return before && after && span.dropLast().allSatisfy { !tokens[$0].commaAfter }
    }

    /// Words a carrier's name may end with after a weak generic word: "Hebridean Air Services", "Wright Air Service".
    static let carrierLastWords: Set<String> = ["service", "services", "charter", "charters"]

    /// Whether the word at `index`, right after a weak generic word, is the carrier's last (`carrierLastWords`): written as
    /// a name in a text with both cases, or in any case right before the route ("wright air service to …"; not "air
    /// service" as a thing, nor "charter flights").
    private static func carriersLastWord(after index: Int, generic strong: Bool, tokens: [WrittenWord], words: [String],
                                         mixedCase: Bool, places: Set<Int>) -> Bool {
        guard !strong, index < words.count, carrierLastWords.contains(words[index]) else { return false }
        return mixedCase ? tokens[index].capitalised : places.contains(index + 1) || routeCue(after: index + 1, words: words, places: places, origin: false)
    }

    /// "Air Mauritius", "Aerolíneas Sosa": "Air" (or Spanish "Aerolíneas") and one name word after it, both capitalised
    /// in a text with both cases; or, in any case, opening the request with a place right after the name ("air chathams
    /// auckland to whanganui", "aerolineas sosa san pedro sula to …"; not "air travel boston to …"). "Fly" and a
    /// capitalised name before Turkish "ile" too ("Fly Arna ile Erivan'dan"), where "fly" is no verb; "air" and a word
    /// opening the request before "ile", in any case ("air guyane ile …").
    private static func nameAfterAir(_ index: Int, tokens: [WrittenWord], words: [String], mixedCase: Bool,
                                     taken: Set<Int>, places: Set<Int>) -> (name: String, span: Range<Int>)? {
        let leads = ["air": "Air", "aerolineas": "Aerolíneas", "fly": "Fly"]
        guard let lead = leads[words[index]], index + 1 < words.count, !taken.contains(index + 1),
              isAirlineNameWord(words[index + 1]), !afterAirWords.contains(words[index + 1]), !airlineCabinWords.contains(words[index + 1]),
              !turkishWithWords.contains(words[index + 1]),
              !airlineGenericWords.contains(where: { genericWord($0.words, in: words, at: index + 1) }) else { return nil }
        let written = mixedCase && tokens[index].capitalised && tokens[index + 1].capitalised
        // A place's name after "Air" is the airline's only where written so ("Air Busan"), never "fly" and a place.
        let opening = index == 0 && places.contains(index + 2) && !places.contains(index + 1)
        let withTurkish = index + 2 < words.count && turkishWithWords.contains(words[index + 2]) && written && !places.contains(index + 1)
        // "air guyane ile …": opening the request before Turkish "ile", in any case, "Air" and a word that is no place.
        let openingWith = lead == "Air" && index == 0 && index + 2 < words.count && words[index + 2] == "ile" && !places.contains(index + 1)
        // "air saguenay out of chicoutimi": opening the request before where it leaves from, "Air" and any word, a place's
        // too, since the origin after it leaves the word nothing else to be.
        let openingBeforeOrigin = lead == "Air" && index == 0 && routeCue(after: index + 2, words: words, places: places, origin: true)
        // "…, air tindi, 1 adult": "Air" and a word that is no place, one part of a list of the request's parts.
        let listed = lead == "Air" && !places.contains(index + 1) && standsAsListItem(index..<(index + 2), tokens: tokens)
        guard lead == "Fly" ? withTurkish : (written && (lead != "Air" || tokens[index].text == "Air")) || opening || openingWith || openingBeforeOrigin
                || listed
        else { return nil }
        // "Air Saint-Pierre": capitalised parts a hyphen joins are one name, kept whole (not "Air Seychelles-style").
        var last = index + 1
        while written, tokens[last].hyphenAfter, last + 1 < words.count, tokens[last + 1].capitalised, !taken.contains(last + 1) { last += 1 }
        // "Air Fast Congo from Boma to …": opening the request, one more capitalised word right before where the trip
        // leaves from is the name's last, a place's name too, as the origin after it leaves it nothing else to be.
        let before = index == 0 && written && last + 1 < words.count && tokens[last + 1].capitalised && !taken.contains(last + 1)
            && isAirlineNameWord(words[last + 1]) && routeCue(after: last + 2, words: words, places: places, origin: true) ? [last + 1] : []
        let name = tokens[(index + 1)...last].map { writtenName($0.text) }.joined(separator: "-")
        return (([lead, name] + before.map { writtenName(tokens[$0].text) }).joined(separator: " "), index..<(last + 1 + before.count))
    }

    /// Whether the words from `index` are "out of" or "from" (or, unless `origin`, "to", "into" or "out to") and a place:
    /// where a request says where it leaves from, or goes.
    static func routeCue(after index: Int, words: [String], places: Set<Int>, origin: Bool) -> Bool {
        guard index < words.count else { return false }
        if words[index] == "out", index + 2 < words.count, words[index + 1] == "of" { return places.contains(index + 2) }
        // "kamaka air into hana", "ookpik aviation out to baker lake": where it goes.
        if !origin, words[index] == "out", index + 2 < words.count, words[index + 1] == "to" { return places.contains(index + 2) }
        return (words[index] == "from" || !origin && (words[index] == "to" || words[index] == "into")) && places.contains(index + 1)
    }

    /// Cabin words, which stand before "air" without naming a carrier ("business air fares").
    static let airlineCabinWords: Set<String> = ["business", "economy", "first", "premium", "class"]

    /// Whether the generic word `generic` stands at `index`; its last word may carry a Turkish ending ("havayollarıyla").
    private static func genericWord(_ generic: [String], in words: [String], at index: Int) -> Bool {
        guard index + generic.count <= words.count else { return false }
        for (offset, part) in generic.enumerated() {
            let word = words[index + offset]
            let turkish = part.hasSuffix("yollari") && word.hasPrefix(part) && word.count <= part.count + 4
            if word != part && !turkish { return false }
        }
        return true
    }

    /// A word that may be part of an airline's name: letters, no grammar or ordinary word, no month, day or number.
    static func isAirlineNameWord(_ word: String) -> Bool {
        word.count >= 2 && word.contains(where: \.isLetter) && Int(word) == nil && !notAirlineNameWords.contains(word)
            && numbers[word] == nil && DateResolver.month(word) == nil && DateResolver.weekday(word) == nil && currencies[word] == nil
            && !airlineGenericWords.contains { $0.words == [word] }
    }

    /// A name's words joined as `tokens` (the words they were read from, one for each) were written: a hyphen kept
    /// where one joined them ("Elbrus-Avia"), else a space. Where the counts differ, spaces.
    static func joinedAsWritten(_ parts: [String], tokens: ArraySlice<WrittenWord>) -> String {
        guard parts.count == tokens.count else { return parts.joined(separator: " ") }
        var name = ""
        for (part, token) in zip(parts, tokens) {
            name += part + (token.hyphenAfter ? "-" : " ")
        }
        return String(name.dropLast())
    }

    /// A name's word as a value: capitalised when written all in lower or upper case ("tibet", "SILVER"), else as written.
    /// A Scots or Irish "Mc" surname capitalises the letter after it too, as such names are always written ("mcmurray
    /// aviation" is McMurray Aviation).
    static func writtenName(_ word: String) -> String {
        guard word == word.lowercased() || (word == word.uppercased() && word.count > 3) else { return word }
        let lower = word.lowercased()
        if lower.hasPrefix("mc"), lower.count >= 5, lower.allSatisfy(\.isLetter) {
            return "Mc" + lower.dropFirst(2).prefix(1).uppercased() + lower.dropFirst(3)
        }
        return word.prefix(1).uppercased() + word.dropFirst().lowercased()
    }
}
