import Foundation

extension Gazetteer {
    /// A city found in a sentence, and what its wording says about it.
    public struct Mention: Sendable, Equatable {
        public enum Role: Sendable, Equatable { case origin, destination, unknown }
        public var city: City
        public var role: Role
        /// Index of its first word in `TextMatching.words(text)`.
        public var position: Int
        /// How many words its name takes ("New York": 2).
        public var length = 1
        /// Index of the first word after everything that belongs to it: the name, a case ending after an apostrophe,
        /// and a place noun with its ending ("İzmir şehrinden", "Antalya Havalimanı'ndan").
        public var end: Int
    }

    /// Turkish case endings as folded, which may be glued to a name ("lizbona", "istanbuldan") or follow an
    /// apostrophe ("Lizbon'a" folds to "lizbon a"). Only these are cut: a name inside an ordinary longer word
    /// ("bathroom", "nicely") is not a place.
    static let caseEndings: Set<String> = [
        "a", "e", "ya", "ye", "na", "ne", "dan", "den", "tan", "ten", "ndan", "nden", "da", "de", "ta", "te", "nda", "nde",
        "daki", "deki", "taki", "teki", "ndaki", "ndeki", "i", "u", "yi", "yu", "in", "un", "nin", "nun", "li", "lu",
    ]
    static let fromEndings: Set<String> = ["dan", "den", "tan", "ten", "ndan", "nden"]
    static let toEndings: Set<String> = ["a", "e", "ya", "ye", "na", "ne"]
    /// Words before a place that make it the origin ("from", "leaving", "departing", "out of").
    static let fromWords: Set<String> = ["from", "leave", "leaves", "leaving", "depart", "departs", "departing"]
    /// Words before a place that make it the destination.
    static let toWords: Set<String> = ["to", "into", "toward", "towards", "arrive", "arrives", "arriving", "reach", "reaching"]
    /// "we live in boone iowa", "i'm based in X": where the travellers themselves live makes the place after "in" the
    /// origin (a trip starts at home); "my dad lives in owando" is where they go.
    static let homeVerbs: Set<String> = ["live", "lives", "living", "based", "reside", "resides", "residing"]
    /// Turkish verbs of living in the first person after a place in the locative ("Munkfors'ta oturuyoruz", "Kiruna'da
    /// yaşıyorum", "oturduğumuz"), as folded stems: the travellers' home. "annemler Sivrihisar'da oturuyor" (my parents live
    /// there) is where they go.
    static let turkishHomeVerbs: [String] = ["oturuyoru", "yasiyoru", "oturdugum", "yasadigim"]
    /// The locative case endings ("Kiruna'da", "Munkfors'ta", "Tromsø'de"), as folded.
    static let locativeEndings: Set<String> = ["da", "de", "ta", "te", "nda", "nde"]
    /// The locative with "I am" or "we are", folded, as the word after a name: after its apostrophe ("Calçoene'deyiz",
    /// "Kiruna'dayım") or written apart.
    static let beingThereEndings: Set<String> = Set(locativeEndings.flatMap { [$0 + "yim", $0 + "yiz", $0 + "yum", $0 + "yuz"] })
    /// Words before "in" that make the place after it where the trip starts or where the traveller is held: "starting
    /// in", "stuck in", "stranded in", "snowed in".
    static let stuckWords: Set<String> = ["starting", "start", "starts", "stuck", "stranded", "snowed"]

