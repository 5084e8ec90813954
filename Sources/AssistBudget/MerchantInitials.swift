import AssistUnderstanding

/// Names, or their first words, said letter by letter: read from their shape alone, with no list of brands.
/// - One consonant ("h mart", "w collection'dan", "j crew"): no word of English or Turkish is a lone consonant, so
///   before another word it is an initial.
/// - Three letters, two consonants no English or Turkish word opens with and a vowel ("tgi", "hbo"): letters, not a
///   syllable. "spa" and "tri" open as words do; longer words ("xcel", "vrbo") are said as words.
/// - A vowel, then three consonants that no word ends with ("iksv"): "arts", "ends", "asks" end as words do.
extension FinanceUnderstander {
    /// Whether the folded word is a name's initials: a lone consonant, or a word `spelledAsName` writes in capitals.
    package static func isInitials(_ folded: String) -> Bool {
        guard folded.allSatisfy({ $0.isLetter && $0.isASCII }) else { return false }
        if folded.count == 1 { return !"aeiouy".contains(folded) }
        return (2...4).contains(folded.count) && spelledAsName(folded) == folded.uppercased()
    }

    /// Whether a lowercase word of three or four letters is said letter by letter by its shape (the type's comment).
    package static func saidLetterByLetter(_ word: String) -> Bool {
        let letters = Array(word)
        guard (3...4).contains(letters.count), letters.allSatisfy({ $0.isLetter && $0.isLowercase }) else { return false }
        let isVowel: (Character) -> Bool = { "aeiouyıöüâîû".contains($0) }
        // Three letters only: "xcel" and "vrbo" are said as words.
        if letters.count == 3, !isVowel(letters[0]), !isVowel(letters[1]), isVowel(letters[2]) {
            return !wordOpenings.contains(String(letters[0...1]))
        }
        if letters.count == 4, isVowel(letters[0]), !letters.dropFirst().contains(where: isVowel) {
            return !wordEndings.contains(String(letters[1...2])) || !wordEndings.contains(String(letters[2...3]))
        }
        return false
    }

    /// Two consonants that open English or Turkish words ("blue", "chip", "spa", "tren", "kral", "psikolog").
    static let wordOpenings: Set<String> = [
        "bl", "br", "ch", "cl", "cr", "cz", "dr", "dw", "fl", "fr", "gh", "gl", "gn", "gr", "kh", "kl", "kn", "kr", "ph", "pl", "pr", "ps",
        "pt", "rh", "sc", "sh", "sk", "sl", "sm", "sn", "sp", "sq", "st", "sv", "sw", "th", "tr", "ts", "tw", "vl", "wh", "wr", "zh",
        "şp", "şt", "şl",
    ]
}

/// Lowercase words before an apostrophed name that Turkish reads as none of its own words join the name:
/// - the name's own word said twice ("num num'da", "aldın aldın'a");
/// - an initial ("w collection'dan");
/// - before an English word, English words or words of neither language ("arabica coffee house'a"), never a Turkish
///   one ("geçen ay starbucks'a", "kaç kez netflix'e"), a period's, a pronoun or a question's word.
/// Up to three words in all; nil when none joins.
extension FinanceUnderstander {
    func wordsJoiningApostrophedName(_ before: ArraySlice<String>, _ stem: String) -> String? {
        let foldedStem = TextMatching.fold(stem)
        let englishStem = CommonWords.isEnglish(foldedStem) && stem.allSatisfy(\.isASCII)
        if let market = weekdayMarket(before, stem) { return market }
        var words = [stem]
        var index = before.endIndex - 1
        while index >= before.startIndex, words.count < 3 {
            let word = before[index], folded = TextMatching.fold(word)
            guard word.allSatisfy({ $0.isLetter && $0.isLowercase }) else { break }
            let repeated = words.count == 1 && folded == foldedStem
            let initial = folded.count == 1 && Self.isInitials(folded)
            let english = englishStem && folded.count >= 3 && word.allSatisfy(\.isASCII) && !CommonWords.isTurkishOnly(folded)
                && !Self.notNames.contains(folded) && !isPeriodWord(folded) && folded != "at" && !Self.hasIntentCue(word)
            guard repeated || initial || english else { break }
            words.insert(word, at: 0)
            index -= 1
            if initial { break }  // an initial opens the name
        }
        guard words.count > 1 else { return nil }
        let name = words.map { Self.spelledAsName($0, turkish: true) }.joined(separator: " ")
        return acceptable(name, allowingCommonWords: true) ? name : nil
    }

