import AssistHTTP
import AssistWire
import Foundation

/// `GET /admin/refusals?minutes=N` (behind the admin token): the refusals before admission of the last N
/// minutes (1…1440, default 10; the current minute included), as `RefusalRecorder` counts them:
///
///     {"minutes": 10, "since": "2026-09-21T13:37:00Z", "total": 5000, "truncated": false,
///      "counts": [{"minute": "2026-09-21T13:46:00Z", "endpoint": "/v1/assist/stream",
///                  "reason": "unauthenticated:missing", "address": "203.0.113.9", "count": 4980}, …]}
///
/// Newest minute first, the largest counts first within a minute, at most `maxRows` rows (`truncated`
/// says some were left out); `total` counts every refusal of the window. Counts not yet stored are
/// included, so the current minute is up to date.
struct RefusalsEndpoint: Sendable {
    static let maxRows = 1_000
    static let maxMinutes = RefusalRecorder.retentionMinutes

    let dependencies: GatewayDependencies

    func handle(_ request: HTTPRequest) async throws(GatewayError) -> HTTPResponse {
        var minutes = 10
        if let text = request.queryValue("minutes") {
            guard let value = Int(text), (1...Self.maxMinutes).contains(value) else {
                throw .invalidInput("minutes: must be a whole number from 1 to \(Self.maxMinutes)")
            }
            minutes = value
        }
        let since = RefusalKey.minute(of: dependencies.clock.now().timeIntervalSince1970) - minutes + 1
        let counts: [RefusalKey: Int]
        do {
            counts = try await dependencies.state.refusals.counts(since: since)
        } catch {
            throw .unavailable("refusal store")
        }
        let sorted = counts.sorted { a, b in
            if a.key.minute != b.key.minute { return a.key.minute > b.key.minute }
            if a.value != b.value { return a.value > b.value }
            return a.key < b.key
        }
        let rows: [JSONValue] = sorted.prefix(Self.maxRows).map { key, count in
            ["minute": .string(Self.time(of: key.minute)), "endpoint": .string(key.endpoint), "reason": .string(key.reason),
             "address": .string(key.address), "count": .number(Double(count))]
        }
        return Responses.json(.ok, [
            "minutes": .number(Double(minutes)), "since": .string(Self.time(of: since)),
            "total": .number(Double(counts.values.reduce(0, +))), "truncated": .bool(sorted.count > Self.maxRows),
            "counts": .array(rows),
        ])
    }

    /// The minute's start, in UTC (RFC 3339).
    static func time(of minute: Int) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(minute) * 60))
    }
}
