/// Who travels, when a request names people rather than counting them: alone, with a companion or two, with one's
/// parents, "me + 2 friends", "party of 5", a baby along.
extension SearchParser {
    /// Travelling alone ("just me", "by myself", "solo", "tek başıma") is one adult; with one named companion ("with my
    /// wife", "me and my bf", "eşimle", "eşim, ben ve…") two; with one's parents ("my parents and me", "annem, babam ve
    /// ben") three; "me + 2 friends", "me and 3 colleagues", "with 2 friends" that many and one; "me and my two kids"
    /// one, as is "me and my baby"; "we're a couple", "as a couple" two; "eşim ve 2 çocuğumla" two; "annem ve babamla",
    /// "with my mother and father" (two companions joined to one "with") three. Only when the text gives no head count
    /// of its own; read outside place names.
    static func party(in words: [String]) -> Int? {
        // "me n my brother": "n" for "and", as people type it; "w/ my kids" (folded "w my"): "w/" for "with".
        let words = words.indices.map { index in
            words[index] == "n" ? "and"
                : words[index] == "w" && index + 1 < words.count && ["my", "our", "a", "the"].contains(words[index + 1]) ? "with" : words[index]
        }
        for index in words.indices {
            let rest = words[index...]
            if rest.starts(with: ["just", "me"]) || rest.starts(with: ["only", "me"]) || rest.starts(with: ["by", "myself"])
                || rest.starts(with: ["on", "my", "own"]) || rest.starts(with: ["tek", "basima"]) || rest.starts(with: ["yalniz", "basima"])
                // "yalnız gideceğim", "yalnız uçuyorum": going alone.
                || words[index] == "yalniz" && index + 1 < words.count && ["gid", "git", "uc", "seyahat", "gez"].contains(where: { words[index + 1].hasPrefix($0) })
                // "gideceğim yalnız", "gitcem yalniz" ending the request: going alone (mid-sentence it may be "but").
                || words[index] == "yalniz" && index == words.count - 1 && index > 0
                    && ["gid", "git", "uc", "seyahat", "gez"].contains(where: { words[index - 1].hasPrefix($0) })
                // "yalnız bir tatil planlıyorum": a holiday alone.
                || words[index] == "yalniz" && index + 2 < words.count && words[index + 1] == "bir"
                    && ["tatil", "gezi", "seyahat", "yolculuk"].contains(where: { words[index + 2].hasPrefix($0) })
                // "yalnızım", "tek başımayım": I am alone.
                || words[index] == "yalnizim" || rest.starts(with: ["tek", "basimayim"])
                || words[index] == "solo" && !(index > 0 && Self.beforePlaces.contains(words[index - 1])) {
                return 1
            }
            // "sadece ben", "yalnız ben" (only me); not "sadece ben ve eşim", nor "sadece ben, eşim…" (a companion after it).
            if ["sadece", "yalniz"].contains(words[index]), index + 1 < words.count, words[index + 1] == "ben",
               !(index + 2 < words.count && (["ve", "ile"].contains(words[index + 2]) || Self.turkishPossessed.contains(words[index + 2]))) {
                return 1
            }
            // "ben ve 2 arkadaşım", "3 arkadaşımla" (with my three friends): that many friends and the speaker; "2 arkadaşız"
            // (we are two friends) is counted below.
            if let count = Int(words[index]) ?? numbers[words[index]], (1...9).contains(count), index + 1 < words.count,
               Self.isTurkishFriends(words[index + 1]),
               words[index + 1].hasSuffix("la") || words[index + 1].hasSuffix("le") || index >= 2 && words[index - 2] == "ben" && words[index - 1] == "ve" {
                return count + 1
            }
            // "me + 2 friends" (the sign folds away), "me and 2 friends", "me plus 3 colleagues", "with 2 friends".
            let afterMe = words[index] == "me" ? index + 1 + (index + 1 < words.count && ["and", "plus"].contains(words[index + 1]) ? 1 : 0)
                : words[index] == "with" ? index + 1 : nil
            if let at = afterMe, at + 1 < words.count, Self.companionGroups.contains(words[at + 1]),
               let count = Int(words[at]) ?? numbers[words[at]], count > 0, count < 10 {
                return count + 1
            }
            // "dört arkadaş gelecek hafta sonu için …": friends counted with no "ben ve" before them are the party.
            if let count = Int(words[index]) ?? numbers[words[index]], (2...9).contains(count), index + 1 < words.count,
               words[index + 1] == "arkadas", !(index >= 1 && ["ve", "ile", "ben"].contains(words[index - 1])) {
                return count
            }
            // "ben ve 2 çocuğum", "ben ve iki çocuğum": I and my children, counted as children; "ben ve 2 arkadaşım" is
            // counted above, "eşim, ben ve 2 çocuğum" below.
            if words[index] == "ben", index + 3 < words.count, words[index + 1] == "ve", (Int(words[index + 2]) ?? numbers[words[index + 2]]) != nil,
               ["cocugum", "cocuklarim"].contains(words[index + 3]), !words[max(0, index - 3)..<index].contains(where: Self.turkishPossessed.contains) {
                return 1
            }
            // "eşim, ben ve 2 çocuğumuz", "ben ve annem": I and one possessed companion; "annem, babam ve ben": two.
            if words[index] == "ben" {
                let around = words[max(0, index - 3)...min(words.count - 1, index + 2)].filter(Self.turkishPossessed.contains)
                if !around.isEmpty { return 1 + min(Set(around).count, 4) }
            }
            // "my parents and me", "me and my parents", "with my parents": two more ("for my parents" alone is two).
            if rest.starts(with: ["my", "parents", "and", "me"]) || rest.starts(with: ["my", "parents", "and", "i"])
                || rest.starts(with: ["with", "my", "parents"]) || rest.starts(with: ["me", "and", "my", "parents"]) {
                return 3
            }
            // "me and my two kids", "me and my son", "me + my 3 kids", "me + 2 kids" (the sign folds away): one grown-up;
            // the children are counted as children.
            if ["i", "me"].contains(words[index]), index + 2 < words.count {
                let my = ["and", "plus"].contains(words[index + 1]) ? index + 2 : index + 1
                let counted = my < words.count && (Int(words[my]) ?? numbers[words[my]]) != nil
                let noun = counted ? my + 1 : my + 1 < words.count && (Int(words[my + 1]) ?? numbers[words[my + 1]]) != nil ? my + 2 : my + 1
                // "me and the baby", "me and our son": "the" or "our" as "my" is.
                if ["my", "the", "our"].contains(words[my]) || counted, noun < words.count, Self.childNouns.contains(words[noun]) { return 1 }
                // "me + my 4 month old", "me and my 6 year old": a child named by age alone.
                if words[my] == "my" || words[my] == "our", noun + 1 < words.count, ["month", "months", "year", "years", "yr", "yrs"].contains(words[noun]),
                   words[noun + 1] == "old" { return 1 }
            }
            // "ikimiz için" (for the two of us), "üçümüz": we, counted.
            if let count = Self.turkishWeCounted[words[index]] { return count }
            // "me and a friend", "a friend and I": one companion named with "a", and the speaker.
            if ["i", "me"].contains(words[index]), rest.count >= 4, words[index + 1] == "and", words[index + 2] == "a",
               Self.companions.contains(words[index + 3]) { return 2 }
            if rest.count >= 4, words[index] == "a", Self.companions.contains(words[index + 1]), words[index + 2] == "and",
               ["i", "me"].contains(words[index + 3]) { return 2 }
            // "with my mother and father", "with my mom and my dad": two named companions and the speaker.
            if rest.starts(with: ["with", "my"]), index + 4 < words.count, Self.companions.contains(words[index + 2]), words[index + 3] == "and" {
                let other = words[index + 4] == "my" && index + 5 < words.count ? words[index + 5] : words[index + 4]
                if Self.companions.contains(other) { return 3 }
            }
            // Exact words: "with my friends" or "arkadaşlarımla" is more than one companion.
            if rest.starts(with: ["with", "my"]), index + 2 < words.count, Self.companions.contains(words[index + 2]) { return 2 }
            // "my husband and I", "for my wife and me", "me and my sister"; "four of us".
            if rest.starts(with: ["my"]), index + 3 < words.count, Self.companions.contains(words[index + 1]),
               words[index + 2] == "and", ["i", "me"].contains(words[index + 3]) { return 2 }
            if ["i", "me"].contains(words[index]), index + 3 < words.count, words[index + 1] == "and", words[index + 2] == "my",
               Self.companions.contains(words[index + 3]) { return 2 }
            // "mom and me on mothers day", "me and mom": a companion named without "my", and no third after them.
            if index + 2 < words.count, index + 3 == words.count || words[index + 3] != "and",
               Self.companions.contains(words[index]) && words[index + 1] == "and" && ["i", "me"].contains(words[index + 2])
                || ["i", "me"].contains(words[index]) && words[index + 1] == "and" && Self.companions.contains(words[index + 2]) { return 2 }
            // "me, my wife and our twin babies": the comma folds away; so does the sign of "me + wife".
            if words[index] == "me", index + 2 < words.count, words[index + 1] == "my", Self.companions.contains(words[index + 2]) { return 2 }
            if words[index] == "me", index + 1 < words.count, Self.companions.contains(words[index + 1]),
               !(index + 2 < words.count && saysNoTraveller(words[index + 2])) { return 2 }
            if index + 2 < words.count, words[index + 1] == "of", words[index + 2] == "us", let count = Int(words[index]) ?? numbers[words[index]],
               count > 1 { return count }
            // "party of 5"; "3 arkadaşız", "4 kişiyiz" (we are 3 friends, 4 people).
            if rest.starts(with: ["party", "of"]), index + 2 < words.count, let count = Int(words[index + 2]) ?? numbers[words[index + 2]],
               (1...9).contains(count) { return count }
            if index + 1 < words.count, ["arkadasiz", "kisiyiz"].contains(words[index + 1]), let count = Int(words[index]) ?? numbers[words[index]],
               (1...9).contains(count) { return count }
            // "annem ve babamla", "annem, babam ve kardeşimle": the possessed companions joined to one "with": each,
            // the last and the speaker.
            if Self.turkishCompanions.contains(words[index]), index >= 2, let possessed = Self.possessed(words, beforeVe: index - 1) {
                return 2 + possessed
            }
            // "eşim ve 2 çocuğumla", "annem, babam ve bebeğimle": the possessed grown-ups joined to one child "with" are
            // the grown-ups besides the speaker (the children have their own counts).
            if Self.isTurkishChildWith(words[index]), index >= 2 {
                // "eşim ve 6 yaşındaki kızımla": a child's age between them, as a count is.
                let aged = index >= 3 && words[index - 1].hasPrefix("yasinda") && Int(words[index - 2]) != nil
                let numbered = Int(words[index - 1]) != nil || numbers[words[index - 1]] != nil
                if let possessed = Self.possessed(words, beforeVe: aged ? index - 3 : numbered ? index - 2 : index - 1) { return 1 + possessed }
            }
            if Self.turkishCompanions.contains(words[index]) { return 2 }
            // "we're a couple", "as a couple", "for a couple": two; "a couple of days", "for a couple nights" count no one.
            if rest.starts(with: ["a", "couple"]), index > 0, ["re", "are", "as", "for"].contains(words[index - 1]),
               !(index + 2 < words.count && Self.afterCoupleCounts.contains(words[index + 2])) { return 2 }
        }
        return nil
    }