    /// Whether the "in" at `index` follows one of `stuckWords`, maybe through "up" or "in up": "stuck in", "stuck up in",
    /// "snowed in up in".
    static func followsBeingStuck(_ words: [String], at index: Int) -> Bool {
        var back = index - 1
        if back >= 0, words[back] == "up" { back -= 1 }
        if back >= 1, words[back] == "in", stuckWords.contains(words[back - 1]) { return true }
        return back >= 0 && stuckWords.contains(words[back])
    }
    /// Whether the "in" at `index` follows the travellers saying where they are: "we're in", "we are in", "i'm in", "im
    /// in", "i am in", maybe through "currently", "now" or "still" ("we're currently in").
    static func followsBeingThere(_ words: [String], at index: Int) -> Bool {
        var back = index - 1
        if back >= 0, ["currently", "now", "still"].contains(words[back]) { back -= 1 }
        guard back >= 0 else { return false }
        // "im in", and "were in" opening the text: "we're" typed without its apostrophe ("we were in …" later on is past).
        if words[back] == "im" || words[back] == "were" && back == 0 { return true }
        guard back >= 1 else { return false }
        return [["we", "re"], ["we", "are"], ["i", "m"], ["i", "am"]].contains([words[back - 1], words[back]])
    }
    /// "arrive in", "landing at": the verb two words back makes the place after "in"/"at" the destination.
    static let arrivalVerbs: Set<String> = ["arrive", "arrives", "arriving", "arrival", "land", "lands", "landing"]
    /// Turkish words after a place: "İzmir çıkışlı" (leaving İzmir), "Roma varışlı" (arriving in Rome).
    static let fromAfter: Set<String> = ["cikisli", "cikis", "kalkisli", "kalkis"]
    static let toAfter: Set<String> = ["varisli", "varis", "inisli", "gidis"]
    /// Turkish nouns that follow a place's name and carry its case ending: "İzmir şehrinden" (from the city of
    /// İzmir), "Münih şehrine", "Antalya havaalanından", "İstanbul Havalimanı'na". As folded, without an ending.
    static let placeNouns: [String] = ["havaalani", "havalimani", "sehri", "sehir", "kenti", "kent"]
    /// Words joining two places in a Turkish pair read as origin and destination: "İzmir ile Roma arası".
    static let pairJoins: Set<String> = ["ile", "ve"]
    /// Other words before a place that make a common-word name ("Nice", "Mobile") a place.
    static let placeWords: Set<String> = ["in", "at", "via", "near", "visit", "visiting", "fly", "flying", "flight", "flights", "trip"]

