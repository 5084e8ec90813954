import AssistUnderstanding

/// A short follow-up after a question about a shop, asking the same of another: "same question for american eagle",
/// "check tillys too", "now try fresh thyme", "swap in zumiez", "lunds, same month?", "cacharel'i de bir kontrol et",
/// "ayrıntı yayınlarına bakalım". The words left when the follow-up's frame is taken away are the other shop's name,
/// in lower case too, since nothing else can stand there: no period, no category, no common word alone.
extension FinanceUnderstander {
    /// English frames before the name, folded, longest first ("ok now X": the shop said next).
    static let shopFollowUpOpenings: [[String]] = [["same", "question", "for"], ["same", "thing", "for"], ["same", "for"], ["now", "try"],
                                                   ["ok", "now"], ["okay", "now"], ["swap", "in"], ["switch", "to"], ["try"], ["check"],
                                                   ["what", "about"], ["how", "about"],
                                                   // "now foodtown, same week": "now" alone, once no longer frame has matched.
                                                   ["now"]]
    /// English words after the name that end the frame: "too", "as well", "instead", and the last question's span named again
    /// ("same month", "same period").
    static let shopFollowUpEndings: [[String]] = [["as", "well"], ["too"], ["instead"], ["same", "month"], ["same", "week"], ["same", "year"],
                                                  ["same", "period"], ["same", "time"]]
    /// Turkish verbs of looking that close such a follow-up: "bakalım" (let us look), "bak" (look), "kontrol et" (check).
    static let shopFollowUpVerbs: Set<String> = ["bak", "bakalim", "bakar", "bakarmisin", "baksana", "kontrol"]
    /// The words that may follow the name in such a Turkish follow-up: the verbs, and "et", "bir" (once), "de" (too).
    static let shopFollowUpLooks: Set<String> = shopFollowUpVerbs.union(["et", "bir", "bi", "de", "da"])

    /// The other shop a short follow-up names, as the type's comment says; nil when its frame is not there or the words
    /// left are no name.
    func shopInFollowUp(_ text: String) -> String? {
        let tokens = text.split(whereSeparator: \.isWhitespace).map { $0.trimmingPunctuation }.filter { !$0.isEmpty }
        let folded = tokens.map(TextMatching.fold)
        guard (1...7).contains(tokens.count) else { return nil }
        // Turkish: one or two words, the last with an apostrophe and an ending after it (a case's, or the object's:
        // "cacharel'i"), then words of looking ("cacharel'i de bir kontrol et").
        if let glued = tokens.firstIndex(where: { $0.contains("'") || $0.contains("’") }), glued <= 1,
           tokens[(glued + 1)...].indices.allSatisfy({ Self.shopFollowUpLooks.contains(folded[$0]) }), glued + 1 < tokens.count {
            let stem = tokens[glued].split(whereSeparator: { $0 == "'" || $0 == "’" }).first.map(String.init) ?? ""
            return followUpName(Array(tokens[..<glued]) + [stem], turkish: true)
        }
        // Without the apostrophe, a compound's possessive word and its "-na" ending before them: "ayrıntı yayınlarına bakalım".
        if let look = folded.firstIndex(where: Self.shopFollowUpVerbs.contains), (1...2).contains(look),
           tokens[look...].indices.allSatisfy({ Self.shopFollowUpLooks.contains(folded[$0]) }) {
            let last = tokens[look - 1]
            guard ["na", "ne"].contains(where: TextMatching.fold(last).hasSuffix) else { return nil }
            let stem = String(last.dropLast(2))
            guard Self.endsLikePossessive(stem) else { return nil }
            return followUpName(Array(tokens[..<(look - 1)]) + [stem], turkish: true)
        }
        var start = 0, end = tokens.count
        if let opening = Self.shopFollowUpOpenings.first(where: { folded.starts(with: $0) }) { start = opening.count }
        if let ending = Self.shopFollowUpEndings.first(where: { folded.count >= $0.count && Array(folded.suffix($0.count)) == $0 }) {
            end -= ending.count
        }
        guard start > 0 || end < tokens.count, start < end, end - start <= 3 else { return nil }
        return followUpName(Array(tokens[start..<end]), turkish: false)
    }

    /// `words` as a shop's name: letters only, no period, category, intent or common word alone. A kind of shop after a
    /// name's word is the name's ("remzi kitabevi"), as it is before an apostrophe.
    private func followUpName(_ words: [String], turkish: Bool) -> String? {
        guard !words.isEmpty, words.allSatisfy({ $0.allSatisfy { $0.isLetter || $0 == "&" || $0 == "-" } }) else { return nil }
        let name = words.joined(separator: " ")
        let folded = words.map(TextMatching.fold)
        let namedKind = folded.count > 1 && Self.isShopKind(folded[folded.count - 1]) && Self.category(in: words[0]) == nil
        guard namedKind || Self.category(in: name) == nil, !Self.hasIntentCue(name), !folded.contains(where: Self.notNameWords.contains),
              folded.count > 1 || !CommonWords.contains(folded[0]) || turkish, acceptable(name) else { return nil }
        return words.map { Self.spelledAsName($0, turkish: turkish) }.joined(separator: " ")
    }
}
