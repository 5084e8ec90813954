public import AssistWire
import AssistTelemetry
import Foundation

/// What an extractor produced for one case.
public struct Extraction: Sendable {
    public var fields: [String: JSONValue]
    /// "model" or "fallback".
    public var source: String
    /// Values the walls dropped (not counted as answers).
    public var dropped: Int

    public init(fields: [String: JSONValue], source: String, dropped: Int = 0) {
        self.fields = fields
        self.source = source
        self.dropped = dropped
    }
}

/// Runs a golden set through an extraction path and scores it field by field, per language. One runner
/// for every structured feature (and, next, for the gateway's prompts).
public struct GoldenRunner: Sendable {
    public struct Report: Sendable {
        public struct Tally: Sendable, Equatable {
            public var correct = 0
            public var total = 0
            public init(correct: Int = 0, total: Int = 0) {
                self.correct = correct
                self.total = total
            }
            public var accuracy: Double { total == 0 ? 1 : Double(correct) / Double(total) }
        }

        /// One case's verdict, for progress lines and the JSON and JUnit reports.
        public struct CaseResult: Sendable {
            public var id: String
            public var locale: String
            /// (check or field, what went wrong); empty when the case passed.
            public var failures: [(check: String, detail: String)]
            /// The answer checked (property-checked cases).
            public var answer: String?
            public var seconds: Double
            public var passed: Bool { failures.isEmpty }
        }

        /// field → language → tally.
        public var fields: [String: [String: Tally]] = [:]
        /// property check → language → tally.
        public var checks: [String: [String: Tally]] = [:]
        public var cases: [CaseResult] = []
        public var sources: [String: Int] = [:]
        public var dropped = 0
        public var misses: [String] = []

        /// Accuracy over every field of every case in `language` (all languages when nil).
        public func accuracy(language: String? = nil) -> Double { Self.overall(fields, language: language) }

        /// The share of cases that passed everything.
        public var passRate: Double { cases.isEmpty ? 1 : Double(cases.filter(\.passed).count) / Double(cases.count) }

        private static func overall(_ rows: [String: [String: Tally]], language: String?) -> Double {
            var all = Tally()
            for byLanguage in rows.values {
                for (lang, tally) in byLanguage where language == nil || lang == language {
                    all.correct += tally.correct
                    all.total += tally.total
                }
            }
            return all.accuracy
        }

        /// A fixed-width table: one row per field or check, one column per language.
        public var table: String {
            let property = fields.isEmpty && !checks.isEmpty
            let rows = property ? checks : fields
            let languages = Set(rows.values.flatMap(\.keys)).sorted()
            func cell(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
            var lines = [cell(property ? "check" : "field", 26) + languages.map { cell($0, 14) }.joined()]
            for row in rows.keys.sorted() {
                var line = cell(row, 26)
                for language in languages {
                    let tally = rows[row]?[language] ?? Tally()
                    line += cell("\(tally.correct)/\(tally.total) \(Int((tally.accuracy * 100).rounded()))%", 14)
                }
                lines.append(line)
            }
            if property {
                let byLanguage = languages.map { language -> String in
                    let inLanguage = cases.filter { Locales.language(of: $0.locale) == language }
                    return "\(inLanguage.filter(\.passed).count)/\(inLanguage.count)"
                }
                lines.append(cell("cases passing every check", 26) + byLanguage.map { cell($0, 14) }.joined())
            } else {
                lines.append(cell("all fields", 26) + languages.map { cell("\(Int((accuracy(language: $0) * 100).rounded()))%", 14) }.joined())
                lines.append("sources: " + sources.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                    + "; values dropped by the walls: \(dropped)")
            }
            return lines.joined(separator: "\n")
        }
    }

    public init() {}

    public func run(_ cases: [GoldenCase], extract: (GoldenCase) async -> Extraction) async -> Report {
        var report = Report()
        for item in cases {
            let started = ContinuousClock.now
            let result = await extract(item)
            var failures: [(check: String, detail: String)] = []
            defer {
                report.cases.append(Report.CaseResult(id: item.id, locale: item.locale, failures: failures, answer: nil,
                                                      seconds: (ContinuousClock.now - started).seconds))
            }
            report.sources[result.source, default: 0] += 1
            report.dropped += result.dropped
            for (field, expected) in item.expected {
                var tally = report.fields[field]?[item.language] ?? Report.Tally()
                tally.total += 1
                if result.fields[field] == expected {
                    tally.correct += 1
                } else {
                    failures.append((field, "expected \(JSONWriter.string(expected)), got \(result.fields[field].map(JSONWriter.string) ?? "nothing")"))
                    report.misses.append("\(item.id) \(field): expected \(JSONWriter.string(expected)), got \(result.fields[field].map(JSONWriter.string) ?? "nothing")")
                }
                report.fields[field, default: [:]][item.language] = tally
            }
        }
        return report
    }

    /// Runs property-checked cases: `answer` produces each case's answer (through the feature's real prompt
    /// and provider path) or the reason there is none, which fails the case. `progress` sees each verdict.
    public func run(_ cases: [GoldenCase], checks: [any PropertyCheck],
                    progress: (@Sendable (_ done: Int, _ total: Int, Report.CaseResult) -> Void)? = nil,
                    answer: (GoldenCase) async -> Result<CheckedAnswer, AnswerFailure>) async -> Report {
        var report = Report()
        for (index, item) in cases.enumerated() {
            let started = ContinuousClock.now
            var failures: [(check: String, detail: String)] = []
            var text: String?
            switch await answer(item) {
            case .failure(let failure):
                failures.append(("answered", failure.reason))
                for check in checks { report.checks[check.name, default: [:]][item.language, default: Report.Tally()].total += 1 }
            case .success(let answered):
                text = answered.text
                for check in checks {
                    var tally = report.checks[check.name]?[item.language] ?? Report.Tally()
                    tally.total += 1
                    if let violation = check.violation(in: answered) {
                        failures.append((check.name, violation))
                    } else {
                        tally.correct += 1
                    }
                    report.checks[check.name, default: [:]][item.language] = tally
                }
            }
            let result = Report.CaseResult(id: item.id, locale: item.locale, failures: failures, answer: text,
                                           seconds: (ContinuousClock.now - started).seconds)
            report.cases.append(result)
            progress?(index + 1, cases.count, result)
        }
        return report
    }
}

/// Why a case has no answer to check (the provider failed, the data was missing).
public struct AnswerFailure: Error, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
}
