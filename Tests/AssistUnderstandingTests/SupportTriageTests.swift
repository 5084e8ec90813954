import AssistEvaluation
import AssistUnderstanding
import AssistWire
import Foundation
import Testing

@Suite("Support triage")
struct SupportTriageTests {
    static let goldenFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../golden/support_triage.jsonl").standardized

    @Test("the deterministic path on the golden set: ≥ 90 % of fields in each language")
    func goldenSet() async throws {
        let cases = try GoldenSet.load(Self.goldenFile)
        #expect(cases.count == 30)
        let triage = SupportTriage()
        let report = await GoldenRunner().run(cases) { item in
            let result = await triage.triage(item.text)
            return Extraction(fields: ["topic": .string(result.topic.rawValue), "containsSensitiveNumbers": .bool(result.containsSensitiveNumbers)],
                              source: result.source.rawValue)
        }
        #expect(report.accuracy(language: "en") >= 0.9, "\(report.table)\n\(report.misses)")
        #expect(report.accuracy(language: "tr") >= 0.9, "\(report.table)\n\(report.misses)")
        #expect(report.fields["containsSensitiveNumbers"]?.values.allSatisfy { $0.correct == $0.total } == true, "\(report.misses)")
        #expect(report.sources == ["fallback": 30])
    }

    @Test("the message is masked before anything else sees it; cards keep their last four digits")
    func masking() async {
        let result = await SupportTriage().triage("Kartımdan iki kez çekildi: 4111 1111 1111 1111")
        #expect(result.masked == "Kartımdan iki kez çekildi: **** **** **** 1111")
        #expect(result.topic == .payment)
        #expect(result.json["containsSensitiveNumbers"] == true)
    }
}
