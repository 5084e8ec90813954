@testable import AssistGateway
import Testing

/// The memory of system texts found clean: only the very bytes found clean skip a scan.
@Suite("Clean system texts")
struct CleanTextsTests {
    @Test("a text found clean is remembered by its bytes; a canonically equal text in other bytes is not")
    func exactBytes() {
        let clean = CleanTexts()
        let composed = "Caf\u{E9} policy: answer briefly."
        let decomposed = "Cafe\u{301} policy: answer briefly."
        #expect(composed == decomposed)  // equal as Strings, by canonical equivalence
        clean.insert(composed)
        #expect(clean.contains(composed))
        #expect(clean.contains(String(decoding: Array(composed.utf8), as: UTF8.self)))  // the same bytes, another String
        #expect(!clean.contains(decomposed))
        #expect(!clean.contains(composed + " "))
        #expect(ExactText(composed).hashValue == ExactText(String(decoding: Array(composed.utf8), as: UTF8.self)).hashValue)
    }

    @Test("at capacity it starts over: a forgotten text is scanned again, never skipped by mistake")
    func capacity() {
        let clean = CleanTexts()
        for index in 0..<CleanTexts.capacity { clean.insert("system text \(index)") }
        #expect(clean.contains("system text 0"))
        clean.insert("one more")
        #expect(clean.contains("one more"))
        #expect(!clean.contains("system text 0"))
    }
}