    /// One baby along, without a number ("a baby" is one already, through `count`): "with our infant", "bebekle",
    /// "bebeğimle", "me and my baby", a baby on a lap ("kucakta bebek", "lap infant", "infant on lap").
    static func oneBaby(in words: [String]) -> Int? {
        let babies: Set<String> = ["baby", "infant", "bebek", "bebegi"]
        for index in words.indices {
            // "bebekli 2 yetişkin": with a baby; a count before it ("2 bebekli") is read by `count`.
            if ["bebekle", "bebegimle", "bebegimizle", "bebekli"].contains(words[index]) { return 1 }
            // "2 adults + infant": a lone baby straight after a counted party ("+" folds away).
            if ["infant", "baby"].contains(words[index]), index > 1, ["adults", "adult", "kids", "children", "child"].contains(words[index - 1]),
               Int(words[index - 2]) != nil, !(index + 1 < words.count && ["seat", "seats", "car", "cot", "bassinet", "food"].contains(words[index + 1])) {
                return 1
            }
            // "8 aylık kızımız", "6-month-old son": a child counted in months is a baby.
            if index + 1 < words.count, let months = Int(words[index]), (1...23).contains(months),
               words[index + 1] == "aylik" || words[index + 1] == "month" && index + 2 < words.count && words[index + 2] == "old" { return 1 }
            // "kucakta bebek", and the baby as ours or mine: "kucakta bebeğimiz", "kucakta bebeğim".
            if babies.contains(words[index]) || ["bebegim", "bebegimiz"].contains(words[index]), index > 0,
               ["kucakta", "kucak", "lap"].contains(words[index - 1]) { return 1 }
            if babies.contains(words[index]), index + 2 < words.count, ["in", "on"].contains(words[index + 1]),
               words[index + 2] == "lap" || index + 3 < words.count && words[index + 3] == "lap" { return 1 }
            // "with our baby", "and my infant", "two of us plus our baby"; "me, my wife and the baby" ("the" after
            // "and" or "with" only: "the baby seat" is no baby).
            if ["with", "and", "plus"].contains(words[index]), index + 2 < words.count,
               ["my", "our"].contains(words[index + 1]) || words[index + 1] == "the" && index + 3 == words.count,
               ["baby", "infant"].contains(words[index + 2]) { return 1 }
            // "eşim, ben ve bebeğimiz", "ben ve bebeğim": and our (my) baby.
            if words[index] == "ve", index + 1 < words.count, ["bebegim", "bebegimiz"].contains(words[index + 1]) { return 1 }
        }
        return nil
    }

