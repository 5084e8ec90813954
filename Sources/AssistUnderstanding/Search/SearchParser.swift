import Foundation

/// The deterministic path for smart search: every field from word lists, the gazetteer and the date
/// resolver, in English and Turkish. It runs when no model can, and it is the floor the model path must
/// not fall below.
public struct SearchParser: Sendable {
    let gazetteer: Gazetteer
    let dates: DateResolver

    public init(today: DateResolver, gazetteer: Gazetteer = .builtin) {
        self.dates = today
        self.gazetteer = gazetteer
    }

    public func parse(_ text: String) -> SearchFilters {
        let text = Self.spellingArrows(text)
        var filters = SearchFilters()
        let words = TextMatching.words(text)
        let allMentions = gazetteer.mentions(in: text)
        // No listed airline inside a longer place's name: "new iberia la" names New Iberia, no Iberia.
        let airlineWords = Self.words(words, besidesAirlinesInside: allMentions)
        // No place inside an airline's name, listed or not: "Air Arabia", "Singapore Airlines", "Hong Kong Airlines".
        let listedAirlineSpans = Self.airlineSpans(in: airlineWords)
        let shapedAirlines = Self.shapedAirlines(in: text, words: words, besides: listedAirlineSpans,
                                                 places: Set(allMentions.flatMap { $0.position..<($0.position + $0.length) }))
        let glued = TextMatching.apostrophedWords(text)
        let stops = TextMatching.separatorsBefore(in: text)
        // A contextual name read as the airline (none listed) takes its words from the places too: "azul campinas to natal".
        let contextual = listedAirlineSpans.isEmpty
            ? Self.contextualAirlineSpan(in: airlineWords, glued: glued, besides: shapedAirlines.map(\.span),
                                         commaBefore: TextMatching.wordsAfter([","], in: stops)) : nil
        let airlineSpans = listedAirlineSpans + shapedAirlines.map(\.span) + (contextual.map { [$0.span] } ?? [])
        let mentions = allMentions.filter { mention in !airlineSpans.contains { $0.contains(mention.position) } }
        let punctuated = TextMatching.wordsAfter(Self.stopMarks, in: stops)
        let besidesAsides = Gazetteer.besidesAsides(mentions, in: text)
        let route = gazetteer.route(of: besidesAsides.filter {
            !Self.isStopover($0, in: words) && !Gazetteer.isCompanion($0, in: words, mentions: mentions, punctuated: punctuated)
        })
        filters.origin = route.origin?.name
        filters.destination = route.destination?.name
        let ends = mentions.filter { !Self.isStopover($0, in: words) }
        if let only = ends.first, Gazetteer.isLeftForSomewhere(only, in: words, mentions: ends, punctuated: punctuated), filters.origin == nil {
            (filters.origin, filters.destination) = (only.city.name, nil)
        }
        let (departure, back) = dates.resolve(text, besides: mentions, names: shapedAirlines.map(\.span))
        filters.departure = departure
        filters.return = back
        // What the rest is read from: the words outside the places, so "Long Beach" names no beach.
        let besidesPlaces = FoldedText(words: Gazetteer.words(words, besides: mentions))
        // A count in parentheses after its noun ("adults (2), infants (1)") first: the number before such a noun is
        // the list's previous count.
        filters.adults = Self.countInParentheses(in: text, nouns: ["adults", "adult", "yetişkin", "yetiskin"])
            ?? Self.count(in: words, nouns: ["adult", "adults", "yetiskin", "buyuk"], stems: ["yetiskin"]).map { $0 + Self.companionAfterAdults(in: words) }
            ?? Self.grownUps(in: words)
        filters.children = Self.countInParentheses(in: text, nouns: ["kids", "children", "child", "çocuk", "cocuk"])
            ?? Self.count(in: words, nouns: ["child", "children", "kid", "kids", "kiddo", "kiddos", "grandkids", "grandchildren", "cocuk", "cocuklu"],
                          stems: ["cocuk", "cocug"])
            ?? Self.kinCounted(in: words) ?? Self.partOfParty(in: words, nouns: ["cocuk"]) ?? Self.youngAfterGrown(in: words) ?? Self.childrenByAge(in: words)
            ?? Self.countAfterNoun(in: words, nouns: ["cocuklar", "cocuklarim", "cocuklarimiz", "cocuk"])
        filters.infants = Self.countInParentheses(in: text, nouns: ["infants", "infant", "babies", "baby", "bebek"])
            ?? Self.count(in: words, nouns: ["infant", "infants", "baby", "babies", "bebek", "bebekli"], stems: ["bebek", "bebeg"])
            ?? Self.oneBaby(in: words)
        if filters.adults == nil, let people = Self.count(in: words, nouns: ["people", "person", "persons", "ppl", "passenger", "passengers", "pax", "seat",
                                                                              "seats", "traveller", "travellers", "traveler", "travelers",
                                                                              "kisi", "kisiyiz", "kisiyim", "kisilik", "yolcu", "koltuk",
                                                                              // "3 öğrenci için": students are grown-ups' seats too.
                                                                              "ogrenci", "ogrenciyiz", "students"])
            ?? Self.ticketCount(in: words) ?? Self.forCount(in: words) ?? Self.seatsAsked(in: words) {
            filters.adults = people - (filters.children ?? 0) - (filters.infants ?? 0)
        }
        if filters.adults == nil, let party = Self.party(in: besidesPlaces.words) { filters.adults = party }
        // An airline's words say nothing of the flight: "Direktflyg ile …" asks no nonstop, "Sabah Air ile …" no morning.
        var besidesAirlines = words
        for span in airlineSpans { for index in span where index < words.count { besidesAirlines[index] = "" } }
        // "no stops", "without a layover", "with no connections"; "no more than one stop" is not nonstop.
        // "any direction" asks for no nonstop flight, though the matcher reads "direction" as "direct" with an ending.
        if FoldedText(words: besidesAirlines.map { $0.hasPrefix("direction") ? "" : $0 }).containsAny([
            "nonstop", "non stop", "direct", "aktarmasiz", "direkt", "direk ucus", "direk uçuş", "aktarmasız", "no stop", "no layover", "no connection",
            "without stop", "without a stop", "without layover", "without a layover", "without connection", "without a connection"]) { filters.nonstop = true }
        filters.cabin = Self.first(in: text, [
            ("premium_economy", ["premium economy", "premium ekonomi", "premium eco"]), ("business", ["business", "business class", "biz class", "is sinifi", "iş sınıfı"]),
            ("first", ["first class", "birinci sinif", "birinci sınıf"]), ("economy", ["economy", "ekonomi"]),
        ]) ?? (Self.coachCabin(in: text) ? "economy" : nil)
        filters.airline = Self.longerListedAirline(in: text, words: airlineWords) ?? Self.listedAirline(in: airlineWords)
            ?? contextual?.airline
            ?? Self.cuedAirline(in: text, words: words, places: Set(mentions.map(\.position)), glued: glued) ?? Self.capitalisedAirline(in: text)
            ?? shapedAirlines.first?.name
        // "5 nights", "3 gece kalacağım": nights counted are a stay's length, not a time of day; nor is a holiday's
        // night ("yılbaşı gecesi", New Year's Eve; "Bonfire Night").
        let nightsUncounted = Self.blankingCountedNights(besidesAirlines, words: words)
        let besidesCountedNights = FoldedText(words: nightsUncounted)
        filters.departureTimeOfDay = Self.first(in: besidesCountedNights, [
            ("afternoon", ["afternoon", "ogleden sonra", "öğleden sonra", "oglen", "öğlen"]), ("morning", ["morning", "morn", "sabah", "sabahki"]),
            ("evening", ["evening", "aksam", "akşam", "aksamki"]),
            ("night", ["night", "nite", "tonight", "tonite", "overnight", "red eye", "redeye", "gece", "gece yarisi"]),
        ]) ?? Self.clockTimeOfDay(in: text) ?? (Self.saysEarly(nightsUncounted) || Self.firstThing(in: words) ? "morning" : nil)  // "early tomorrow": only when no other time is named
        // Nor is a carrier's word a climate ("on air sunshine").
        filters.climate = Self.climate(in: FoldedText(words: Gazetteer.words(besidesAirlines, besides: mentions)))
        filters.maxPrice = Self.price(in: Self.hasCurrencySign(text) ? TextMatching.words(Self.spellingCurrencySigns(text)) : words)
        return filters
    }

