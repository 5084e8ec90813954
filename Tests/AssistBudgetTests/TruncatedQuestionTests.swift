import AssistBudget
import AssistUnderstanding
import AssistTestSupport
import Testing

/// A question cut short or begun mid-sentence is still read without trapping, alone and as a follow-up: the pieces of
/// every budget question the written-after sets hold that start or end on each word (`wordTruncations`).
@Suite("Budget: questions cut at any word")
struct TruncatedQuestionTests {
    @Test("every word of every written-after budget question at a piece's start and end is read, alone and as a follow-up")
    func everyCut() async throws {
        let (texts, files) = try writtenAfterTexts(of: "budget")
        #expect(files >= 13)
        let merchants = Array(Set(DemoData.transactions().map(\.merchant))).sorted()
        let pieces = wordTruncations(of: texts)
        let read = await offCooperativePool {
            let understander = FinanceUnderstander(merchants: merchants, today: "2032-03-04")
            let previous = understander.understand("how much did I spend at Migros last month")
            for piece in pieces {
                _ = understander.understand(piece)
                _ = understander.understand(piece, previous: previous)
            }
            return pieces.count
        }
        #expect(read >= 4_000, "\(read) pieces")
    }
}
