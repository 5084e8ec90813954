import AssistUnderstanding
import Foundation

/// What a budget question points at before anyone knows what it names, and whether a value the model chose is
/// written in it. Both read the question as written: folded (case, Turkish letters), with Turkish case endings.
enum BudgetSignals {
    /// "at Zara", "from Trendyol", "Zara'da", "Trendyol'dan", or a capitalised word past the first that is no month
    /// or weekday.
    /// A name with a Turkish case ending after an apostrophe: "Zara'da", "Trendyol'dan".
    static let suffixed = try! NSRegularExpression(  // Force-try is safe: a constant, exercised by the tests.
        pattern: #"\p{L}[\p{L}\d]*['’](de|da|te|ta|den|dan|ten|tan|e|a|ye|ya)\b"#)

    static func pointsAtMerchant(_ text: String) -> Bool {
        let words = TextMatching.words(text)
        if zip(words, words.dropFirst()).contains(where: { ["at", "from"].contains($0.0) && !$0.1.isEmpty }) { return true }
        if suffixed.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { return true }
        let written = text.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "?" || $0 == "." })
        return written.dropFirst().contains { word in
            guard let first = word.first, first.isUppercase else { return false }
            let folded = TextMatching.fold(String(word.prefix { $0 != "'" && $0 != "’" }))
            return DateResolver.month(folded) == nil && DateResolver.weekday(folded) == nil && folded != "i"
        }
    }

    /// "on clothes", "for the kids", "which category", "kategorisinde", "için".
    static func pointsAtCategory(_ text: String) -> Bool {
        TextMatching.words(text).contains { ["on", "for", "category", "kategori", "kategoride", "kategorisinde", "icin"].contains($0) }
    }

    /// The merchant's name is in the question (folded, with case endings), or its first word of four letters or more is.
    static func supports(_ text: String, merchant: String) -> Bool {
        if TextMatching.contains(text, phrase: merchant) { return true }
        guard let first = TextMatching.words(merchant).first, first.count >= 4 else { return false }
        return TextMatching.words(text).contains { $0.hasPrefix(first) }
    }

    /// The category's name, or one of the words the rules know it by, shares its first five letters (all, if
    /// shorter) with a word of the question: "restoranda" supports restaurants, "kıyafetlere" clothing.
    static func supports(_ text: String, category: String) -> Bool {
        guard let entry = FinanceUnderstander.categories.first(where: { $0.0 == category }) else { return false }
        let stems = ([entry.0] + entry.1).map { String(TextMatching.fold($0).prefix(5)) }
        return TextMatching.words(text).contains { word in stems.contains { word.hasPrefix($0) } }
    }
}
