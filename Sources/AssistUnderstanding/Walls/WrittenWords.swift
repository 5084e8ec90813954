/// The words of a text as written, one for each word of `TextMatching.words(text)` (the same separators: anything
/// but a letter or a digit), with what folding loses: the spelling, whether it was capitalised, and whether it
/// starts a sentence. The gazetteer reads capitals as a sign of a name; the model path quotes spans as written.
struct WrittenWord {
    var text: String
    var folded: String
    var capitalised: Bool
    var startsSentence: Bool
    /// Whether a single hyphen joins it to the next word, nothing else between ("Saint-Pierre", "Port-au-Prince").
    var hyphenAfter = false
    /// Whether a comma stands between it and the next word ("air sunshine, under $250").
    var commaAfter = false
    /// Whether an apostrophe alone stands between it and the next word, a Turkish case ending's sign ("Babaeski'den").
    var apostropheAfter = false
    /// Whether it stands inside parentheses: an aside ("Cáceres'e (Mato Grosso'daki)", "(not the one in mexico city)").
    var inParentheses = false

    static func split(_ text: String) -> [WrittenWord] {
        var words: [WrittenWord] = []
        var current = ""
        var sentenceStart = true
        var between = ""  // what separates the last word from the one being read
        var depth = 0  // parentheses open before the word being read
        let characters = Array(text + " ")
        for (offset, character) in characters.enumerated() {
            // "Governors' Aviation": an apostrophe after a plural's "s" and before a space is the name's own (a plural
            // possessive), kept in the word's written text though not in its folded form.
            if ["'", "’"].contains(character), current.last == "s" || current.last == "S", characters[offset + 1].isWhitespace {
                current.append(character)
                continue
            }
            if character.isLetter || character.isNumber {
                if current.isEmpty, between == "-", !words.isEmpty { words[words.count - 1].hyphenAfter = true }
                if current.isEmpty, between.contains(","), !words.isEmpty { words[words.count - 1].commaAfter = true }
                if current.isEmpty, between == "'" || between == "’", !words.isEmpty { words[words.count - 1].apostropheAfter = true }
                current.append(character)
                continue
            }
            if !current.isEmpty {
                words.append(WrittenWord(text: current, folded: TextMatching.words(current).joined(separator: " "),
                                         capitalised: current.first?.isUppercase == true, startsSentence: sentenceStart, inParentheses: depth > 0))
                sentenceStart = false
                current = ""
                between = ""
            }
            between.append(character)
            if ".!?\n".contains(character) { sentenceStart = true }
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(0, depth - 1) }
        }
        return words
    }
}
