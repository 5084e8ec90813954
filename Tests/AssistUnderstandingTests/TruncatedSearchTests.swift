import AssistEvaluation
import AssistUnderstanding
import Foundation
import AssistTestSupport
import Testing

/// A search cut short or begun mid-sentence is still parsed without trapping: the pieces of every
/// smart-search sentence the written-after sets hold that start or end on each word (`wordTruncations`).
@Suite("Smart search: sentences cut at any word")
struct TruncatedSearchTests {
    static let writtenAfter = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../golden/written-after").standardized

    @Test("every word of every written-after search sentence at a piece's start and end is parsed")
    func everyCut() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.writtenAfter.path)
            .filter { $0.hasPrefix("smart_search.") && $0.hasSuffix(".jsonl") }
        #expect(files.count >= 12)
        let cases = try files.flatMap { try GoldenSet.load(Self.writtenAfter.appendingPathComponent($0)) }
        let pieces = wordTruncations(of: cases.map(\.text))
        let parsed = await offCooperativePool {
            let parser = SearchParser(today: DateResolver(today: "2032-03-04")!)
            for piece in pieces { _ = parser.parse(piece) }
            return pieces.count
        }
        #expect(parsed >= 5_000, "\(parsed) pieces")
    }
}
