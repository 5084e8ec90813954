import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import Testing

/// Refusals that need the real server or the travel data; the whole refusal matrix runs in-process
/// (AssistGatewayTests, `RefusalTests`).
@Suite("Refusals before any model call, live")
struct RejectionTests {
    @Test("413 payload_too_large above the body cap, after authentication")
    func payloadTooLarge() async throws {
        let harness = try GatewayHarness(limits: ["maxBodyBytes": 1024])
        let big = GatewayHarness.body(feature: "support_chat", input: ["message": .string(String(repeating: "a", count: 2000))])
        let response = try await harness.stream(body: big)
        #expect(response.status == 413)
        #expect(response.errorCode == "payload_too_large")
        let anonymous = try await harness.stream(user: nil, body: big)
        #expect(anonymous.status == 401)
        // Just under the cap is fine.
        let small = try await harness.stream(body: GatewayHarness.body(feature: "support_chat", input: ["message": .string(String(repeating: "a", count: 900))]))
        #expect(small.status == 200)
    }

    @Test("another user's booking is 404 not_found, exactly like a missing one, and costs no quota")
    func foreignBooking() async throws {
        let harness = try GatewayHarness(unavailableQuota: (requests: 1, tokens: 20_000))
        let foreign = try await harness.stream(user: "u1", body: GatewayHarness.body(input: ["bookingId": "BK-2063"]))
        let missing = try await harness.stream(user: "u1", body: GatewayHarness.body(input: ["bookingId": "BK-9999"]))
        #expect(foreign.status == 404)
        #expect(missing.status == 404)
        #expect(foreign.errorCode == "not_found")
        #expect(foreign.json?["error"]?["message"] == missing.json?["error"]?["message"])
        // The single request of the day is still available.
        let own = try await harness.stream(user: "u2", body: GatewayHarness.body(input: ["bookingId": "BK-2063"]))
        #expect(own.status == 200)
        #expect(try await harness.stream(user: "u1").status == 200)
    }
}