    /// Whether the folded `day` and the word after it name a market held on that weekday: "salı pazarı", "çarşamba
    /// pazarı'na" ("pazarı", its market, with the possessive; "cuma pazar arası" is Friday to Sunday).
    static func namesWeekdayMarket(_ day: String, _ next: String) -> Bool {
        DateResolver.weekday(day) != nil && next.hasPrefix("pazari")
    }

    /// "kadıköy salı pazarı'ndan", "çarşamba pazarı'na": a market held on a weekday is named by its day, and by the
    /// neighbourhood before it when one is written (a lowercase word that is no period's, question's or pronoun's).
    private func weekdayMarket(_ before: ArraySlice<String>, _ stem: String) -> String? {
        guard let day = before.last, day.allSatisfy({ $0.isLetter && $0.isLowercase }),
              Self.namesWeekdayMarket(TextMatching.fold(day), TextMatching.fold(stem)) else { return nil }
        var words = [day, stem]
        if before.count >= 2 {
            let place = before[before.endIndex - 2], folded = TextMatching.fold(place)
            if place.allSatisfy({ $0.isLetter && $0.isLowercase }), folded.count >= 3, !Self.notNames.contains(folded),
               !isPeriodWord(folded), !Self.hasIntentCue(place), DateResolver.weekday(folded) == nil {
                words.insert(place, at: 0)
            }
        }
        return words.map { Self.spelledAsName($0, turkish: true) }.joined(separator: " ")
    }
}

/// Names marked by a character no word of either language has:
/// - a plus at the end, as streaming services write it ("tv+ için", "paramount+"), wherever it stands;
/// - digits after three letters or more, opening the question or after "at" ("round1 friday night", "at forever21"),
///   never a period's word ("week2") nor a quarter or half ("q4", "h1", which have fewer letters).
extension FinanceUnderstander {
    func markedName(in text: String) -> String? {
        let tokens = text.split(whereSeparator: \.isWhitespace).map { $0.trimmingPunctuation }
        for (index, token) in tokens.enumerated() {
            if token.hasSuffix("+"), case let letters = token.dropLast(), letters.count >= 2, letters.allSatisfy({ $0.isLetter }) {
                let name = Self.spelledAsName(String(letters).lowercased()) + "+"
                // "apple tv+", "Apple TV+": the service's maker before it, a plain word no question or period is made of.
                guard index > 0, case let previous = tokens[index - 1], previous.count >= 3, previous.allSatisfy(\.isLetter),
                      case let folded = TextMatching.fold(previous), !Self.notNames.contains(folded), !Self.notNameWords.contains(folded),
                      !Self.isTimeWord(folded), !isPeriodWord(folded), !Self.hasIntentCue(previous), Self.category(in: previous) == nil,
                      !CommonWords.isTurkishOnly(folded) else { return name }
                return Self.spelledAsName(previous) + " " + name
            }
            guard index == 0 || ["at", "from"].contains(tokens[index - 1].lowercased()),
                  let firstDigit = token.firstIndex(where: \.isNumber) else { continue }
            let letters = token[..<firstDigit], digits = token[firstDigit...]
            guard letters.count >= 3, letters.allSatisfy({ $0.isLetter }), (1...2).contains(digits.count), digits.allSatisfy(\.isNumber),
                  case let folded = TextMatching.fold(String(letters)), !Self.isTimeWord(folded), !isPeriodWord(folded),
                  !Self.notNameWords.contains(folded) else { continue }
            return Self.spelledAsName(String(letters)) + digits
        }
        return nil
    }
}
