/// The most frequent words of English and of Turkish, folded as the rules fold text (`TextMatching.fold`): what every
/// reader knows as a word rather than a name. From PyPI `wordfreq` 3.1.1's lists (CC BY-SA 4.0; built by
/// tools/build_common_words.py into CommonWordLists.swift), not written by hand.
///
/// A rule that reads a name from where it stands, with no list of names, asks here whether the words it found could
/// be an ordinary word or a person: "Honeymoon Boston to Denver" opens with a common English word, "Ayşe Yılmaz ile
/// Ankara'dan …" with two common Turkish ones (a given name and a surname are both), where "Equair" and "Amapola
/// Flyg" are neither. Loaded on first use.
public enum CommonWords {
    static let english: Set<String> = words(englishList)
    static let turkish: Set<String> = words(turkishList)

    /// Whether `folded` is a common word of either language.
    public static func contains(_ folded: String) -> Bool { english.contains(folded) || turkish.contains(folded) }

    /// Whether `folded` is a common English word.
    public static func isEnglish(_ folded: String) -> Bool { english.contains(folded) }

    /// Whether `folded` is a common Turkish word.
    public static func isTurkish(_ folded: String) -> Bool { turkish.contains(folded) }

    /// Whether `folded` is a common Turkish word and no common English one ("gitti", "kadar"; not "coffee", "house").
    public static func isTurkishOnly(_ folded: String) -> Bool { turkish.contains(folded) && !english.contains(folded) }

    private static func words(_ list: String) -> Set<String> { Set(list.split(separator: " ").map(String.init)) }
}