    /// The climates a request may ask for, by their words: English phrases, whose last word takes only an English ending
    /// ("warmer", "sunnier"; `TextMatching.isEnglishInflection`), not any short one as Turkish glues on ("the sunday"
    /// asks for no sun, "hotel" for no heat); and Turkish ones, which take their endings ("sıcak bir yere", "denize").
    static let climates: [(name: String, english: [String], turkish: [String])] = [
        // "anywhere with sunshine"; "by the sea", as "deniz kenarı" is; "somewhere tropical", "the tropics".
        // "need some heat", "want warmth" ("escape the heat" asks for none of it, so not "the heat").
        ("warm", ["warm", "hot", "sunny", "beach", "some sun", "the sun", "with sun", "winter sun", "sunshine", "by the sea", "tropical",
                  "the tropics", "some heat", "need heat", "want heat", "warmth",
                  // "need a bit of sun".
                  "bit of sun", "need sun", "want sun"],
         // "güneş olan bir yer" (a place with sun), "güneş görelim" (let us see the sun), "güneş ve deniz" (sun and sea),
         // "tropik bir yer".
         ["sicak", "sıcak", "gunesli", "güneşli", "ilik", "ılık", "gunes olan", "güneş olan", "gunes gor", "güneş gör",
          "deniz kenari", "plaj", "sahil", "deniz tatil", "denize", "gunes ve deniz", "güneş ve deniz", "deniz ve gunes", "deniz ve güneş",
          "gunes deniz", "güneş deniz", "tropik",
          // "deniz, kum, güneş" (sea, sand, sun).
          "deniz kum", "kum gunes", "kum güneş",
          // "güneşe kaçış" (an escape to the sun), "biraz güneş lazım" (some sun is needed).
          "gunese", "güneşe", "biraz gunes", "biraz güneş", "gunes lazim", "güneş lazım"]),
        // "kar görmeye" (to see snow), "kar yağan bir yer", "kar olan bir yer" (a place where it snows, where there is
        // snow); "kar" alone is also profit.
        // "chasing winter in the southern hemisphere" (but "chasing winter sun" is warm, named first).
        ("cold", ["cold", "snow", "snowy", "ski", "snowboard", "snowboarding", "chasing winter", "chase winter"],
         ["soguk", "soğuk", "karli", "karlı", "kayak", "kayag", "kar gormeye", "kar görmeye", "kar gormek", "kar görmek", "kar tatili",
          "kar yagan", "kar yağan", "kar yagdigi", "kar yağdığı", "kar olan",
          // "çocuklara kar göstermek": to show the children snow.
          "kar goster", "kar göster", "kar gor", "kar gör"]),
    ]

