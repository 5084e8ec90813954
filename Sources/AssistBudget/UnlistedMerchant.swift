import AssistUnderstanding

/// A merchant the question names but the user has never paid: "how much at IKEA this month?", "getir'e ne kadar
/// gitti?". The user's own merchants are the candidate list (`FinanceUnderstander`); a name outside it used to be
/// dropped, so the question was answered as if it named no merchant (the month's whole total for "at IKEA"): a wrong
/// answer, not a missing one. Read here by the shape of a name only, so the answer is the truth about the data (no
/// purchases there):
/// - Turkish: a word with an apostrophe and a case ending ("getir'e", "Burger King'de", "Petrol Ofisi'nden"),
///   capitalised words before a capitalised one joining it;
/// - English: "at" or "about" and one to three capitalised words ("at IKEA", "at Whole Foods", "what about Mavi?"),
///   or one or two capitalised words past the first before what is bought there ("how many Lyft rides", "my Deliveroo
///   orders").
/// Never a period ("at Christmas", "Ocak'ta"), a number ("1'inden"), a category, a place the gazetteer knows
/// ("İstanbul'da"; not a town of fewer than 1,000 people, held for its airfield: `isHamlet`) or a pronoun.
extension FinanceUnderstander {
    func unlistedMerchant(in text: String) -> String? {
        let tokens = text.split(whereSeparator: \.isWhitespace).map { $0.trimmingPunctuation }
        var candidates = 0
        // "the house cafe'ye": English "the" before a name a Turkish ending follows is the name's own first word, as no
        // Turkish sentence has an article.
        func article(_ name: String, endingAt index: Int) -> String {
            let first = index - (name.split(separator: " ").count - 1)
            return first >= 1 && tokens[first - 1].lowercased() == "the" && !name.lowercased().hasPrefix("the ") ? "The " + name : name
        }
        for (index, token) in tokens.enumerated() {
            if let name = Self.webAddressName(token) { return name }
            // Each candidate is checked against the period, holiday and place readers: a few per question at most.
            guard candidates < Self.maxCandidates else { return nil }
            // "Colin's'ten": a name with an apostrophe of its own, then the case ending after a second one.
            let apostrophes = token.indices.filter { token[$0] == "'" || token[$0] == "’" }
            let lastEnding = apostrophes.last.map { TextMatching.fold(String(token[token.index(after: $0)...])) } ?? ""
            if let apostrophe = apostrophes.count == 2 && Self.caseEndings.contains(lastEnding) ? apostrophes.last : apostrophes.first {
                let stem = String(token[..<apostrophe])
                guard Self.caseEndings.contains(TextMatching.fold(String(token[token.index(after: apostrophe)...]))),
                      let first = stem.first else { continue }
                candidates += 1
                var words = [stem]
                if first.isUppercase {
                    var back = index - 1
                    // A compound's possessive second word takes a place's name before it: "Süleymaniye Hamamı'na".
                    let compound = Self.possessiveEnding(stem, TextMatching.fold(String(token[token.index(after: apostrophe)...])))
                    // "Kılıç Ali Paşa Hamamı'na": up to four words.
                    while back >= 0, words.count < 4, tokens[back].first?.isUppercase == true,
                          acceptable(tokens[back], partOfName: true, anyPlace: compound && back == index - 1) {
                        words.insert(tokens[back], at: 0)
                        back -= 1
                    }
                } else if index >= 2, tokens[index - 1] == "&", let name = ampersandName(tokens[index - 2], stem) {
                    return article(name, endingAt: index)  // "marks & spencer'da": two words "&" joins, the ending on the second
                } else if let name = wordsJoiningApostrophedName(tokens[..<index], stem) {
                    return article(name, endingAt: index)  // "num num'da", "w collection'dan", "arabica coffee house'a"
                } else if Self.possessiveEnding(stem, TextMatching.fold(String(token[token.index(after: apostrophe)...]))) {
                    // "ayakkabı dünyası'nda": a compound's second word, its first before it, the whole name; "dost
                    // kitabevi'ne", "avşar sinemaları'ndan": a kind of shop after its name's word. Alone, a word of one
                    // ("kitapyurdu'ndan"), but never a kind of shop ("kitabevi'ne" names no shop).
                    if index > 0, let name = lowercaseCompound(tokens[index - 1], stem) ?? nameBeforeShopKind(tokens[index - 1], stem) {
                        return article(name, endingAt: index)
                    }
                    if Self.isShopKind(TextMatching.fold(stem)) { continue }
                } else if index > 0, let name = nameBeforeShopKind(tokens[index - 1], stem) {
                    return article(name, endingAt: index)  // "atasun optik'e", "bkm kitap'a", "mikel coffee'de"
                } else if index > 0, let name = lowercaseName(tokens[index - 1], joining: stem) {
                    return article(name, endingAt: index)  // "madame coco'ya"
                }
                if let name = accepted(words, turkish: true, wholeStem: true) { return article(name, endingAt: index) }
            } else if index > 0, token.first?.isUppercase == true, index + 1 < tokens.count,
                      Self.boughtThere.contains(tokens[index + 1].lowercased())
                        || Self.shopAfterName(tokens.map { TextMatching.fold($0) }, at: index + 1)
                        || tokens[index + 1].lowercased() == "total" && tokens[max(0, index - 2)..<index].contains(where: { $0.lowercased() == "my" }) {
                // "how many Lyft rides", "my Deliveroo orders": the name before what is bought there; "my Torchy's Tacos
                // total": before the total of it.
                var name = [token]
                if index > 1, tokens[index - 1].first?.isUppercase == true, acceptable(tokens[index - 1], partOfName: true) {
                    name.insert(tokens[index - 1], at: 0)
                }
                candidates += 1
                if let accepted = accepted(name) { return accepted }
            } else if ["at", "about"].contains(token.lowercased()) || Self.paidTo(tokens, at: index) {
                // Capitalised words, the last of them perhaps a possessive ("at Domino's", "at Trader Joe's"), or a
                // possessive and the capitalised words after it ("at Dick's Sporting Goods"; "at Denny's Sunday" is Denny's).
                // Who was paid, as where: "have I paid SiriusXM", "paid to Verizon", "spend with Southwest".
                var name: [String] = []
                var possessiveAt: Int?
                for (offset, word) in tokens[(index + 1)...].prefix(5).enumerated() {
                    // "at Crate & Barrel", "at Bed Bath & Beyond": "&" between capitalised words joins them, not counted as one;
                    // so do "the" and "of" in lower case ("paid Waxing the City", "at House of Pies").
                    let next = index + offset + 2 < tokens.count ? tokens[index + offset + 2] : ""
                    if ["&", "the", "of"].contains(word), !name.isEmpty, next.first?.isUppercase == true {
                        name.append(word)
                        continue
                    }
                    // "at the Laugh Factory": the article before capitalised words is the sentence's, no word of the name.
                    if offset == 0, word == "the", next.first?.isUppercase == true { continue }
                    let words = name.filter { !["&", "the", "of"].contains($0) }.count
                    guard word.first?.isUppercase == true, words < (possessiveAt == nil ? 3 : 4), !Self.howOften.contains(word.lowercased()) else { break }
                    let possessive = Self.isPossessive(word)
                    guard possessive && possessiveAt == nil || !word.contains(where: { $0 == "'" || $0 == "’" }) else { break }
                    name.append(word)
                    if possessive { possessiveAt = name.count }
                }
                guard !name.isEmpty else { continue }
                candidates += 1
                if let accepted = accepted(name) { return accepted }
                if let possessiveAt, possessiveAt < name.count, let accepted = accepted(Array(name.prefix(possessiveAt))) { return accepted }
            }
        }
        return nil
    }

