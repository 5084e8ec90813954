/// Unlisted carriers with no airline word, read from where they stand: opening the request, right before its route
/// (the twenty-second written-after set). A request that starts with a name and goes on with "origin to destination"
/// names the carrier first, as travellers write "Ryanair Dublin to Porto"; a request that starts with "ile" after a
/// name and goes on with the place it leaves from ("Aero K ile Wonju'dan Seosan'a") flies with that name. No list of
/// carriers: the route after the name says it is one.
///
/// The contract:
/// - English: one to three words at the request's start, then a place the gazetteer reads, "to" (or an arrow) and
///   another place ("equair ambato to manta", "Estelar El Vigía to Carúpano", "fly angola lobito to menongue"), or
///   "from" or "out of" between the name and the route, which may then name its origin alone ("Searca from Arauca to
///   Tame", "hinterland aviation out of gladstone"); never "to" and a destination alone ("Mekelle to Addis Ababa" names
///   an origin the gazetteer lacks). Each word may be part of an airline's name
///   (`isAirlineNameWord`: no grammar word, number, month or day), no place, no word of a request
///   (`routeOpeningNotNames`: "red eye", "solo", greetings), no verb's "-ing" form ("Heading"), no request's word
///   written with a slip ("chepest", "flihgt": within one edit of one), nor a word another rule owns ("express", a
///   carrier's only capitalised; "Wheelchair", "Butterfly", English words made with a carrier's ending); capitalised
///   where the text has both cases. "Fly" may open the name before another word ("Fly Blue Crane"); alone it is the
///   verb ("fly boston to denver").
/// - Turkish: two or three capitalised words opening the request (the first perhaps a number before a generic word,
///   "9 Air"; one letter after a generic word, "Aero K"; small joining words between, "Sol del Paraguay"; an
///   apostrophed piece part of its word, "Chang'an"), then "ile" and a place, in a request joining no pair of places
///   with "arası" ("Kenya Tanzanya ile arası"). One word before "ile" is as often a person ("Ahmet ile") and is left
///   alone, as are lower-case companions ("annem ve babam ile"), and so are two or three words all common in either
///   language (`CommonWords`) with no number, letter, generic or joining word among them: a person's given name and
///   surname ("Ayşe Yılmaz ile"), a party ("Annem Babam ile").
/// - English, too: a name of common English words only ("Honeymoon Boston to Denver") is the trip's, not a carrier's.
extension SearchParser {
    /// Words that open a request before its route without naming a carrier, beyond the grammar and request words of
    /// `notAirlineNameWords`: greetings, a night flight's name, a party's, and words of a fare.
    static let routeOpeningNotNames: Set<String> = [
        "hi", "hey", "hello", "hiya", "there", "red", "eye", "redeye", "solo", "alone", "return", "returning", "roundtrip", "oneway",
        "fare", "fares", "deal", "deals", "price", "prices", "seat", "seats", "pax", "asap", "urgent", "quick", "lowest", "early", "late",
        "tonight", "tmrw", "options", "available", "anything", "something", "help", "also", "just", "only", "ok", "okay", "thanks",
    ]

    /// Small words that join a name's capitalised words ("Sol del Paraguay"), never first nor last.
    static let nameJoiningWords: Set<String> = ["de", "del", "da", "do", "das", "dos", "la", "los", "las", "of"]

    /// Whether `word` may be a carrier's word opening the request before its route, as the type's comment says.
    static func routeOpeningWord(_ word: String) -> Bool {
        // A verb's "-ing" form opens a request as what the traveller does ("Heading Boston to Denver").
        guard word.count >= 3, isAirlineNameWord(word), !(word.count >= 6 && word.hasSuffix("ing")), !routeOpeningNotNames.contains(word), !afterCarrierWords.contains(word),
              !airlineCabinWords.contains(word), DateWords.weekdayAbbreviations[word] == nil,
              // Words another rule owns: "express" names a carrier only capitalised (`narrowName`), and English words
              // made with a carrier's ending ("Wheelchair", "Butterfly", "Turbojet") none (`gluedName`).
              !narrowGenericWords.contains(where: { $0.word == word }), !isEnglishCompound(word) else { return false }
        // "chepest flight", "cheapest flihgt": a request's word written with a slip.
        return word.count < 5 || !notAirlineNameWords.union(routeOpeningNotNames).contains { known in
            known.count >= 4 && abs(known.count - word.count) <= 1 && TextMatching.editDistance(word, known, limit: 1) <= 1
        }
    }

