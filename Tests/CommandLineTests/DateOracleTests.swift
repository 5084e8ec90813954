import AssistUnderstanding
import AssistWire
import Foundation
import Testing

/// The date resolver against PyPI's dateparser on generated English and Turkish phrases over seeded days
/// (`tools/date_oracle.py`): weekdays with and without "on", "next" and "this", days with months in digits,
/// with suffixes and spelled as ordinals, "in N days" and "N gün sonra".
@Suite("Date resolver against dateparser")
struct DateOracleTests {
    static func cases() throws -> [(text: String, today: String, expected: String)] {
        let oracle = try PythonOracle.run("date_oracle.py", ["--seed", "20261201", "--todays", "12"])
        #expect(oracle.status == 0, "the oracle needs dateparser and num2words (make setup installs them)")
        return oracle.lines.map { json in (json["text"]?.stringValue ?? "", json["today"]?.stringValue ?? "", json["expected"]?.stringValue ?? "") }
    }

    @Test("every phrase dateparser reads resolves to the same day")
    func agreesWithDateparser() throws {
        let cases = try Self.cases()
        #expect(cases.count > 1_000)
        var disagreements: [String] = []
        for item in cases {
            let resolver = try #require(DateResolver(today: item.today))
            let found = resolver.resolve(item.text).departure
            if Self.dateparserMisreadsMart(item.text) {
                // Accepted: dateparser takes Turkish "mart" (March) for something else ("3 mart" → the 18th of a
                // month); the resolver must still give that day of March.
                let day = Int(item.text.prefix { $0.isNumber })!
                if found?.from.hasSuffix(String(format: "-03-%02d", day)) != true { disagreements.append("\(item.text) on \(item.today): we \(found?.description ?? "nil")") }
                continue
            }
            if found != DateResolver.Range(from: item.expected, to: item.expected) {
                disagreements.append("\(item.text) on \(item.today): dateparser \(item.expected), we \(found?.description ?? "nil")")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(cases.count): \(disagreements.prefix(12))")
    }

    /// "N mart": the one phrase kind where dateparser is wrong, not us.
    static func dateparserMisreadsMart(_ text: String) -> Bool {
        let parts = text.split(separator: " ")
        return parts.count == 2 && Int(parts[0]) != nil && parts[1] == "mart"
    }
}
