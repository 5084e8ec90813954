public import AssistWire

/// Recorded pass rates of the raw model (no guard, no narrator) on a feature's golden set, per (feature,
/// locale, prompt version, model), as `assist eval --record` writes them. Changing any of the four needs a new
/// recording: a result for one model never governs another.
public struct QualificationResults: Sendable, Equatable {
    public struct Key: Hashable, Sendable, Comparable {
        public var feature: String
        public var locale: String
        public var promptVersion: String
        public var model: String

        public init(feature: String, locale: String, promptVersion: String, model: String) {
            self.feature = feature
            self.locale = locale
            self.promptVersion = promptVersion
            self.model = model
        }

        public static func < (a: Key, b: Key) -> Bool {
            (a.feature, a.locale, a.promptVersion, a.model) < (b.feature, b.locale, b.promptVersion, b.model)
        }
    }

    public struct Result: Sendable, Equatable {
        public var passed: Int
        public var cases: Int
        /// When it was recorded (ISO 8601), for the operator.
        public var recordedAt: String

        public init(passed: Int, cases: Int, recordedAt: String) {
            self.passed = passed
            self.cases = cases
            self.recordedAt = recordedAt
        }

        public var passRate: Double { cases == 0 ? 0 : Double(passed) / Double(cases) }
    }

    public private(set) var results: [Key: Result]

    public init(_ results: [Key: Result] = [:]) { self.results = results }

    public subscript(key: Key) -> Result? { results[key] }

    /// Keeps `result` for `key`, replacing an earlier recording of the same four.
    public mutating func record(_ result: Result, for key: Key) { results[key] = result }

    /// `{"results": [{"feature", "locale", "promptVersion", "model", "passed", "cases", "recordedAt"}]}`.
    public init(json: JSONValue) throws(WireError) {
        guard case .array(let rows)? = json["results"] else { throw WireError("qualification results need a \"results\" array", path: "results") }
        var results: [Key: Result] = [:]
        for (index, row) in rows.enumerated() {
            guard let feature = row["feature"]?.stringValue, let locale = row["locale"]?.stringValue,
                  let version = row["promptVersion"]?.stringValue, let model = row["model"]?.stringValue,
                  let passed = row["passed"]?.intValue, let cases = row["cases"]?.intValue, passed >= 0, cases >= passed else {
                throw WireError("a result needs feature, locale, promptVersion, model, passed and cases (0 ≤ passed ≤ cases)",
                                path: "results[\(index)]")
            }
            results[Key(feature: feature, locale: locale, promptVersion: version, model: model)] =
                Result(passed: passed, cases: cases, recordedAt: row["recordedAt"]?.stringValue ?? "")
        }
        self.results = results
    }

    /// The file's JSON, in a stable order, one result per line when written with `JSONWriter`.
    public var json: JSONValue {
        ["results": .array(results.keys.sorted().map { key in
            let result = results[key]!
            return ["feature": .string(key.feature), "locale": .string(key.locale), "promptVersion": .string(key.promptVersion),
                    "model": .string(key.model), "passed": .number(Double(result.passed)), "cases": .number(Double(result.cases)),
                    "passRate": .number((result.passRate * 1000).rounded() / 1000), "recordedAt": .string(result.recordedAt)]
        })]
    }
}
