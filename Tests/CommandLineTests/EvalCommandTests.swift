import AssistTestSupport
import ScriptedUpstream
import AssistWire
import Foundation
import GatewayTestSupport
import Testing

@Suite("assist eval, as a user runs it", .serialized)
struct EvalCommandTests {
    func reports() -> (json: URL, junit: URL) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("assist-eval-\(UUID().uuidString)")
        return (base.appendingPathExtension("json"), base.appendingPathExtension("xml"))
    }

    @Test("good answers: progress, a per-check table, PASS, both reports, exit 0")
    func passes() async throws {
        let good = try EvaluationSamples.good()
        let upstream = try PreparedUpstream.start { good[$0]?[$1] }
        let (json, junit) = reports()
        defer { try? FileManager.default.removeItem(at: json); try? FileManager.default.removeItem(at: junit) }
        let result = try await onOwnThread {
            try AssistBinary.run(["eval", "--feature", "itinerary_summary", "--upstream", upstream.baseURL, "--golden", EvaluationSamples.goldenSet.path,
                                  "--json", json.path, "--junit", junit.path])
        }
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("[28/28]"))
        #expect(result.stdout.contains("times_match_booking") && result.stdout.contains("language_matches_locale"))
        #expect(result.stdout.contains("PASS itinerary_summary: 100.0%"))
        let report = try JSONParser.parse(Array(try Data(contentsOf: json)))
        #expect(report["features"]?.arrayValue?.first?["passed"] == true)
        #expect(String(decoding: try Data(contentsOf: junit), as: UTF8.self).contains(#"tests="28" failures="0""#))
    }

    @Test("English answers for every locale fall below the threshold: FAIL, exit 1, failures in JUnit")
    func failsBelowThreshold() async throws {
        let good = try EvaluationSamples.good()
        let upstream = try PreparedUpstream.start { booking, _ in good[booking]?["en"] }
        let (json, junit) = reports()
        defer { try? FileManager.default.removeItem(at: json); try? FileManager.default.removeItem(at: junit) }
        let result = try await onOwnThread {
            try AssistBinary.run(["eval", "--upstream", upstream.baseURL, "--golden", EvaluationSamples.goldenSet.path, "--feature", "itinerary_summary",
                                  "--junit", junit.path])
        }
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("FAIL itinerary_summary"))
        #expect(result.stdout.contains("language_matches_locale: written in en, locale is tr-TR"))
        #expect(String(decoding: try Data(contentsOf: junit), as: UTF8.self).contains(#"<failure message="language_matches_locale">"#))
    }

    @Test("bad arguments exit 2 with a message")
    func badArguments() async throws {
        let unknown = try await onOwnThread { try AssistBinary.run(["eval", "--feature", "nope", "--upstream", "http://127.0.0.1:9/v1"]) }
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown feature nope"))
        let golden = try await onOwnThread {
            try AssistBinary.run(["eval", "--golden", "/nonexistent.jsonl", "--upstream", "http://127.0.0.1:9/v1"])
        }
        #expect(golden.status == 2)
        #expect(golden.stderr.contains("--golden needs --feature"))
        let option = try await onOwnThread { try AssistBinary.run(["eval", "--bogus"]) }
        #expect(option.status == 2)
    }

    @Test("a structured feature's golden set is held to schema_valid and grounded")
    func structured() async throws {
        // A model that answers every sentence with an empty object: the rules answer, within the contract.
        let upstream = try ScriptedUpstream(script: Script(tokens: ["{}"]))
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../golden/smart_search.jsonl").standardized
        let result = try await onOwnThread {
            try AssistBinary.run(["eval", "--feature", "smart_search", "--upstream", upstream.baseURL, "--golden", golden.path])
        }
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("schema_valid") && result.stdout.contains("grounded"))
        #expect(result.stdout.contains("PASS smart_search: 100.0%"))
    }
}