    /// Cities in `text`, longest names first, each with the role its suffix, preposition or verb gives it.
    public func mentions(in text: String) -> [Mention] {
        let words = TextMatching.words(text)
        let shapes = WordShapes(text, count: words.count)
        var found: [Mention] = []
        lazy var dashes = TextMatching.dashedWords(text)
        let apostrophes = TextMatching.apostrophedWords(text)
        var index = 0
        while index < words.count {
            // "fairmont mn (not west virginia)", "to rio grande do sul": a region's name of two words or more holds no city of
            // a shorter name ("Virginia", "Rio Grande"); a city named as the region is ("New York", "São Paulo") stays one.
            if let region = qualifier(in: words, at: index), region.length >= 2, (match(words, at: index)?.length ?? 0) < region.length {
                index += region.length
                continue
            }
            // "Oklahoma'daki Antlers'a", "Bahia'daki Buritirama'ya": a state's name in the "-ki" locative before the town it
            // holds (a town with a case ending of its own) is no place itself.
            if let region = qualifier(in: words, at: index), index + region.length + 1 < words.count,
               Self.locativeKiEndings.contains(words[index + region.length]),
               pinnedOnlyAfterRegion(words, at: index + region.length + 1) != nil || takesCase(words, at: index + region.length + 1) {
                index += region.length + 1
                continue
            }
            // A common word with an ending glued on is another word ("nanya" is not Nan + "-ya"); after an apostrophe
            // ("Nice'e") the ending is its own word and the name matches whole.
            // "mena ar": a town read only with its own state's code, there, before a larger place of its name (Masslo,
            // in Ethiopia, "Mena" too).
            let pinnedAlone = pinnedOnlyMatch(words, shapes, at: index, apostrophes: apostrophes)
            // "flora illinois", "Flora'ya (Illinois)": such a town before its state's name, which pins it below.
            // "Illinois'teki Flora'ya": such a town after its state's name in the Turkish "-ki" locative (the one in Illinois).
            let pinnedByName = pinnedAlone == nil ? pinnedOnlyBeforeRegion(words, at: index) ?? pinnedOnlyAfterRegion(words, at: index) : nil
            guard let match = pinnedAlone ?? pinnedByName ?? match(words, at: index, apostrophes: apostrophes)
                    ?? abbreviation(words, shapes, at: index)
                    ?? spelled(words, shapes, at: index, apostrophes: apostrophes, afterPlace: found.last?.end == index),
                  match.ending == nil || !match.cities.allSatisfy(\.isCommonWord) || Self.gluedOnForeignWord(words[index + match.length - 1], match)
                    // "caxiastan balsasa": right after a place it leaves from, a "to" ending glued on makes even a common word the place.
                    || found.last?.end == index && found.last?.role == .origin && Self.toEndings.contains(match.ending ?? ""),
                  // "on columbus day", "victoria day": a holiday's first word is no place.
                  match.ending != nil || !DateResolver.beginsHoliday(words, at: index) else {
                index += 1
                continue
            }
            // "2 nisanda New Hanover'a": a name right after a capitalised "New" that its match leaves out is the end of a
            // longer name the gazetteer lacks, not the place of that name ("Hanover" is no Hannover there).
            if index > 0, words[index - 1] == "new", shapes.isCapitalisedMidSentence(index - 1) {
                index += match.length
                continue
            }
            let end = index + match.length
            let previous = index > 0 ? words[index - 1] : nil
            // "Kelso WA to Somerset KY": a US state's code in capitals right after a word the gazetteer lacks is that
            // town's state, no place ("Wa" in Ghana); after "to" or "from" it may still be one ("to WA" is a code too
            // short to tell, and read as before), and an abbreviation stays one ("Boston'dan LA'ya").
            if match.length == 1, !match.abbreviated, match.ending == nil, shapes.isAllCapitals(index), let previous,
               usStateCodes.contains(words[index]), !Self.caseEndings.contains(previous),
               !Self.fromWords.contains(previous), !Self.toWords.contains(previous), !Self.placeWords.contains(previous),
               !previous.allSatisfy(\.isNumber) {
                index += 1
                continue
            }
            // "Prado'ya (Bahia)": a region's name right after a place in that region, its ending between, is that place's
            // region, no place of its own ("Bahia" is also an alternate name of Salvador). With an ending of its own it is a
            // place ("Bratsk'tan İrkutsk'a"), and so is the place's own name said again ("Air Busan Busan").
            if match.ending == nil, let last = found.last, last.end == index,
               let region = qualifier(in: words, at: index), region.length == match.length,
               index + match.length >= words.count || !Self.caseEndings.contains(words[index + match.length]),
               !Self.repeats(words, index..<(index + match.length), last.position..<(last.position + last.length)),
               region.pins.contains(where: { $0.country == last.city.country && $0.region == last.city.region }) {
                index += match.length
                continue
            }
            // "ixtapa mexico", "lencois bahia": a country's or a region's name right after a word no reader knows (no place,
            // no common word of either language, no date) is that unknown town's country or region, where it names a city
            // only as another name of it ("Mexico" is also Mexico City's name, "Bahia" Salvador's); a city so named
            // ("Tokyo", "Luxembourg") stays one. After a known word it is read as before ("cheap mexico flights"), as after
            // a word in capitals, a code or a carrier's ("MIAT Ulaanbaatar"); with an ending of its own it is a place.
            if match.ending == nil, index > 0, found.last?.end != index, let region = qualifier(in: words, at: index), region.length == match.length,
               !match.cities.contains(where: { TextMatching.words($0.name) == Array(words[index..<end]) }),
               index + match.length >= words.count || !Self.caseEndings.contains(words[index + match.length]),
               Self.isUnknownWord(words[index - 1]), !shapes.isAllCapitals(index - 1), self.match(words, at: index - 1) == nil {
                index += match.length
                continue
            }
            let next = end < words.count ? words[end] : nil
            var ending = match.ending ?? next.flatMap { Self.caseEndings.contains($0) ? $0 : nil }
            var after = match.ending == nil && ending != nil ? end + 1 : end
            // "kearney ne to denver": a US state's code in lower case before the route, no Turkish ending (`PlaceNeighbours.swift`).
            let lowerCaseCode = match.ending == nil ? lowerCaseStateCode(words, match.cities, at: end, apostrophes: apostrophes) : nil
            if lowerCaseCode != nil || pinnedAlone != nil { (ending, after) = (nil, end + 1) }
            // "İzmir şehrinden": the noun after the name carries the ending, and makes the name a place.
            let noun = ending == nil ? Self.placeNoun(in: words, at: end) : nil
            if let noun {
                ending = noun.ending
                after = noun.end
            }
            let nameEnd = after
            let qualifierAt = noun == nil ? after : end
            let qualifier = qualifier(in: words, at: qualifierAt)
            // "Air Busan Busan to Yanji": a region named as its city is ("Busan", "Beijing") is that city said again, no qualifier.
            let saidAgain = qualifier.map { q in
                q.pins.allSatisfy { $0.region != nil && $0.country != "US" } && Self.repeats(words, qualifierAt..<(qualifierAt + q.length), index..<(index + match.length))
            } ?? false
            let pinnedByQualifier = saidAgain ? nil : qualifier.flatMap { Self.pinned(match.cities, to: $0.pins) }
            // "esquipulas guatemala to …", "sagua la grande cuba'ya", "pembroke ontario": a country or region that pins the
            // name belongs to its mention, and is no second place ("Guatemala" is Guatemala City's name too, "Ontario" a
            // Californian city's).
            if let qualifier, pinnedByQualifier != nil, noun == nil, ending == nil {
                after += qualifier.length
                if after < words.count, Self.caseEndings.contains(words[after]) {
                    ending = words[after]
                    after += 1
                }
            }
            // "Kongoussi'ye değil, Yako'ya", "to Kongoussi, not Yako": a place taken back is no end of the route.
            if after < words.count && words[after] == "degil" || Self.followsNot(words, at: index) {
                index = after
                continue
            }
            let role: Mention.Role
            if let ending, Self.fromEndings.contains(ending) {
                role = .origin
            } else if let ending, Self.toEndings.contains(ending) {
                role = .destination
            } else if let previous, Self.fromWords.contains(previous) || (previous == "of" && index > 1 && words[index - 2] == "out")
                        || previous == "in" && index > 2 && Self.homeVerbs.contains(words[index - 2])
                            && ["i", "we", "m", "re"].contains(words[index - 3])
                        // "starting in waupaca wi": where the trip starts; "stuck in gordon ne", "snowed in up in roseau": where
                        // the traveller is.
                        || previous == "in" && Self.followsBeingStuck(words, at: index - 1)
                        // "we're in morris mn, beach for spring break": where the travellers are now.
                        || previous == "in" && Self.followsBeingThere(words, at: index - 1) {
                role = .origin
            } else if let ending, Self.locativeEndings.contains(ending), after < words.count,
                      Self.turkishHomeVerbs.contains(where: { words[after].hasPrefix($0) }) {
                // "Munkfors'ta oturuyoruz", "Kiruna'da yaşıyorum": where the travellers live is where the trip starts.
                role = .origin
            } else if ending == nil, let next, Self.beingThereEndings.contains(next) {
                // "Calçoene'deyiz", "Kiruna'dayım": where the travellers are now is where the trip starts.
                role = .origin
            } else if Self.namedAsHome(words, before: index, after: after) {
                // "merritt island fl is home", "home is boise": a trip starts at home.
                role = .origin
            } else if let previous, Self.toWords.contains(previous)
                        || ((previous == "in" || previous == "at") && index > 1 && Self.arrivalVerbs.contains(words[index - 2])) {
                role = .destination
            } else if after < words.count, Self.fromAfter.contains(words[after]) {
                role = .origin
            } else if after < words.count, Self.toAfter.contains(words[after]) {
                role = .destination
            } else if Self.goesOnTo(words, shapes, at: after), !startsRoute(words, shapes, at: after) {
                // "Helsinki to Ivalo", where Ivalo is no place the gazetteer knows: the name before "to" is where the
                // route starts, never its end. (Before a known place, the route's order already says so, and the name
                // before may be an airport's second word: "Leeds Bradford to Kalamata".)
                role = .origin
            } else if !match.abbreviated, Self.dashedToUnknownName(words, shapes, at: after, dashes: dashes),
                      self.match(words, at: after) == nil, abbreviation(words, shapes, at: after) == nil {
                // "Würzburg - Sremska Mitrovica": a dash pair whose second name the gazetteer lacks; the known side
                // keeps its own role, the first the origin, never the other end of the route.
                role = .origin
            } else {
                role = .unknown
            }
            // "Eureka CA", "Gillette WY": a US state's postal code in capitals after the name pins it as the state's name does.
            let stateCode = capitalStateCode(words, shapes, match.cities, at: nameEnd)
            // "roundup mt tuesday": a town read only with its state's code is pinned by it, in any context.
            let pinned = pinnedByQualifier ?? stateCode ?? lowerCaseCode ?? pinnedAlone?.cities.first
            // Capitals mark a name, but not an abbreviation, which is always written in them ("MADRID LA SEMANA").
            let inContext = role != .unknown || pinned != nil || noun != nil || previous.map(Self.placeWords.contains) == true
                || startsRoute(words, shapes, at: after) || !match.abbreviated && shapes.isCapitalisedMidSentence(index)
                // "Muş-Ankara arası": a name joined by a dash to another place is one end of a pair.
                || !match.abbreviated && (dashes.contains(after) && self.match(words, at: after) != nil || dashes.contains(index) && found.last?.end == index)
            // Out of context, a common word is no place: the name means the first place that is not one, if any; an
            // abbreviation means nothing.
            guard let city = pinned ?? (inContext ? match.cities.first : match.abbreviated ? nil : match.cities.first { !$0.isCommonWord }) else {
                index += 1
                continue
            }
            found.append(Mention(city: city, role: role, position: index, length: match.length, end: after))
            index = after
        }
        // "Diapaga'dan Zabre'ye... pardon Bogande'ye", "Mossendjo'dan Mouila'ya değil, pardon, Mouila'dan Mossendjo'ya":
        // an end named after a correction replaces the one named before it.
        if let correction = DateResolver.lastCorrection(in: words) {
            // "flights to penedo 4/26... no wait, patos, paraiba": one place of no role of its own after the correction
            // takes the role of the one end named before it.
            let before = found.filter { $0.position < correction.start }, after = found.indices.filter { found[$0].position >= correction.end }
            if before.count == 1, before[0].role != .unknown, after.count == 1, found[after[0]].role == .unknown {
                found[after[0]].role = before[0].role
            }
            let renamed = Set(found.filter { $0.position >= correction.end && $0.role != .unknown }.map(\.role))
            found.removeAll { $0.position < correction.start && renamed.contains($0.role) }
        }
        // Joins are looked for only between two places, so a text naming fewer is not scanned for dashes.
        return found.count < 2 ? found : Self.pairRoles(found, in: words, dashes: TextMatching.dashedWords(text))
    }

