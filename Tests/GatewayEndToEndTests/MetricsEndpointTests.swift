import AssistGateway
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import Testing

@Suite("GET /metrics")
struct MetricsEndpointTests {
    @Test("a served stream, a refusal, feedback and a report show up in Prometheus text, with no user or content in it")
    func endToEnd() async throws {
        let harness = try GatewayHarness()
        let ok = try await harness.stream(user: "u1")
        let requestId = try #require(ok.headers["x-request-id"])
        _ = await harness.auditRow(requestId)
        let refused = try await harness.stream(authorization: "Bearer not-a-token")
        #expect(refused.status == 401)
        _ = await harness.auditRow(refused.headers["x-request-id"])
        let feedback = try await testRequest(port: harness.port, method: "POST", path: "/v1/feedback",
                                             headers: [("Authorization", "Bearer \(harness.token("u1"))")],
                                             body: JSONWriter.bytes(["requestId": .string(requestId), "verdict": "wrong", "reason": "BK-2041 is wrong"]))
        #expect(feedback.status == 201)
        let event = AvailabilityEvent(feature: "itinerary_summary", platform: "ios", osVersion: "26.1", state: .deviceNotEligible, locale: "tr-TR")
        let report = try await testRequest(port: harness.port, method: "POST", path: "/v1/events",
                                           headers: [("Authorization", "Bearer \(harness.token("u1"))")], body: JSONWriter.bytes(event.json))
        #expect(report.status == 202)

        let metrics = try await testRequest(port: harness.port, method: "GET", path: "/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let lines = Set(metrics.text.split(separator: "\n").map(String.init))
        let labels = #"feature="itinerary_summary",prompt_version="2026-11-30.1""#
        #expect(lines.contains("assist_requests_total{\(labels),outcome=\"ok\"} 1"))
        #expect(lines.contains("assist_requests_total{feature=\"other\",prompt_version=\"other\",outcome=\"unauthenticated\"} 1"),
                "\(metrics.text)")
        #expect(lines.contains("assist_time_to_first_token_seconds_count{\(labels)} 1"))
        #expect(lines.contains("assist_request_duration_seconds_bucket{\(labels),le=\"+Inf\"} 1"))
        #expect(lines.contains("assist_feedback_total{\(labels),verdict=\"wrong\"} 1"))
        #expect(lines.contains("assist_availability_reports_total{state=\"device_not_eligible\"} 1"))
        #expect(lines.contains("assist_users_by_tokens{le=\"+Inf\"} 1"))
        #expect(lines.contains { $0.hasPrefix("assist_tokens_total{feature=\"itinerary_summary\",direction=\"out\"} ") })
        for secret in ["u1", "BK-2041", requestId] { #expect(!metrics.text.contains(secret)) }

        let post = try await testRequest(port: harness.port, method: "POST", path: "/metrics")
        #expect(post.status == 405)
    }
}
