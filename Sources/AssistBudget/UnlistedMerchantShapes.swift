import AssistUnderstanding

/// A merchant the user never paid, written without capitals: the shapes of a name in a question when nothing but
/// its place in the sentence marks it (`unlistedMerchant` reads the capitalised and apostrophed ones).
/// - English: one or two words after "at" or "about" that end the question or come before its period ("at target this
///   year", "what about koçtaş?", "at home depot"); one or two before what is bought there ("my best buy purchases",
///   "avg uniqlo order", "biggest shake shack bill", "every aldi receipt", "Chick-fil-A runs"); the first word before
///   "total" or "spending" ("popeyes total", "Exxon total"); one or two between "did" and what it takes ("how much did
///   hulu take", "did olive garden set us back"); after "spent on", "hit" or "try" as after "at" ("spent on trainline",
///   "hit krispy kreme", "try tk maxx"); after "of that was" ("how much of that was macy's"). A plus may end a name
///   ("paramount+"), two consonants open one ("tk maxx"), "&" or "a" join its words ("bath & body works", "pret a manger").
/// - Turkish: a word with a case ending and no apostrophe before "ne kadar", a spending verb or "aldıklarım" ("bu yıl
///   pentiye ne kadar harcadım"), or alone in a short follow-up ("peki koçtaşa?"); a compound whose second word has
///   the possessive and a case ending ("tavuk dünyasından"); a word before "alışveriş…" or "sipariş…" ("rossmann
///   alışverişlerimin"), or opening the question or after its period before "harcama…", "bilet…", "ödeme…" ("ocaktaki beymen
///   harcamalarımı"); with an apostrophe, a lowercase word before it of the same name ("madame coco'ya", "ayakkabı
///   dünyası'nda").
/// Never a common word (`notNameWords`), a period, a holiday, a category (alone or with the noun after it: "book
/// purchases"), a number, a place or a pronoun.
extension FinanceUnderstander {
    func lowercaseMerchant(in text: String) -> String? {
        let tokens = text.split(whereSeparator: \.isWhitespace).map { $0.trimmingPunctuation }.filter { !$0.isEmpty }
        let folded = tokens.map(TextMatching.fold)
        // A holiday's words are the question's period, never a name's ("black friday online orders": no shop "Black").
        // "new year's eve": folding turns the apostrophe into a space inside the word, which the holiday's words run together.
        let holidayWords = DateResolver.holidayWords(in: folded.map { $0.filter { $0 != " " } })
        // A word of letters (a hyphen between them: "chick-fil-a"), lower case; with `opening`, also the question's first
        // word written with a capital past its first letter ("Chick-fil-A runs"), which no sentence's start explains
        // ("Lyft rides" is capitalised as the first word is).
        // An English possessive may end it ("wendy's runs", "at lowe's"): the word before it is what is checked.
        // With `sentenceStart`, the question's first word may be capitalised as a sentence's is ("Nordstrom: …",
        // "Exxen üyeliğime"), in the shapes that read it the same in lower case; with `titled`, any word so capitalised
        // ("Tim Hortons: …").
        func plain(_ index: Int, opening: Bool = false, sentenceStart: Bool = false, titled: Bool = false) -> Bool {
            guard index >= 0, index < tokens.count, !holidayWords.contains(index) else { return false }
            // "paramount+": a plus ending the name, as a streaming service writes it.
            let written = Self.withoutPossessive(tokens[index]), word = written.hasSuffix("+") ? String(written.dropLast()) : written
            let stem = TextMatching.fold(word)
            let capitalised = (index == 0 || titled) && word.first?.isUppercase == true && !word.dropFirst().contains(where: \.isUppercase)
            // "tk maxx": two consonants, initials, as a name's first word before another; "la fitness": two letters that
            // are no word of either language's grammar, too.
            // "h mart": a lone consonant, an initial, before another word of the name (`isInitials`).
            let initials = (stem.count == 2 && (!stem.contains(where: { "aeiouy".contains($0) }) || !Self.twoLetterWords.contains(stem))
                || stem.count == 1 && Self.isInitials(stem)) && plain(index + 1)
            // "at&t", "pull&bear": "&" between letters, inside one word of a name.
            return word.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "&" }) && word.last?.isLetter == true && word.first?.isLetter == true
                && (word.first?.isLowercase == true || opening && index == 0 && word.dropFirst().contains(where: \.isUppercase)
                    || sentenceStart && capitalised)
                && (stem.count >= 3 || initials) && !Self.notNameWords.contains(stem) && !Self.notNames.contains(stem)
                && !Self.boughtThere.contains(stem)
        }
        // "philz coffee", "pj's coffee": a lower-case word no reader knows (no common word of either language), then a noun
        // a shop's name ends with (`nameEndingNouns`), is one name; the noun alone is the category's ("coffee runs").
        func nameEndingInNoun(_ index: Int) -> String? {
            guard index >= 0, index + 1 < tokens.count, Self.nameEndingNouns.contains(folded[index + 1]), !holidayWords.contains(index) else { return nil }
            let first = Self.withoutPossessive(tokens[index]), stem = TextMatching.fold(first)
            guard stem.count >= 2, first.allSatisfy({ $0.isLetter && $0.isLowercase }), !CommonWords.contains(stem),
                  !Self.notNameWords.contains(stem), !Self.notNames.contains(stem), !Self.boughtThere.contains(stem),
                  acceptable(tokens[index] + " " + tokens[index + 1], allowingCommonWords: true) else { return nil }
            return Self.spelledAsName(tokens[index]) + " " + Self.spelledAsName(tokens[index + 1])
        }
        // "home depot": a place's noun in lower case, opening a name of two words, as "home" or "work" is no name alone.
        func opensName(_ index: Int) -> Bool {
            index >= 0 && index + 1 < tokens.count && Self.placeNouns.contains(folded[index]) && tokens[index].first?.isLowercase == true
                && plain(index + 1) && !Self.periodOpeners.contains(folded[index + 1]) && !isPeriodWord(folded[index + 1])
        }
        // A month's name opens a period too: "jiffy lube total aug through oct".
        // "at potbelly the last 3 months": "the" before a period's word opens the period.
        // "try pacsun instead": "instead" ends the name it follows.
        func boundary(_ index: Int) -> Bool {
            index >= tokens.count || Self.periodOpeners.contains(folded[index]) || DateResolver.month(folded[index]) != nil
                || folded[index] == "instead"
                || folded[index] == "the" && index + 1 < folded.count && folded[index + 1] != "the" && isPeriodWord(folded[index + 1])
        }
        // "walgreens last month - total?": the question opening on a name, then its period, then what it asks ("eating out
        // in february, total?" opens on a category's words).
        // "pollo tropical in january - number of visits?": "number of" asks a count.
        func asks(_ index: Int) -> Bool {
            Self.totalWords.contains(folded[index]) || folded[index] == "how" && index + 1 < folded.count && ["much", "many"].contains(folded[index + 1])
                || folded[index] == "number" && index + 1 < folded.count && folded[index + 1] == "of"
        }
        // "at dave & buster's in one night": two words "&" joins from `first` on, the last perhaps a possessive, neither a
        // category's whole word ("buster" only begins with "bus"). "at pick n pay", "at guzman y gomez": "n" and Spanish
        // "y" (and) join two words as "&" does, kept in lower case as written. After "&" a word may have two letters: "kum & go".
        func joinedName(_ first: Int) -> String? {
            guard first + 2 < tokens.count, ["&", "n", "y"].contains(tokens[first + 1]), plain(first),
                  plain(first + 2) || tokens[first + 1] == "&" && tokens[first + 2].count == 2 && tokens[first + 2].allSatisfy({ $0.isLetter && $0.isLowercase }),
                  ![first, first + 2].contains(where: { Self.isShopKind(TextMatching.fold(Self.withoutPossessive(tokens[$0]))) }) else { return nil }
            let name = [Self.spelledAsName(tokens[first]), tokens[first + 1], Self.spelledAsName(tokens[first + 2])].joined(separator: " ")
            return acceptable(name, allowingCommonWords: true) ? name : nil
        }
        // "kwik trip", "flying j", "rooms to go": the words from `first` to the question's end (or `last`), two or three, as one name
        // of any words but a category's, a period's or a question's ("of that was last month" is none).
        func wholeRest(_ first: Int, through last: Int? = nil) -> String? {
            // "of that was at cumberland farms": "at" is the shape's, no word of the name.
            let start = first < tokens.count && folded[first] == "at" ? first + 1 : first, end = min(last.map { $0 + 1 } ?? tokens.count, tokens.count)
            guard start < end else { return nil }
            let rest = Array(start..<end)
            guard (2...3).contains(rest.count), rest.allSatisfy({ tokens[$0].allSatisfy { $0.isLetter || $0 == "'" || $0 == "’" || $0 == "-" } }),
                  !rest.contains(where: { isPeriodWord(folded[$0]) || Self.askingWords.contains(folded[$0]) }),
                  tokens[rest[0]].first?.isLowercase == true else { return nil }
            let name = rest.map { Self.spelledAsName(tokens[$0]) }.joined(separator: " ")
            return Self.category(in: name) == nil && acceptable(name, allowingCommonWords: true) ? name : nil
        }
        // "hobby lobby this quarter, how much …": two words of a name; three when the last is a kind of eating place ("great
        // wolf lodge in 2055, costliest visit?"). What is asked may follow a comma, a colon or a dash after the period
        // ("fabletics since easter: which order was the biggest").
        let breaks = Self.wordsAfterBreaks(text, count: tokens.count)
        for count in [1, 2, 3] where tokens.count > count + 1 && (0..<count).allSatisfy({ plain($0) }) && !Self.periodOpeners.contains(folded[0])
            && (count < 3 || Self.eatingPlaceKinds.contains(folded[2])) {
            // After a break, only the period may stand between ("ruby tuesday dinner saturday night, what …" names a
            // dinner, so no name "Ruby" before a Tuesday).
            // A period of up to five words: "centurylink for all of last year, total billed".
            if let asked = (count + 1..<min(count + 6, tokens.count)).first(where: {
                   asks($0) || breaks.contains($0) && (count..<$0).allSatisfy { isPeriodWord(folded[$0]) || holidayWords.contains($0) }
               }),
               Self.periodOpeners.contains(folded[count]) || periods(in: tokens[count]).0 != nil,
               Self.category(in: tokens[0...count].joined(separator: " ")) == nil,
               periods(in: tokens[count..<asked].joined(separator: " ")).0 != nil, let name = name(Array(0..<count), tokens, before: folded[asked]) {
                return name
            }
        }
        // "Morrisons so far this week?": the question is a name and its period, nothing else (not a follow-up's opener:
        // "peki eylülde?").
        let opensFollowUp = folded.isEmpty || FollowUp.openers.contains(folded[0]) || FollowUp.fillers.contains(folded[0]) || folded[0] == "peki"
        // "cenex's cut of that?", "sheetz's share of it": a possessive name, its part of the last answer.
        // "eataly's part in that number?": "in" as "of".
        if tokens.count >= 4, Self.isPossessive(tokens[0]), Self.partNouns.contains(folded[1]), ["of", "in"].contains(folded[2]),
           ["that", "it", "this", "those"].contains(folded[3]), plain(0, sentenceStart: true),
           let name = name(words: [Self.withoutPossessive(tokens[0])], before: nil) {
            return name
        }
        // "and the patel brothers slice of that?", "the allsups part of it": one to three words between "the" and a part of
        // the last answer, its payee.
        if let the = folded.firstIndex(of: "the"), let part = folded[(the + 1)...].prefix(4).firstIndex(where: Self.partNouns.contains),
           part > the + 1, part + 2 < folded.count, folded[part + 1] == "of", ["that", "it", "this", "those"].contains(folded[part + 2]),
           ((the + 1)..<part).allSatisfy({ plain($0, sentenceStart: false) }),
           let name = name(Array((the + 1)..<part), tokens) {
            return name
        }
        // "zipcar total for q3", "citi bike total for q3", "pick n pay total for q4": a name opening the question, "total"
        // right after it; of two words, one may be a common word when the other is no word ("citi bike"; "lime bike" is none).
        for count in [1, 2] where tokens.count > count + 1 && folded[count] == "total" && !opensFollowUp && !Self.periodOpeners.contains(folded[0]) {
            if (0..<count).allSatisfy({ plain($0, sentenceStart: $0 == 0) }), let name = name(Array(0..<count), tokens) { return name }
            if count == 2, tokens[0...1].allSatisfy({ $0.count >= 3 && $0.allSatisfy { $0.isLetter && $0.isLowercase } }),
               !(0...1).allSatisfy({ CommonWords.contains(folded[$0]) }), !folded[0...1].contains(where: { Self.notNames.contains($0) || isPeriodWord($0) }),
               let name = wholeRest(0, through: 1) { return name }
        }
        if tokens.count > 4, folded[3] == "total", !opensFollowUp, let name = joinedName(0) { return name }
        // "trader joe's since halloween": two words of a name, the second perhaps possessive; never "about", which makes
        // a follow-up however its first word is typed ("wht about 2032").
        for count in [1, 2] where tokens.count > count && !opensFollowUp
            && (0..<count).allSatisfy({ plain($0, sentenceStart: $0 == 0) || count == 2 && $0 == 0 && opensName(0) })
            && !Self.periodOpeners.contains(folded[0]) && !folded.prefix(count).contains("about") {
            // "wayfair q1 vs q2": two periods set against each other are the question's period too; "walmart, the day before
            // yesterday": "the" opens a period before a period's word.
            let theBeforePeriod = folded[count] == "the" && count + 1 < folded.count && folded[count + 1] != "the" && isPeriodWord(folded[count + 1])
            if Self.periodOpeners.contains(folded[count]) || periods(in: tokens[count]).0 != nil || theBeforePeriod,
               // "jewel-osco on columbus day": a holiday's words are the period's too.
               // "hollister this month compared to last month": two periods set against each other in words.
               (count..<folded.count).allSatisfy({ isPeriodWord(folded[$0]) || ["vs", "versus", "compared", "against", "than", "with"].contains(folded[$0])
                   || holidayWords.contains($0) }),
               periods(in: tokens.dropFirst(count).joined(separator: " ")).0 != nil,
               let name = name(Array(0..<count), tokens, allowingPlaces: true) {
                return name
            }
        }
        // "avis charged me what", "entergy went up in q3 compared to q2?", "likitgaz dün kaç lira çekti", "playstation plus bu
        // çeyrek kaç lira kesti": one or two words opening the question, the subject of a verb of charging, perhaps with the
        // question's period or what it asks between them.
        for count in [1, 2] where tokens.count > count && !opensFollowUp && (0..<count).allSatisfy({ plain($0, sentenceStart: $0 == 0) })
            && !Self.periodOpeners.contains(folded[0]) && !folded.prefix(count).contains(where: Self.askingWords.contains) {
            var verbAt = count
            while verbAt < folded.count, isPeriodWord(folded[verbAt]) || Self.askedBeforeChargeVerb.contains(folded[verbAt]) { verbAt += 1 }
            guard let turkish = Self.chargeVerb(folded, at: verbAt), let name = name(Array(0..<count), tokens, turkish: turkish) else { continue }
            return name
        }
        // "and costco?", "and Trader Joe's?", "kroger instead?": a short follow-up naming nothing but another shop, in any
        // case; a question word or an adverb is what the follow-up asks ("and then?", "and why?", "why instead?"), not a shop.
        let anotherShop: Range<Int>? = !(2...3).contains(tokens.count) ? nil
            : folded.first == "and" ? 1..<tokens.count : folded.last == "instead" ? 0..<(tokens.count - 1) : nil
        if let words = anotherShop, words.allSatisfy({ plain($0, sentenceStart: true, titled: true) }),
           !words.contains(where: { Self.askingWords.contains(folded[$0]) }), let name = name(Array(words), tokens) {
            return name
        }
        // "Nordstrom: what was my largest single charge", "hepsiburada - what was my priciest order": one or two words
        // opening the question before a colon or a dash, its topic.
        let raw = text.split(whereSeparator: \.isWhitespace)
        // "chipotle, was june pricier than may?": a name before a comma and a question of how it went (no adverb:
        // "honestly, was …"); "insomnia cookies, how many orders …": or before "how many" or "how much"; "el pollo loco,
        // average order, last 3 months": or before what it asks of them.
        func asksAfterComma(_ count: Int) -> Bool {
            let next = String(raw[count]).lowercased()
            let asks = ["was", "were", "is", "did", "what's", "whats", "what’s"].contains(next) || ["average", "avg", "total"].contains(String(raw[count].trimmingPunctuation).lowercased())
                || next == "how" && count + 1 < raw.count && ["many", "much"].contains(raw[count + 1].lowercased())
            return raw[count - 1].hasSuffix(",") && asks && !raw[count - 1].dropLast().lowercased().hasSuffix("ly")
        }
        if let topic = [1, 2, 3].first(where: { count in
            count < raw.count && (raw[count - 1].hasSuffix(":") && !raw[count - 1].dropLast().contains(":") || raw[count] == "-" || raw[count] == "–"
                // "trader joe's, was jan pricier than dec?": a possessive name before a comma.
                || raw[count - 1].hasSuffix("'s,") || raw[count - 1].hasSuffix("’s,")
                || asksAfterComma(count))
                && raw.prefix(count - 1).allSatisfy { !$0.contains(":") } && raw.prefix(count).allSatisfy { !$0.trimmingPunctuation.isEmpty }
        }), topic <= tokens.count, !opensFollowUp, (0..<topic).allSatisfy({ plain($0, sentenceStart: true, titled: true) }) {
            if let name = name(Array(0..<topic), tokens) { return name }
            // "viyana kahvesi: …": a Turkish compound whose possessive second word is a category's thing ("kahvesi", its
            // coffee) is a shop's whole name, a place's name before it too ("Viyana Kahvesi"); its category is the name's.
            // A common word before it says what kind ("türk kahvesi", Turkish coffee, is the cafes').
            if topic == 2, Self.endsLikePossessive(tokens[1]), Self.category(in: tokens[1]) != nil, Self.category(in: tokens[0]) == nil,
               Gazetteer.builtin.city(named: tokens[0]) != nil || !CommonWords.contains(folded[0]),
               acceptable(tokens[0] + " " + tokens[1], allowingCommonWords: true, allowingPlaces: true) {
                return tokens.prefix(2).map { Self.spelledAsName($0, turkish: true) }.joined(separator: " ")
            }
        }
        for index in tokens.indices {
            let word = folded[index]
            // "how much went to petco in q3": "went to" as "at".
            // "switch to tim hortons": "to" after a verb of changing the question's merchant, as "at"; "been to harkins",
            // after a visit.
            // "spent on trainline": "on" after spending, as "at"; "hit krispy kreme", "try tk maxx": a verb of visiting or
            // of trying another, the name its object.
            // "how much have i paid planet fitness", "have i given spirit": "paid" or "given" and its payee, as "at".
            // "priciest thing from best buy in q2": "from" after what was bought there, as "at".
            // "what did i pay carrabba's": "pay" after "i" or "we", its payee after it.
            // "which hit harder": "hit" before a comparative or a superlative is how hard it hit, no visit.
            if ["at", "about", "try", "paid", "given", "gave"].contains(word)
                || word == "hit" && !(index + 1 < folded.count && Self.hitHowHard.contains(folded[index + 1]))
                || word == "from" && index > 0 && Self.boughtThings.contains(folded[index - 1])
                // "how many times did i hit up cheba hut": "hit up", as "hit".
                || word == "up" && index > 0 && folded[index - 1] == "hit"
                || word == "pay" && index > 0 && ["i", "we"].contains(folded[index - 1])
                || word == "to" && index > 0 && ["went", "go", "goes", "gone", "going", "been", "switch", "change", "swap", "move"].contains(folded[index - 1])
                || word == "on" && index > 0 && ["spent", "spend", "spends", "spending"].contains(folded[index - 1]) {
                // "at target this year", "at best buy?", "what about koçtaş?"
                if plain(index + 1), boundary(index + 2), let name = name([index + 1], tokens) { return name }
                if boundary(index + 3), let name = nameEndingInNoun(index + 1) { return name }  // "at philz coffee last month"
                // "have I paid Peacock since October": the payee capitalised mid-sentence, as a name is.
                if ["paid", "pay", "given", "gave"].contains(word), plain(index + 1, sentenceStart: true, titled: true), boundary(index + 2),
                   let name = name([index + 1], tokens) { return name }
                // "have I paid Cricket Wireless since June", "did I pay National Grid this year": a payee of two capitalised
                // words before the period.
                if ["paid", "pay", "given", "gave"].contains(word), plain(index + 1, sentenceStart: true, titled: true), plain(index + 2, sentenceStart: true, titled: true),
                   boundary(index + 3), let name = name([index + 1, index + 2], tokens) { return name }
                if boundary(index + 4), let name = joinedName(index + 1) { return name }
                // "at peet's coffee in january": a possessive name and the noun after it, a category's or a common word too,
                // are one name (the possessive no common word nor pronoun: "at mom's place" is none).
                // A common word in the possessive names the shop there too ("at scooter's coffee"); a person's does not.
                if index + 2 < tokens.count, tokens[index + 1].hasSuffix("'s") || tokens[index + 1].hasSuffix("’s"),
                   plain(index + 1) || possessiveOfCommonWord(tokens[index + 1]),
                   tokens[index + 2].allSatisfy({ $0.isLetter && $0.isLowercase }), tokens[index + 2].count >= 3, boundary(index + 3),
                   !Self.boughtThere.contains(folded[index + 2]), !isPeriodWord(folded[index + 2]),
                   let first = name([index + 1], tokens) ?? (possessiveOfCommonWord(tokens[index + 1]) ? Self.spelledAsName(tokens[index + 1]) : nil) {
                    return first + " " + Self.spelledAsName(tokens[index + 2])
                }
                if plain(index + 1) || opensName(index + 1), plain(index + 2), boundary(index + 3),
                   let name = name([index + 1, index + 2], tokens) { return name }
                if word == "at", plain(index + 2), boundary(index + 3), let name = categoryWordOpeningName(index + 1, tokens, folded) { return name }
                // "at black bear diner this year", "at round table pizza": two or three words, no article nor pronoun before
                // them, ending in a kind of eating place, are a name (a common noun after "at" would take "the" or "a").
                // So is a market's ("at central market"; "at the farmers market" takes an article).
                if word == "at" {
                    for count in [3, 2] where index + count < tokens.count
                        && (Self.eatingPlaceKinds.contains(folded[index + count]) || folded[index + count] == "market")
                        && boundary(index + count + 1) && (1..<count).allSatisfy({ plain(index + $0) }) {
                        let words = (1...count).map { tokens[index + $0] }
                        guard Self.category(in: words.dropLast().joined(separator: " ")) == nil,
                              acceptable(words.joined(separator: " "), allowingCommonWords: true) else { continue }
                        return words.map { Self.spelledAsName($0) }.joined(separator: " ")
                    }
                }
            } else if Self.boughtThere.contains(word) && !Self.runAsCost(folded, at: index) || Self.visitsAfterPossessive(word, tokens, at: index)
                        // "what's my torchy's tacos total": a name between "my" and "total" ("my local corner shop total" names a
                        // kind of place, no shop).
                        || word == "total" && folded[max(0, index - 4)..<index].contains("my")
                            && !folded[max(0, index - 3)..<index].contains(where: { Self.kindsOfPlace.contains($0) || Self.isShopKind($0) })
                        // "royal farms fill up": the two words of "fill-up" written apart.
                        || word == "fill" && index + 1 < folded.count && ["up", "ups"].contains(folded[index + 1]) {
                // "my best buy purchases", "avg uniqlo order", "biggest shake shack bill"; "barnes & noble purchases", an
                // ampersand between two words of the name.
                if index >= 3, tokens[index - 2] == "&", plain(index - 3), plain(index - 1),
                   let name = name([index - 3, index - 2, index - 1], tokens, before: word) { return name }
                // "pret a manger charge": the article "a" between two words of a name (alone, "a netflix charge" is Netflix).
                if index >= 3, folded[index - 2] == "a", plain(index - 3), plain(index - 1),
                   let name = name([index - 3, index - 2, index - 1], tokens, before: word) { return name }
                // "bath & body works order": one word, then two.
                if index >= 4, tokens[index - 3] == "&", plain(index - 4), plain(index - 2), plain(index - 1),
                   let name = name([index - 4, index - 3, index - 2, index - 1], tokens, before: word) { return name }
                // "dick's sporting goods purchases": a possessive name's first word, then two more.
                if index >= 3, Self.isPossessive(tokens[index - 3]), plain(index - 3), plain(index - 2), plain(index - 1),
                   let name = name([index - 3, index - 2, index - 1], tokens, before: word) { return name }
                // "biggest european wax center bill": three words of a name, the word before them none.
                if index >= 3, plain(index - 3), plain(index - 2), plain(index - 1), !plain(index - 4), index < 4 || tokens[index - 4] != "&",
                   let name = name([index - 3, index - 2, index - 1], tokens, before: word) { return name }
                if index >= 2, let name = nameEndingInNoun(index - 2) { return name }  // "biggby coffee runs"
                // "home depot purchases": a place's noun may open the name (`opensName`).
                if plain(index - 2) || opensName(index - 2), plain(index - 1), index < 3 || tokens[index - 3] != "&",
                   let name = name([index - 2, index - 1], tokens, before: word) { return name }
                // "coffee shop visits": a kind of place alone is no name (the category's words before it are the category's).
                if plain(index - 1, opening: true), !Self.kindsOfPlace.contains(folded[index - 1]),
                   let name = name([index - 1], tokens, before: word) { return name }
            } else if Self.englishUtilityKinds.contains(word), index >= 1, let name = utilityName(index - 1, tokens, folded, { plain($0) }) {
                return name  // "was georgia power higher in october", "duke energy bill"
            } else if Self.shopAfterName(folded, at: index), plain(index - 1), !plain(index - 2), let name = name([index - 1], tokens, before: word) {
                return name  // "avg waitrose shop over the last 6 months"
            } else if ["avg", "average", "typical"].contains(word), plain(index + 1), index + 2 < folded.count,
                      plain(index + 2) || Self.totalWords.contains(folded[index + 2]),
                      boundary(index + 3) || index + 3 < folded.count && folded[index + 3] == "per",
                      let name = name([index + 1], tokens, before: folded[index + 2]) {
                // "avg sweetgreen bowl since january", "average chipotle spend per visit": the average of what is bought there
                return name
            } else if index == 1, Self.totalWords.contains(word), plain(0, sentenceStart: true), let name = name([0], tokens, before: word) {
                return name  // "popeyes total for last weekend"
            } else if index == 2, Self.totalWords.contains(word), plain(0), plain(1), boundary(3), let name = name([0, 1], tokens, before: word) {
                return name  // "panera bread total for the past 14 days", "tk maxx spending in the last 2 months"
            } else if word.hasPrefix("siparis"), index >= 2, Self.dishesNamingShops.contains(folded[index - 1]), plain(index - 2),
                      readsAsName(tokens[index - 2]), !CommonWords.isTurkishOnly(folded[index - 2]),
                      index == 2 || !plain(index - 3) {
                // "terra pizza siparişlerim": a name's word, then the dish the shop is named for, before the orders.
                return [tokens[index - 2], tokens[index - 1]].map { Self.spelledAsName($0, turkish: true) }.joined(separator: " ")
            } else if word.hasPrefix("alisveris") || word.hasPrefix("siparis"), plain(index - 1), readsAsName(tokens[index - 1]),
                      !Self.dishesNamingShops.contains(folded[index - 1]),  // "pizza siparişlerim": the dish ordered
                      // "pazaramadan verdiğim siparişleri": a participle before them is what was done, no name.
                      !Self.isParticiple(folded[index - 1]),
                      // "kaç paket sipariş etmişim": what is counted, no name.
                      !Self.isCounted(folded, at: index - 1),
                      let name = name([index - 1], tokens, before: word, turkish: true) {
                return name  // "rossmann alışverişlerimin"
            } else if Self.spendingNouns.contains(where: word.hasPrefix), let name = nameBeforeSpending(at: index, tokens, { plain($0, sentenceStart: true) }) {
                return name  // "ocaktaki beymen harcamalarımı", "geçen çarşamba simit sarayı harcamalarımı", "superonline faturalarım"
            } else if ["did", "does", "has", "have"].contains(word), let verb = (2...3).first(where: { index + $0 < tokens.count && (Self.costVerbs.contains(folded[index + $0])
                // "what did culver's run me": "run" with me or us after it is a cost ("did the kids run" is none).
                || folded[index + $0] == "run" && index + $0 + 1 < tokens.count && ["me", "us"].contains(folded[index + $0 + 1])) }),
                      (index + 1..<index + verb).allSatisfy({ plain($0, sentenceStart: true, titled: true) }),
                      let name = name(Array(index + 1..<index + verb), tokens) {
                // "What did Paramount+ cost me": capitalised after "did", as a name is mid-sentence.
                return name  // "how much did hulu take from me", "how much did home depot cost", "did olive garden set us back"
            } else if word == "was", index >= 2, folded[index - 2] == "of", ["that", "it", "this"].contains(folded[index - 1]),
                      let name = index + 2 == tokens.count && plain(index + 1) ? name([index + 1], tokens)
                        : index + 4 == tokens.count ? joinedName(index + 1) ?? wholeRest(index + 1) : wholeRest(index + 1) {
                // "how much of that was macy's", "what share of that was kum & go", "how much of that was kwik trip": a part of the
                // last answer, at a name (the rest of the question, two or three words).
                return name
            } else if plain(index), !Self.dishesNamingShops.contains(word),  // "pizza" is a dish, no "pizz" with "-a"
                      let (stem, compound) = Self.caseStems(tokens[index]).first(where: { $0.0.count >= 3 }) {
                // "mubi aboneliğime": a payment's noun with the possessive and a case is what was paid, never a name's word
                // (the name before it is `nameBeforeSpending`'s, or none).
                if Self.spendingNouns.contains(where: TextMatching.fold(stem).hasPrefix) { continue }
                // "kafeye her uğrayışımda", "her gidişimizde": after "her" (each), a visit counted, no name.
                if index > 0, folded[index - 1] == "her" { continue }
                // "paşabahçe harcamalarımı", "kuzuka siparişlerim": before a noun of what was paid there, with its possessive, a
                // name stands bare, its final vowel its own (no "Kuzuk" with "-a"). So before "hesabım(ız)" ("beyte hesabımız":
                // no "Beyt"), where "hesap" is as often an account as a bill.
                if index + 1 < folded.count, ["harcama", "siparis", "hesabim", "hesabiniz", "hesaplarim"].contains(where: folded[index + 1].hasPrefix),
                   tokens[index].count - stem.count == 1 { continue }
                // "dürümzadede ortalama ne bırakıyorum": what the question asks may come between the name and its verb.
                var nextAt = index + 1
                while nextAt < folded.count, Self.askedBeforeVerb.contains(folded[nextAt]) { nextAt += 1 }
                let next = nextAt < folded.count ? folded[nextAt] : ""
                let shortFollowUp = tokens.count <= 3 && tokens.indices.allSatisfy { $0 == index || FollowUp.openers.contains(folded[$0])
                    || FollowUp.fillers.contains(folded[$0]) || folded[$0] == "peki" }
                // "coffyye bu hafta kaç para gitti": the question's period may come between the name and what it asks.
                let asksAfterPeriod = (1...3).contains { length in
                    guard index + length + 1 < folded.count else { return false }
                    // "mezzalunada bu sonbahar en pahalı …", "kayserigaza son 12 ayda ortalama ne …": what is asked may open
                    // with a superlative or an average.
                    let asked = folded[index + length + 1]
                    return (["ne", "kac", "en"].contains(asked) || Self.askedBeforeVerb.contains(asked) || Self.spendingAfter.contains(where: asked.hasPrefix))
                        && periods(in: tokens[(index + 1)...(index + length)].joined(separator: " ")).0 != nil
                        // "terra pizza siparişlerim ekimde ne": the words between open with the period, not another noun.
                        && isPeriodWord(folded[index + 1])
                }
                // "inci pastanesine de bak bir": a short follow-up looking at this one too ("de", also, and a verb of looking).
                let alsoLooks = tokens.count <= 6 && ["de", "da"].contains(next) && folded.contains { $0.hasPrefix("bak") }
                guard shortFollowUp || ["ne", "kac"].contains(next) || Self.spendingAfter.contains(where: next.hasPrefix) || asksAfterPeriod
                    || alsoLooks
                else { continue }
                // "remzi kitabevinden": a compound naming a kind of shop, a name its first word.
                if compound, index > 0, Self.shopKinds.contains(TextMatching.fold(stem)), plain(index - 1), !Self.isGenitive(folded[index - 1]),
                   readsAsName(tokens[index - 1]), periods(in: tokens[index - 1]).0 == nil {
                    return [tokens[index - 1], stem].map { Self.spelledAsName($0, turkish: true) }.joined(separator: " ")
                }
                guard readsAsName(tokens[index]) else { continue }
                if Self.isCounted(folded, at: index) { continue }
                // "uçak biletine", "kişisel bakıma": a noun after a category's word is that category's thing, not a name.
                // "kahve diyarına": a compound's possessive second word, no category's nor common word, makes the category's word
                // before it the name's first ("uçak biletine" stays the ticket).
                if index > 0, compound, Self.category(in: stem) == nil, !Self.notNameWords.contains(TextMatching.fold(stem)),
                   Self.category(in: tokens[index - 1]) != nil, let name = lowercaseCompound(tokens[index - 1], stem) {
                    return name
                }
                if index > 0, Self.category(in: tokens[index - 1]) != nil || Self.category(in: tokens[index - 1] + " " + stem) != nil { continue }
                // "tavuk dünyasından": the word before joins a compound's possessive second word.
                // A first word in the genitive makes it a possession, no name ("annemin evine": to my mother's house).
                if compound, index > 0, Self.isGenitive(folded[index - 1]) { continue }
                // "bursa kebap evine": a city's name, in lower case and in no case, before such a compound is the name's first
                // word too ("Bursa Kebap Evi"), as Turkish restaurants are named for a city's dish.
                if compound, index >= 2, plain(index - 1), !Self.isTimeNounInCase(folded[index - 1]),
                   tokens[index - 2].allSatisfy({ $0.isLetter && $0.isLowercase }), Gazetteer.builtin.city(named: tokens[index - 2]) != nil,
                   let name = name([index - 2, index - 1], tokens, last: stem, turkish: true, allowingPlaces: true) { return name }
                // "anneler gününde çiçeksepetine": a day's noun in a case is the period, not the name's first word.
                if compound, plain(index - 1), !Self.isTimeNounInCase(folded[index - 1]),
                   let name = name([index - 1], tokens, last: stem, turkish: true) { return name }
                // "geçen hafta sonu pasaport pizzaya": a word of plain letters with no Turkish ending before it, right after
                // the question's period (or opening it), is the name's first word.
                if !compound, index >= 1, plain(index - 1), lowercaseName(tokens[index - 1], joining: stem) != nil,
                   periods(in: tokens[index - 1]).0 == nil,
                   index == 1 || periods(in: tokens[max(0, index - 4)..<(index - 1)].joined(separator: " ")).0 != nil,
                   let name = name([index - 1], tokens, last: stem, turkish: true) {
                    return name
                }
                // A bare word in a case is a name only opening the question or after its period: "bu yıl pentiye".
                // Words of the question between ("geçen hafta kaç kez baydönerden") leave it so.
                var before = index
                while before > 0, Self.questionWords.contains(folded[before - 1]) { before -= 1 }
                let opensOrFollowsPeriod = before == 0 || shortFollowUp || periods(in: tokens[max(0, before - 3)..<before].joined(separator: " ")).0 != nil
                if opensOrFollowsPeriod, let name = name([], tokens, last: stem, turkish: true) { return name }
            }
        }
        // "netgsm geçen yıl bana toplam ne kadar fatura çıkardı": a Turkish question opening on one word no reader knows (no
        // common word of either language), then its period ("geçen", "son", "bu", a month), then what it asks: the payee,
        // when no shape above has read the question (a case ending on the word is read by them: "hakmardan").
        if tokens.count >= 4, plain(0), folded[0].count >= 4, !CommonWords.contains(folded[0]), folded[0].allSatisfy(\.isLetter),
           Self.caseStems(tokens[0]).isEmpty,
           Self.turkishPeriodOpeners.contains(folded[1]) || DateResolver.month(folded[1]) != nil,
           periods(in: tokens[1...2].joined(separator: " ")).0 != nil,
           folded.contains("toplam") || folded.contains("kac") || zip(folded, folded.dropFirst()).contains(where: { $0 == "ne" && $1 == "kadar" }),
           let name = name(words: [tokens[0]], before: nil, turkish: true) {
            return name
        }
        return nil
    }

    /// The name before "harcama…" at `index`, opening the question or after its period: one word, or two when the
    /// second has a compound's possessive ("simit sarayı"). Never a participle ("yaptığım harcamalar": the spending I did).
    private func nameBeforeSpending(at index: Int, _ tokens: [String], _ plain: (Int) -> Bool) -> String? {
        // "dicle elektrik faturam": a utility's name, its own word (no place, period or common word) and the energy it
        // sells, before its bill, opening the question or after its period; "elektrik faturam" alone is the bills.
        if index >= 2, TextMatching.fold(tokens[index]).hasPrefix("fatura"), Self.utilityKinds.contains(TextMatching.fold(tokens[index - 1])),
           plain(index - 2), readsAsName(tokens[index - 2]), acceptable(tokens[index - 2]),
           !Self.sizesOfBill.contains(TextMatching.fold(tokens[index - 2])),
           index == 2 || periods(in: tokens[max(0, index - 5)..<(index - 2)].joined(separator: " ")).0 != nil {
            return [tokens[index - 2], tokens[index - 1]].map { Self.spelledAsName($0, turkish: true) }.joined(separator: " ")
        }
        for count in [2, 1] {
            let first = index - count
            guard first >= 0, (first..<index).allSatisfy({ plain($0) && readsAsName(tokens[$0]) }),
                  !Self.isParticiple(TextMatching.fold(tokens[index - 1])),
                  !(first..<index).contains(where: { Self.isTimeNounInCase(TextMatching.fold(tokens[$0])) }),
                  // Two words with no possessive only opening the question ("mars athletic üyeliğime"), or after a
                  // trade's noun, a name's first word ("eylülde tatlıcı safa harcamalarımı").
                  // So after a period a postposition closes ("20 mayıs - 3 haziran arası faik sönmez harcamam").
                  count == 1 || Self.endsLikePossessive(tokens[index - 1]) || first == 0 || Self.isTradeNoun(TextMatching.fold(tokens[first]))
                    || Self.periodClosers.contains(TextMatching.fold(tokens[first - 1])),
                  // "yılbaşından bu yana blutv ödemelerimi": a period of three words when "yana" closes it ("bu ayın en
                  // yüksek faturası" has "en" between), never a category's first word ("geçen ayki kişisel bakım").
                  // So does a noun of time in its genitive ("son 6 ayın şuski faturaları": the period's count before it).
                  first == 0 || periods(in: tokens[max(0, first - (TextMatching.fold(tokens[first - 1]) == "yana"
                                                                   || Self.isTimeNounInCase(TextMatching.fold(tokens[first - 1])) ? 3 : 2))..<first]
                    .joined(separator: " ")).0 != nil && Self.category(in: tokens[first - 1] + " " + tokens[first]) == nil else { continue }
            if let name = name(Array(first..<index), tokens, before: tokens[index], turkish: true) { return name }
        }
        return nil
    }

    /// "kaç ziyarette harcamışım", "kaç paket sipariş": after "kaç" (how many) a word is what is counted, no name.
    static func isCounted(_ folded: [String], at index: Int) -> Bool { index > 0 && folded[index - 1] == "kac" }

    /// Turkish postpositions that close a period, folded: "… arası", "… boyunca", "… beri".
    static let periodClosers: Set<String> = ["arasi", "arasinda", "arasindaki", "boyunca", "beri", "itibaren"]

    /// What an American utility sells, the second word of its name ("Georgia Power", "Duke Energy", "Xcel Energy").
    static let englishUtilityKinds: Set<String> = ["power", "energy", "electric"]

    /// "georgia power", "duke energy": the word before a utility's kind, a place's name too, is the utility's own, when
    /// no other word of a name comes before it ("my electric bill", "the power company", "solar energy" are none: a
    /// pronoun, an article, a common adjective).
    func utilityName(_ index: Int, _ tokens: [String], _ folded: [String], _ plain: (Int) -> Bool) -> String? {
        let word = tokens[index], stem = folded[index]
        guard word.count >= 3, word.allSatisfy({ $0.isLetter && $0.isLowercase }), !Self.notNameWords.contains(stem), !Self.notNames.contains(stem),
              !Self.isTimeWord(stem), !isPeriodWord(stem), Self.category(in: word) == nil, !Self.hasIntentCue(word),
              !["solar", "wind", "nuclear", "green", "clean", "renewable", "static", "total", "extra"].contains(stem),
              index == 0 || !plain(index - 1) else { return nil }
        return Self.spelledAsName(word) + " " + Self.spelledAsName(tokens[index + 1])
    }

    /// What a Turkish utility sells, the second word of its name ("Dicle Elektrik", "Başkent Doğalgaz"), folded.
    static let utilityKinds: Set<String> = ["elektrik", "elektrigi", "enerji", "dogalgaz", "gaz"]

    /// Words that say how a bill was, before its kind ("yüksek elektrik faturam": my high electricity bill), folded.
    static let sizesOfBill: Set<String> = ["yuksek", "dusuk", "kabarik", "tuzlu", "normal", "eski", "yeni", "odenmemis", "gecikmis"]

    /// A Turkish noun of time with the possessive and a case, folded, ending a period ("eylül ayındaki", "ilk yarısında",
    /// "geçen haftasındaki"): no name before "abonelik" or "fatura".
    static func isTimeNounInCase(_ word: String) -> Bool {
        ["ayin", "ayi", "yarisi", "yarisin", "haftasi", "haftanin", "yilin", "yili", "senesi", "senenin", "ceyregi", "ceyreg", "donemi",
         "gunu", "gunun", "gecesi", "gecesin"]
            .contains(where: word.hasPrefix)
    }

    /// A Turkish genitive after a possessive or a vowel, folded: "annemin", "arkadasimin", "sirketinin", "okulunun".
    static func isGenitive(_ word: String) -> Bool {
        ["min", "mun", "nin", "nun"].contains(where: word.hasSuffix) && word.count >= 5
    }

    /// A Turkish relative participle, folded: "yaptigim", "aldigimiz", "odedigim", "buldugum" (what I did, bought, paid).
    static func isParticiple(_ word: String) -> Bool {
        ["dig", "tig", "dug", "tug"].contains { stem in
            ["im", "imiz", "in", "i", "um", "umuz", "un", "u"].contains { word.hasSuffix(stem + $0) }
        } || ["dikleri", "tikleri", "duklari", "tuklari", "diklerim", "tiklerim", "duklarim", "tuklarim"].contains(where: word.hasSuffix)
            // The passive's participle: "çekilen abonelik ücretleri" (the fees taken), "ödenen", "yapılan", "harcanan".
            || word.count >= 6 && ["ilen", "ilan", "ulen", "ulan", "enen", "anan", "inen", "inan", "unan", "unen"].contains(where: word.hasSuffix)
    }

    /// The words at `indexes` (then `last`, a stem) as a name, each word capitalised, if they read as one.
    private func name(_ indexes: [Int], _ tokens: [String], last: String? = nil, before noun: String? = nil, turkish: Bool = false,
                      allowingPlaces: Bool = false) -> String? {
        name(words: indexes.map { tokens[$0] } + (last.map { [$0] } ?? []), before: noun, turkish: turkish, allowingPlaces: allowingPlaces)
    }

    /// A part of the last answer: "cenex's cut of that", "the allsups part of it".
    static let partNouns: Set<String> = ["cut", "share", "part", "portion", "slice"]

    /// Whether `word` ends in the English possessive ("dick's", "Trader Joe’s").
    static func isPossessive(_ word: String) -> Bool { word.hasSuffix("'s") || word.hasSuffix("’s") }

    /// A word without the English possessive ending it ("wendy's" → "wendy"); the word itself otherwise.
    static func withoutPossessive(_ word: String) -> String {
        word.hasSuffix("'s") || word.hasSuffix("’s") ? String(word.dropLast(2)) : word
    }

    /// A Turkish verb in the conditional of "we", folded, of six letters or more: "düşünürsek", "bakarsak", "alırsak".
    static func isTurkishConditional(_ folded: String) -> Bool {
        folded.count >= 6 && ["rsek", "rsak"].contains(where: folded.hasSuffix)
    }

    /// "madame coco'ya", "english home'dan": a lowercase word before an apostrophed name joins it when it is no Turkish
    /// word (plain letters without a Turkish ending) and no common one.
    func lowercaseName(_ previous: String, joining stem: String) -> String? {
        let folded = TextMatching.fold(previous)
        // Never a word of the question's period ("bu sene kiğılı'da": "sene" is the year), nor a common word with the
        // possessive ("bunun ne kadarı kadoil'e": how much of it). Two consonants are initials ("hd iskender'de").
        let initials = previous.count == 2 && !previous.contains(where: { "aeiouıöüy".contains($0) })
        guard previous.count >= 3 || initials, previous.allSatisfy({ $0.isLetter && $0.isLowercase }), !Self.notNameWords.contains(folded),
              !(Self.endsLikePossessive(previous) && Self.notNameWords.contains(String(folded.dropLast()))),
              !Self.notNames.contains(folded), !Self.turkishEndings.contains(where: { folded.hasSuffix($0) && Self.harmonises(previous, ending: $0) }),
              !Self.isTimeWord(folded), !Self.isTimeNounInCase(folded),
              // "kaç lira gitti bildirici'ye": a common Turkish verb in the past ("gitti", "ödedi") is the sentence's, no
              // name's (names of common Turkish words are many: "hafız mustafa'dan", "pamukkale turizm'e").
              !(CommonWords.isTurkishOnly(folded) && folded.count >= 4
                && ["di", "ti", "du", "tu"].contains(where: folded.hasSuffix)),
              // "son 12 ayı düşünürsek palen'e": a verb in the conditional ("if we consider") is the sentence's.
              !Self.isTurkishConditional(folded),
              // "bu kış başkentgaz'a", "geçen sonbahar mephisto'dan": a season's name is the period's, no name's word.
              Self.seasons[folded] == nil,
              // "dün annemle hacıbaba'ya": one's own with "-le" (annemle, eşimle, arkadaşlarımızla) is a companion.
              !Self.isCompanionWith(folded) else { return nil }
        return name(words: [previous, stem], before: nil, turkish: true)
    }

    /// "ayakkabı dünyası'nda", "petrol ofisi'nden", "malatya pazarı'na": a lowercase word before a compound's possessive
    /// second word is its first word (a category's word or a place's name too, as part of the name), unless it is a
    /// common word, a period or a number.
    func lowercaseCompound(_ previous: String, _ stem: String) -> String? {
        let folded = TextMatching.fold(previous)
        guard previous.count >= 3, previous.allSatisfy(\.isLetter), previous.first?.isLowercase == true, !Self.notNameWords.contains(folded),
              !Self.isTimeNounInCase(folded), Self.seasons[folded] == nil, !Self.isTurkishConditional(folded),
              !Self.notNames.contains(folded), acceptable(previous, partOfName: true, anyPlace: true), !Self.hasIntentCue(previous),
              acceptable(previous + " " + stem, allowingCommonWords: true, wholeStem: true), Self.category(in: previous + " " + stem) == nil
                  || Self.category(in: previous) != nil else { return nil }
        return [previous, stem].map { Self.spelledAsName($0, turkish: true) }.joined(separator: " ")
    }

    /// Whether a Turkish ending of "a" or "e" ends `word` as Turkish vowel harmony allows: after a stem whose last vowel is
    /// back ("a", "ı", "o", "u") an "a", after a front one ("e", "ö", "ü") an "e" ("evden", "okulda"). "golden" is no
    /// "gol" + "den". An "i" may be a dotless one written without Turkish letters, so it allows either; so do endings of
    /// other vowels.
    static func harmonises(_ word: String, ending: String) -> Bool {
        let lower = word.lowercased(), stem = lower.dropLast(ending.count)
        guard let last = stem.last(where: { "aıoueiöü".contains($0) }) else { return true }
        if ending.contains("e") { return !"aıou".contains(last) }
        if ending.contains("a") { return !"eöü".contains(last) }
        return true
    }

    static let turkishEndings = ["da", "de", "ta", "te", "dan", "den", "in", "un", "im", "um", "ki", "mi", "mu", "li", "lu", "ler", "lar",
                                 "yi", "yu", "si", "su", "nu", "ni"]

    private func name(words: [String], before noun: String?, turkish: Bool = false, allowingPlaces: Bool = false) -> String? {
        let name = words.joined(separator: " ")
        guard !words.isEmpty, name.count >= 3, Self.category(in: name) == nil, words.allSatisfy({ Self.category(in: $0) == nil }),
              noun.map({ Self.category(in: name + " " + $0) == Self.category(in: $0) }) ?? true,
              acceptable(name, allowingCommonWords: words.count > 1 || name.contains("-"), allowingPlaces: allowingPlaces),
              !words.contains(where: { Self.notNameWords.contains(TextMatching.fold($0)) }), !Self.hasIntentCue(name),
              !words.contains(where: { Self.slipOfCommonWord(TextMatching.fold($0)) }) else { return nil }
        return words.map { Self.spelledAsName($0, turkish: turkish, alone: words.count == 1) }.joined(separator: " ")
    }

    /// A word of a name as shown: its first letter capitalised ("hulu" → "Hulu"), or, a short lower-case word of
    /// consonants only (two to four letters, no vowel nor "y": "cvs", "kfc", "lcw"), read letter by letter, in capitals.
    /// A name read with a Turkish case ending (`turkish`) is capitalised as Turkish writes it: "i" becomes "İ"
    /// ("idefixten" → "İdefix"), as "ı" stays "I". `alone`: the word is the whole name.
    package static func spelledAsName(_ word: String, turkish: Bool = false, alone: Bool = false) -> String {
        if let known = SearchParser.brandSpelling(of: word) { return known }
        // "h-e-b": single letters between hyphens are initials, in capitals ("H-E-B").
        let hyphened = word.split(separator: "-")
        if hyphened.count >= 2, hyphened.allSatisfy({ $0.count == 1 }) { return word.uppercased() }
        // "at&t", "pull&bear": each part around "&" spelled as a word of its own, two letters or fewer as initials.
        let parts = word.split(separator: "&", omittingEmptySubsequences: false)
        if parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }) {
            return parts.map { $0.count <= 2 ? $0.uppercased() : spelledAsName(String($0), turkish: turkish) }.joined(separator: "&")
        }
        if (2...4).contains(word.count), word.allSatisfy({ $0.isLetter && $0.isLowercase }),
           !word.contains(where: { "aeiouyıöüâîû".contains($0) }) {
            return word.uppercased()
        }
        // "pj's": such initials keep their capitals before the possessive ("PJ's Coffee").
        if isPossessive(word), case let stem = withoutPossessive(word), stem != word, (2...4).contains(stem.count),
           stem.allSatisfy({ $0.isLetter && $0.isLowercase }), !stem.contains(where: { "aeiouyıöüâîû".contains($0) }) {
            return stem.uppercased() + word.dropFirst(stem.count)
        }
        // "rei", "ido": a name of three letters with two vowels is no syllable but letters said one by one, in capitals (Turkish
        // ones after a Turkish ending: "İDO"); one vowel is a word's ("flo" → "Flo", "gap" → "Gap").
        if alone, word.count == 3, word.allSatisfy({ $0.isLetter && $0.isLowercase }), word.filter({ "aeiouıöü".contains($0) }).count >= 2 {
            return word.map { turkish && $0 == "i" ? "İ" : $0.uppercased() }.joined()
        }
        // "amc": a vowel and two consonants no English or Turkish word ends with ("and", "elf", "alt", "aşk" are words)
        // are letters said one by one, in capitals.
        if alone, word.count == 3, word.allSatisfy({ $0.isLetter && $0.isLowercase }), "aeiouıöü".contains(word.first!),
           !word.dropFirst().contains(where: { "aeiouyıöü".contains($0) }), !wordEndings.contains(String(word.dropFirst())) {
            return word.uppercased()
        }
        // "tgi", "iksv": letters by their shape (`saidLetterByLetter`).
        if saidLetterByLetter(word) { return word.map { turkish && $0 == "i" ? "İ" : $0.uppercased() }.joined() }
        // "in-n-out": a single letter between two words, "and" said short, makes each part a name's, capitalised.
        if hyphened.count == 3, hyphened[1].count == 1, hyphened[0].count >= 2, hyphened[2].count >= 2, hyphened.allSatisfy({ $0.allSatisfy(\.isLetter) }) {
            return hyphened.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
        }
        // "t-mobile": a single letter before a hyphen is an initial, and the word after it a name's, capitalised; "jewel-osco",
        // "winn-dixie", "hy-vee": two words a hyphen joins are each a name's, capitalised.
        if hyphened.count == 2, hyphened[0].count == 1 ? hyphened[1].count >= 3 : hyphened[1].count >= 2,
           hyphened.allSatisfy({ $0.allSatisfy(\.isLetter) }) {
            return hyphened.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
        }
        if turkish, word.first == "i" { return "İ" + word.dropFirst() }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    /// Two consonants that end English or Turkish words after a vowel ("and", "elf", "ask", "its", "alt", "üst", "aşk"):
    /// a name of a vowel and two others is said letter by letter only when no word ends so ("amc").
    static let wordEndings: Set<String> = [
        "bb", "bs", "ch", "ck", "ct", "dd", "ds", "ff", "ft", "gg", "gs", "hm", "ks", "ld", "lf", "lk", "ll", "lm", "lp", "ls", "lt", "mb",
        "mp", "ms", "nd", "ng", "nk", "nn", "ns", "nt", "pt", "ps", "rb", "rc", "rd", "rf", "rg", "rk", "rl", "rm", "rn", "rp", "rr", "rs",
        "rt", "sh", "sk", "sp", "ss", "st", "th", "ts", "tt", "wl", "wn", "xt", "zz", "nç", "rç", "lç", "rş", "şk", "şt", "rz", "nz",
    ]

    /// "sam's club trips", "peet's visits": what a visit is, after a name with a possessive ("my road trips" is none).
    static func visitsAfterPossessive(_ word: String, _ tokens: [String], at index: Int) -> Bool {
        ["trip", "trips", "visit", "visits"].contains(word)
            && (1...2).contains { index - $0 >= 0 && (tokens[index - $0].hasSuffix("'s") || tokens[index - $0].hasSuffix("’s")) }
    }

    /// A word within one edit of a common word of seven letters or more (`notNameWords`): "utilty" for "utility" is
    /// the word misspelt, no shop's name.
    static func slipOfCommonWord(_ word: String) -> Bool {
        word.count >= 6 && longNotNameWords.contains { abs($0.count - word.count) <= 1 && TextMatching.editDistance(word, $0, limit: 1) <= 1 }
    }

    /// The common words of seven letters or more, which a slip leaves recognisable.
    static let longNotNameWords: [String] = notNameWords.filter { $0.count >= 7 }

    /// Whether a folded word is a unit of time, a month or a weekday ("sene", "hafta", "ocak", "cuma").
    static func isTimeWord(_ word: String) -> Bool {
        yearWords.contains(word) || weekWords.contains(word) || ["month", "months", "ay", "weekend", "day", "days"].contains(word)
            || turkishDayWords.contains(word)
            || DateResolver.month(word) != nil || DateResolver.weekday(word) != nil
    }

    /// "gün" (day) with its case endings and -ki, folded: "son 30 gunde" (günde typed without its diacritics) is no
    /// name's word.
    static let turkishDayWords: Set<String> = ["gun", "gunu", "gune", "gunde", "gunden", "gunun", "gunki", "gundeki", "gunler", "gunlerde",
                                               "gunlerin", "gunluk"]

    /// Whether a folded word may stand in a question's period ("so far this week", "in q3 2031", "last 10 days").
    func isPeriodWord(_ word: String) -> Bool {
        Self.periodOpeners.contains(word) || Self.isTimeWord(word) || periods(in: word).0 != nil || Int(word) != nil
            || DateResolver.dayNumber(word) != nil
            || ["far", "the", "of", "to", "date", "ago", "quarter", "half", "first", "second", "weeks", "years", "bu", "gecen", "son", "ceyrek",
                "ceyrekte"].contains(word)
    }

    /// "at market basket last month": after "at", a category's word in lower case opening a name of two words, the second
    /// one no category's, no kind of place or thing sold, nor a plural ("at gas stations", "at grocery stores", "at coffee
    /// shops" are the category). The caller has checked that the second word is a plain one and that the question's
    /// period or its end follows. The category is then the name's, and cleared.
    func categoryWordOpeningName(_ index: Int, _ tokens: [String], _ folded: [String]) -> String? {
        guard index + 1 < tokens.count, tokens[index].count >= 3, tokens[index].allSatisfy({ $0.isLetter && $0.isLowercase }),
              Self.category(in: tokens[index]) != nil, Self.category(in: tokens[index + 1]) == nil, !folded[index + 1].hasSuffix("s"), !Self.kindsOfPlace.contains(folded[index + 1]),
              !Self.boughtThere.contains(folded[index + 1]), !isPeriodWord(folded[index + 1]) else { return nil }
        let name = [tokens[index], tokens[index + 1]].map { Self.spelledAsName($0) }.joined(separator: " ")
        return acceptable(name, allowingCommonWords: true) ? name : nil
    }

    /// What a category's word is followed by when it names the kind of shop, not one shop ("gas station", "coffee cart").
    static let kindsOfPlace: Set<String> = ["station", "store", "shop", "stand", "stall", "place", "spot", "chain", "joint", "counter", "truck",
                                            "cart", "machine", "pump", "kiosk", "market", "section", "aisle", "run", "bill", "card", "bar",
                                            "cafe", "restaurant", "house", "hall", "center", "centre", "outlet", "mall", "court", "app"]

    /// "scooter's": a lower-case common word of `notNameWords` in the English possessive, which only a name takes before
    /// what the shop is ("at scooter's coffee"); never a person one spends on ("at mom's place"), a period's word or a
    /// pronoun.
    func possessiveOfCommonWord(_ token: String) -> Bool {
        let stem = TextMatching.fold(Self.withoutPossessive(token))
        return Self.isPossessive(token) && stem.count >= 3 && stem.allSatisfy({ $0.isLetter && $0.isLowercase })
            && Self.notNameWords.contains(stem) && !Self.peopleSpentOn.contains(stem) && !Self.notNames.contains(stem) && !isPeriodWord(stem)
    }

    /// People one spends on, who take the possessive as shops do ("at my mom's", "at a friend's place").
    static let peopleSpentOn: Set<String> = ["mom", "mum", "dad", "mother", "father", "wife", "husband", "son", "daughter", "brother", "sister",
                                             "friend", "partner", "boss", "grandma", "grandpa", "aunt", "uncle", "kid", "kids", "baby"]

    /// Words of what a Turkish question asks that may stand between a name in a case and its verb ("ortalama ne").
    static let askedBeforeVerb: Set<String> = ["ortalama", "ortalamada", "toplam", "toplamda"]

    /// Dishes a Turkish shop is named for, folded ("Terra Pizza", "Dükkan Burger"), which alone are the restaurants.
    static let dishesNamingShops: Set<String> = ["pizza", "burger", "doner", "kebap", "kebab", "pide", "lahmacun", "kofte", "simit", "sushi"]

    /// Kinds of shop, with a compound's possessive, that a name before makes a shop's name ("remzi kitabevi").
    static let shopKinds: Set<String> = ["kitabevi", "eczanesi", "pastanesi", "firini", "lokantasi"]

    /// Words after a name that ask its total: "popeyes total", "walgreens last month - total?".
    /// "caffe vita count since sunday": the count of visits asked the same way.
    static let totalWords: Set<String> = ["total", "spending", "spend", "tab", "count"]

    /// Two-letter words of English and Turkish grammar, which open no name ("my fitness charges", "bu market").
    static let twoLetterWords: Set<String> = ["am", "an", "as", "at", "be", "by", "do", "go", "he", "hi", "if", "in", "is", "it", "me", "my", "no",
                                              "of", "ok", "on", "or", "so", "to", "up", "us", "we", "bu", "su", "ve", "da", "de", "mi", "ne", "ki",
                                              "ya", "o"]

    /// What is bought, before "from" and a shop's name: "priciest thing from best buy", "my last order from chewy".
    static let boughtThings: Set<String> = ["thing", "things", "stuff", "item", "items", "purchase", "purchases", "order", "orders",
                                            // "list this year's charges from noom": payments from a payee.
                                            "charge", "charges", "payment", "payments", "transactions", "receipts"]

    /// A Turkish noun of a trade, folded: a word of six letters or more with the suffix "-cı", "-ci", "-cu", "-cü" (or
    /// "ç…"), which names one who makes or sells a thing ("tatlıcı", "dönerci", "kebapçı") and so opens shops' names
    /// ("Tatlıcı Safa", "Köfteci Yusuf"). Not an ordinal ("ikinci", "üçüncü": "-nci").
    static func isTradeNoun(_ folded: String) -> Bool {
        folded.count >= 6 && folded.allSatisfy(\.isLetter) && ["ci", "cu"].contains(where: folded.hasSuffix) && !["nci", "ncu"].contains(where: folded.hasSuffix)
    }

    /// Turkish nouns of what is paid at a merchant, a name before them: "harcamalarım", "faturalarım", "fişlerimi".
    static let spendingNouns: [String] = ["harcama", "fatura", "fisler", "fisi", "fisim", "abonelig", "abonelik", "uyelig", "uyelik",
                                          "rezervasyon", "bilet", "odeme",
                                          // "kentkart yüklemelerim": a card's top-ups; "europcar kiralaması": a rental.
                                          "yukleme", "kiralama"]

    /// Whether no reading of a word in a case is a common word, category, period or intent ("benzine" is "benzin" +
    /// "e" as well as "benzi" + "ne"; "restoranda" is "restoran" + "da").
    private func readsAsName(_ word: String) -> Bool {
        guard acceptable(word), Self.category(in: word) == nil, !Self.hasIntentCue(word) else { return false }
        return Self.caseStems(word).allSatisfy { stem, _ in
            let folded = TextMatching.fold(stem)
            return Self.category(in: stem) == nil && !Self.notNameWords.contains(folded) && !Self.notNames.contains(folded)
                && periods(in: stem).0 == nil && !Self.hasIntentCue(stem)
        }
    }

    /// A word without an apostrophe, each way its case ending can be taken off ("pentiye" → "penti", "koçtaşa" →
    /// "koçtaş", "dünyasından" → "dünyası"), and whether the stem ends in the possessive of a compound ("dünyası", "sarayı").
    static func caseStems(_ word: String) -> [(String, Bool)] {
        var stems: [(String, Bool)] = []
        let lower = word.lowercased()
        let vowels: Set<Character> = ["a", "e", "ı", "i", "o", "ö", "u", "ü"]
        let endings: [(String, Bool)] = [("ndan", true), ("nden", true), ("nda", true), ("nde", true), ("na", true), ("ne", true),
                                         ("dan", false), ("den", false), ("tan", false), ("ten", false), ("ya", true), ("ye", true),
                                         ("da", false), ("de", false), ("ta", false), ("te", false), ("a", false), ("e", false)]
        for (ending, afterVowel) in endings where lower.hasSuffix(ending) {
            let stem = String(word.dropLast(ending.count))
            guard stem.count >= 2, let end = stem.lowercased().last else { continue }
            // The buffer ("n", "y") comes after a vowel only; a bare vowel ending after a consonant only.
            // A name ending in a "y" said as a vowel takes the buffer "y" too ("coffyye": to Coffy), never a bare vowel.
            let saidAsVowel = end == "y" && (ending == "ya" || ending == "ye")
            if end == "y", ending.count == 1, stem.lowercased().hasSuffix("yy") { continue }
            // "ta", "te", "tan", "ten" follow a voiceless consonant only: "özsüte" is "özsüt" + "e", not "özsü" + "te".
            if ending.hasPrefix("t"), !"fstkçşhpx".contains(end) { continue }
            guard afterVowel == (vowels.contains(end) || saidAsVowel) || !afterVowel && ending.count > 1 else { continue }
            let possessive = ending.hasPrefix("n") && ["ı", "i", "u", "ü"].contains { stem.lowercased().hasSuffix($0) }
            // The buffer "n" follows a compound's possessive only: "bella maisona" is Bella Maison with "-a", no "Maiso".
            if ending.hasPrefix("n"), !possessive { continue }
            stems.append((stem, possessive))
        }
        return stems
    }

    /// The words of a question's count or amount, which may stand between its period and a Turkish merchant in a case.
    static let questionWords: Set<String> = ["kac", "kez", "kere", "defa", "ne", "kadar", "para", "lira", "tl"]

    /// What a merchant takes, after "did" and its name: "how much did hulu take from me", "did uber charge me", "how much did
    /// ralphs get from me".
    /// What a question asks between a name opening it and its verb of charging: "likitgaz dün kaç lira çekti".
    static let askedBeforeChargeVerb: Set<String> = ["kac", "lira", "tl", "para", "ne", "kadar", "toplam", "ortalama"]

    /// Whether a verb of charging stands at `index` with its payee as its subject ("charged", "billed", "took", "went up",
    /// "çekti", "kesti", "kesilmiş"), and whether it is Turkish; nil for any other word.
    static func chargeVerb(_ words: [String], at index: Int) -> Bool? {
        guard index < words.count else { return nil }
        let word = words[index], next = index + 1 < words.count ? words[index + 1] : ""
        if ["charged", "billed", "took"].contains(word) || ["went", "gone", "go", "goes"].contains(word) && ["up", "down"].contains(next) {
            return false
        }
        return ["cekti", "cekmis", "cekil", "kesti", "kesmis", "kesil"].contains(where: word.hasPrefix) ? true : nil
    }

    /// Whether "run" at `index` is the verb of a cost, not a trip's noun ("costco run"): before "me" or "us" ("what did the
    /// box run us"), or last after "did" or "does" ("how much did the whole thing run").
    static func runAsCost(_ folded: [String], at index: Int) -> Bool {
        guard ["run", "runs"].contains(folded[index]) else { return false }
        if index + 1 < folded.count { return ["me", "us", "you"].contains(folded[index + 1]) }
        return folded[max(0, index - 5)..<index].contains { ["did", "does", "will", "would"].contains($0) }
    }

    /// After "hit", how hard: "which month hit harder", "hit the hardest", "hit more".
    static let hitHowHard: Set<String> = ["harder", "hardest", "hard", "worse", "worst", "more", "most", "less", "heavier", "heaviest",
                                          "bigger", "biggest"]

    static let costVerbs: Set<String> = ["take", "took", "taken", "charge", "charged", "cost", "bill", "billed", "set", "get", "got"]

    /// Common nouns of `notNames` that open a two-word name after "at": "at home depot" (alone, "at home" is no shop).
    static let placeNouns: Set<String> = ["home", "work"]

    /// Kinds of eating place a name ends with ("Black Bear Diner", "Great Wolf Lodge", "Round Table Pizza"), folded.
    static let eatingPlaceKinds: Set<String> = ["diner", "lodge", "grill", "tavern", "bistro", "cantina", "pizza", "pizzeria", "steakhouse",
                                                "brewery", "bbq", "smokehouse", "taqueria", "creamery", "roadhouse", "chophouse", "saloon"]

    /// Indexes into the text's words (split at whitespace, punctuation trimmed, empty ones dropped: `count` of them) of
    /// the words right after a comma, a colon, a semicolon or a lone dash: where a question opening on a name and its
    /// period turns to what it asks.
    static func wordsAfterBreaks(_ text: String, count: Int) -> Set<Int> {
        var breaks: Set<Int> = [], index = 0, broken = false
        for raw in text.split(whereSeparator: \.isWhitespace) {
            if raw.trimmingPunctuation.isEmpty {
                if raw.allSatisfy({ "-–—".contains($0) }) { broken = true }
                continue
            }
            if broken { breaks.insert(index) }
            broken = [",", ":", ";"].contains { raw.hasSuffix($0) }
            index += 1
        }
        return index == count ? breaks : []
    }

    /// Nouns a shop's name may end with though alone they are a category's: "Philz Coffee", "Biggby Coffee".
    static let nameEndingNouns: Set<String> = ["coffee"]

    /// What follows a Turkish merchant in the dative, locative or ablative in a question about spending there.
    static let spendingAfter: [String] = ["ne", "kac", "harca", "verdi", "verdig", "ode", "gitti", "giden", "aldi", "aldig", "yemek", "siparis",
                                          "alisveris", "yaptig", "hesap", "hesab", "birak"]

    /// English question words and adverbs a short follow-up asks with ("and why?", "and then?", "and now?").
    static let askingWords: Set<String> = ["why", "what", "when", "where", "who", "whom", "whose", "which", "how", "then", "now", "there",
                                           "here", "too", "else", "anyway", "instead", "otherwise", "later", "earlier", "yes", "okay",
                                           "really", "exactly", "altogether", "besides", "lately"]

    /// Turkish words that open a period, folded: "geçen yıl", "son 3 ay", "bu ay", "ilk çeyrek".
    static let turkishPeriodOpeners: Set<String> = ["gecen", "son", "bu", "ilk", "onceki"]

    /// Words that begin a question's period after a name ("at target this year", "at best buy in july").
    static let periodOpeners: Set<String> = ["this", "last", "in", "on", "since", "during", "over", "for", "so", "today", "yesterday",
                                             "past", "between", "from", "before", "after", "until", "lately", "recently", "ever", "and", "or"]

    /// Whether a folded word is a possessed one with "-le" (with): "annemle", "eşimle", "babamla", "arkadaşlarımızla".
    /// The possessive's "m" or "mız" before it marks the speaker's own, which a shop's name does not carry.
    static func isCompanionWith(_ folded: String) -> Bool {
        folded.count >= 5 && ["mle", "mla", "mizle", "mizla", "muzle", "muzla"].contains(where: folded.hasSuffix)
    }

    /// Common words, folded, that are no merchant's name in the shapes `lowercaseMerchant` reads.
    static let notNameWords: Set<String> = [
        "our", "your", "his", "her", "their", "all", "every", "each", "avg", "average", "total", "biggest", "largest", "smallest",
        // "now 2049", "try 2050": a follow-up's adverb or verb before the period it moves to; "higher than july?" compares.
        "now", "then", "try", "higher", "lower", "than",
        // "en çok tutan sipariş": what a payment came to ("tutmak"), no name.
        "tutan", "tutar", "tuttu", "tutmus",
        // Kinds of trip and visit, no shop's name before "trips" or "visits" ("road trips", "dentist visits").
        "road", "field", "ski", "beach", "camping", "fishing", "dentist", "vet", "day", "shopping", "mall", "class", "site", "return",
        "cheapest", "priciest", "recent", "latest", "last", "first", "past", "previous", "next", "these", "those", "monthly", "weekly",
        "yearly", "annual", "daily", "online", "card", "credit", "debit",
        // "samulaş kartıma kaç lira yükledim": my card, topped up, no name's word.
        "kartim", "kartima", "kartimdan", "kartimi", "kartimla", "kartimiza", "phone", "mobile", "cell", "internet", "electricity",
        "electric", "water", "power", "cable", "utility", "rent", "food", "many", "much", "per", "for", "in", "on", "to", "from",
        "with", "by", "and", "or", "you", "it", "them", "us", "single", "one", "two", "big", "small", "new", "old", "regular", "usual",
        "overall", "whole", "night", "noon", "morning", "evening", "breakfast", "same", "other", "another", "spend", "spent",
        "spending", "did", "does", "was", "were", "are", "had", "has", "have", "got", "get", "pay", "paid", "show", "list", "give",
        "see", "just", "only", "also", "again", "tip", "tips", "medical", "doctor", "hospital", "tax", "taxes", "insurance", "gym",
        "school", "kids", "family", "friends", "holiday", "vacation", "trip", "trips", "work", "office", "least", "worst",
        "more", "less", "few", "several", "expensive", "cheap", "large", "huge", "top", "highest", "lowest",
        "individual", "separate", "pending", "failed", "refunded", "cash", "car", "house", "loan", "mortgage", "interest", "fee",
        "fees", "service", "both", "either", "neither", "everything", "anything", "something", "nothing", "else", "household",
        "business", "personal", "discretionary", "transportation", "bilet", "bileti", "biletler", "biletleri", "yurtdisi", "yurtici",
        "temassiz", "taksitli", "pesin", "hafta", "haftasonu", "sabah", "aksam", "gece", "kadarlik", "ortalama", "ortalamada", "beri", "itibaren", "itibariyla", "itibariyle", "yana", "nereler", "nerelere", "toplu",
        "delivery", "bus", "train", "metro", "subway", "tram", "ferry", "bike", "scooter", "flight", "parking", "toll", "takeout", "takeaway", "lunch", "coffee", "grocery", "fast", "weekend", "times", "time",
        "toplam", "tum", "butun", "hepsi", "hepsine", "son", "ilk", "en", "buyuk", "kucuk", "pahali", "ucuz", "kredi", "kart",
        "karti", "kartimdan", "kartla", "banka", "ev", "eve", "evde", "evden", "kira", "kiraya", "okul", "okula", "ise",
        "iste", "isten", "bana", "sana", "ona", "buna", "suna", "kime", "neye", "nereye", "nerede", "nereden", "kimden",
        "ayki", "haftaki", "yilki", "gecen", "bugun", "dun", "basi", "sonu", "ortasi", "gunluk", "aylik", "yillik", "haftalik",
        "disarida", "disarda", "disari", "dukkan", "magaza", "magazaya", "yer", "yere", "yerden", "internetten", "para", "param",
        "paramin", "lira", "kadar", "nasil", "neden", "hangi", "bir", "ne", "kac", "icin", "gibi", "daha", "cok", "fazla",
        "az", "tek", "tane", "kez", "kere", "defa", "sefer", "onlara", "bunlara", "bunlarda", "onlarda", "benim", "senin", "oraya",
        "buraya", "orada", "burada", "oradan", "buradan", "yemek", "yemege", "yemeye", "kafeye", "markete", "pazara", "pazar",
        "pazarda", "pazardan", "carsiya", "carsida", "carsidan", "hastane", "hastaneye", "eczane", "eczaneye", "doktora",
        "annem", "babam", "esim", "cocuk", "cocuklara", "hediye", "hediyeye", "tatil", "tatile", "tatilde", "bagis", "vergi",
        "vergiye", "aidat", "aidata", "faiz", "faize", "borc", "borca", "nakit", "abonelige", "faturaya",
        "ayni", "ayi", "ayin", "yili", "yilin", "gunu", "gunun", "haftasi", "haftanin", "stuff", "things", "saglik", "egitim", "araba",
        "arac", "spor", "elektrik", "dogalgaz", "telefon", "ilac", "mutfak", "kozmetik", "kisisel", "diger", "gereksiz", "ekstra",
        "sabit", "zorunlu",
        // Particles of a verb ("break it down"), people one spends on ("at my mom's"), and what a question lists.
        "down", "out", "off", "back", "away", "through", "mom", "mum", "dad", "mother", "father", "wife", "husband", "son", "daughter",
        "brother", "sister", "friend", "partner", "boss", "expense", "expenses", "transaction", "transactions",
        // What a Turkish bill is for, before "faturası": "cep telefonu faturası", "gsm faturam".
        "cep", "telefonu", "gsm", "mobil", "hat", "hatti", "otel",
        // Postpositions closing a Turkish period: "15 nisan ile 15 mayıs arası faturalar", "yaz boyunca".
        "arasi", "arasinda", "arasindaki", "boyunca", "icinde", "icindeki", "suresince",
        // Words before an English period: "around christmas how much", "throughout june".
        "around", "throughout", "within", "near", "till", "til",
        // What opens a question before a colon ("Quick question: …"); a neighbourhood's shop ("mahalle fırınından").
        "hey", "hello", "question", "quick", "please", "pls", "budget", "mahalle", "semt",
        // What is booked or summed that is no shop ("hotel bookings", "Grand total"); what a Turkish payment is for.
        "hotel", "hotels", "room", "rooms", "grand", "running", "sub", "weekday", "weekdays", "gift", "gifts", "taksit", "yapilan",
        "abonelik", "uyelik", "ucret", "ucreti", "hesap", "hesabi", "siparisi", "tutari", "parasi", "fisi",
        // "hesabımdan ne eksildi": my account, where the money left from, as "kartımdan" is; "X üzerinden" (through X).
        "hesabim", "hesabimiz", "uzeri", "uzerinden",
        // What qualifies the payments, not who was paid: "the actual payments behind that", "try pacsun instead"; "kaç
        // liralık harcama" (how many liras' worth), "bir oturuşta" (in one sitting), "genel harcamam" (my spending overall).
        "actual", "real", "underlying", "instead", "liralik", "kurusluk", "oturus", "oturusta", "genel", "genelde",
        // "how much have i put into eventbrite tickets": the verb and its preposition, before the name.
        "put", "into", "onto",
        // Words that name no shop: "what have they charged me", "typical check size", superlatives, "kaç ayrı ödeme" (how
        // many separate payments). ("dollar" is a name's word: Dollar Tree, Dollar General.)
        "they", "check", "checks", "steepest", "fattest", "heaviest", "pricest", "ayri",
        // Prepositions before a period: "weekly avg across october", "on average since june".
        "across", "since",
        // Verbs that change the last question: "swap the year to 2055", "switch it to fuel", "flip it to 2055".
        "swap", "switch", "flip",
        // "şimdiye kadarki harcamam": my spending so far.
        "simdiye", "kadarki",
    ]
}
