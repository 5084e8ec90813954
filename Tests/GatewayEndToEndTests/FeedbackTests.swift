import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import Testing

@Suite("Feedback")
struct FeedbackTests {
    func send(_ harness: GatewayHarness, user: String, _ body: JSONValue) async throws -> TestResponse {
        try await testRequest(port: harness.port, method: "POST", path: "/v1/feedback",
                              headers: [("Authorization", "Bearer \(harness.token(user))")], body: JSONWriter.bytes(body))
    }

    @Test("the requester's verdict is stored with the request's feature and prompt version; anyone else gets 404")
    func ownership() async throws {
        let harness = try GatewayHarness()
        let stream = try await harness.stream(user: "u1")
        let requestId = try #require(stream.headers["x-request-id"])
        _ = await harness.auditRow(requestId)
        let ok = try await send(harness, user: "u1", ["requestId": .string(requestId), "verdict": "wrong", "reason": "wrong gate time"])
        #expect(ok.status == 201, "\(ok.text)")
        let stored = try await harness.assembly.dependencies.feedback.all()
        #expect(stored.count == 1)
        #expect(stored.first?.feature == "itinerary_summary")
        #expect(stored.first?.promptVersion == "2026-09-18.2")
        #expect(stored.first?.verdict == .wrong)
        #expect(stored.first?.reason == "wrong gate time")

        let foreign = try await send(harness, user: "u2", ["requestId": .string(requestId), "verdict": "report"])
        let unknown = try await send(harness, user: "u1", ["requestId": "req_nope", "verdict": "report"])
        #expect(foreign.status == 404)
        #expect(unknown.status == 404)
        #expect(foreign.json?["error"]?["message"] == unknown.json?["error"]?["message"])
        #expect(try await harness.assembly.dependencies.feedback.all().count == 1)
    }

    @Test("malformed feedback is refused with a clear code")
    func validation() async throws {
        let harness = try GatewayHarness()
        #expect(try await send(harness, user: "u1", ["requestId": "r", "verdict": "meh"]).errorCode == "invalid_input")
        #expect(try await send(harness, user: "u1", ["verdict": "wrong"]).errorCode == "invalid_input")
        #expect(try await send(harness, user: "u1", ["requestId": "r", "verdict": "wrong", "extra": 1]).errorCode == "invalid_input")
        #expect(try await send(harness, user: "u1", ["requestId": "r", "verdict": "wrong", "reason": .string(String(repeating: "a", count: 501))])
            .errorCode == "invalid_input")
        let anonymous = try await testRequest(port: harness.port, method: "POST", path: "/v1/feedback", body: Array("{}".utf8))
        #expect(anonymous.status == 401)
    }
}