    /// Whether the words in `second` say again those in `first` ("Air Busan Busan": a place's name twice, no region after it).
    /// Whether a folded word is one no reader knows: four letters or more, no common word of English or Turkish, no
    /// date's word (a month, a weekday, "tmrw") and no word of a route ("from", "to", "via").
    static func isUnknownWord(_ word: String) -> Bool {
        word.count >= 4 && word.allSatisfy(\.isLetter) && !CommonWords.contains(word) && DateResolver.month(word) == nil
            && DateResolver.weekday(word) == nil && !DateWords.tomorrow.contains(word) && DateWords.shorthand[word] == nil
            && !fromWords.contains(word) && !toWords.contains(word) && !placeWords.contains(word)
    }

    static func repeats(_ words: [String], _ first: Range<Int>, _ second: Range<Int>) -> Bool {
        words[first].elementsEqual(words[second])
    }

    /// Whether a dash stands before the word at `index`, a capitalised name's first word mid-sentence in a text with both
    /// cases that is no date, number or request word: the other side of a dash pair ("Würzburg - Sremska Mitrovica";
    /// not "Paris - 3 nights", "Rome - June 5", "Berlin - cheap").
    static func dashedToUnknownName(_ words: [String], _ shapes: WordShapes, at index: Int, dashes: Set<Int>) -> Bool {
        guard index < words.count, dashes.contains(index), shapes.isCapitalisedMidSentence(index), !shapes.isAllCapitals(index) else { return false }
        let word = words[index]
        return word.count >= 3 && word.allSatisfy(\.isLetter) && DateResolver.month(word) == nil && DateResolver.weekday(word) == nil
            && DateWords.weekdayAbbreviations[word] == nil && !DateResolver.beginsHoliday(words, at: index)
            && !SearchParser.notAirlineNameWords.contains(word) && !["somewhere", "anywhere", "anyplace", "everywhere"].contains(word)
    }

