/// The word right beside a place's name that decides what the name is in the request, where the name alone would be
/// read otherwise:
/// - a US state's postal code after it in lower case (or an Australian state's or a Canadian province's abbreviation:
///   "atherton qld", "hinton ab"), before the route goes on ("kearney ne to denver", "hays ks to
///   denver"), pins the name as the code in capitals does ("Eureka CA"): the code is the state of one of the places
///   the name has, so "ne" is no Turkish ending (which would make Kearney the destination) and a name that is also a
///   common word ("hays") is a place. Only before "to": "kearney ne kadar" asks how much, in Turkish; anywhere for a
///   code that is no English or Turkish word ("parsons ks in 2 weeks", "fairmont mn tues evening", `unmistakableStateCodes`);
/// - Turkish "ile" (with) after it, right before the place the trip leaves from, makes it a companion, no end of the
///   route: "Aurora ile Habarovsk'tan Komsomolsk-na-Amure'ye" flies with Aurora (a carrier), "Aydın ile İzmir'den
///   Ankara'ya" with Aydın (a person). Who the companion is, the rules cannot tell: a lone name before "ile" is as
///   often a person's, so it is no airline either. "İstanbul ile Ankara arası" still joins two ends;
/// - in English, a name of no role right after "with" or a word for a person ("with Mercedes to Berlin", "with my
///   friend Davis", "my wife Florence") or before "and me" or "and I" ("for Tracy and me", "Lincoln and I") is a
///   companion too: many towns are named as people are;
/// - "somewhere", "anywhere" or "wherever" after the one place a request names, no word giving the place a role: the
///   traveller is there and the trip's end is left open ("sick of the snow in cheyenne - somewhere with beaches" leaves
///   from Cheyenne). "Anywhere in Italy", the open word first, and "Denver or somewhere", the two joined, keep the place
///   the destination.
extension Gazetteer {
    /// The place of `cities` in the US state whose code, in any case, is the word at `index`, when the route goes on
    /// after it ("to") or the code is no word (`unmistakableStateCodes`); nil otherwise, or when an apostrophe glues the
    /// word to the name ("Kearney'ne").
    /// With `wordCodes`, for a name that is a place only so pinned (`pinnedOnly`), a code that is an English word counts
    /// wherever it stands too, but for a connective's (`connectiveStateCodes`).
    func lowerCaseStateCode(_ words: [String], _ cities: [City], at index: Int, apostrophes: Set<Int>, wordCodes: Bool = false) -> City? {
        // "atherton qld", "hinton ab": an Australian state's or a Canadian province's abbreviation, in any case.
        if index < words.count, !apostrophes.contains(index), let (country, region) = Self.provinceAbbreviations[words[index]],
           let city = cities.first(where: { $0.country == country && $0.region == region }) {
            return city
        }
        guard index < words.count, words[index].count == 2, words[index].allSatisfy(\.isLetter), !apostrophes.contains(index),
              index + 1 < words.count && Self.toWords.contains(words[index + 1]) || Self.unmistakableStateCodes.contains(words[index])
                || Self.turkishWordStateCodes.contains(words[index]) && DateResolver.readsAsEnglish(words)
                || wordCodes && !Self.connectiveStateCodes.contains(words[index]) && !Self.turkishWordStateCodes.contains(words[index])
        else { return nil }
        return cities.first { $0.country == "US" && $0.region == words[index].uppercased() }
    }

    /// Australian states' and Canadian provinces' abbreviations, folded, with the country and GeoNames' code of the
    /// region, where they are no English or Turkish word ("wa", "sa", "tas", "act", "on", "nt" are left out).
    static let provinceAbbreviations: [String: (country: String, region: String)] = [
        "qld": ("AU", "04"), "nsw": ("AU", "02"), "vic": ("AU", "07"),
        "ab": ("CA", "01"), "bc": ("CA", "02"), "mb": ("CA", "03"), "nb": ("CA", "04"), "nl": ("CA", "05"), "ns": ("CA", "07"),
        "pei": ("CA", "09"), "qc": ("CA", "10"), "sk": ("CA", "11"), "yt": ("CA", "12"),
    ]

    /// US states' codes that are Turkish words but no English ones ("ne", what; "de", also): in a text that reads as
    /// English, after a town of that state, its state wherever they stand ("stuck in gordon ne, anything tmrw?";
    /// "kearney ne kadar" is Turkish).
    /// "il" (Illinois; in Turkish a province) too: "dwight il - sheldon ia".
    static let turkishWordStateCodes: Set<String> = ["ne", "de", "il"]

    /// US states' codes that are English connectives or pronouns ("burns or baker", "salmon in june"): no pinned-only town's
    /// state in lower case unless the route goes on after them.
    static let connectiveStateCodes: Set<String> = ["or", "in", "me", "ok", "hi", "oh"]

    /// US states' codes that are no English or Turkish word (not "in", "me", "or", "ok", "pa", "ne", "de"…): after a
    /// town of that state, in lower case, its state wherever they stand.
    static let unmistakableStateCodes: Set<String> = ["ak", "az", "ia", "ks", "ky", "mn", "nc", "nd", "nh", "nj", "nm", "nv", "ny", "ri", "sc",
                                                      "sd", "tn", "tx", "ut", "vt", "wi", "wv", "wy", "fl", "dc", "wa", "ar", "md", "va",
                                                      "ga", "ct"]

