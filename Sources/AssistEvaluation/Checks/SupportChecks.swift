import AssistUnderstanding
import AssistWire

/// `no_repetition`: no sentence said twice and no word or pair of words repeated in a run ("1 1 1 1", "the
/// fee the fee the fee"): what a small model writes when it loops until its token cap.
public struct NoRepetition: PropertyCheck {
    public let name = "no_repetition"
    /// Judged on the answer so far at each sentence: a repeat is across sentences.
    public var scope: CheckScope { .answerSoFar }
    /// A word repeated this many times in a row is a loop; so is a pair repeated `pairRun` times.
    static let wordRun = 4
    static let pairRun = 3
    public init() {}

    public func violation(in answer: CheckedAnswer) -> String? {
        var seen: Set<[String]> = []
        for sentence in NoInventedSegments.sentences(answer.text) {
            let words = TextMatching.words(String(sentence))
            guard words.count >= 4 else { continue }
            if !seen.insert(words).inserted { return "a sentence said twice: \(words.joined(separator: " "))" }
        }
        let words = answer.text.split(whereSeparator: \.isWhitespace).map { TextMatching.fold(String($0)) }
        var run = 1
        for index in words.indices.dropFirst() {
            run = words[index] == words[index - 1] ? run + 1 : 1
            if run >= Self.wordRun { return "\"\(words[index])\" \(run) times in a row" }
        }
        if words.count >= 2 * Self.pairRun {
            for start in 0...(words.count - 2 * Self.pairRun) {
                let pair = words[start..<start + 2]
                guard pair.first != pair.last else { continue }
                if (1..<Self.pairRun).allSatisfy({ words[(start + 2 * $0)..<(start + 2 * $0 + 2)].elementsEqual(pair) }) {
                    return "\"\(pair.joined(separator: " "))\" \(Self.pairRun) times in a row"
                }
            }
        }
        return nil
    }
}

/// `no_sensitive_numbers`: no card, IBAN, identity, passport or phone number in the answer, as the masker
/// reads them (checksums decide): a model never repeats one, even one the user typed.
public struct NoSensitiveNumbers: PropertyCheck {
    public let name = "no_sensitive_numbers"
    let masker = PIIMasker()
    public init() {}

    public func violation(in answer: CheckedAnswer) -> String? {
        let kinds = masker.mask(answer.text).findings.filter { $0.kind != .email }.map(\.kind.rawValue)
        return kinds.isEmpty ? nil : "a personal number in the answer: \(Set(kinds).sorted().joined(separator: ", "))"
    }
}

/// `numbers_in_policy`: every number in the answer (an amount, a weight, a duration, a count) is one the policy
/// text it was given states, or one the user wrote: "within 24 hours", "23 kg" and "50 EUR" come from the policy,
/// "30 days" comes from nowhere.
public struct NumbersInPolicy: PropertyCheck {
    public let name = "numbers_in_policy"
    public init() {}

    public func violation(in answer: CheckedAnswer) -> String? {
        guard let support = answer.support else { return "no policy to compare with" }
        let allowed = Set(Self.numbers(in: support.policy) + Self.numbers(in: support.userText))
        let invented = Self.numbers(in: answer.text).filter { !allowed.contains($0) }
        return invented.isEmpty ? nil : "numbers in neither the policy nor the message: \(invented.joined(separator: ", "))"
    }

    /// The digit runs of `text` ("7–14" is 7 and 14; "1,500" and "1.500" are 1500; "2.5" is 2.5).
    public static func numbers(in text: String) -> [String] {
        var numbers: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character.isASCII, character.isNumber {
                current.append(character)
            } else if (character == "," || character == "."), !current.isEmpty, index + 1 < characters.count,
                      characters[index + 1].isASCII, characters[index + 1].isNumber {
                // A thousands separator when three digits follow, else a decimal point.
                let following = characters[(index + 1)...].prefix { $0.isASCII && $0.isNumber }.count
                if following != 3 { current.append(".") }
            } else if !current.isEmpty {
                numbers.append(current)
                current = ""
            }
        }
        if !current.isEmpty { numbers.append(current) }
        return numbers
    }
}

/// `addresses_section`: the answer's opening is about the policy section the topic picks (it names one of the
/// section's words: "bag", "kg", "bagaj"). A topic that picks no section is not judged.
public struct AddressesSection: PropertyCheck {
    public let name = "addresses_section"
    /// Judged once, on the answer's first dozen words (or all of a shorter answer).
    public var scope: CheckScope { .opening(12) }
    public init() {}

    public func violation(in answer: CheckedAnswer) -> String? {
        guard let support = answer.support else { return "no policy to compare with" }
        guard !support.sectionTerms.isEmpty else { return nil }
        return FoldedText(answer.text).containsAny(support.sectionTerms) ? nil
            : "does not mention the section's subject (any of: \(support.sectionTerms.joined(separator: ", ")))"
    }
}