    /// `words` with the words of `mentions` blanked: what a text says besides its places (the places a text names are
    /// no dates nor wishes: "Mar del Plata" is not March, "Long Beach" no beach).
    public static func words(_ words: [String], besides mentions: [Mention]) -> [String] {
        var words = words
        for place in mentions {
            for index in place.position..<min(words.count, place.position + place.length) { words[index] = "" }
        }
        return words
    }

    /// The place noun at `index` and the case ending it carries, glued ("şehrinden") or after an apostrophe
    /// ("Havalimanı'ndan" folds to "havalimani ndan"); `end` is the index after both.
    static func placeNoun(in words: [String], at index: Int) -> (ending: String?, end: Int)? {
        guard index < words.count else { return nil }
        let word = words[index]
        for noun in placeNouns where word.hasPrefix(noun) {
            if word == noun {
                let next = index + 1 < words.count ? words[index + 1] : nil
                if let next, caseEndings.contains(next) { return (next, index + 2) }
                return (nil, index + 1)
            }
            let rest = String(word.dropFirst(noun.count))
            if caseEndings.contains(rest) { return (rest, index + 1) }
        }
        return nil
    }

    /// Roles two places take from how they are joined, when neither has one of its own:
    /// - "İzmir ile Roma arası", "İzmir ve Roma arasındaki uçuşlar", "between Izmir and Rome": the first is the
    ///   origin and the second the destination;
    /// - a dash between them ("Ankara - Berlin", "Ankara–Berlin"): the same.
    static func pairRoles(_ mentions: [Mention], in words: [String], dashes: Set<Int>) -> [Mention] {
        var mentions = mentions
        for index in mentions.indices.dropLast() {
            let first = mentions[index], second = mentions[index + 1]
            guard first.role == .unknown, second.role == .unknown else { continue }
            let join = second.position == first.end + 1 ? words[first.end] : nil
            let arasi = second.end < words.count && words[second.end].hasPrefix("arasi")
            let between = join.map(Self.pairJoins.contains) == true && arasi
                || join == "and" && first.position > 0 && words[first.position - 1] == "between"
            let dashed = second.position == first.end && dashes.contains(second.position)
            if between || dashed {
                mentions[index].role = .origin
                mentions[index + 1].role = .destination
            }
        }
        return mentions
    }

