import AssistLocalModel
import AssistSQLite
import AssistWire
import Foundation
import LocalServers
import ScriptedUpstream

/// What holding text to the answer guard costs: the time from a request's arrival to its first released text
/// (the gateway's own `ttft_ms`, read from its audit log), with `guard.release: sentence` against `token`, for
/// `itinerary_summary`. Each mode runs on a fresh gateway over the same 16 (booking, locale) pairs, so that no
/// answer is served from the answer cache. Over the scripted upstream (a summary of 20 tokens at 20 ms each,
/// every sentence passing), and over the embedded model when it is installed.
struct GuardBench {
    let upstream: ScriptedUpstream

    /// Every booking with its owner, in English: each a distinct cache key.
    static let requests: [(user: String, booking: String, locale: String)] = [
        ("u1", "BK-2041"), ("u1", "BK-2057"), ("u1", "BK-2072"), ("u1", "BK-2103"), ("u2", "BK-2063"), ("u2", "BK-2088"),
        ("u3", "BK-2095"), ("u3", "BK-2110"),
    ].flatMap { owner in ["en-US", "en-GB"].map { (owner.0, owner.1, $0) } }

    func run() async throws {
        print("\n8. The answer guard: time to first released text, itinerary_summary, sentence against token release")
        let saved = upstream.script
        defer { upstream.script = saved }
        let sentences = ["Here is a short summary of your trip. ", "Your booking is confirmed and all is in order. ", "Have a good journey."]
        upstream.script = Script(tokens: sentences.flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).map { $0 + " " } },
                                 interval: .milliseconds(20))
        try measure(upstreamURL: upstream.baseURL, label: "scripted upstream, 20 ms a token")
        let model = EmbeddedModel.supervisor(port: 0)
        do {
            try await model.start()
        } catch {
            print("   embedded model: not measured (\(error))")
            return
        }
        defer { model.stop() }
        try measure(upstreamURL: model.baseURL, label: "embedded model")
    }

    private func measure(upstreamURL: String, label: String) throws {
        print("   \(label): \(Self.requests.count) requests per mode, each a fresh answer")
        for mode in ["token", "sentence"] {
            let gateway = try GatewayProcess(upstream: upstreamURL, port: try freeLoopbackPort(), features: [
                "itinerary_summary": ["guard": ["release": .string(mode), "onViolation": "fallback"]],
            ])
            defer { gateway.stop() }
            for request in Self.requests {
                let body = JSONWriter.bytes(["feature": "itinerary_summary", "input": ["bookingId": .string(request.booking)],
                                             "locale": .string(request.locale)])
                _ = try BlockingHTTP.request(port: gateway.port, method: "POST", path: "/v1/assist/stream",
                                             headers: [("Authorization", "Bearer \(gateway.token(user: request.user))"),
                                                       ("Content-Type", "application/json")], body: body)
            }
            let database = try SQLiteDatabase(path: gateway.dataDirectory.appendingPathComponent("assist.sqlite").path)
            let rows = try database.query("SELECT ttft_ms, total_ms, reason FROM audit_log WHERE feature = 'itinerary_summary' AND status = 'ok'")
            let first = rows.compactMap { $0[0].double }, total = rows.compactMap { $0[1].double }
            let narrated = rows.filter { $0[2].text?.contains("narrator") == true }.count
            print(String(format: "   %@ first text p50 %7.1f ms  p90 %7.1f ms   whole answer p50 %7.1f ms   (%d ok, %d by the narrator)",
                         mode, percentile(first, 50), percentile(first, 90), percentile(total, 50), rows.count, narrated))
        }
    }
}