    /// Whether `mention` is a companion before Turkish "ile", as the type's comment says: no role of its own, "ile"
    /// right after it and then a place with a "from" ending, in a request that joins no pair with "arası".
    /// `punctuated` are the words a comma or another stop comes before (`TextMatching.wordsAfter`): "me and my mum,
    /// Helsinki to Reykjavik" names no companion Helsinki.
    static func isCompanion(_ mention: Mention, in words: [String], mentions: [Mention], punctuated: Set<Int> = []) -> Bool {
        guard mention.role == .unknown else { return false }
        if mention.position > 0, personWords.contains(words[mention.position - 1]), !punctuated.contains(mention.position) { return true }
        if mention.end + 1 < words.count, words[mention.end] == "and", ["me", "i", "myself"].contains(words[mention.end + 1]),
           !punctuated.contains(mention.end) { return true }
        guard mention.end < words.count, words[mention.end] == "ile", !words.contains(where: { $0.hasPrefix("arasi") }) else { return false }
        return mentions.contains { $0.position == mention.end + 1 && $0.role == .origin }
    }

    /// Whether `mention` only says where another place is, as an aside, and is no end of the trip: in parentheses
    /// ("Almodóvar del Campo (Ciudad Real)", "gobernador gregores argentina (for perito moreno park)"), after "near"
    /// ("Bassenge near Liège"), after a compass word right after another place ("Kenmare, South Kerry"), or before
    /// Turkish "tarafındaki" or "yakınındaki" (on the side of, near: "Murmansk tarafındaki Umba'ya"). Only with another
    /// place outside the aside, and never one with a role of its own ("(from Ciudad Real)"). `parenthesised` are the
    /// indexes of the words in parentheses.
    static func isAside(_ mention: Mention, in words: [String], mentions: [Mention], parenthesised: Set<Int>) -> Bool {
        guard mention.role == .unknown, mention.end <= words.count else { return false }
        let others = mentions.filter { $0.position != mention.position }
        if (mention.position..<mention.end).allSatisfy(parenthesised.contains), others.contains(where: { !parenthesised.contains($0.position) }) {
            return true
        }
        if mention.position > 0, ["near", "nr", "nearby"].contains(words[mention.position - 1]), others.contains(where: { $0.end <= mention.position }) {
            return true
        }
        // "Kenmare, South Kerry", "Ithaca, upstate New York": a part of a region right after a place is where that place is.
        if mention.position > 0, compassWords.contains(words[mention.position - 1]), others.contains(where: { $0.end == mention.position - 1 }) {
            return true
        }
        return mention.end < words.count && asideWords.contains(words[mention.end]) && others.contains { $0.position > mention.end }
    }

    /// `mentions` of `text` without the asides among them (`isAside`).
    static func besidesAsides(_ mentions: [Mention], in text: String) -> [Mention] {
        let words = TextMatching.words(text), written = WrittenWord.split(text)
        let parenthesised = written.count == words.count ? Set(written.indices.filter { written[$0].inParentheses }) : []
        return mentions.filter { !isAside($0, in: words, mentions: mentions, parenthesised: parenthesised) }
    }

    /// Words of a part of a region, before its name: "West Cork", "upstate New York".
    static let compassWords: Set<String> = ["west", "east", "north", "south", "western", "eastern", "northern", "southern", "upstate",
                                            "downstate", "central", "mid"]

    /// Turkish words after a place that only locate another, folded: "tarafındaki", "yakınındaki", "civarındaki".
    static let asideWords: Set<String> = ["tarafindaki", "yakinindaki", "civarindaki", "yakinlarindaki", "taraflarindaki"]

    /// English words a companion's name follows: "with Mercedes", "with my friend Davis".
    static let personWords: Set<String> = [
        "with", "friend", "friends", "buddy", "wife", "husband", "partner", "fiance", "fiancee", "girlfriend", "boyfriend", "son", "daughter",
        "brother", "sister", "mom", "mum", "mother", "dad", "father", "cousin", "aunt", "uncle", "grandma", "grandpa", "boss",
        "colleague", "coworker", "roommate", "niece", "nephew",
    ]

    /// Whether `mention`, the request's one place and of no role, is left for "somewhere" or "anywhere" after it, as the
    /// type's comment says: where the traveller is, the origin.
    /// `punctuated`: the words a comma or another stop comes before.
    static func isLeftForSomewhere(_ mention: Mention, in words: [String], mentions: [Mention], punctuated: Set<Int> = []) -> Bool {
        guard mentions.count == 1, mention.role == .unknown else { return false }
        return words.indices.contains { index in
            // "or somewhere" offers another end; an "or" a comma follows is no conjunction but the place's state
            // ("scappoose or, somewhere warm": Oregon).
            // "wherever's cheapest" ("wherevers", as typed): anywhere too.
            index >= mention.end && ["somewhere", "anywhere", "wherever", "wherevers"].contains(words[index])
                && !(["or", "and"].contains(words[index - 1]) && !punctuated.contains(index))
                // "been up in tocopilla all month, anything out of there friday?": the place is where the flight leaves.
                || index > mention.end && words[index] == "there" && ["from", "of"].contains(words[index - 1])
                    && (words[index - 1] == "from" || index >= 2 && words[index - 2] == "out")
        }
    }
}
