import AssistTestSupport
import AssistWire
import GatewayTestSupport
import ScriptedUpstream

/// A gateway serving every built-in feature (ask anything on) against a scripted model that answers each kind of
/// call (a JSON object under a schema, a sentence otherwise), for the tests that send every feature a request and
/// read what the model was sent (`PromptDataAuditTests`, `ProviderMaskingTests`).
enum EveryFeature {
    static func harness() throws -> GatewayHarness {
        let harness = try GatewayHarness(features: ["budget_question": ["options": ["askAnything": true]]])
        harness.upstream.chooser = { body in
            guard let json = try? JSONParser.parse(body) else { return nil }
            return Script(tokens: [json["response_format"] != nil ? "{}" : "A short answer."])
        }
        return harness
    }

    /// `feature`'s request in en-US as `token`'s user, and the request bodies the model received for it.
    static func send(_ harness: GatewayHarness, token: String, feature: String, path: String, input: JSONValue)
        async throws -> (response: TestResponse, bodies: [[UInt8]]) {
        let before = harness.upstream.requests.count
        let response = try await testRequest(port: harness.port, method: "POST", path: path, headers: [("Authorization", "Bearer \(token)")],
                                             body: JSONWriter.bytes(["feature": .string(feature), "input": input, "locale": "en-US"]))
        return (response, harness.upstream.requests.dropFirst(before).map(\.body))
    }
}
