import AssistEvaluation
import AssistUnderstanding
import AssistWire
import Foundation
import Testing

@Suite("Smart search golden set")
struct SmartSearchGoldenTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../golden/smart_search.jsonl").standardized

    @Test("the deterministic path: ≥ 90 % field accuracy in English and in Turkish, and no invented value")
    func deterministic() async throws {
        let cases = try GoldenSet.load(Self.file)
        #expect(cases.count == 60)
        #expect(cases.filter { $0.language == "tr" }.count == 30)
        var invented: [String] = []
        let report = await GoldenRunner().run(cases) { item in
            let parser = SearchParser(today: DateResolver(today: item.today ?? "2026-11-29")!)
            let fields = parser.parse(item.text).json.objectValue ?? [:]
            for (field, value) in fields where value != .null && item.expected[field] == .null {
                invented.append("\(item.id) \(field)=\(JSONWriter.string(value))")
            }
            return Extraction(fields: fields, source: "fallback")
        }
        #expect(report.accuracy(language: "en") >= 0.9, "\(report.table)\n\(report.misses)")
        #expect(report.accuracy(language: "tr") >= 0.9, "\(report.table)\n\(report.misses)")
        #expect(invented.isEmpty, "\(invented)")
    }
}
