import AssistUnderstanding

/// Intents said by the shape of a phrase rather than by one fixed cue (the twenty-second written-after set), each read
/// where the cue list (`FinanceUnderstander.intents`) reads another or none:
/// - "where has my paycheck gone", "where did my salary go": "where", "my" and a word of money (`moneyNouns`, a closed
///   set) and a form of "go" ask where it went: the top merchants, as "where has my money gone" already did. "where
///   has my package gone" names no money and asks nothing of them.
/// - "most i spent at massage envy in one visit": "most" and, after it, "in one" or "in a single" and a noun of one
///   outing (`outingNouns`) ask for the largest single payment, as "most i dropped … in one night" does. Without "most"
///   ("how much do i spend in one visit on average") it is no largest.
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
    static func asksMostInOneOuting(_ words: [String]) -> Bool {
        guard let mostAt = words.firstIndex(of: "most") else { return false }
        return words.indices.contains { index in
            index > mostAt && index + 2 < words.count && words[index] == "in"
                && (words[index + 1] == "one" && outingNouns.contains(words[index + 2])
                    || index + 3 < words.count && words[index + 1] == "a" && words[index + 2] == "single" && outingNouns.contains(words[index + 3]))
        }
    }

    /// The intent the cue words ask for once every shop noun right after a category's word is read as the category's
    /// ("now do coffee shops"), when the question asks no count nor which ones; nil when it is the same as before.
    static func intentBesidesKindsOfShop(_ words: [String], text: String) -> FinanceQuestion.Intent?? {
        let kinds = words.indices.filter { index in
            index > 0 && shopNouns.contains(words[index]) && category([words[index - 1]]) != nil
        }
        guard !kinds.isEmpty, limit(in: text) == nil, !words.contains(where: { ["which", "what", "top", "hangi"].contains($0) }) else { return nil }
        var blanked = words
        for index in kinds { blanked[index] = "" }
        let rest = FoldedText(words: blanked)
        return .some(intents.first { rest.containsAny($0.1) }?.0)
    }
}