    /// Children a parent names as theirs: "me and my two kids" is one grown-up.
    static let childNouns: Set<String> = ["kid", "kids", "child", "children", "son", "sons", "daughter", "daughters", "boys", "girls",
                                          "baby", "babies", "infant", "newborn", "toddler"]

    /// Words after "a couple" that make it a count of something else: "a couple of days", "for a couple nights".
    static let afterCoupleCounts: Set<String> = ["of", "day", "days", "night", "nights", "week", "weeks", "month", "months", "hours", "hundred",
                                                 "thousand", "more", "times", "stops", "bags", "tickets", "seats"]

    /// How many different possessed people ("annem", "babam", "eşim", at most 4) stand just before the "ve" at `join`;
    /// nil when `join` holds no "ve" or none stands before it.
    static func possessed(_ words: [String], beforeVe join: Int) -> Int? {
        guard join >= 1, words[join] == "ve" else { return nil }
        let before = words[..<join].reversed().prefix { turkishPossessed.contains($0) }
        return before.isEmpty ? nil : min(Set(before).count, 4)
    }

    /// My friends, or ours, in Turkish: "arkadaşım", "arkadaşlarım", "arkadaşımla", "arkadaşlarımızla" (folded); not
    /// "arkadaşız" (we are friends).
    static func isTurkishFriends(_ word: String) -> Bool {
        ["arkadasim", "arkadaslarim"].contains { word.hasPrefix($0) } && word.count <= "arkadaslarimizla".count
    }

