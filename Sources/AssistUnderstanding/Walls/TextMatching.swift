import Foundation

/// Folding and word matching for English and Turkish text, so "İstanbul'dan", "ISTANBUL" and "istanbul"
/// all support the value "Istanbul".
public enum TextMatching {
    /// Lower-cases with Turkish dotted/dotless i handled, then drops diacritics (ç→c, ğ→g, ı→i, ö→o, ş→s,
    /// ü→u, é→e, …). Apostrophes become spaces so a Turkish case suffix ("Lizbon'a") is its own word.
    public static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                out.append(contentsOf: asciiFolds[Int(scalar.value)])
            } else {
                out.append(contentsOf: folded(scalar))
            }
        }
        return String(out)
    }

    /// One scalar folded: the definition `fold` applies to each scalar of a text.
    static func folded(_ scalar: Unicode.Scalar) -> String.UnicodeScalarView {
        switch scalar {
        case "İ", "I", "ı": return "i".unicodeScalars
        case "'", "’", "`": return " ".unicodeScalars
        default:
            var out = String.UnicodeScalarView()
            for lowered in String(scalar).lowercased().unicodeScalars {
                out.append(contentsOf: String(lowered).decomposedStrippingMarks.unicodeScalars)
            }
            return out
        }
    }

    /// `folded` of each ASCII scalar, computed once: Foundation's decomposition per scalar made folding most of the
    /// time the rules take (and most of a test pass's CPU, issue 27), and almost every scalar of a question is ASCII.
    static let asciiFolds: [String.UnicodeScalarView] = (0..<128).map { folded(Unicode.Scalar(UInt8($0))) }

    /// The edit distance between two folded words (insertions, deletions, substitutions, and a swap of two
    /// neighbouring letters, each one edit), at most `limit + 1`: any more says only that it exceeds `limit`.
    public static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                var cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cost = min(cost, twoBack[j - 2] + 1) }
                current[j] = cost
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return min(previous[b.count], limit + 1)
    }

    /// The words of the folded text (letters and digits; everything else separates).
    public static func words(_ text: String) -> [String] {
        fold(text).split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Indexes into `words(text)` of the words a dash ("-", "–", "—") comes before, with only spaces or other
    /// separators between: "Ankara - Berlin" gives [1].
    public static func dashedWords(_ text: String) -> Set<Int> { wordsAfter(["-", "–", "—"], in: text) }

    /// Indexes into `words(text)` of the words one of `separators` comes before, with only spaces or other
    /// separators between ("yesterday + today" gives [1] for "+").
    public static func wordsAfter(_ separators: Set<Character>, in text: String) -> Set<Int> {
        wordsAfter(separators, in: separatorsBefore(in: text))
    }

    /// The same, read from `separatorsBefore(in:)` already gathered, for a caller that asks about several kinds of stop.
    public static func wordsAfter(_ separators: Set<Character>, in stops: [Int: Set<Character>]) -> Set<Int> {
        Set(stops.compactMap { $0.value.isDisjoint(with: separators) ? nil : $0.key })
    }

    /// For each word of `words(text)` that separators come before (the first word excepted), those separators: the
    /// text folded once for a caller that asks about several kinds of stop ("a, b; c" gives [1: [","], 2: [";"]]).
    public static func separatorsBefore(in text: String) -> [Int: Set<Character>] {
        var before: [Int: Set<Character>] = [:]
        var index = 0, inWord = false, seen: Set<Character> = []
        for character in fold(text) {
            if character.isLetter || character.isNumber {
                if !inWord, !seen.isEmpty, index > 0 { before[index] = seen }
                if !inWord { seen = [] }
                inWord = true
            } else {
                if inWord { index += 1 }
                inWord = false
                if !character.isWhitespace { seen.insert(character) }
            }
        }
        return before
    }

    /// Indexes into `words(text)` of the words an apostrophe glues to the word before ("Karşı'dan" gives [1]): a
    /// Turkish case ending written after a name, whose stem is then the whole name.
    public static func apostrophedWords(_ text: String) -> Set<Int> {
        var glued: Set<Int> = []
        var index = 0, inWord = false, sawApostrophe = false
        for character in text {
            if character.isLetter || character.isNumber {
                if !inWord, sawApostrophe, index > 0 { glued.insert(index) }
                inWord = true
            } else {
                if inWord { index += 1 }
                sawApostrophe = inWord && (character == "'" || character == "’" || character == "`")
                inWord = false
            }
        }
        return glued
    }

    /// Whether `phrase` occurs in `text` as whole words; the last word may carry a short suffix, as Turkish
    /// case endings do ("Lizbona" supports "Lizbon"; so does "Lizbon'dan", which folds to "lizbon dan").
    /// To match many phrases against one text, fold it once with `FoldedText`.
    public static func contains(_ text: String, phrase: String) -> Bool {
        FoldedText(text).contains(phrase)
    }

    /// Whether `needle` occurs in `haystack` as consecutive words, the last one allowing a short suffix (with
    /// `pluralOnly`, only a plural "s" or "es"; with `englishInflections`, only those `isEnglishInflection` allows).
    static func contains(_ haystack: [String], needle: [String], pluralOnly: Bool = false, englishInflections: Bool = false) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains {
            occurs(needle, in: haystack, at: $0, pluralOnly: pluralOnly, englishInflections: englishInflections)
        }
    }

    /// Whether `candidate` is `word` with an English plural, comparative, superlative or verb ending: "warmer",
    /// "hotter", "sunnier", "snowiest", "beaches", "skiing", "skiers"; not another word that begins with it ("sunday",
    /// "hotel").
    static func isEnglishInflection(_ candidate: String, of word: String) -> Bool {
        guard let last = word.last else { return false }
        // "sunnier", "snowiest": y turned to i.
        if last == "y", ["ier", "iest"].contains(where: { candidate == word.dropLast() + $0 }) { return true }
        guard candidate.hasPrefix(word) else { return false }
        let ending = candidate.dropFirst(word.count)
        // "beaches", "warmer", "coldest", "nicer", "skiing", "skiers", "snowed"; a doubled consonant: "hotter", "sunning".
        let endings: Set<Substring> = ["s", "es", "er", "ers", "est", "r", "st", "ing", "ed", "d"]
        return endings.contains(ending) || ending.first == last && ["er", "est", "ing", "ed"].contains(ending.dropFirst())
    }

    /// Every word range of `haystack` where `needle` occurs, as `contains` matches it.
    static func ranges(of needle: [String], in haystack: [String], englishInflections: Bool = false) -> [Range<Int>] {
        guard !needle.isEmpty, needle.count <= haystack.count else { return [] }
        return (0...(haystack.count - needle.count)).filter { occurs(needle, in: haystack, at: $0, englishInflections: englishInflections) }
            .map { $0..<($0 + needle.count) }
    }

    /// Whether `needle` occurs in `haystack` from `start`: each word whole, the last one allowing a short suffix (with
    /// `pluralOnly`, only "s" or "es").
    private static func occurs(_ needle: [String], in haystack: [String], at start: Int, pluralOnly: Bool = false,
                               englishInflections: Bool = false) -> Bool {
        for (offset, word) in needle.enumerated() {
            let candidate = haystack[start + offset]
            let isLast = offset == needle.count - 1
            let suffixed = pluralOnly ? candidate == word + "s" || candidate == word + "es"
                : englishInflections ? isEnglishInflection(candidate, of: word)
                : word.count >= 3 && candidate.hasPrefix(word) && candidate.count <= word.count + 4
            if !(candidate == word || (isLast && suffixed)) {
                return false
            }
        }
        return true
    }
}