    /// A web address is a shop's name, as written with its first letter capitalised: "hotels.com bookings", "turna.com'dan"
    /// (a Turkish ending after an apostrophe goes). Letters, digits and hyphens, a dot, and a top-level domain of a shop's.
    static func webAddressName(_ token: String) -> String? {
        let bare = token.split(whereSeparator: { $0 == "'" || $0 == "’" }).first.map(String.init) ?? token
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, let top = parts.last?.lowercased(), ["com", "net", "org", "io", "co", "tr", "app", "shop", "store"].contains(top),
              parts[0].count >= 2, parts[0].first?.isLetter == true,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }) else { return nil }
        return bare.prefix(1).uppercased() + bare.dropFirst()
    }

    /// "pay", "paid", "given" and "gave" (and "to" after the first two), and "with" after a verb of spending: the capitalised
    /// words after it are who was paid ("have I paid SiriusXM", "paid to Verizon", "have I given Spirit", "what did I spend
    /// with Southwest").
    static func paidTo(_ tokens: [String], at index: Int) -> Bool {
        let word = tokens[index].lowercased()
        let before = index > 0 ? tokens[index - 1].lowercased() : ""
        return ["pay", "paid", "given", "gave"].contains(word) && !(index + 1 < tokens.count && tokens[index + 1].lowercased() == "to")
            || word == "to" && ["pay", "paid"].contains(before)
            || word == "with" && ["spend", "spent", "spending", "paid"].contains(before)
            // "have I spent on ClassPass": a capitalised name after "spent on" (a category's word is none, `accepted`).
            || word == "on" && ["spend", "spent", "spending"].contains(before)
    }

    /// Words of how often, capitalised or not, that end a name ("have I paid Peacock Monthly since June": Peacock, monthly).
    static let howOften: Set<String> = ["daily", "weekly", "monthly", "yearly", "annually", "quarterly"]

    /// Whether a case ending after a stem in "ı", "i", "u" or "ü" has the buffer "n" ("dünyası'nda", "sarayı'na"), which
    /// follows a compound's possessive only (after a plain vowel the dative is "ya", the locative "da").
    static func possessiveEnding(_ stem: String, _ ending: String) -> Bool {
        ["na", "ne", "nda", "nde", "ndan", "nden", "ndaki", "ndeki"].contains(ending) && endsLikePossessive(stem)
    }

    /// Whether `word` ends in "ı", "i", "u" or "ü", as a compound's possessive second word does ("dünyası", "sarayı").
    static func endsLikePossessive(_ word: String) -> Bool {
        ["ı", "i", "u", "ü"].contains { word.lowercased().hasSuffix($0) }
    }

    /// The words as a merchant's name (its first letter capitalised, by Turkish rules after a Turkish case ending), or
    /// nil when they read as something else.
    private func accepted(_ words: [String], turkish: Bool = false, wholeStem: Bool = false) -> String? {
        let name = words.joined(separator: " ")
        // "Waxing the City": "the" and "of" joining capitalised words are no common words of the name's own.
        let checked = words.count > 2 ? words.filter { !["the", "of"].contains($0) }.joined(separator: " ") : name
        guard acceptable(checked, wholeStem: wholeStem), let first = name.first else { return nil }
        // Read before a Turkish case ending, a lower-case name is capitalised as Turkish writes it ("ikea'ya" → "İkea").
        guard first.isLowercase else { return name }
        if words.count == 1 { return Self.spelledAsName(name, turkish: turkish, alone: true) }
        return turkish && first == "i" ? "İ" + name.dropFirst() : first.uppercased() + name.dropFirst()
    }

    /// Whether `name` can be a merchant's name, or with `partOfName` a word of one ("Petrol" in "Petrol Ofisi'nde",
    /// which alone would be the fuel category; a name of more than one word is no category either).
    /// With `allowingCommonWords`, a name of more words may hold one of `notNames` ("English Home").
    /// With `wholeStem`, a word written before an apostrophe, which carries no ending of its own: a category's word is
    /// only the whole of it ("market'e"), never its start ("cinemapink'e" is no cinema).
    /// With `allowingPlaces`, a town's name too, where nothing but a shop can stand ("hollister this month compared to
    /// last month": a budget has no places, and no "in" makes it one); never a city of 250,000 people or more, which a
    /// traveller's question names as where the money went ("istanbul last month").
    func acceptable(_ name: String, partOfName: Bool = false, allowingCommonWords: Bool = false, wholeStem: Bool = false,
                    allowingPlaces: Bool = false, anyPlace: Bool = false) -> Bool {
        let folded = TextMatching.words(name)
        guard !folded.isEmpty, name.contains(where: \.isLetter), allowingCommonWords || !folded.contains(where: Self.notNames.contains) else { return false }
        guard !(folded.count == 1 && Self.isKinsHome(folded[0])) else { return false }
        // Written before an apostrophe, a word that is a month or a weekday only with an ending cut is the whole name:
        // "martı'ya" is Martı, no March.
        // So is such a word ending a compound before it: "malatya pazarı'na" is no Sunday; the words before it are still read.
        let nameBeforeApostrophe = wholeStem && folded.count == 1 && DateResolver.isDateOnlyWithEnding(folded[0])
        let compoundBeforeApostrophe = wholeStem && folded.count >= 2 && DateResolver.isDateOnlyWithEnding(folded[folded.count - 1])
        // Initials opening a name make the words after them the name's, whatever they read as alone: "h mart" is no
        // March, "tgi fridays" no Friday (the question's period is then read without them, `FinanceQuestion.read`).
        let opensWithInitials = folded.count >= 2 && Self.isInitials(folded[0])
        let (period, other) = nameBeforeApostrophe || opensWithInitials ? (nil, nil)
            : periods(in: compoundBeforeApostrophe ? folded.dropLast().joined(separator: " ") : name)
        guard period == nil, other == nil,
              nameBeforeApostrophe || opensWithInitials || compoundBeforeApostrophe || today.resolve(name).departure == nil,
              FollowUp.shift(in: name) == nil else {
            return false
        }
        if !partOfName, folded.count == 1, Self.category(in: name) != nil,
           !wholeStem || Self.categories.contains(where: { $0.1.contains { TextMatching.words($0) == folded } }) || Self.misspelledCategory(folded) != nil {
            return false
        }
        if !anyPlace, let place = Gazetteer.builtin.city(named: name), !place.isCommonWord, !Self.isHamlet(place),
           !allowingPlaces || place.population >= 250_000 { return false }
        return true
    }

    /// "annemlere gittik", "teyzemlerde kaldık": a relative's family, their home, with "-ler" after the possessive (and
    /// any case after it); a person's place, never a shop.
    static func isKinsHome(_ folded: String) -> Bool {
        kinStems.contains { stem in folded.hasPrefix(stem) && ["ler", "lar"].contains { folded.dropFirst(stem.count).hasPrefix($0) } }
    }

    /// A relative with "my" or "our", folded: "annem" (my mother), "teyzem" (my aunt), "babamız" (our father).
    static let kinStems = ["anneannem", "babaannem", "annem", "babam", "teyzem", "dayim", "amcam", "halam", "dedem", "ninem", "ablam",
                           "abim", "kardesim", "esim", "kuzenim", "annemiz", "babamiz"]

    /// A place of fewer than 1,000 people (its population known): the gazetteer holds such towns for their airfields,
    /// for flight searches, and a shop's name is the likelier reading in a question about spending ("arco fill-ups" is
    /// the petrol station, not Arco, Idaho).
    static func isHamlet(_ place: Gazetteer.City) -> Bool { place.population > 0 && place.population < 1_000 }

    /// What is bought at a merchant, after its name: "Lyft rides", "Deliveroo orders", "costco trips", "chipotle visit".
    /// Not "trip": a name may end with it ("Kwik Trip").
    static let boughtThere: Set<String> = ["ride", "rides", "order", "orders", "purchase", "purchases", "delivery", "deliveries",
                                           "subscription", "subscriptions", "membership", "bill", "bills", "payment", "payments", "charge", "charges", "run", "runs", "tab", "tabs",
                                           "receipt", "receipts", "haul", "hauls", "ticket", "tickets", "tix", "fill-up", "fill-ups", "fillups",
                                           "booking", "bookings", "stay", "stays", "trips", "visit", "visits", "rental", "rentals",
                                           "transaction", "transactions", "fare", "fares",
                                           // "checkers drive-thru", "ezpass tolls", "fantastic sams haircut", "perkins breakfast",
                                           // "kroger stops": what one stops there for.
                                           "drive-thru", "drive-through", "drivethru", "toll", "tolls", "haircut", "haircuts", "breakfast",
                                           "brunch", "stops"]

    /// Whether `index` is "shop" after a one-word name with no article nor other plain word before it: "avg waitrose
    /// shop", "avg Tesco shop" (a grocery shop), never "the corner shop" or "my local corner shop".
    static func shopAfterName(_ folded: [String], at index: Int) -> Bool {
        guard index < folded.count, folded[index] == "shop", index >= 1 else { return false }
        return index == 1 || !["the", "a", "an", "this", "that", "local", "corner", "my", "our"].contains(folded[index - 2])
    }

    /// Names tried per question: a question names a merchant or two, and a longer list of candidates is no question.
    static let maxCandidates = 4

    /// Turkish case endings after a name's apostrophe, folded: dative, locative, ablative, genitive, -ki, with.
    static let caseEndings: Set<String> = ["a", "e", "ya", "ye", "na", "ne", "da", "de", "ta", "te", "nda", "nde", "dan", "den", "tan",
                                           "ten", "ndan", "nden", "in", "un", "nin", "nun", "daki", "deki", "taki", "teki", "ndaki",
                                           "ndeki", "la", "le", "yla", "yle"]

    /// Words no merchant's name is made of here: pronouns, the words that follow "at" in a question, units of time
    /// and holidays ("at New Year", "at the weekend", "Yılbaşı'nda", "Ramazan Bayramı'nda").
    static let notNames: Set<String> = ["bu", "su", "o", "bura", "ora", "sura", "bunlar", "onlar", "ben", "sen", "biz", "siz", "i", "me",
                                        "my", "that", "this", "there", "here", "home", "work", "least", "most", "all", "once", "the",
                                        "a", "an", "any", "some", "what", "which", "where", "when", "how", "day", "days", "week",
                                        "weekend", "month", "year", "years", "gun", "hafta", "ay", "yil", "yilbasi", "bayram",
                                        "bayrami", "ramazan", "kurban", "noel", "paskalya", "christmas", "easter", "halloween",
                                        "thanksgiving", "valentine", "valentines", "sevgililer",
                                        // "nisan-haziran döneminde": a period ("dönem"), as "ay" and "hafta" are.
                                        "donem", "donemi", "donemde", "doneminde",
                                        // "çarşamba günkü harcamalar": the day's, as "-ki" makes "gün" an adjective.
                                        "gunku", "haftaki", "ayki", "yilki"]
}

