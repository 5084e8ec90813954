@testable import AssistEvaluation
import AssistGatewayEvaluation
import AssistServer
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import AssistTestSupport
import Testing

@Suite("Golden set runner over the gateway's prompt path, against prepared answers")
struct GoldenEvaluationTests {
    func run(_ upstreamURL: String, only booking: String? = nil) async throws -> GoldenRunner.Report {
        let fixture = try EvaluationFixture(upstream: upstreamURL)
        let feature = try fixture.evaluation.feature("itinerary_summary")
        let cases = try GoldenSet.load(EvaluationSamples.goldenSet).filter { booking == nil || $0.input?["bookingId"]?.stringValue == booking }
        let checks = try fixture.evaluation.checks(for: feature)
        return await offCooperativePool { await GoldenRunner().run(cases, checks: checks) { await fixture.evaluation.answer($0, feature: feature) } }
    }

    @Test("the golden set has at least 24 cases in Turkish and English, covering the hard bookings in both")
    func goldenSet() throws {
        let cases = try GoldenSet.load(EvaluationSamples.goldenSet)
        #expect(cases.count >= 24)
        #expect(Set(cases.map(\.id)).count == cases.count)
        for cover in ["after-midnight-landing", "tz-change", "cancelled-leg", "multi-passenger", "injection"] {
            let languages = Set(cases.filter { $0.extra["covers"]?.arrayValue?.contains(.string(cover)) == true }.map(\.language))
            #expect(languages == ["tr", "en"], "\(cover)")
        }
    }

    @Test("good summaries pass every check of every case")
    func good() async throws {
        let good = try EvaluationSamples.good()
        let upstream = try PreparedUpstream.start { good[$0]?[$1] }
        let report = try await run(upstream.baseURL)
        #expect(report.cases.count >= 24)
        #expect(report.passRate == 1, "\(report.cases.filter { !$0.passed }.map { "\($0.id) \($0.failures)" })")
        for name in ["times_match_booking", "no_invented_segments", "language_matches_locale"] {
            let tallies = try #require(report.checks[name])
            #expect(tallies.values.allSatisfy { $0.correct == $0.total && $0.total > 0 })
        }
        #expect(report.table.contains("times_match_booking"))
        #expect(upstream.requests.count == report.cases.count)
    }

    @Test("each bad summary fails its booking's cases in that language on the check it breaks, and only there")
    func bad() async throws {
        let good = try EvaluationSamples.good()
        for item in try EvaluationSamples.bad() {
            let language = Locales.language(of: item.locale)
            let upstream = try PreparedUpstream.start { booking, lang in
                booking == item.booking && lang == language ? item.text : good[booking]?[lang]
            }
            let report = try await run(upstream.baseURL, only: item.booking)
            #expect(!report.cases.isEmpty)
            for result in report.cases {
                let expected = Locales.language(of: result.locale) == language ? [item.breaks] : []
                #expect(result.failures.map(\.check) == expected, "\(result.id) \(result.locale): \(result.failures)")
            }
        }
    }

    @Test("a failed model call fails the case instead of skipping it; reports say so in JSON and JUnit")
    func failedCall() async throws {
        let good = try EvaluationSamples.good()
        let upstream = try PreparedUpstream.start { booking, lang in booking == "BK-2088" ? nil : good[booking]?[lang] }  // 500
        let report = try await run(upstream.baseURL)
        let failed = report.cases.filter { !$0.passed }
        #expect(!failed.isEmpty)
        #expect(failed.allSatisfy { $0.failures.map(\.check) == ["answered"] })
        let summary = EvaluationSummary(feature: "itinerary_summary", promptVersion: "p1", threshold: 0.9, report: report)
        #expect(summary.passed == (report.passRate >= 0.9))

        let json = try JSONParser.parse(JSONWriter.bytes(summary.json))
        #expect(json["feature"] == "itinerary_summary")
        #expect(json["cases"]?.arrayValue?.count == report.cases.count)
        let failing = json["cases"]?.arrayValue?.filter { $0["passed"] == false }.count
        #expect(failing == failed.count)

        let junit = EvaluationSummary.junit([summary])
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == report.cases.count)
        #expect(junit.components(separatedBy: #"<failure message="answered">"#).count - 1 == failed.count)
        #expect(junit.contains(#"failures="\#(failed.count)""#))
    }

    @Test("XML escaping keeps reports well-formed whatever the model wrote")
    func escaping() {
        #expect(EvaluationSummary.escape(#"<b>"Tom & Jerry's"</b>"#) == "&lt;b&gt;&quot;Tom &amp; Jerry&apos;s&quot;&lt;/b&gt;")
        #expect(EvaluationSummary.escape("a\u{01}b\nc") == "ab\nc")
    }
}
