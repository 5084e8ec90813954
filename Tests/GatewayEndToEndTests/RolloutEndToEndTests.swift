import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

@Suite("Rollout and kill switch, end to end")
struct RolloutEndToEndTests {
    @Test("a disabled feature is absent from /v1/features and refused with 403 feature_disabled, before any quota")
    func killSwitch() async throws {
        let harness = try GatewayHarness(features: ["itinerary_summary": ["enabled": false]])
        let response = try await harness.stream()
        #expect(response.status == 403)
        #expect(response.errorCode == "feature_disabled")
        let features = try await testRequest(port: harness.port, path: "/v1/features", headers: [("Authorization", "Bearer \(harness.token())")])
        #expect(features.json?["features"]?.arrayValue?.contains { $0["id"] == "itinerary_summary" } == false)
        #expect(harness.upstream.requests.isEmpty)
        #expect(await harness.auditRow(response.headers["x-request-id"])?.reason == "feature_disabled")
    }

    @Test("outside the rollout share is the same as disabled; internal users still may")
    func rolloutShare() async throws {
        let harness = try GatewayHarness(features: ["itinerary_summary": ["rollout": ["flag": "summary_v2", "percentage": 0], "internalUsers": ["u1"]],
                                                    "support_chat": ["rollout": ["flag": "chat", "percentage": 0]]])
        #expect(try await harness.stream().status == 200)
        let chat = try await harness.stream(body: GatewayHarness.body(feature: "support_chat", input: ["message": "hi"]))
        #expect(chat.errorCode == "feature_disabled")
    }

    @Test("users in the candidate share get its prompt version in done and in the audit, and its instructions upstream")
    func candidate() async throws {
        let harness = try GatewayHarness(features: ["itinerary_summary": [
            "candidate": ["promptVersion": "2026-12-01.1", "instructions": "CANDIDATE instructions in {{language}}", "percentage": 100],
        ]])
        let response = try await harness.stream()
        #expect(response.events.last == .done(finishReason: "stop", promptVersion: "2026-12-01.1"))
        #expect(await harness.auditRow(response.headers["x-request-id"])?.promptVersion == "2026-12-01.1")
        let sent = try JSONParser.parse(try #require(harness.upstream.requests.first).body)
        #expect(sent["messages"]?.arrayValue?.first?["content"] == "CANDIDATE instructions in Turkish")
        let features = try await testRequest(port: harness.port, path: "/v1/features", headers: [("Authorization", "Bearer \(harness.token())")])
        #expect(features.json?["features"]?.arrayValue?.first { $0["id"] == "itinerary_summary" }?["promptVersion"] == "2026-12-01.1")
    }
}
