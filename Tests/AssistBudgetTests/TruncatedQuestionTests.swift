import AssistBudget
import AssistEvaluation
import AssistUnderstanding
import Foundation
import AssistTestSupport
import Testing

/// A question cut short or begun mid-sentence is still read without trapping, alone and as a follow-up: the pieces of
/// every budget question the written-after sets hold that start or end on each word (`wordTruncations`).
@Suite("Budget: questions cut at any word")
struct TruncatedQuestionTests {
    static let writtenAfter = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../golden/written-after").standardized

    @Test("every word of every written-after budget question at a piece's start and end is read, alone and as a follow-up")
    func everyCut() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.writtenAfter.path)
            .filter { $0.hasPrefix("budget.") && $0.hasSuffix(".jsonl") }
        #expect(files.count >= 12)
        let cases = try files.flatMap { try GoldenSet.load(Self.writtenAfter.appendingPathComponent($0)) }
        let merchants = Array(Set(DemoData.transactions().map(\.merchant))).sorted()
        let pieces = wordTruncations(of: cases.map(\.text))
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
