import AssistEvaluation
import AssistWire
import Foundation
import Testing

@Suite("Golden-set runner")
struct GoldenRunnerTests {
    let cases = [
        GoldenCase(id: "a", text: "x", locale: "en-US", expected: ["topic": "refund", "flag": true]),
        GoldenCase(id: "b", text: "y", locale: "tr-TR", expected: ["topic": "baggage", "flag": false]),
        GoldenCase(id: "c", text: "z", locale: "tr-TR", expected: ["topic": "payment", "flag": false]),
    ]

    @Test("scores each field per language, counts sources and dropped values, lists misses")
    func scoring() async {
        let answers: [String: [String: JSONValue]] = ["a": ["topic": "refund", "flag": true], "b": ["topic": "other", "flag": false],
                                                      "c": ["topic": "payment"]]
        let report = await GoldenRunner().run(cases) { item in
            Extraction(fields: answers[item.id] ?? [:], source: item.id == "a" ? "model" : "fallback", dropped: item.id == "b" ? 2 : 0)
        }
        #expect(report.fields["topic"]?["en"] == .init(correct: 1, total: 1))
        #expect(report.fields["topic"]?["tr"] == .init(correct: 1, total: 2))
        #expect(report.fields["flag"]?["tr"] == .init(correct: 1, total: 2))
        #expect(report.accuracy(language: "en") == 1)
        #expect(report.accuracy(language: "tr") == 0.5)
        #expect(report.sources == ["model": 1, "fallback": 2])
        #expect(report.dropped == 2)
        #expect(report.misses.sorted() == [#"b topic: expected "baggage", got "other""#, #"c flag: expected false, got nothing"#])
        #expect(report.table.contains("topic"))
        #expect(report.table.contains("1/2 50%"))
    }

    @Test("a malformed golden line names its file and line")
    func malformed() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((#"{"id":"a","text":"x","locale":"en","expected":{}}"# + "\n{\"id\":1}\n").utf8).write(to: file)
        #expect(throws: GoldenSet.Error.self) { try GoldenSet.load(file) }
        do { _ = try GoldenSet.load(file) } catch { #expect("\(error)".contains(":2:")) }
    }
}
