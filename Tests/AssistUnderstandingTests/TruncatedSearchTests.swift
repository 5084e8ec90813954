import AssistUnderstanding
import AssistTestSupport
import Testing

/// A search cut short or begun mid-sentence is still parsed without trapping: the pieces of every
/// smart-search sentence the written-after sets hold that start or end on each word (`wordTruncations`).
@Suite("Smart search: sentences cut at any word")
struct TruncatedSearchTests {
    @Test("every word of every written-after search sentence at a piece's start and end is parsed")
    func everyCut() async throws {
        let (texts, files) = try writtenAfterTexts(of: "smart_search")
        #expect(files >= 15)
        let pieces = wordTruncations(of: texts)
        let parsed = await offCooperativePool {
            let parser = SearchParser(today: DateResolver(today: "2032-03-04")!)
            for piece in pieces { _ = parser.parse(piece) }
            return pieces.count
        }
        #expect(parsed >= 5_000, "\(parsed) pieces")
    }
}