    /// A Turkish child with "with" on it: "çocuğumla", "çocuklarımla", "bebeğimle", "oğlumla", "kızlarımızla" (folded).
    static func isTurkishChildWith(_ word: String) -> Bool {
        ["cocug", "cocuk", "bebeg", "oglum", "ogullarim", "kizim", "kizlarim"].contains { word.hasPrefix($0) }
            && (word.hasSuffix("la") || word.hasSuffix("le"))
    }
    /// "ikimiz" (the two of us) to "beşimiz", folded.
    static let turkishWeCounted: [String: Int] = ["ikimiz": 2, "ucumuz": 3, "dordumuz": 4, "besimiz": 5]

    /// "2 adults + my mom", "2 adults and my dad": one named companion after a count of adults is one more of them (the
    /// sign folds away); 0 when none follows. Not when the word after it says the companion is no traveller
    /// (`saysNoTraveller`): someone else's occasion ("1 adult, my sister's grad") or news ("my dad had a fall").
    static func companionAfterAdults(in words: [String]) -> Int {
        for index in words.indices.dropFirst() where ["adult", "adults"].contains(words[index]) {
            var at = index + 1
            if at < words.count, ["and", "plus"].contains(words[at]) { at += 1 }
            if at + 1 < words.count, words[at] == "my", companions.contains(words[at + 1]),
               !(at + 2 < words.count && saysNoTraveller(words[at + 2])) { return 1 }
        }
        return 0
    }