/// A shop named by a word and the kind of shop it is, in lower case, with a Turkish case ending after an apostrophe:
/// "atasun optik'e", "bkm kitap'a", "mikel coffee'de". The kind alone would be read as a category ("kitap'a", books;
/// "coffee'de", cafes) or as a name of its own ("Optik"), and the word before it was passed over when it looked like a
/// Turkish word in a case ("atasun": "-sun"). But the apostrophe puts the ending on the kind, so the word before it
/// carries none: it is the shop's own name, and the two words are the shop (its category then cleared, as for any
/// named shop). Never a common word, a period's word, a number or a pronoun before it ("geçen ay market'e" is the
/// groceries of last month; "bu yıl kitap'a" the books of this year).
extension FinanceUnderstander {
    /// The kinds of shop a name is written before: a category's own word ("kitap", "coffee", "market") or a shop's
    /// trade that is no category here.
    static let tradesBeforeApostrophe: Set<String> = ["optik", "eczane", "eczanesi", "kirtasiye", "firin", "pastane", "pastanesi", "kuyumcu", "mobilya",
                                         "oyuncak", "cicekci",
                                         // "zübeyir ocakbaşı'nda", "halil usta kebapçısı'na": a grill house, a kebab shop.
                                         "ocakbasi", "kebapcisi",
                                         // "akdeniz elektrik'e", "zeki triko'dan": an electricity distributor (named for its
                                         // region), a knitwear or textile maker, a hardware shop.
                                         "elektrik", "triko", "tekstil", "nalbur", "hirdavat", "zuccaciye"]