    /// A word English makes with a carrier's ending, as `gluedName` tells them: "wheelchair", "butterfly", "turbojet".
    static func isEnglishCompound(_ word: String) -> Bool {
        if word.hasSuffix("air"), let letter = word.dropLast(3).last, englishAirEndings.contains(letter) { return true }
        return ["jet", "fly", "wings"].contains { word.hasSuffix($0) && englishGluedWords.contains(String(word.dropLast($0.count))) }
    }

    /// "equair ambato to manta", "Fly Blue Crane Mossel Bay to Welkom": the English shape of the type's comment.
    static func nameBeforeRoute(_ index: Int, tokens: [WrittenWord], words: [String], mixedCase: Bool,
                                taken: Set<Int>, places: Set<Int>) -> (name: String, span: Range<Int>)? {
        guard index == 0 else { return nil }
        for start in 1...4 where start < words.count && places.contains(start) && !places.contains(start - 1) {
            var end = start
            while end < words.count, places.contains(end) { end += 1 }
            let route = end + 1 < words.count && words[end] == "to" && places.contains(end + 1)
            // "Searca from Arauca to Tame", "hinterland … out of Gladstone": the route's own word between the name and the
            // route, which may then name its origin alone. Never "to" and the destination alone: before it stands the origin
            // far more often, one the gazetteer lacks or a slip ("Mekelle to Addis Ababa", "evansvile to atlanta").
            let name: Int
            if words[start - 1] == "from" {
                name = start - 1
            } else if start >= 3, words[start - 2] == "out", words[start - 1] == "of" {
                name = start - 2
            } else if route {
                name = start
            } else {
                continue
            }
            guard (1...3).contains(name) else { return nil }
            let opensWithFly = words[0] == "fly" && name >= 2
            // No place among the name's words: "paris to rome" is the route alone.
            guard (0..<name).allSatisfy({ at in
                !taken.contains(at) && !places.contains(at) && (!mixedCase || tokens[at].capitalised)
                    && (at == 0 && opensWithFly || routeOpeningWord(words[at]))
            }) else { return nil }
            // Words all of English ("Honeymoon", "Family trip") say what the trip is, not who flies it.
            guard opensWithFly || (0..<name).contains(where: { !CommonWords.english.contains(words[$0]) }) else { return nil }
            return (tokens[0..<name].map { writtenName($0.text) }.joined(separator: " "), 0..<name)
        }
        return nil
    }

    /// "Maldivian'la Kalutara'dan …", "Aerocardal ile Los Andes'ten …": one capitalised word opening the request with
    /// "-la"/"-le"/"-yla"/"-yle" after its apostrophe, or "ile" after it (with), right before the place the trip leaves
    /// from, its ablative after an apostrophe too; or two capitalised words, the second glued to the ending ("Macair
    /// Jet'le Malargüe'den …"). The first word only when common in neither language: a person ("Ahmet'le", "Annem'le",
    /// "Ayşe Hanım'la") is written so as often, and with a common word a person's name stays the likelier reading; never
    /// a place, nor in a request joining a pair with "arası".
    static func oneWordBeforeTurkishWith(_ index: Int, tokens: [WrittenWord], words: [String], mixedCase: Bool, glued: Set<Int>,
                                         taken: Set<Int>, places: Set<Int>) -> (name: String, span: Range<Int>)? {
        guard index == 0, mixedCase, words.count > 3, tokens[0].capitalised, !taken.contains(0), !places.contains(0), routeOpeningWord(words[0]),
              !CommonWords.contains(words[0]), !words.contains(where: { $0.hasPrefix("arasi") }) else { return nil }
        func with(_ at: Int) -> Bool {
            glued.contains(at) ? turkishWithWords.contains(words[at]) && words[at] != "ile" : words[at] == "ile"
        }
        // The name's length: one word, or two where the second is capitalised and glued to "-le" ("Macair Jet'le").
        let length = !with(1) && words.count > 4 && tokens[1].capitalised && !glued.contains(1) && !places.contains(1) && !taken.contains(1)
            && glued.contains(2) && with(2) && isAirlineNameWord(words[1]) ? 2 : 1
        guard with(length), places.contains(length + 1) else { return nil }
        var end = length + 1
        while end < words.count, places.contains(end) { end += 1 }
        guard end < words.count, glued.contains(end), ablativeEndings.contains(words[end]) else { return nil }
        return (tokens[0..<length].map { writtenName($0.text) }.joined(separator: " "), 0..<length)
    }