    /// Verbs after a companion that make it the subject of news, no traveller: "my dad had a fall", "my mom needs care"
    /// ("my mom is coming" travels).
    static let newsVerbs: Set<String> = ["had", "has", "got", "fell", "broke", "passed", "died", "needs", "needed"]
    /// Whether the word after a companion makes it no traveller: a possessive's "s" ("my brother's wedding") or a verb of news.
    static func saysNoTraveller(_ wordAfterCompanion: String) -> Bool { wordAfterCompanion == "s" || newsVerbs.contains(wordAfterCompanion) }
    static let companions: Set<String> = ["wife", "husband", "partner", "girlfriend", "boyfriend", "bf", "gf", "spouse", "fiance", "fiancee",
                                          "mother", "mom", "mum", "father", "dad", "friend", "sister", "brother", "cousin", "colleague",
                                          "mate", "buddy",
                                          // "me and my grandma": a grandparent, an aunt or uncle, a niece or nephew, a roommate.
                                          "grandma", "grandpa", "grandmother", "grandfather", "granny", "nana", "aunt", "uncle",
                                          "niece", "nephew", "roommate",
                                          // "me and my boss": someone from work.
                                          "boss", "coworker", "manager"]
    /// Words that put a place after them: "solo" there is a name ("flights to Solo"), not travelling alone.
    static let beforePlaces: Set<String> = Gazetteer.fromWords.union(Gazetteer.toWords).union(["in", "at", "via", "near"])
    /// Grown-up companions counted in a group: "me + 2 friends" (children and babies have their own counts).
    static let companionGroups: Set<String> = ["friends", "colleagues", "coworkers", "buddies", "mates", "others"]
    /// Turkish companions with "my": "eşim", "annem", "arkadaşım", next to "ben" (I).
    static let turkishPossessed: Set<String> = ["esim", "karim", "kocam", "sevgilim", "nisanlim", "annem", "babam", "arkadasim", "kardesim",
                                                "ablam", "abim"]
    static let turkishCompanions: Set<String> = ["esimle", "karimla", "kocamla", "sevgilimle", "nisanlimla", "annemle", "babamla",
                                                 "arkadasimla", "kardesimle", "ablamla", "abimle"]
}

extension SearchParser {
    /// "3 grown-ups", "two grownups": grown-ups counted are adults (the hyphen splits the word: "grown", "ups"). "3 grown
    /// men" or "grown up" alone counts none.
    static func grownUps(in words: [String]) -> Int? {
        for index in words.indices.dropFirst() {
            let noun = words[index] == "grownups" || words[index] == "grown" && index + 1 < words.count && words[index + 1] == "ups"
            if noun, let value = Int(words[index - 1]) ?? numbers[words[index - 1]], value > 0, value < 10 { return value }
        }
        return nil
    }

    /// "taking the kids (2)", "adults (3)", "çocuklarla (2 tane)": a count in parentheses straight after one of `nouns`
    /// (a Turkish case ending may follow the noun), as forms and lists write it. Read from the lower-cased text, where
    /// the parentheses still are; a count of 1 to 20.
    static func countInParentheses(in text: String, nouns: [String]) -> Int? {
        let bytes = Array(text.lowercased().utf8)
        for noun in nouns.map({ Array($0.utf8) }) {
            var start = 0
            while start + noun.count <= bytes.count {
                defer { start += 1 }
                guard bytes[start..<(start + noun.count)].elementsEqual(noun),
                      start == 0 || !Self.isLetterByte(bytes[start - 1]) else { continue }
                var index = start + noun.count
                while index < bytes.count, Self.isLetterByte(bytes[index]) { index += 1 }  // "çocuklarla (2 tane)": a case ending
                while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "(") else { continue }
                index += 1
                var value = 0, digits = 0
                while index < bytes.count, digits < 2, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                // "(2 tane)": Turkish counts things with "tane" (pieces).
                if Array(bytes[index...].prefix(5)) == Array(" tane".utf8) { index += 5 }
                if digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ")"), (1...20).contains(value) { return value }
            }
        }
        return nil
    }

    /// A letter of ASCII, or any byte of a character beyond it (a Turkish letter's UTF-8).
    private static func isLetterByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte >= 0x80
    }

    /// "iki yer lazım", "3 yer var mı", "2 yer ayırtmak istiyorum": a count of "yer" (room, seats) with a word that
    /// asks for seats is that many travellers. "Yer" alone is any place ("iki yer gezeceğiz": two places to see).
    static func seatsAsked(in words: [String]) -> Int? {
        for index in words.indices.dropFirst() where words[index] == "yer" {
            // "premium ekonomide iki yer": the seats wanted, ending the request after a cabin.
            let afterCabin = index + 1 == words.count && index >= 2 && ["ekonomide", "ekonomi", "businessta", "business", "sinifinda"].contains(words[index - 2])
            guard afterCabin || index + 1 < words.count else { continue }
            let next = afterCabin ? "" : words[index + 1]
            guard afterCabin || ["lazim", "var", "kaldi", "istiyorum", "ariyorum", "bul", "bulun", "bulur"].contains(next)
                    || next.hasPrefix("ayir") else { continue }
            // "bir yer var mı" is "is there a place?", "sıcak bir yer lazım" a warm place: a count of one must be a digit.
            if let value = Int(words[index - 1]) ?? numbers[words[index - 1]].flatMap({ $0 > 1 ? $0 : nil }), (1...20).contains(value) {
                return value
            }
        }
        return nil
    }
}