    /// Whether the folded word after a name is a kind of shop, as the type's comment says.
    static func isShopKind(_ folded: String) -> Bool {
        if tradesBeforeApostrophe.contains(folded) || shopKinds.contains(folded) || category([folded]) != nil && categories.contains(where: { $0.1.contains { TextMatching.words($0) == [folded] } }) {
            return true
        }
        // "sinemaları", "kitabevleri": a kind's plural with the possessive, as a chain's name writes it ("Avşar Sinemaları").
        if folded.count > 7, folded.hasSuffix("lari") || folded.hasSuffix("leri") { return isShopKind(String(folded.dropLast(4))) }
        // "kahvesi": a kind with the possessive after a vowel, as "Hayal Kahvesi" writes it.
        guard folded.count > 5, ["si", "su"].contains(String(folded.suffix(2))), let vowel = folded.dropLast(2).last, "aeiou".contains(vowel) else {
            return false
        }
        return isShopKind(String(folded.dropLast(2)))
    }

    /// The shop `previous` and the kind `stem` name together, or nil when `previous` is no name's word.
    func nameBeforeShopKind(_ previous: String, _ stem: String) -> String? {
        let folded = TextMatching.fold(previous), kind = TextMatching.fold(stem)
        let initials = previous.count == 2 && !previous.contains(where: { "aeiouıöüy".contains($0) })
        guard Self.isShopKind(kind), previous.count >= 3 || initials, previous.allSatisfy({ $0.isLetter && $0.isLowercase }),
              !Self.notNameWords.contains(folded), !Self.notNames.contains(folded), !Self.isTimeWord(folded), !Self.hasIntentCue(previous),
              Self.category(in: previous) == nil, acceptable(previous, partOfName: true), periods(in: previous).0 == nil else { return nil }
        return [previous, stem].map { Self.spelledAsName($0, turkish: true, alone: true) }.joined(separator: " ")
    }
}