    /// A place's ablative endings after an apostrophe: where the trip leaves from.
    static let ablativeEndings: Set<String> = ["dan", "den", "tan", "ten", "ndan", "nden"]

    /// "Aero Mongolia ile Altay'dan …", "9 Air ile …", "Royal Air Philippines ile …": the Turkish shape of the type's
    /// comment.
    static func nameBeforeTurkishWith(_ index: Int, tokens: [WrittenWord], words: [String], mixedCase: Bool, glued: Set<Int>,
                                      taken: Set<Int>, places: Set<Int>) -> (name: String, span: Range<Int>)? {
        guard index == 0, mixedCase, let with = words.prefix(6).firstIndex(of: "ile"), with + 1 < words.count, places.contains(with + 1),
              !words.contains(where: { $0.hasPrefix("arasi") }) else { return nil }
        // The name's words, an apostrophed piece joined to the word before it ("Chang'an").
        var parts: [String] = []
        var carrierCue = false, allCommon = true, partCount = 0
        for at in 0..<with {
            if glued.contains(at), !parts.isEmpty, !tokens[at].capitalised {
                parts[parts.count - 1] += "'" + tokens[at].text
                continue
            }
            let word = words[at], last = at == with - 1
            func generic(_ at: Int) -> Bool { airlineGenericWords.contains { $0.words == [words[at]] } }
            // "9 Air": a number before a generic word; "Aero K": one letter after one.
            let number = at == 0 && Int(word) != nil && at + 1 < with && generic(at + 1)
            let letter = at > 0 && word.count == 1 && word.allSatisfy(\.isLetter) && generic(at - 1)
            let joining = at > 0 && !last && nameJoiningWords.contains(word) && !tokens[at].capitalised
            // "Sabah Air ile …": a word of the request's own (a time of day) is the name's right before a capitalised generic word.
            let beforeGeneric = at + 1 < with && generic(at + 1) && tokens[at + 1].capitalised && word.count >= 3 && word.allSatisfy(\.isLetter)
            let nameWord = tokens[at].capitalised && (isAirlineNameWord(word) || generic(at) || letter || beforeGeneric) && !openingTimeWords.contains(word)
                && (at > 0 || !places.contains(at))
            guard !taken.contains(at), number || joining || nameWord else { return nil }
            let part = joining ? tokens[at].text : writtenName(tokens[at].text)
            // "Elbrus-Avia": a hyphen joining two of the name's words is kept as written.
            if at > 0, tokens[at - 1].hyphenAfter, !parts.isEmpty { parts[parts.count - 1] += "-" + part } else { parts.append(part) }
            partCount += 1
            if number || joining || letter || generic(at) { carrierCue = true }
            if !number, !joining, !CommonWords.contains(word) { allCommon = false }
        }
        // Common words only, with nothing of a carrier's shape, are a person ("Ayşe Yılmaz ile …") or a party
        // ("Annem Babam ile …"): a given name and a surname are both common words.
        guard (2...3).contains(partCount), carrierCue || !allCommon else { return nil }
        return (parts.joined(separator: " "), 0..<with)
    }
}
