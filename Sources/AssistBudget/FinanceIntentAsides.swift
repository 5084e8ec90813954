import AssistUnderstanding

/// Words that look like an intent's cue but ask for nothing, and one shape of the largest payment (the forty-sixth
/// written-after set). The asides are blanked before the cue list (`FinanceUnderstander.intents`) is read:
/// - "i mean" opens a correction ("list what i spent on fun stuff, entertainment i mean"): no mean asked for.
/// - "farklı" (different) after "kaç" or before what is paid or where ("kaç farklı harcama": how many different
///   purchases) is no difference asked for; "ne kadar farklı" (how different) and "fark" still compare.
/// - a category's word refused: "kategori falan olmadan" (without categories and such), "without categories", "no
///   category breakdown".
/// - "dokuz" (nine) and its forms ("ayın dokuzu", the ninth of the month), whose folded letters open "dök" (a list's cue).
/// - "show" as a noun ("a comedy show on friday", "per show"): neither opening the question nor before what it shows.
///
/// "tek bir restoran akşamında en çok ne ödedim" (the most I paid on a single restaurant evening): "tek" (single), then
/// "en çok" or "en fazla", asks for the largest single payment, as "tek seferde" does.
extension FinanceUnderstander {
    /// Words after the verb "show": whom or what it shows.
    static let showObjects: Set<String> = ["me", "my", "us", "our", "all", "the", "every", "each", "what", "how", "everything", "them",
                                           "those", "these", "it", "that", "this", "a", "list", "where", "which", "who"]

    /// Folded nouns of places paid that "farklı" may qualify, beside `singlePaymentNouns`.
    static let placesPaid: [String] = ["yer", "magaza", "dukkan", "firma", "isyeri", "isletme", "market", "restoran", "kafe"]

    /// `words` with the asides above blanked ("").
    static func cueWordsAside(_ words: [String]) -> [String] {
        var kept = words
        for (index, word) in words.enumerated() {
            let previous = index > 0 ? words[index - 1] : ""
            let next = index + 1 < words.count ? words[index + 1] : ""
            if word == "mean", previous == "i" { kept[index] = "" }
            if word.hasPrefix("farkli"), previous == "kac" || singlePaymentNouns.contains(next) || placesPaid.contains(where: next.hasPrefix) {
                kept[index] = ""
            }
            if word.hasPrefix("kategori") || word.hasPrefix("categor"), refused(words, at: index) { kept[index] = "" }
            // "daha ayın dokuzu": the number nine, whose folded letters open "dök" (pour them out, a list's cue).
            if word.hasPrefix("dokuz") { kept[index] = "" }
            // "second city show on valentines day", "per show": a show seen, no "show me"; the verb opens the question or
            // is followed by whom or what it shows.
            if word == "show", index > 0, !["pls", "please", "just", "can", "could", "you", "u", "and", "then", "now", "ok", "also"].contains(previous),
               !showObjects.contains(next) || ["per", "a", "the", "each", "every", "one", "comedy"].contains(previous) { kept[index] = "" }
        }
        return kept
    }

    /// Whether the word at `index` is refused: "without" or "no" up to two words before it, "olmadan" or "olmaksızın"
    /// (without) up to three after.
    private static func refused(_ words: [String], at index: Int) -> Bool {
        words[max(0, index - 2)..<index].contains { ["without", "no"].contains($0) }
            || words[(index + 1)...].prefix(3).contains { ["olmadan", "olmaksizin"].contains($0) }
    }

    /// "tek bir restoran akşamında en çok", "tek siparişte en fazla", as the type's comment says.
    static func asksMostOnASingleOne(_ words: [String]) -> Bool {
        guard let single = words.firstIndex(of: "tek") else { return false }
        return words.indices.contains { index in
            index > single && index + 1 < words.count && words[index] == "en" && ["cok", "fazla"].contains(words[index + 1])
        }
    }
}
