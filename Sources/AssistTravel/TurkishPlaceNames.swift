/// Cities as Turkish writes them, and the case endings a proper noun takes: "İstanbul'dan Lizbon'a".
///
/// The endings follow vowel harmony from the last vowel of the name (a ı o u → -dan, -a; e i ö ü → -den, -e),
/// harden after a voiceless consonant (f s t k ç ş h p: "Paris'ten", "New York'tan"), take a buffer "y" after a
/// vowel in the dative ("Antalya'ya") and are set off by an apostrophe. Harmony follows how a name is said, and
/// for a foreign name read by its spelling that can be wrong ("Nice" is said "Nis"), so the narrator adds endings
/// only to the names listed here, whose endings were checked one by one; any other city it names without one.
enum TurkishPlaceNames {
    /// English city name (as in the travel data) → Turkish name. Only names said as they are spelled in
    /// Turkish, or whose said last syllable agrees with the spelling ("New York", "Dubai": "Dubai'ye").
    static let names: [String: String] = [
        "Istanbul": "İstanbul", "Ankara": "Ankara", "Izmir": "İzmir", "Antalya": "Antalya", "Lisbon": "Lizbon",
        "London": "Londra", "Rome": "Roma", "Barcelona": "Barselona", "Dubai": "Dubai", "New York": "New York",
        "Paris": "Paris", "Berlin": "Berlin", "Amsterdam": "Amsterdam", "Frankfurt": "Frankfurt", "Munich": "Münih",
        "Athens": "Atina", "Vienna": "Viyana", "Moscow": "Moskova", "Madrid": "Madrid", "Milan": "Milano",
    ]

    /// The Turkish name of a city whose endings are known; nil for any other.
    static func name(of city: String) -> String? { names[city] }

    /// "from": İstanbul → "İstanbul'dan", Paris → "Paris'ten", Antalya → "Antalya'dan".
    static func ablative(_ name: String) -> String {
        name + "'" + (endsVoiceless(name) ? "t" : "d") + (isBack(name) ? "an" : "en")
    }

    /// "to": Lizbon → "Lizbon'a", Berlin → "Berlin'e", Antalya → "Antalya'ya", Dubai → "Dubai'ye".
    static func dative(_ name: String) -> String {
        name + "'" + (endsInVowel(name) ? "y" : "") + (isBack(name) ? "a" : "e")
    }

    static let backVowels: Set<Character> = ["a", "ı", "o", "u", "â", "û", "A", "I", "O", "U"]
    static let frontVowels: Set<Character> = ["e", "i", "ö", "ü", "î", "E", "İ", "Ö", "Ü"]
    static let voiceless: Set<Character> = ["f", "s", "t", "k", "ç", "ş", "h", "p"]

    /// Whether the last vowel is a back vowel (a front one, or none, takes the front endings).
    static func isBack(_ name: String) -> Bool {
        guard let vowel = name.last(where: { backVowels.contains($0) || frontVowels.contains($0) }) else { return false }
        return backVowels.contains(vowel)
    }

    static func endsInVowel(_ name: String) -> Bool {
        name.last.map { backVowels.contains($0) || frontVowels.contains($0) } ?? false
    }

    static func endsVoiceless(_ name: String) -> Bool {
        name.last.map { voiceless.contains(Character($0.lowercased())) } ?? false
    }
}