    /// Words that may stand between "not" and the place it takes back: "not to Yako", "not the one in mexico city".
    static let notFillers: Set<String> = ["the", "one", "in", "at", "near", "that", "to", "from", "via"]

    /// Whether the place at `index` is taken back by a "not" before it, with only `notFillers` between (at most four).
    static func followsNot(_ words: [String], at index: Int) -> Bool {
        var before = index - 1
        while before >= 0, index - before <= 5 {
            if words[before] == "not" { return true }
            guard notFillers.contains(words[before]) || fromWords.contains(words[before]) || toWords.contains(words[before]) else { return false }
            before -= 1
        }
        return false
    }

    /// A place's name at `index`: the places it names, how many words it takes, a case ending glued to its last
    /// word if that is how it matched, and whether it is an abbreviation.
    typealias NameMatch = (cities: [City], length: Int, ending: String?, abbreviated: Bool)

    /// The longest name at `index`. A word an apostrophe ends ("Karşı'dan", "Ostende'den") is whole: no ending is cut
    /// from it, as Turkish writes a name's endings after the apostrophe (Kars's would be "Kars'ı"). Nor is one from a
    /// country's or a US state's whole name: "Angola" is no Angol (Chile) with "-a", "Kenya" no Ken with "-ya". Nor is
    /// one cut to reach a one-word name that is only an alias (`aliasOnlyNames`): "guyane" is no "Guyan" (Guiyang) with "-e".
    func match(_ words: [String], at index: Int, apostrophes: Set<Int> = []) -> NameMatch? {
        for length in stride(from: min(longestName, words.count - index), through: 1, by: -1) {
            var key = Array(words[index..<(index + length)])
            if let cities = byName[key] { return (cities, length, nil, false) }
            guard let last = key.last, last.count >= 5, !apostrophes.contains(index + length), qualifiers[key] == nil else { continue }
            for cut in 1...min(5, last.count - 3) {
                let ending = String(last.suffix(cut))
                guard Self.caseEndings.contains(ending) else { continue }
                key[key.count - 1] = String(last.dropLast(cut))
                if let cities = byName[key], !aliasOnlyNames.contains(key) { return (cities, length, ending, false) }
            }
        }
        return nil
    }

    /// "bishop ca to mariposa", "Winner SD": a small town whose name is a common word (`pinnedOnly`), read only with its
    /// state's or province's code right after it, as `mentions(in:)` pins a town to a code (in capitals, or in lower
    /// case where `lowerCaseStateCode` takes one). The match holds that town alone, so the code pins it again.
    /// In lower case, a code that is an English word ("co", "ca", "mt") pins such a town wherever it stands ("rangely co
    /// to meeker co on the 20th"): the common word and its own state's code side by side are the town. Not a
    /// conjunction's or a preposition's (`connectiveStateCodes`: "to burns or baker").
    private func pinnedOnlyMatch(_ words: [String], _ shapes: WordShapes, at index: Int, apostrophes: Set<Int>) -> NameMatch? {
        for length in stride(from: min(3, words.count - index - 1), through: 1, by: -1) {
            let code = index + length
            guard let cities = pinnedOnly[Array(words[index..<code])],
                  let city = capitalStateCode(words, shapes, cities, at: code)
                    ?? lowerCaseStateCode(words, cities, at: code, apostrophes: apostrophes, wordCodes: true)
            else { continue }
            return ([city], length, nil, false)
        }
        return nil
    }

    /// "flora illinois", "Flora'ya (Illinois)": a town of `pinnedOnly` right before the name of its own state or
    /// province, or before a Turkish case ending and that name (the apostrophe cuts the ending off as a word, the
    /// brackets fold away). The match holds that town alone; the state's name after it pins it as a qualifier does.
    private func pinnedOnlyBeforeRegion(_ words: [String], at index: Int) -> NameMatch? {
        for length in stride(from: min(3, words.count - index - 1), through: 1, by: -1) {
            guard let cities = pinnedOnly[Array(words[index..<(index + length)])] else { continue }
            var at = index + length
            if Self.caseEndings.contains(words[at]) { at += 1 }
            // A state's or province's name, not a country's ("bishop usa" is no town).
            guard let region = qualifier(in: words, at: at), let city = Self.pinned(cities, to: region.pins.filter { $0.region != nil })
            else { continue }
            return ([city], length, nil, false)
        }
        return nil
    }