    /// The climate of `climates` whose phrase `folded` holds; of two, the one asked for where the other is only said
    /// (`asksFor`: "soğuk bir yere kaçalım, bu sıcak bitirdi bizi", "so hot here, somewhere cold"), else the first.
    static func climate(in folded: FoldedText) -> String? {
        let named = climates.filter { climate in
            climate.english.contains { folded.contains($0, englishInflections: true) } || folded.containsAny(climate.turkish)
        }
        guard named.count > 1 else { return named.first?.name }
        let asked = named.filter { asksFor($0, in: folded.words) }
        return (asked.count == 1 ? asked[0] : named[0]).name
    }

    /// Whether a phrase of `climate` stands where a request asks for a place: after "somewhere", "anywhere" or
    /// "someplace" ("somewhere cold"), or before "bir yer…" or "yer…" ("soğuk bir yere", "sıcak yerlere") or "place".
    static func asksFor(_ climate: (name: String, english: [String], turkish: [String]), in words: [String]) -> Bool {
        let phrases = climate.english.map { ($0, true) } + climate.turkish.map { ($0, false) }
        return phrases.contains { phrase, english in
            TextMatching.ranges(of: TextMatching.words(phrase), in: words, englishInflections: english).contains { found in
                let (start, end) = (found.lowerBound, found.upperBound)
                return start > 0 && ["somewhere", "anywhere", "someplace"].contains(words[start - 1])
                    || end < words.count && (words[end].hasPrefix("yer") || words[end] == "place")
                    || end + 1 < words.count && words[end] == "bir" && words[end + 1].hasPrefix("yer")
            }
        }
    }

    /// `blanked` (a text's `words`, some perhaps already blanked) with the nights that are counted blanked too, and a
    /// holiday's words: "5 nights", "3 gece kalacağım" are a stay's length, no time of day; nor is a holiday's night
    /// ("yılbaşı gecesi", New Year's Eve), nor a sight ("the polar night").
    static func blankingCountedNights(_ blanked: [String], words: [String]) -> [String] {
        var out = blanked
        for index in words.indices.dropFirst() where ["night", "nights", "gece"].contains(words[index]) {
            // A month's day before one night is the day, not a count: "oct 30 night" is that night.
            let monthsDay = words[index] != "nights" && index >= 2 && DateResolver.month(words[index - 2]) != nil
            if DateResolver.count(words[index - 1]) != nil, !monthsDay { out[index] = "" }
            // "to see the polar night", "the white nights": a sight, no time to fly.
            if ["polar", "white"].contains(words[index - 1]) { out[index] = "" }
        }
        for covered in DateResolver.holidayWords(in: words) where covered < out.count { out[covered] = "" }
        return out
    }

