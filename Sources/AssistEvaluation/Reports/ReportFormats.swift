public import AssistWire

/// Machine-readable forms of a golden-set report: JSON for dashboards and diffs between prompt versions,
/// JUnit XML for CI systems that show test results.
public struct EvaluationSummary: Sendable {
    public var feature: String
    public var promptVersion: String
    public var threshold: Double
    public var report: GoldenRunner.Report

    public init(feature: String, promptVersion: String, threshold: Double, report: GoldenRunner.Report) {
        self.feature = feature
        self.promptVersion = promptVersion
        self.threshold = threshold
        self.report = report
    }

    public var passed: Bool { report.passRate >= threshold }

    public var json: JSONValue {
        func tallies(_ rows: [String: [String: GoldenRunner.Report.Tally]]) -> JSONValue {
            .object(rows.mapValues { byLanguage in
                .object(byLanguage.mapValues { ["passed": .number(Double($0.correct)), "total": .number(Double($0.total))] })
            })
        }
        return [
            "feature": .string(feature),
            "promptVersion": .string(promptVersion),
            "threshold": .number(threshold),
            "passRate": .number(report.passRate),
            "passed": .bool(passed),
            "checks": tallies(report.checks.isEmpty ? report.fields : report.checks),
            "cases": .array(report.cases.map { item in
                var object: [String: JSONValue] = [
                    "id": .string(item.id), "locale": .string(item.locale), "passed": .bool(item.passed),
                    "seconds": .number((item.seconds * 1000).rounded() / 1000),
                    "failures": .array(item.failures.map { ["check": .string($0.check), "detail": .string($0.detail)] }),
                ]
                if let answer = item.answer { object["answer"] = .string(answer) }
                return .object(object)
            }),
        ]
    }

    /// One `<testsuite>` per feature, one `<testcase>` per golden case, one `<failure>` per broken check.
    public static func junit(_ summaries: [EvaluationSummary]) -> String {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<testsuites>\n"
        for summary in summaries {
            let cases = summary.report.cases
            let failed = cases.filter { !$0.passed }.count
            let seconds = cases.reduce(0) { $0 + $1.seconds }
            xml += #"  <testsuite name="\#(escape(summary.feature))" tests="\#(cases.count)" failures="\#(failed)" time="\#(seconds)">"# + "\n"
            xml += #"    <properties><property name="promptVersion" value="\#(escape(summary.promptVersion))"/>"#
                + #"<property name="passRate" value="\#(summary.report.passRate)"/><property name="threshold" value="\#(summary.threshold)"/></properties>"# + "\n"
            for item in cases {
                xml += #"    <testcase classname="\#(escape(summary.feature))" name="\#(escape(item.id)) \#(escape(item.locale))" time="\#(item.seconds)""#
                if item.passed {
                    xml += "/>\n"
                    continue
                }
                xml += ">\n"
                for failure in item.failures {
                    xml += #"      <failure message="\#(escape(failure.check))">\#(escape(failure.detail))</failure>"# + "\n"
                }
                if let answer = item.answer { xml += "      <system-out>\(escape(answer))</system-out>\n" }
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// XML text and attribute escaping; control characters other than tab and newline are dropped (XML 1.0
    /// cannot carry them).
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}