/// A text's folded words, computed once: the rules match dozens of phrases against one question, and folding the
/// question again for each phrase was most of their time (issue 27).
public struct FoldedText: Sendable {
    /// The words of the folded text, as `TextMatching.words` gives them.
    public let words: [String]

    public init(_ text: String) { words = TextMatching.words(text) }

    /// Words already folded (`TextMatching.words`), some perhaps blanked ("") so that no phrase matches across them.
    public init(words: [String]) { self.words = words }

    /// Whether `phrase` occurs as whole words, as `TextMatching.contains(_:phrase:)` says; with `pluralOnly`, its last
    /// word may end only in a plural "s" or "es" (an English word: "cabs", not "cabin").
    public func contains(_ phrase: String, pluralOnly: Bool = false, englishInflections: Bool = false) -> Bool {
        TextMatching.contains(words, needle: TextMatching.words(phrase), pluralOnly: pluralOnly, englishInflections: englishInflections)
    }

    /// Whether any of `phrases` occurs.
    public func containsAny(_ phrases: some Sequence<String>) -> Bool {
        phrases.contains { contains($0) }
    }
}

extension String {
    /// The string with combining marks removed after canonical decomposition ("é" → "e").
    var decomposedStrippingMarks: String {
        String(String.UnicodeScalarView(decomposedStringWithCanonicalMapping.unicodeScalars.filter {
            !$0.properties.isDiacritic && $0.properties.generalCategory != .nonspacingMark
        }))
    }
}
