import AssistUnderstanding
import AssistWire
import Foundation
import Testing

@Suite("Support triage")
struct SupportTriageTests {
    static func golden() throws -> [(id: String, text: String, topic: String, sensitive: Bool)] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../golden/support_triage.jsonl").standardized
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { line in
            let json = try JSONParser.parse(String(line))
            return (json["id"]?.stringValue ?? "", json["text"]?.stringValue ?? "", json["topic"]?.stringValue ?? "", json["sensitive"] == true)
        }
    }

    @Test("the deterministic path on the golden set: topics ≥ 90 % in each language, sensitive numbers exact")
    func goldenSet() async throws {
        let cases = try Self.golden()
        #expect(cases.count == 30)
        let triage = SupportTriage()
        var correct: [Bool: (hits: Int, total: Int)] = [:]  // keyed by "is Turkish"
        var misses: [String] = []
        for item in cases {
            let result = await triage.triage(item.text)
            let turkish = item.text.contains { "çğıöşüÇĞİÖŞÜ".contains($0) }
            var tally = correct[turkish] ?? (0, 0)
            tally.total += 1
            if result.topic.rawValue == item.topic { tally.hits += 1 } else { misses.append("\(item.id): \(result.topic)") }
            correct[turkish] = tally
            #expect(result.containsSensitiveNumbers == item.sensitive, "\(item.id): \(result.masked)")
            #expect(result.source == .fallback)
        }
        for (turkish, tally) in correct {
            #expect(Double(tally.hits) / Double(tally.total) >= 0.9, "\(turkish ? "Turkish" : "English"): \(tally), misses \(misses)")
        }
    }

    @Test("the message is masked before anything else sees it; cards keep their last four digits")
    func masking() async {
        let result = await SupportTriage().triage("Kartımdan iki kez çekildi: 4111 1111 1111 1111")
        #expect(result.masked == "Kartımdan iki kez çekildi: **** **** **** 1111")
        #expect(result.topic == .payment)
        #expect(result.json["containsSensitiveNumbers"] == true)
    }
}
