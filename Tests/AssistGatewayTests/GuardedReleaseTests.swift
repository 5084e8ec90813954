@testable import AssistGateway
import Testing

/// Sentences cut from streamed text and judged as they complete; what each release mode sends.
@Suite("GuardedRelease")
struct GuardedReleaseTests {
    /// Fails a sentence containing "bad".
    struct NoBad: AnswerJudge {
        func violation(of sentence: String, after accepted: String, final: Bool) -> String? {
            sentence.contains("bad") ? "no_bad" : nil
        }
    }

    func released(_ steps: [GuardedRelease.Step]) -> String {
        steps.map { if case .release(let text) = $0 { text } else { "" } }.joined()
    }

    @Test("sentence release: a sentence goes out once complete and passed; one that fails never does")
    func sentenceRelease() {
        var release = GuardedRelease(mode: .sentence, judge: NoBad())
        #expect(release.take("Your flight lea").isEmpty)
        #expect(release.take("ves at 14.").isEmpty, "a dot before the next character is no end yet")
        #expect(release.take("40. This is ") == [.release("Your flight leaves at 14.40.")])
        #expect(release.take("bad. Next") == [.violation(check: "no_bad")])
        #expect(release.take(" one!\nLast") == [.release(" Next one!"), .release("\n")])
        #expect(release.finish() == [.release("Last")])
        #expect(release.violations == 1)
        #expect(!release.accepted.contains("bad"))
    }

    @Test("token release: text goes out at once; a failing sentence is reported when it completes")
    func tokenRelease() {
        var release = GuardedRelease(mode: .token, judge: NoBad())
        #expect(release.take("Fine. A ") == [.release("Fine. A ")])
        #expect(release.take("bad one. ") == [.release("bad one. "), .violation(check: "no_bad")])
        #expect(release.finish().isEmpty, "only whitespace was left")
    }

    @Test("sentence ends: . ! ? before whitespace, a line break; not a decimal or a time")
    func sentenceEnds() {
        #expect(GuardedRelease.firstSentenceEnd(in: "At 09.40 we go") == nil)
        #expect(GuardedRelease.firstSentenceEnd(in: "Done.").map { "Done.".distance(from: "Done.".startIndex, to: $0) } == nil)
        let text = "Done! Next"
        #expect(GuardedRelease.firstSentenceEnd(in: text).map { text[..<$0] } == "Done!")
        let lines = "Line one\nLine two"
        #expect(GuardedRelease.firstSentenceEnd(in: lines).map { lines[..<$0] } == "Line one\n")
    }
}
