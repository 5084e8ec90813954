import Foundation
/// Which language a text is written in, from its function words, letters and word endings.
///
/// Summaries name people, hotels and cities of other languages ("Casa do Chiado Boutique Hotel"), so a
/// detector that counts every word misjudges them; function words ("the", "ve", "und") and a language's own
/// letters (ı, ğ, ß, ñ) are what carry the language. Checked against lingua on a sample in the tests.
public struct LanguageDetector: Sendable {
    struct Profile: Sendable {
        let code: String
        let words: Set<String>
        /// Letters found in this language and few others.
        let letters: Set<Character>
        /// Word endings typical of the language (agglutinative suffixes).
        let endings: [String]
    }

    static let profiles: [Profile] = [
        Profile(code: "en", words: [
            "the", "and", "of", "to", "a", "in", "is", "you", "your", "are", "at", "on", "for", "with", "from", "will", "be", "it",
            "this", "that", "by", "an", "as", "have", "has", "was", "were", "flight", "arrives", "departs", "leaves", "lands",
            "stay", "night", "nights", "after", "before", "then", "which", "there", "their", "our", "into", "has", "been", "not",
        ], letters: [], endings: []),
        Profile(code: "tr", words: [
            "ve", "bir", "bu", "ile", "için", "da", "de", "çok", "olan", "olarak", "daha", "sonra", "önce", "ama", "gibi", "her",
            "siz", "sizin", "uçuş", "uçuşu", "uçuşunuz", "saat", "saatinde", "otel", "otelde", "kalış", "gece", "iptal", "edildi",
            "yerel", "saatiyle", "varış", "kalkış", "iniyor", "kalkıyor", "yolcu", "rezervasyon", "rezervasyonunuz", "ile", "var",
            "yok", "değil", "olacak", "ediyor", "gün", "ertesi",
        ], letters: ["ı", "ğ", "ş", "İ", "Ş", "Ğ"], endings: ["ları", "leri", "ında", "inde", "ıyor", "iyor", "uyor", "üyor", "nız", "niz", "nuz", "nüz", "dır", "dir", "lar", "ler", "'da", "'de", "'ta", "'te", "'a", "'e", "'ya", "'ye", "ya", "ye", "sinde", "sında"]),
        Profile(code: "de", words: [
            "der", "die", "das", "und", "ist", "nicht", "mit", "von", "zu", "den", "ein", "eine", "im", "auf", "für", "sie", "ihr",
            "ihre", "um", "uhr", "nach", "flug", "landet", "abflug", "ankunft", "wird", "sind", "am", "bei", "dem", "des",
        ], letters: ["ß", "ä"], endings: []),
        Profile(code: "fr", words: [
            "le", "la", "les", "et", "est", "de", "des", "du", "un", "une", "vous", "votre", "vos", "pour", "avec", "dans", "sur",
            "au", "aux", "vol", "arrive", "départ", "heure", "sera", "à", "ne", "pas", "qui", "que",
        ], letters: ["è", "ê", "à", "œ"], endings: []),
        Profile(code: "es", words: [
            "el", "la", "los", "las", "y", "es", "de", "del", "un", "una", "su", "sus", "para", "con", "en", "por", "vuelo",
            "llega", "sale", "hora", "será", "que", "no", "usted", "al",
        ], letters: ["ñ", "¿", "¡"], endings: []),
    ]

    public init() {}

    /// The language code ("en", "tr", ...) of `text`, or nil when nothing in it points to a language.
    public func detect(_ text: String) -> String? {
        let scores = self.scores(text)
        guard let best = scores.max(by: { $0.value < $1.value }), best.value > 0 else { return nil }
        return best.key
    }

    func scores(_ text: String) -> [String: Double] {
        let words = text.split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "’" })
            .map { $0.replacingOccurrences(of: "’", with: "'").lowercased() }
        let letters = Set(text)
        var scores: [String: Double] = [:]
        for profile in Self.profiles {
            var score = 0.0
            for word in words {
                let bare = word.split(separator: "'").first.map(String.init) ?? word
                if profile.words.contains(bare) || profile.words.contains(word) { score += 1 }
                if profile.endings.contains(where: { word.count > $0.count + 3 && word.hasSuffix($0) }) { score += 1 }
            }
            score += Double(profile.letters.filter { letters.contains($0) }.count) * 2
            scores[profile.code] = score
        }
        return scores
    }
}