extension Substring {
    /// The word without the punctuation a sentence puts around it ("IKEA?" → "IKEA"); an apostrophe inside stays.
    var trimmingPunctuation: String {
        let kept: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "&" }
        guard let start = firstIndex(where: kept), let end = lastIndex(where: kept) else { return "" }
        return String(self[start...end])
    }
}

/// Two words "&" joins before a Turkish case ending ("marks & spencer'da"): one name, as after "at" in English ("at dave &
/// buster's"). Neither word a kind of shop, a category's, a period's or a common word ("kahve & market'e" is none).
extension FinanceUnderstander {
    func ampersandName(_ previous: String, _ stem: String) -> String? {
        let words = [previous, stem]
        guard words.allSatisfy({ $0.count >= 2 && $0.allSatisfy(\.isLetter) }),
              !words.contains(where: { Self.isShopKind(TextMatching.fold($0)) || Self.category(in: $0) != nil || Self.notNames.contains(TextMatching.fold($0))
                                      || Self.notNameWords.contains(TextMatching.fold($0)) || Self.isTimeWord(TextMatching.fold($0)) }) else { return nil }
        let name = words.map { Self.spelledAsName($0, turkish: true) }.joined(separator: " & ")
        return acceptable(name, allowingCommonWords: true) ? name : nil
    }
}