    /// "Illinois'teki Flora'ya": a town of `pinnedOnly` right after the name of its own state or province in the Turkish
    /// locative with "-ki" (the apostrophe cuts "teki" off as a word), with a case ending of its own: "to the Flora in
    /// Illinois", pinned as by a qualifier after it.
    private func pinnedOnlyAfterRegion(_ words: [String], at index: Int) -> NameMatch? {
        guard index >= 2, Self.locativeKiEndings.contains(words[index - 1]) else { return nil }
        for regionLength in 1...min(3, index - 1) {
            guard let region = qualifier(in: words, at: index - 1 - regionLength), region.length == regionLength else { continue }
            for length in stride(from: min(3, words.count - index), through: 1, by: -1) {
                // The town takes a case ending of its own ("Flora'ya"): "Oklahoma'daki antlers toplantısına" names a meeting.
                guard index + length < words.count, Self.caseEndings.contains(words[index + length]),
                      let cities = pinnedOnly[Array(words[index..<(index + length)])],
                      let city = Self.pinned(cities, to: region.pins.filter { $0.region != nil }) else { continue }
                return ([city], length, nil, false)
            }
        }
        return nil
    }

    /// Whether a place the gazetteer knows stands at `index` with a case ending of its own ("Buritirama'ya").
    private func takesCase(_ words: [String], at index: Int) -> Bool {
        guard let found = match(words, at: index) else { return false }
        return found.ending != nil || index + found.length < words.count && Self.caseEndings.contains(words[index + found.length])
    }

    /// The locative with "-ki" (which is in), folded: "Illinois'teki", "Texas'taki".
    static let locativeKiEndings: Set<String> = ["daki", "deki", "taki", "teki", "ndaki", "ndeki"]

    /// "sulphurdan" in a Turkish request: a town named by a common English word (Sulphur) with Turkish "from" ending
    /// glued on, where neither the name nor the whole word is a Turkish word, nor the whole word an English one ("golden"
    /// is no Gol with "-den"), and the name has five letters or more. A common word's glued ending is otherwise another
    /// word ("nanya" is no Nan with "-ya"), and a Turkish one with an ending is Turkish ("birden", suddenly).
    static func gluedOnForeignWord(_ written: String, _ match: NameMatch) -> Bool {
        guard let ending = match.ending, fromEndings.contains(ending) else { return false }
        let name = String(written.dropLast(ending.count))
        return name.count >= 5 && CommonWords.isEnglish(name) && !CommonWords.isTurkish(name) && !CommonWords.contains(written)
    }

    /// Whether the place from `before` to `after` is named as the travellers' home: "merritt island fl is home", "X is
    /// my home", "home is boise".
    static func namedAsHome(_ words: [String], before index: Int, after: Int) -> Bool {
        let next = words[min(after, words.count)...]
        return next.starts(with: ["is", "home"]) || next.starts(with: ["is", "my", "home"]) || next.starts(with: ["is", "our", "home"])
            || index >= 2 && words[index - 2] == "home" && words[index - 1] == "is"
    }

    /// "Eureka CA", "Gillette WY": of `cities`, the US one whose state's postal code stands at `index` in capitals, in a
    /// text that has lower case too.
    private func capitalStateCode(_ words: [String], _ shapes: WordShapes, _ cities: [City], at index: Int) -> City? {
        guard index < words.count, words[index].count == 2, shapes.isAllCapitals(index), shapes.hasLowerCase else { return nil }
        return cities.first { $0.country == "US" && $0.region == words[index].uppercased() }
    }

    /// A city's abbreviation at `index` ("LA", "NYC"), as written in capitals: lower-case "la" is a word (Spanish,
    /// French, Turkish "-la"); one that is no word may be lower case too ("nyc"). Else an airport's IATA code in
    /// capitals, in a text not all in capitals ("LAX to SFO"; not "USD", "THY", a currency's or an airline's), or in
    /// any case if it is a big city's that is no word (`anyCaseCodes`: "burbank to jfk"). Like a common word, either
    /// still needs a travel context to count.
    private func abbreviation(_ words: [String], _ shapes: WordShapes, at index: Int) -> NameMatch? {
        let word = words[index]
        if let city = abbreviations[word], shapes.isAllCapitals(index) || anyCaseAbbreviations.contains(word) { return ([city], 1, nil, true) }
        guard word.count == 3, anyCaseCodes.contains(word) || shapes.isAllCapitals(index) && shapes.hasLowerCase, SearchParser.currencies[word] == nil,
              !SearchParser.airlines.contains(where: { $0.1.contains(word) }), let city = city(ofAirport: word.uppercased()) else { return nil }
        return ([city], 1, nil, true)
    }

