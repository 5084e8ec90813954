import AssistWire

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

        /// field → language → tally.
        public var fields: [String: [String: Tally]] = [:]
        public var sources: [String: Int] = [:]
        public var dropped = 0
        public var misses: [String] = []

        /// Accuracy over every field of every case in `language` (all languages when nil).
        public func accuracy(language: String? = nil) -> Double {
            var all = Tally()
            for byLanguage in fields.values {
                for (lang, tally) in byLanguage where language == nil || lang == language {
                    all.correct += tally.correct
                    all.total += tally.total
                }
            }
            return all.accuracy
        }

        /// A fixed-width table: one row per field, one column per language.
        public var table: String {
            let languages = Set(fields.values.flatMap(\.keys)).sorted()
            var lines = ["field".padding(toLength: 26, withPad: " ", startingAt: 0)
                + languages.map { $0.padding(toLength: 14, withPad: " ", startingAt: 0) }.joined()]
            for field in fields.keys.sorted() {
                var line = field.padding(toLength: 26, withPad: " ", startingAt: 0)
                for language in languages {
                    let tally = fields[field]?[language] ?? Tally()
                    line += "\(tally.correct)/\(tally.total) \(Int((tally.accuracy * 100).rounded()))%".padding(toLength: 14, withPad: " ", startingAt: 0)
                }
                lines.append(line)
            }
            lines.append("all fields".padding(toLength: 26, withPad: " ", startingAt: 0)
                + languages.map { "\(Int((accuracy(language: $0) * 100).rounded()))%".padding(toLength: 14, withPad: " ", startingAt: 0) }.joined())
            lines.append("sources: " + sources.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                + "; values dropped by the walls: \(dropped)")
            return lines.joined(separator: "\n")
        }
    }

    public init() {}

    public func run(_ cases: [GoldenCase], extract: (GoldenCase) async -> Extraction) async -> Report {
        var report = Report()
        for item in cases {
            let result = await extract(item)
            report.sources[result.source, default: 0] += 1
            report.dropped += result.dropped
            for (field, expected) in item.expected {
                var tally = report.fields[field]?[item.language] ?? Report.Tally()
                tally.total += 1
                if result.fields[field] == expected {
                    tally.correct += 1
                } else {
                    report.misses.append("\(item.id) \(field): expected \(JSONWriter.string(expected)), got \(result.fields[field].map(JSONWriter.string) ?? "nothing")")
                }
                report.fields[field, default: [:]][item.language] = tally
            }
        }
        return report
    }
}
