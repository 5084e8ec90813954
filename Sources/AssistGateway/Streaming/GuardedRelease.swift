/// The release of one guarded answer: model text in, as it streams; what may reach the client out.
///
/// Text is cut into sentences (ended by `.`, `!` or `?` before whitespace, or by a line break; "14.40" does
/// not end one, so a sentence's end is known only once the next character has arrived) and each is judged
/// as it completes, in order, against the sentences accepted before it. With `release: sentence` a sentence
/// is sent only once it has passed; with `token`, text is sent as it comes and judged when its sentence
/// completes. What a violation does is the caller's (`onViolation`): this only reports it.
struct GuardedRelease: Sendable {
    enum Step: Equatable, Sendable {
        /// Send this text to the client.
        case release(String)
        /// A completed sentence failed `check` (with `sentence` release it was not sent).
        case violation(check: String)
    }

    let mode: AnswerGuardSettings.Release
    let judge: any AnswerJudge
    /// Sentences judged and accepted so far, as written.
    private(set) var accepted = ""
    /// Text of the sentence in progress.
    private var pending = ""
    /// Sentences that failed a check.
    private(set) var violations = 0

    init(mode: AnswerGuardSettings.Release, judge: any AnswerJudge) {
        self.mode = mode
        self.judge = judge
    }

    /// Takes the next piece of model text.
    mutating func take(_ text: String) -> [Step] {
        pending += text
        var steps: [Step] = mode == .token && !text.isEmpty ? [.release(text)] : []
        while let end = Self.firstSentenceEnd(in: pending) {
            let sentence = String(pending[..<end])
            pending = String(pending[end...])
            steps += judged(sentence, final: false)
        }
        return steps
    }

    /// The answer ended: what is left is its last sentence.
    mutating func finish() -> [Step] {
        let rest = pending
        pending = ""
        return rest.isEmpty ? [] : judged(rest, final: true)
    }

    private mutating func judged(_ sentence: String, final: Bool) -> [Step] {
        // Whitespace between sentences is no sentence of its own.
        guard !sentence.allSatisfy(\.isWhitespace) else {
            if mode == .sentence, !accepted.isEmpty { accepted += sentence }
            return mode == .sentence && !accepted.isEmpty ? [.release(sentence)] : []
        }
        if let check = judge.violation(of: sentence, after: accepted, final: final) {
            violations += 1
            return [.violation(check: check)]
        }
        accepted += sentence
        return mode == .sentence ? [.release(sentence)] : []
    }

    /// Where the first complete sentence of `text` ends (after its terminator), if one is complete.
    static func firstSentenceEnd(in text: String) -> String.Index? {
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character.isNewline { return next }
            if character == "." || character == "!" || character == "?" {
                guard next < text.endIndex else { return nil }  // the next character decides
                if text[next].isWhitespace { return next }
            }
            index = next
        }
        return nil
    }
}