    /// Verbs that follow "to" after a place without naming another ("Rome to see the Pope").
    static let verbsAfterTo: Set<String> = ["see", "visit", "meet", "be", "go", "get", "fly", "stay", "spend", "come", "return", "catch",
                                            "attend", "do", "have", "make", "take", "work", "study", "celebrate", "explore", "relax",
                                            // "to hike the track", "to ski": what a trip is for.
                                            "hike", "ski", "surf", "dive", "trek", "climb", "camp", "hunt", "fish", "swim", "shop", "watch",
                                            "join", "pick", "bring", "drop"]

    /// Whether the words at `index` are "to" and a word that may be a place the gazetteer lacks: one capitalised
    /// as a name in a text with capitals, or any word but a number or a verb in a text all lower case ("inverness to
    /// stornoway"). The place before them is then the origin.
    static func goesOnTo(_ words: [String], _ shapes: WordShapes, at index: Int) -> Bool {
        guard index + 1 < words.count, words[index] == "to" else { return false }
        let next = words[index + 1]
        guard !next.contains(where: \.isNumber), !verbsAfterTo.contains(next), DateWords.weekday(next) == nil,
              DateResolver.month(next) == nil else { return false }
        return shapes.hasCapitals ? shapes.isCapitalisedMidSentence(index + 1) : true
    }

    /// Whether the words at `index` go on to another place: "to" and a name or code ("LA to Honolulu", "Nice to Paris",
    /// "LAX to SFO"), which makes the name before them the start of a route.
    private func startsRoute(_ words: [String], _ shapes: WordShapes, at index: Int) -> Bool {
        index + 1 < words.count && Self.toWords.contains(words[index])
            && (match(words, at: index + 1) != nil || abbreviation(words, shapes, at: index + 1) != nil)
    }

    /// Origin and destination from the mentions: explicit roles first; otherwise the first of two cities
    /// is the origin and the second the destination ("Boston Denver tomorrow"), and a lone city is the destination.
    public func route(in text: String) -> (origin: City?, destination: City?) {
        route(of: mentions(in: text))
    }

    /// `route(in:)` of the mentions already found in a text.
    public func route(of mentions: [Mention]) -> (origin: City?, destination: City?) {
        var origin = mentions.first { $0.role == .origin }?.city
        var destination = mentions.first { $0.role == .destination }?.city
        let unknown = mentions.filter { $0.role == .unknown }.map(\.city)
        if origin == nil, destination == nil, unknown.count >= 2 {
            return (unknown[0], unknown[1])
        }
        if destination == nil { destination = unknown.first { $0 != origin } }
        if origin == nil, destination != nil { origin = unknown.first { $0 != destination } }
        return (origin, destination)
    }
}

/// Which words of a text were capitalised mid-sentence, in a text that is not all lower case (which says nothing
/// by its capitals). Empty when the written words do not line up with the folded ones.
struct WordShapes {
    private var words: [WrittenWord] = []

    init(_ text: String, count: Int) {
        guard text.contains(where: \.isUppercase) else { return }
        let written = WrittenWord.split(text)
        if written.count == count { words = written }
    }

    /// Capitalised, in a text that is not all lower case, and not the first word of its sentence.
    func isCapitalisedMidSentence(_ index: Int) -> Bool {
        index < words.count && words[index].capitalised && !words[index].startsSentence
    }

    /// Capitalised, in a text that is not all lower case, wherever it stands.
    func isCapitalised(_ index: Int) -> Bool { index < words.count && words[index].capitalised }

    /// Written in capitals throughout, as an abbreviation is ("LA", "NYC").
    func isAllCapitals(_ index: Int) -> Bool {
        index < words.count && words[index].text.allSatisfy(\.isUppercase)
    }

    /// Whether the text has capitals at all (and its written words line up with the folded ones): else capitals
    /// say nothing.
    var hasCapitals: Bool { !words.isEmpty }

    /// Whether some word has a lower-case letter: in a text all in capitals, no word stands out as a code.
    var hasLowerCase: Bool { words.contains { $0.text.contains(where: \.isLowercase) } }
}
