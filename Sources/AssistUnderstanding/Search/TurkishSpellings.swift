import Foundation

/// Places written as Turkish spells a Russian, Arabic, Persian or Mongolian name: "Kızıl" (Kyzyl), "Hovd" (Khovd),
/// "Salehard" (Salekhard), "Naberejnıye Çelnı" (Naberezhnyye Chelny), "Kamışlı" (Al Qamishli), "Hamis Müşeyt"
/// (Khamis Mushait). The gazetteer holds these places under their English transliterations only; no curated source
/// gives their Turkish spellings (`tools/build_gazetteer.py`), but Turkish spells the same sounds by a few fixed
/// rules, so both spellings fold to one key here and the key is looked up among the gazetteer's own names. Nothing
/// is listed by hand: every place found this way is one the gazetteer already has.
///
/// The key, on folded words (where "ş", "ç" and "ı" are already "s", "c" and "i"): "kh" → "h", "sh" → "s", "ch" →
/// "c", "zh" → "j", "q" → "k", "y" → "i", "ai" → "ei" (Arabic "ai" as Turkish "ey": Mushait, Müşeyt), a letter
/// doubled written once, and an Arabic article first dropped ("Al Qamishli" is Turkish "Kamışlı"). Only names whose
/// English spelling the key changes are indexed: a name that already reads alike is matched as itself.
///
/// The key is coarser than a spelling, so it is read only where the text makes the word a Turkish place: with a
/// Turkish case ending, glued or after an apostrophe ("Hovd'a", "kızıla"), and written as a name, or right after
/// another place ("krasnoyarsktan kızıla"). A name is capitalised before an apostrophe ("Karşı'dan", as Turkish writes
/// a place's ending), or mid-sentence before a glued ending; a sentence's capital before a glued ending says nothing
/// ("Karşıdan karşıya geçtim": from one side to the other). A key of three letters is read only capitalised before an
/// apostrophe right after another place ("Anadır'dan Oha'ya": Okha). "kızıl" (red) alone, "saçımı kızıla boyattım" (dyed my
/// hair red) or an English sentence are never read this way (`Gazetteer.mentions(in:)`). In lower case, a name with a
/// "from" ending right before another place with a "to" ending is a route's start too ("nadımdan antalyaya": from
/// Nadym to Antalya), as a name right after a place is its end; "kızıldan maviye" (from red to blue) names no place.
extension Gazetteer {
    /// Articles Arabic names begin with, which Turkish drops ("Al Qamishli": "Kamışlı").
    static let droppedArticles: Set<String> = ["al", "el"]

    /// The transliteration key of a folded name's words, as the type's comment says.
    static func spellingKey(_ words: [String]) -> [String] {
        var words = words
        if words.count > 1, droppedArticles.contains(words[0]) { words.removeFirst() }
        return words.map { word in
            var key = word
            for (from, to) in [("kh", "h"), ("sh", "s"), ("ch", "c"), ("zh", "j"), ("q", "k"), ("y", "i"), ("ai", "ei")] {
                key = key.replacingOccurrences(of: from, with: to)
            }
            // A consonant doubled, or "ii" from "yy" and "iy", is written once ("Naberezhnyye": "Naberejnıye"); doubled
            // "a" stays ("Sanaa" is no "sana", to you).
            var collapsed = ""
            for letter in key where letter != collapsed.last || "aeou".contains(letter) { collapsed.append(letter) }
            return collapsed
        }
    }

    /// The gazetteer's names by their key: only names the key changes, each key's places by population.
    static func spellingIndex(_ byName: [[String]: [City]]) -> [[String]: [City]] {
        var index: [[String]: [City]] = [:]
        for (name, cities) in byName {
            let key = spellingKey(name)
            guard key != name, byName[key] == nil, key.joined().count >= 3 else { continue }
            for city in cities where !(index[key]?.contains(city) ?? false) { index[key, default: []].append(city) }
        }
        return index.mapValues { $0.sorted { $0.population > $1.population } }
    }

    /// The first word of a spelling's key in `byName`: no text folds to it (`TextMatching.words` keeps letters and
    /// digits only), so no name is read as a key nor a key as a name.
    static let spellingMark = ["~spelled"]

    /// The places `key` of a Turkish spelling names, if any (`spellingIndex`); a key shorter than `minimum` letters
    /// names none.
    func cities(spelled words: [String], minimum: Int = 4) -> [City]? {
        let key = Self.spellingKey(words)
        guard key.joined().count >= minimum else { return nil }
        return byName[Self.spellingMark + key]
    }

    /// A place's Turkish spelling at `index`, the longest: only with a Turkish case ending, glued or after an apostrophe,
    /// and right after another place (`afterPlace`) or capitalised (anywhere before an apostrophe, mid-sentence before a
    /// glued ending), or with a glued "from" ending right before a place with a "to" ending.
    func spelled(_ words: [String], _ shapes: WordShapes, at index: Int, apostrophes: Set<Int>, afterPlace: Bool) -> NameMatch? {
        for length in stride(from: min(longestName, words.count - index), through: 1, by: -1) {
            var key = Array(words[index..<(index + length)])
            let next = index + length
            // A key of three letters ("Oha'ya", Okha) only capitalised before an apostrophe, right after another place
            // ("Anadır'dan Oha'ya"): a name so short is a word too often ("oha", an interjection) to be read alone.
            let short = afterPlace && shapes.isCapitalised(index) && length == 1
            if afterPlace || shapes.isCapitalised(index), apostrophes.contains(next), Self.caseEndings.contains(words[next]),
               let cities = cities(spelled: key, minimum: short ? 3 : 4) {
                return (cities, length, nil, false)
            }
            guard let last = key.last, last.count >= 5, !apostrophes.contains(next) else { continue }
            for cut in 1...min(5, last.count - 3) {
                let ending = String(last.suffix(cut))
                guard Self.caseEndings.contains(ending),
                      afterPlace || shapes.isCapitalisedMidSentence(index) || Self.fromEndings.contains(ending) && beforePlaceGoneTo(words, at: next)
                else { continue }
                key[key.count - 1] = String(last.dropLast(cut))
                if let cities = cities(spelled: key) { return (cities, length, ending, false) }
            }
        }
        return nil
    }

    /// Whether the words at `index` are a place's name with a "to" ending, glued or after an apostrophe ("antalyaya").
    private func beforePlaceGoneTo(_ words: [String], at index: Int) -> Bool {
        guard let place = match(words, at: index) else { return false }
        let after = index + place.length
        return Self.toEndings.contains(place.ending ?? (after < words.count ? words[after] : ""))
    }
}
