import AssistUnderstanding

/// Intents said by the shape of a phrase rather than by one fixed cue (the twenty-second written-after set), each read
/// where the cue list (`FinanceUnderstander.intents`) reads another or none:
/// - "where has my paycheck gone", "where did my salary go": "where", "my" and a word of money (`moneyNouns`, a closed
///   set) and a form of "go" ask where it went: the top merchants, as "where has my money gone" already did. "where
///   has my package gone" names no money and asks nothing of them.
/// - "most i spent at massage envy in one visit": "most" and, after it, "in one" or "in a single" and a noun of one
///   outing (`outingNouns`) ask for the largest single payment, as "most i dropped … in one night" does. Without "most"
///   ("how much do i spend in one visit on average") it is no largest.
/// - "en çok para verdiğim alışveriş": "en çok" or "en fazla", perhaps "para", a relative of paying ("verdiğim",
///   "harcadığım", "ödediğim": that I gave, spent, paid) and a noun of one payment (`singlePaymentNouns`, perhaps after
///   "tek") ask for the largest single payment. "en çok para verdiğim yer" (the place) still asks where; so does "…
///   alışveriş yerleri", a noun of one payment qualifying places.
/// - "bir de 2053'ü görelim": the comparison's "göre" (compared to) is a postposition and takes no ending; a word that
///   only begins with it ("görelim", let us see; "görev", a task; "göreceli") asks no comparison.
/// - "now do coffee shops": "shops", "stores", "places" or "spots" right after a category's word name that category's
///   kind of shop ("coffee shops", "grocery stores"), not a ranking of merchants; unless the question asks for a count
///   or which ones ("my top 3 coffee shops", "which coffee shops").
extension FinanceUnderstander {
    /// Words of one's money, after "my": what "where has my … gone" asks about.
    static let moneyNouns: Set<String> = ["money", "cash", "paycheck", "paychecks", "paycheque", "paycheques", "pay", "salary", "wages",
                                          "income", "earnings", "savings", "budget", "allowance", "bonus"]

    /// Nouns of one outing at a shop: "in one visit", "in a single trip".
    static let outingNouns: Set<String> = ["visit", "trip", "stop", "sitting", "outing", "shop", "order"]

    /// Nouns of shops that a category's word before makes a kind of shop ("coffee shops"), not "which places".
    static let shopNouns: Set<String> = ["shops", "shop", "stores", "store", "places", "spots"]

    /// "where has my paycheck gone", "where did my salary go", "where's all my pay going", as the type's comment says.
    static func asksWhereMoneyWent(_ words: [String]) -> Bool {
        guard let whereAt = words.firstIndex(of: "where") else { return false }
        let after = Array(words[(whereAt + 1)...].prefix(6))
        guard let myAt = after.firstIndex(of: "my"), myAt + 1 < after.count, moneyNouns.contains(after[myAt + 1]) else { return false }
        return after[(myAt + 2)...].contains { ["go", "gone", "went", "going"].contains($0) }
    }

    /// "most i spent at massage envy in one visit", "the most i've paid in a single trip", as the type's comment says.
    /// "most i've dropped on a single rothys order": "on" too, and up to two words of a shop's name before the outing.
    static func asksMostInOneOuting(_ words: [String]) -> Bool {
        guard let mostAt = words.firstIndex(of: "most") else { return false }
        return words.indices.contains { index in
            guard index > mostAt, index + 2 < words.count, ["in", "on"].contains(words[index]) else { return false }
            let single = words[index + 1] == "one" ? index + 2 : words[index + 1] == "a" && words[index + 2] == "single" ? index + 3 : nil
            guard let single else { return false }
            let nouns = words[single...].prefix(words[index] == "on" ? 3 : 1)
            return nouns.contains(where: outingNouns.contains)
        }
    }

    /// Relatives of paying, the asker's own, folded as the words are (`TextMatching.words`): "verdiğim" (that I gave), "harcadığım" (spent), "ödediğim" (paid).
    /// ("para bayıldığım": the money I forked out.)
    static let paidRelatives: Set<String> = ["verdigim", "harcadigim", "odedigim", "bayildigim"]

    /// Nouns of one payment, bare or with "my", folded: a purchase, an expense, a payment, an order, a transaction, a bill.
    static let singlePaymentNouns: Set<String> = ["alisveris", "alisverisim", "harcama", "harcamam", "odeme", "odemem", "siparis", "siparisim",
                                                  "islem", "islemim", "fatura", "faturam", "hesap", "hesabim",
                                                  // "en çok para verdiğim ürün": the one thing bought; "… etkinlik", the one event.
                                                  "urun", "urunum", "etkinlik"]

    /// "en çok para verdiğim alışveriş", "en fazla harcadığım tek sipariş", as the type's comment says.
    static func asksMostPaidForOne(_ words: [String]) -> Bool {
        words.indices.contains { index in
            guard index + 1 < words.count, words[index] == "en", ["cok", "fazla"].contains(words[index + 1]) else { return false }
            var at = index + 2
            if at < words.count, words[at] == "para" { at += 1 }
            guard at < words.count, paidRelatives.contains(words[at]) else { return false }
            at += 1
            if at < words.count, words[at] == "tek" { at += 1 }
            guard at < words.count, singlePaymentNouns.contains(words[at]) else { return false }
            // "… alışveriş yerleri", "… alışveriş mağazası": the noun qualifies where, which is asked.
            return !(at + 1 < words.count && ["yer", "magaza", "dukkan"].contains { words[at + 1].hasPrefix($0) })
        }
    }

    /// Whether the only comparison cue in `words` is a word that begins with "göre" without being it, as the type's
    /// comment says.
    static func comparesOnlyByGöreForm(_ words: [String]) -> Bool {
        guard !words.contains("gore"), words.contains(where: { $0.hasPrefix("gore") }) else { return false }
        let cues = intents.first { $0.0 == .comparePeriods }?.1 ?? []
        return !FoldedText(words: words.map { $0.hasPrefix("gore") ? "" : $0 }).containsAny(cues)
    }

    /// "günlük ortalamam ne, son iki haftaya göre": an average asked "by" (göre) the question's one period, with no other
    /// word of comparison, takes the average over that period; it sets nothing against it.
    static func averagesByGöre(_ words: [String]) -> Bool {
        guard words.contains("gore") else { return false }
        let cues = intents.first { $0.0 == .comparePeriods }?.1 ?? [], averages = intents.first { $0.0 == .average }?.1 ?? []
        let besides = FoldedText(words: words.map { $0 == "gore" ? "" : $0 })
        return !besides.containsAny(cues) && besides.containsAny(averages)
    }

    /// The intent the cue words ask for once every shop noun right after a category's word is read as the category's
    /// ("now do coffee shops"), when the question asks no count nor which ones ("which", "top", "hangi", or "what" right
    /// before the kind: "what coffee shops…"; "what's one visit running me" asks no ranking); nil when it is the same as before.
    static func intentBesidesKindsOfShop(_ words: [String], text: String) -> FinanceQuestion.Intent?? {
        let kinds = words.indices.filter { index in
            index > 0 && shopNouns.contains(words[index]) && category([words[index - 1]]) != nil
        }
        guard !kinds.isEmpty, limit(in: text) == nil, !words.contains(where: { ["which", "top", "hangi"].contains($0) }),
              !kinds.contains(where: { $0 >= 2 && words[$0 - 2] == "what" }) else { return nil }
        var blanked = words
        for index in kinds { blanked[index] = "" }
        let rest = FoldedText(words: blanked)
        return .some(intents.first { rest.containsAny($0.1) }?.0)
    }
}
