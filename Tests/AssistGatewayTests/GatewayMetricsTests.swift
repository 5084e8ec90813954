@testable import AssistGateway
import AssistWire
import Foundation
import Testing

@Suite("Gateway metrics")
struct GatewayMetricsTests {
    let metrics: GatewayMetrics

    init() throws {
        metrics = GatewayMetrics(registry: FeatureRegistry(try ConfigFixture.load().features))
    }

    func row(_ status: AuditStatus, feature: String = "itinerary_summary", version: String = "2026-09-18.2", user: String = "u1",
             reason: String = "", ttftMs: Double? = 80, totalMs: Double = 700, tokensIn: Int = 40, tokensOut: Int = 60) -> AuditRecord {
        AuditRecord(requestId: "r", time: Date(), user: user, feature: feature, promptVersion: version, status: status, reason: reason,
                    inputTokens: tokensIn, outputTokens: tokensOut, timeToFirstTokenMs: ttftMs, totalMs: totalMs)
    }

    /// The value of one sample line, by its exact series name and labels.
    func sample(_ series: String) -> String? {
        metrics.render().split(separator: "\n").first { $0.hasPrefix(series + " ") }.map { String($0.dropFirst(series.count + 1)) }
    }

    @Test("outcomes are counted by feature, prompt version and outcome; refusals by their error code")
    func outcomes() {
        metrics.observe(row(.ok))
        metrics.observe(row(.ok))
        metrics.observe(row(.cancelled))
        metrics.observe(row(.upstreamTimeout, ttftMs: nil))
        metrics.observe(row(.rejected, reason: "quota_exceeded", ttftMs: nil, tokensIn: 0, tokensOut: 0))
        metrics.observe(row(.rejected, feature: "", version: "", reason: "unauthenticated:expired"))
        metrics.observe(row(.rejected, reason: "something new"))
        let labels = #"feature="itinerary_summary",prompt_version="2026-09-18.2""#
        #expect(sample("assist_requests_total{\(labels),outcome=\"ok\"}") == "2")
        #expect(sample("assist_requests_total{\(labels),outcome=\"cancelled\"}") == "1")
        #expect(sample("assist_requests_total{\(labels),outcome=\"upstream_timeout\"}") == "1")
        #expect(sample("assist_requests_total{\(labels),outcome=\"quota_exceeded\"}") == "1")
        #expect(sample("assist_requests_total{\(labels),outcome=\"rejected\"}") == "1")
        #expect(sample(#"assist_requests_total{feature="other",prompt_version="other",outcome="unauthenticated"}"#) == "1")
        // Refusals cost no tokens and have no latency worth a histogram.
        #expect(sample("assist_request_duration_seconds_count{\(labels)}") == "4")
        #expect(sample("assist_time_to_first_token_seconds_count{\(labels)}") == "3")
        #expect(sample(#"assist_tokens_total{feature="itinerary_summary",direction="in"}"#) == "160")
        #expect(sample(#"assist_tokens_total{feature="itinerary_summary",direction="out"}"#) == "240")
    }

    @Test("requests by trust level, bounded to the four levels and none; integrity refusals by their code")
    func trust() {
        func row(_ trust: String, status: AuditStatus = .ok, reason: String = "") -> AuditRecord {
            AuditRecord(requestId: "r", time: Date(), user: "u1", feature: "itinerary_summary", promptVersion: "2026-09-18.2", trust: trust,
                        status: status, reason: reason, trustReason: trust == "untrusted" ? "bad_signature" : "")
        }
        metrics.observe(row("trusted"))
        metrics.observe(row("trusted"))
        metrics.observe(row("untrusted"))
        metrics.observe(row("unavailable", status: .rejected, reason: "integrity_required"))
        metrics.observe(row("", status: .rejected, reason: "unauthenticated:expired"))
        metrics.observe(row("made-up"))
        #expect(sample(#"assist_requests_by_trust_total{feature="itinerary_summary",trust="trusted"}"#) == "2")
        #expect(sample(#"assist_requests_by_trust_total{feature="itinerary_summary",trust="untrusted"}"#) == "1")
        #expect(sample(#"assist_requests_by_trust_total{feature="itinerary_summary",trust="none"}"#) == "2")
        #expect(sample(#"assist_requests_total{feature="itinerary_summary",prompt_version="2026-09-18.2",outcome="integrity_required"}"#) == "1")
        #expect(!metrics.render().contains("bad_signature"))  // reasons stay in the audit
    }

    @Test("histograms are cumulative, in seconds, with +Inf, sum and count")
    func histograms() {
        metrics.observe(row(.ok, ttftMs: 40, totalMs: 300))
        metrics.observe(row(.ok, ttftMs: 2_000, totalMs: 90_000))
        let labels = #"feature="itinerary_summary",prompt_version="2026-09-18.2""#
        #expect(sample("assist_time_to_first_token_seconds_bucket{\(labels),le=\"0.05\"}") == "1")
        #expect(sample("assist_time_to_first_token_seconds_bucket{\(labels),le=\"1\"}") == "1")
        #expect(sample("assist_time_to_first_token_seconds_bucket{\(labels),le=\"2.5\"}") == "2")
        #expect(sample("assist_request_duration_seconds_bucket{\(labels),le=\"60\"}") == "1")
        #expect(sample("assist_request_duration_seconds_bucket{\(labels),le=\"+Inf\"}") == "2")
        #expect(sample("assist_request_duration_seconds_sum{\(labels)}") == "90.3")
        #expect(metrics.render().contains("# TYPE assist_request_duration_seconds histogram\n"))
    }

    @Test("labels stay bounded: unknown features and prompt versions become other; users are a distribution")
    func boundedLabels() {
        for user in 0..<50 { metrics.observe(row(.ok, feature: "made_up_\(user)", user: "user-\(user)")) }
        metrics.observe(row(.ok, version: "not-configured"))
        metrics.observe(row(.ok, user: "heavy", tokensIn: 5_000, tokensOut: 20_000))
        let text = metrics.render()
        #expect(!text.contains("made_up"))
        #expect(!text.contains("user-"))
        #expect(!text.contains("heavy"))
        #expect(sample(#"assist_requests_total{feature="other",prompt_version="other",outcome="ok"}"#) == "50")
        #expect(sample(#"assist_requests_total{feature="itinerary_summary",prompt_version="other",outcome="ok"}"#) == "1")
        // 50 users and u1 with 100 tokens each; "heavy" with 25 000.
        #expect(sample(#"assist_users_by_tokens{le="100"}"#) == "51")
        #expect(sample(#"assist_users_by_tokens{le="10000"}"#) == "51")
        #expect(sample(#"assist_users_by_tokens{le="50000"}"#) == "52")
        #expect(sample(#"assist_users_by_tokens{le="+Inf"}"#) == "52")
    }

    @Test("feedback by verdict and availability reports by state")
    func feedbackAndAvailability() {
        let feedback = Feedback(requestId: "r", user: "u1", feature: "support_chat", promptVersion: "2026-10-02.1", verdict: .report,
                                reason: "rude words here", time: Date())
        metrics.observe(feedback)
        metrics.observe(feedback)
        metrics.observe(AvailabilityEvent(feature: "itinerary_summary", platform: "ios", osVersion: "26.1", state: .modelDisabled,
                                          locale: "tr-TR"))
        #expect(sample(#"assist_feedback_total{feature="support_chat",prompt_version="2026-10-02.1",verdict="report"}"#) == "2")
        #expect(sample(#"assist_availability_reports_total{state="model_disabled"}"#) == "1")
        #expect(!metrics.render().contains("rude"))
    }
}