    /// An arrow between two names is "to": "hamilton ontario → calgary" flies to Calgary, whatever names Hamilton.
    static func spellingArrows(_ text: String) -> String {
        guard text.contains("→") || text.contains("->") else { return text }
        return text.replacingOccurrences(of: "->", with: " to ").replacingOccurrences(of: "→", with: " to ")
    }

    /// The marks that end a clause or open an aside: the word after one is not read with the words before it
    /// (`Gazetteer.isCompanion`, `Gazetteer.isLeftForSomewhere`).
    static let stopMarks: Set<Character> = [",", ";", ":", ".", "!", "?", "(", ")"]

    /// A place the trip goes through, neither of its ends: after "via" ("to Karakol via Bishkek"; unless a word gives it
    /// a role, "via" is never one), or before Turkish "üzerinden" or "aktarmalı" ("Bişkek üzerinden", through Bishkek).
    static func isStopover(_ mention: Gazetteer.Mention, in words: [String]) -> Bool {
        let through = mention.end < words.count && ["uzerinden", "aktarmali"].contains(words[mention.end])
        return through || mention.role == .unknown && mention.position > 0 && words[mention.position - 1] == "via"
    }

    public static let numbers: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "bir": 1, "iki": 2, "uc": 3, "dort": 4, "bes": 5, "alti": 6, "yedi": 7, "sekiz": 8, "dokuz": 9,
    ]

    /// "two adults", "2 adults", "iki yetişkin", "a single passenger", "tek kişi": the number right before one of the
    /// nouns. "single" and "tek" count one only here, before a noun of people ("tek yön" is one way). A Turkish noun
    /// may carry a possessive or plural ending on its stem ("2 çocuğumuz", "3 yetişkinler").
    static func count(in words: [String], nouns: Set<String>, stems: [String] = []) -> Int? {
        for (index, word) in words.enumerated() where index > 0 && (nouns.contains(word) || stems.contains { word.hasPrefix($0) }
                                                                    || nouns.contains { swapsTwoLetters(word, $0) }) {
            // "2 first class seats", "3 business class tickets": a cabin between the count and the noun.
            let cabin = index >= 3 && words[index - 1] == "class" && Self.cabinsBeforeClass.contains(words[index - 2]) ? 2 : 0
            let previous = words[index - 1 - cabin]
            // "my sister just had a baby": someone's news, no traveller ("a" after a verb of having).
            if ["a", "an"].contains(previous), index >= 2, ["had", "has", "having", "expecting"].contains(words[index - 2]) { continue }
            if let value = Int(previous) ?? numbers[previous] ?? wordCounts[previous] { return value }
        }
        return nil
    }

    /// Whether `word` is `noun`, of five letters or more, with two neighbouring letters swapped: a slip of typing after a
    /// count ("3 adutls", "2 chidlren"). Only a swap, the commonest slip, and no other edit: "3 audits", "2 chile" or
    /// "2 rabies" are other words one edit or two away.
    static func swapsTwoLetters(_ word: String, _ noun: String) -> Bool {
        guard word.count == noun.count, noun.count >= 5, word != noun else { return false }
        let a = Array(word), b = Array(noun)
        guard let first = a.indices.first(where: { a[$0] != b[$0] }), first + 1 < a.count else { return false }
        return a[first] == b[first + 1] && a[first + 1] == b[first] && a[(first + 2)...] == b[(first + 2)...]
    }

    /// "5 kişiyiz, 2'si çocuk": a count with Turkish "of them" ("'si", "'i", "'u") before a noun is that many of the
    /// party; the head count then takes them out of the adults. A count in a case ("2'sine") is no part.
    static func partOfParty(in words: [String], nouns: Set<String>) -> Int? {
        for index in words.indices.dropFirst(2) where nouns.contains(words[index]) {
            if ["si", "i", "u"].contains(words[index - 1]), let value = Int(words[index - 2]) { return value }
        }
        return nil
    }

    /// "çocuklar 3 tane": the noun, then its count with "tane" (pieces), as Turkish counts after naming.
    static func countAfterNoun(in words: [String], nouns: Set<String>) -> Int? {
        for index in words.indices.dropLast(2) where nouns.contains(words[index]) && words[index + 2] == "tane" {
            if let value = Int(words[index + 1]) ?? numbers[words[index + 1]], (1...9).contains(value) { return value }
        }
        return nil
    }

    /// "2 büyük 2 küçük": "küçük" (small) counts children only straight after a count of "büyük" (grown-ups), so "2
    /// küçük bavul" (two small bags) counts no one.
    static func youngAfterGrown(in words: [String]) -> Int? {
        // Counted in figures or in words: "2 büyük 1 küçük", "iki büyük, bir küçük".
        func count(_ word: String) -> Int? { Int(word) ?? numbers[word] }
        for index in words.indices.dropFirst(3) where words[index] == "kucuk" {
            if words[index - 2] == "buyuk", count(words[index - 3]) != nil, let value = count(words[index - 1]) { return value }
        }
        return nil
    }

    /// "me + my 2 boys", "our three girls", "my 2 sons": children a parent counts as theirs ("my" or "our" before the
    /// count). Without it "4 girls" may be a party of grown women, and is left to the head count.
    static func kinCounted(in words: [String]) -> Int? {
        let kin: Set<String> = ["boys", "girls", "sons", "daughters", "grandsons", "granddaughters"]
        for index in words.indices.dropFirst(2) where kin.contains(words[index]) && ["my", "our"].contains(words[index - 2]) {
            if let value = Int(words[index - 1]) ?? numbers[words[index - 1]], (1...9).contains(value) { return value }
        }
        return nil
    }

    /// "2 adults and our 6 year old", "a 9-year-old son", "7 yaşındaki oğlumuz": a child of 2 to 11 named by age, each
    /// one counted. Not "a 10 year old hotel", nor "7 yaşındaki arabam": after the age comes the request's end, a
    /// word it goes on with or a child; in Turkish, a son, daughter or child.
    static func childrenByAge(in words: [String]) -> Int? {
        let children: Set<String> = ["son", "daughter", "boy", "girl", "kid", "child", "twins", "too", "also"]
        var found = 0
        for index in words.indices {
            guard let age = Int(words[index]) ?? numbers[words[index]], (2...11).contains(age) else { continue }
            // The age may end the request ("me + my son (10)").
            let next = index + 1 < words.count ? words[index + 1] : "", after = index + 2 < words.count ? words[index + 2] : ""
            let following = index + 3 < words.count ? words[index + 3] : nil
            // "2 of us + our 6 yr old, anywhere…": after "our" or "my" the age is a child's, whatever follows.
            let ours = index > 0 && ["our", "my"].contains(words[index - 1])
            if ["year", "years", "yr", "yrs"].contains(next), after == "old",
               ours || following.map({ children.contains($0) || afterCarrierWords.contains($0) }) ?? true {
                // "our 6 yr old twins": two of that age.
                found += following == "twins" ? 2 : 1
            } else if index >= 2, ["my", "our"].contains(words[index - 2]), Self.oneChild.contains(words[index - 1]),
                      !["days", "day", "nights", "weeks", "am", "pm"].contains(next) {
                // "me + my son (10)", "my daughter (8)": one child, the age after (the brackets fold away); "kids (2)" is a
                // count, read elsewhere.
                found += 1
            } else if next.hasPrefix("yasinda"), ["ogl", "kiz", "cocu"].contains(where: { after.hasPrefix($0) }) {
                found += 1
            } else if next.hasPrefix("yasinda"), index > 0, ["biri", "birisi"].contains(words[index - 1]) {
                found += 1  // "3 koltuk, biri 5 yaşında": one of the seats is a child's
            }
        }
        // "our little one (7)", "with my little one": one child (not "little ones", which counts none).
        if found == 0, words.indices.dropFirst().dropLast().contains(where: { index in
            words[index] == "little" && words[index + 1] == "one" && ["our", "my", "the"].contains(words[index - 1])
        }) { return 1 }
        return found > 0 ? found : nil
    }

    /// One child, named by kin: the age after it is the child's ("my son (10)").
    static let oneChild: Set<String> = ["son", "daughter", "boy", "girl", "kid", "child", "niece", "nephew", "grandson", "granddaughter"]

    /// Words that count people only before a noun of people: "a single passenger", "tek kişi", "our twin babies".
    static let wordCounts: [String: Int] = ["single": 1, "tek": 1, "twin": 2, "twins": 2]

    /// "2 tickets", "three tickets", "4 bilet", "3 ekonomi bileti", "2 economy tickets": tickets counted in a number,
    /// a cabin between them or not, are a head count; "a single ticket" (a one-way one) and "a ticket" are not.
    static func ticketCount(in words: [String]) -> Int? {
        for (index, word) in words.enumerated() where index > 0 && ["ticket", "tickets", "bilet", "bileti", "biletler", "biletleri"].contains(word) {
            let cabin = index >= 2 && ["economy", "ekonomi", "business", "premium", "coach"].contains(words[index - 1]) ? 1 : 0
            let previous = words[index - 1 - cabin]
            guard !["a", "an", "bir"].contains(previous), let value = Int(previous) ?? numbers[previous] else { continue }
            return value
        }
        return nil
    }

    /// Cabins named before "class": "2 first class seats".
    static let cabinsBeforeClass: Set<String> = ["first", "business", "economy", "coach", "premium"]

    /// "for one", "for two": a head count at the end of a request. Not a date's first number ("for 7/12", "for 7 july").
    static func forCount(in words: [String]) -> Int? {
        for (index, word) in words.enumerated() where word == "for" && index + 1 < words.count {
            let next = words[index + 1]
            let following = index + 2 < words.count ? words[index + 2] : nil
            if next != "a", next != "an", let value = Int(next) ?? numbers[next],
               !(Int(next) != nil && following.map { Int($0) != nil || DateResolver.month($0) != nil } == true),
               following.map({ !["day", "days", "week", "weeks", "night", "nights"].contains($0) }) ?? true {
                return value
            }
        }
        return nil
    }

    /// "coach" as a flight's cabin (economy, as Americans call it): "fly coach", "in coach", "coach class", "a coach
    /// seat", or standing alone between commas in a request ("August 9, coach"). Not the bus: "by coach", "the coach
    /// to Oxford", "coach station".
    static func coachCabin(in text: String) -> Bool {
        let words = TextMatching.words(text)
        for (index, word) in words.enumerated() where word == "coach" {
            let previous = index > 0 ? words[index - 1] : "", next = index + 1 < words.count ? words[index + 1] : ""
            if ["in", "fly", "flying", "flies"].contains(previous) || ["class", "seat", "seats", "fare", "fares", "cabin"].contains(next) { return true }
        }
        return text.split(whereSeparator: { ",;".contains($0) }).contains { TextMatching.words(String($0)) == ["coach"] }
    }

    public static func any(_ phrases: [String], in text: String) -> Bool {
        FoldedText(text).containsAny(phrases)
    }

    static func first(in text: String, _ table: [(String, [String])]) -> String? {
        first(in: FoldedText(text), table)
    }

    static func first(in folded: FoldedText, _ table: [(String, [String])]) -> String? {
        table.first { folded.containsAny($0.1) }?.0
    }

    static let currencies: [String: String] = [
        "eur": "EUR", "euro": "EUR", "euros": "EUR", "avro": "EUR", "usd": "USD", "dollar": "USD", "dollars": "USD", "dolar": "USD",
        "gbp": "GBP", "pound": "GBP", "pounds": "GBP", "sterlin": "GBP", "try": "TRY", "tl": "TRY", "lira": "TRY",
        // Slang for the same money: "200 bucks", "50 quid".
        "buck": "USD", "bucks": "USD", "quid": "GBP",
        // Other dollars by their codes: "900 CAD", "under 900 AUD" (by name, `dollarCountries`).
        "cad": "CAD", "aud": "AUD", "chf": "CHF",
        // And the dollars, rand and rupees written with a sign (`currencySigns`, `dollarPrefixes`): "S$300", "R5000", "₹6000".
        "sgd": "SGD", "nzd": "NZD", "hkd": "HKD", "zar": "ZAR", "inr": "INR",
        // Yen and Brazil's reais by name or code ("under 30000 yen", "3000 reais", "R$3000"); "real", the singular, is an
        // English word ("real cheap"), so only the plural.
        "yen": "JPY", "jpy": "JPY", "reais": "BRL", "brl": "BRL",
    ]

    /// "real", the singular of Brazil's money, alone or with a Turkish case ending ("reali", "realden"): read only right
    /// after an amount, since alone it is an English word too.
    static func isReal(_ word: String) -> Bool {
        word.hasPrefix("real") && (word.count == 4 || Gazetteer.caseEndings.contains(String(word.dropFirst(4))))
    }

    /// Dollars named by their country before the word: "900 Canadian dollars", "500 Australian dollars".
    static let dollarCountries: [String: String] = ["canadian": "CAD", "australian": "AUD", "aussie": "AUD"]

    /// A currency word, with a Turkish case ending if it has one ("doları", "euronun", "liradan").
    public static func currency(_ word: String) -> String? {
        if let exact = currencies[word] { return exact }
        for cut in 1...3 where word.count > cut + 2 {
            guard Gazetteer.caseEndings.contains(String(word.suffix(cut))) else { continue }
            if let currency = currencies[String(word.dropLast(cut))] { return currency }
        }
        return nil
    }

    /// Currency signs, as the code each stands for. Folding drops signs with every other non-letter, so they are
    /// written out first: "£200" reads as "gbp 200", "200€" as "200 eur", "₺3000" as "tl 3000".
    static let currencySigns: [Character: String] = ["£": "gbp", "$": "usd", "€": "eur", "₺": "tl", "₹": "inr"]
    /// Other dollars, by the capitals written right before the sign: "S$300" is Singapore's, "A$", "C$", "NZ$", "HK$"; and
    /// "R$", Brazil's real.
    static let dollarPrefixes: [String: String] = ["S": "sgd", "A": "aud", "C": "cad", "NZ": "nzd", "HK": "hkd", "R": "brl"]
    /// Codes written before an amount ("USD 500", and the signs as spelled): not "try", an English verb.
    static let codesBeforeAmounts: Set<String> = ["gbp", "usd", "eur", "tl", "cad", "aud", "chf", "sgd", "nzd", "hkd", "zar", "inr", "jpy", "brl"]

    /// Whether `words` ask for early in the day ("early tomorrow", "erken", "erkenden"): not a holiday's "early" (blanked in
    /// `words`: "the early may bank holiday") nor a month's ("early april", "early in april").
    static func saysEarly(_ words: [String]) -> Bool {
        words.indices.contains { index in
            guard words[index] == "early" || words[index].hasPrefix("erken") else { return false }
            let next = index + 2 < words.count && ["in", "of"].contains(words[index + 1]) ? index + 2 : index + 1
            return next == words.count || DateResolver.month(words[next]) == nil
        }
    }

    /// "fri first thing", "first thing tomorrow": the start of the day, as "early" is; not "the first thing I need"
    /// nor "my first thing to book", where a word before makes it a thing.
    static func firstThing(in words: [String]) -> Bool {
        words.indices.dropLast().contains { index in
            words[index] == "first" && words[index + 1] == "thing"
                && !(index > 0 && ["the", "a", "my", "our", "your", "one", "only", "every"].contains(words[index - 1]))
        }
    }

    static func hasCurrencySign(_ text: String) -> Bool {
        text.contains { currencySigns[$0] != nil } || text.indices.contains { randSign(in: text, at: $0) }
    }

    /// A capital "R" glued to an amount right after a limit word: South Africa's rand ("under R5000", "max R900"; not
    /// "R&B", nor a road's name, "on the R2").
    static func randSign(in text: String, at index: String.Index) -> Bool {
        let next = text.index(after: index)
        guard text[index] == "R", next < text.endIndex, text[next].isNumber, index > text.startIndex,
              text[text.index(before: index)].isWhitespace else { return false }
        let before = text[..<index].split(whereSeparator: \.isWhitespace).last.map { $0.lowercased() } ?? ""
        return ["under", "below", "max", "maximum", "budget", "than", "upto", "within"].contains(before)
    }

    /// `text` with each currency sign written as its code, set apart as a word of its own: "S$300" as "sgd 300", a
    /// rand's "R5000" as "zar 5000".
    static func spellingCurrencySigns(_ text: String) -> String {
        var spelled = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "$" {
                // The capitals right before the sign, alone as a word: "S$", "NZ$" (not "US$", which stays dollars).
                let letters = spelled.reversed().prefix { $0.isUppercase && $0.isLetter }
                let before = spelled.dropLast(letters.count).last
                if let code = dollarPrefixes[String(letters.reversed())], before.map({ !$0.isLetter && !$0.isNumber }) ?? true {
                    spelled = String(spelled.dropLast(letters.count)) + " \(code) "
                    index = text.index(after: index)
                    continue
                }
            }
            if randSign(in: text, at: index) {
                spelled += " zar "
            } else {
                spelled += currencySigns[character].map { " \($0) " } ?? String(character)
            }
            index = text.index(after: index)
        }
        return spelled
    }

    /// "under 500 euros", "max 300 EUR", "5000 TL altında", "en fazla 3000 lira", "200 doları geçmesin", and a code or
    /// sign before the amount: "under £200", "max USD 500", "₺3000 altında". A limit word within three words either
    /// side; an amount without one ("150 euro") is no limit.
    static func price(in words: [String]) -> SearchFilters.Price? {
        let limits: Set<String> = ["under", "below", "max", "maximum", "cheaper", "less", "up", "altinda", "fazla", "en", "butce", "butcem", "butcemiz", "budget",
                                   "gecmesin", "gecmeyen", "asmasin", "asmayan", "ucuz", "dusuk"]
        for (index, word) in words.enumerated() {
            // "bin dolar üst sınır": "bin" (a thousand) alone, as the amount, right before a currency's word.
            let thousandAlone = word == "bin" && (index == 0 || Double(words[index - 1]) == nil && numbers[words[index - 1]] == nil)
                && index + 1 < words.count && Self.currency(words[index + 1]) != nil
            guard var amount = Double(word) ?? (thousandAlone ? 1000 : nil) else { continue }
            var end = index + 1
            // "5.000 TL" / "1,200 euros": thousands groups arrive as separate words; "7 bin lira", "2 thousand euros".
            while end < words.count, words[end].count == 3, let group = Double(words[end]) {
                amount = amount * 1000 + group
                end += 1
            }
            if end < words.count, ["bin", "thousand"].contains(words[end]), amount < 1000 {
                amount *= 1000
                end += 1
            }
            var start = index
            let currency: String
            if end + 1 < words.count, let dollars = dollarCountries[words[end]], Self.currency(words[end + 1]) == "USD" {
                currency = dollars
                end += 2
            } else if end < words.count, let after = Self.currency(words[end]) {
                currency = after
                end += 1
            } else if end < words.count, Self.isReal(words[end]), end + 1 == words.count || Self.currency(words[end + 1]) == nil {
                // "en fazla 1500 real": right after an amount, and before no other currency's word ("500 real dollars"),
                // the singular is Brazil's money too, with a Turkish case ending or without ("900 reali geçmesin").
                currency = "BRL"
                end += 1
            } else if index > 0, codesBeforeAmounts.contains(words[index - 1]), let before = Self.currency(words[index - 1]) {
                currency = before
                start -= 1
            } else {
                continue
            }
            var before = words[max(0, start - 3)..<start]
            // "no more than 450 dollars", "not more than": a most; "more than" alone is a least.
            if before.starts(with: ["no", "more", "than"]) || before.starts(with: ["not", "more", "than"]) { before = ["max"] }
            // "cant spend more than $700", "can't pay more than 500 euros": a negation before the verb makes it a most.
            if before.suffix(2).elementsEqual(["more", "than"]), start >= 3,
               words[max(0, start - 6)..<(start - 2)].contains(where: { ["cant", "cannot", "dont", "wont", "t", "not"].contains($0) }) { before = ["max"] }
            // "nothing over 120 euros", "not over 300": a most; "over" alone is a least.
            if zip(before, before.dropFirst()).contains(where: { ["nothing", "not", "never"].contains($0) && $1 == "over" }) { before = ["max"] }
            let after = words[end..<min(words.count, end + 2)]
            // "6000 TL altı": "altı" (under) right after the money; before a head count it is the number six ("altı kişi").
            let underAfter = after.first == "alti" && !(end + 1 < words.count && DateWords.headCountNouns.contains(words[end + 1]))
            // "cap it at $700", "capped at 500 euros": a cap set at the amount ("a cap, 2 bags, $300 fare" sets none).
            // "budget tops out at $2000", "maxes out at 900 euros": the most it reaches ("tank tops at $15" is clothing).
            let capped = before.last == "at" && (before.contains { ["cap", "capped", "capping"].contains($0) }
                                                 || before.contains("out") && before.contains { ["tops", "topped", "maxes", "maxed"].contains($0) })
            // "$300 tops": "tops" right after the money is a most ("$300 tank tops" is clothing, and "tops" is not next); so
            // are "$800 cap", "$800 limit" and "$800 ceiling".
            let mostAfter = ["tops", "cap", "limit", "ceiling"].contains(after.first ?? "")
                // "1000 dolar üst sınır", "üst limit": an upper bound after the money.
                || after.first == "ust" && ["sinir", "siniri", "sinirimiz", "sinirim", "limit", "limitim"].contains(after.last ?? "")
            // "3000 liraya kadar", "500 tl'ye kadar": up to the money, in the dative before "kadar" ("3000 lira kadar" is
            // about that much).
            let upTo = after.first == "kadar" && currencies[words[end - 1]] == nil && ["a", "e"].contains(where: words[end - 1].hasSuffix)
                || after.count == 2 && ["a", "e", "ya", "ye"].contains(after.first ?? "") && after.last == "kadar"
            if before.contains(where: limits.contains) || after.contains(where: limits.contains) || underAfter || capped || mostAfter || upTo {
                return SearchFilters.Price(amount: amount, currency: currency)
            }
        }
        return nil
    }
}
