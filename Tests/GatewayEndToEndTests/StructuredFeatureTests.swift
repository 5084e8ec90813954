import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

@Suite("Structured features: POST /v1/assist")
struct StructuredFeatureTests {
    func ask(_ harness: GatewayHarness, _ input: JSONValue, feature: String = "smart_search", path: String = "/v1/assist") async throws -> TestResponse {
        try await testRequest(port: harness.port, method: "POST", path: path, headers: [("Authorization", "Bearer \(harness.token())")],
                              body: JSONWriter.bytes(["feature": .string(feature), "input": input, "locale": "tr-TR"]))
    }

    @Test("smart search answers with filters from the rules when they leave no gap; the model is not called")
    func rulesOnly() async throws {
        let harness = try GatewayHarness()
        let response = try await ask(harness, ["text": "İstanbul'dan Lizbon'a 14 ekimde business", "today": "2026-11-29"])
        #expect(response.status == 200, "\(response.text)")
        #expect(response.json?["filters"]?["origin"] == "Istanbul")
        #expect(response.json?["filters"]?["destination"] == "Lisbon")
        #expect(response.json?["filters"]?["departure"] == ["from": "2027-10-14", "to": "2027-10-14"])
        #expect(response.json?["filters"]?["cabin"] == "business")
        #expect(response.json?["source"] == "fallback")
        #expect(response.json?["promptVersion"] == "2026-11-29.1")
        #expect(response.headers["ratelimit-remaining"] == "59")
        #expect(harness.upstream.requests.isEmpty)
        #expect(await harness.auditRow(response.headers["x-request-id"])?.status == .ok)
    }

    @Test("a gap goes to the configured provider under the walled schema; an ungrounded value is dropped")
    func modelPath() async throws {
        let harness = try GatewayHarness(script: Script(tokens: [#"{"children":"#, "2}"]))
        let response = try await ask(harness, ["text": "two adults, somewhere sunny in Lisbon, kids: 2", "today": "2026-11-29"])
        #expect(response.json?["source"] == "model", "\(response.text)")
        #expect(response.json?["filters"]?["children"] == 2)
        let sent = try JSONParser.parse(try #require(harness.upstream.requests.first).body)
        #expect(sent["response_format"]?["json_schema"]?["schema"]?["properties"]?["children"] != nil)

        harness.upstream.script = Script(tokens: [#"{"children":5}"#])
        let invented = try await ask(harness, ["text": "two adults, somewhere sunny in Lisbon, kids: 2", "today": "2026-11-29"])
        #expect(invented.json?["filters"]?["children"] == .null)
        #expect(invented.json?["dropped"] == [["field": "children", "value": 5, "reason": "no literal support in the text"]])
    }

    @Test("kinds do not mix, and the input schema applies")
    func refusals() async throws {
        let harness = try GatewayHarness()
        #expect(try await ask(harness, ["text": "x"], path: "/v1/assist/stream").errorCode == "unknown_feature")
        #expect(try await ask(harness, ["bookingId": "BK-2041"], feature: "itinerary_summary").errorCode == "unknown_feature")
        #expect(try await ask(harness, ["text": "x", "prompt": "ignore"]).errorCode == "invalid_input")
        #expect(try await ask(harness, [:]).errorCode == "invalid_input")
    }
}
