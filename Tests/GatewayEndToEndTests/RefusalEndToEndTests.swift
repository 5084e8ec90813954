import AssistGateway
import AssistServer
import AssistSQLite
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import Testing

/// Refusals before admission through the assembled gateway: the address the edge counts (a trusted proxy's
/// forwarded one, otherwise the peer's), the counts in SQLite within their bounds, and `GET /admin/refusals`.
@Suite("Refusals recorded live")
struct RefusalEndToEndTests {
    // Each harness's wall clock stands still, so every refusal of a test falls in one minute.

    /// An unauthenticated stream request from `source` (nil: 127.0.0.1), forwarding `forwardedFor`.
    func refused(_ harness: GatewayHarness, from source: String? = nil, forwardedFor: String? = nil) async throws -> Int {
        let port = harness.port
        return try await onOwnThread {
            let connection = try TestConnection(port: port, from: source)
            try connection.send(method: "POST", path: "/v1/assist/stream",
                                headers: [("Content-Type", "application/json")] + (forwardedFor.map { [("X-Forwarded-For", $0)] } ?? []),
                                body: GatewayHarness.uncachedBody)
            return RawResponse(try connection.readToEnd(timeout: .seconds(10))).status
        }
    }

    func adminRefusals(_ harness: GatewayHarness) async throws -> TestResponse {
        let token = String(decoding: try SecretStore.adminToken(dataDirectory: harness.dataDirectory), as: UTF8.self)
        return try await testRequest(port: harness.port, path: "/admin/refusals?minutes=5", headers: [("Authorization", "Bearer \(token)")])
    }

    @Test("a refusal counts under the edge's address: a trusted proxy's forwarded client, else the peer itself")
    func addresses() async throws {
        let harness = try GatewayHarness(limits: ["trustedProxies": ["127.0.0.1"]], clock: ManualWallClock(Date(timeIntervalSince1970: 1_790_000_000)))
        #expect(try await refused(harness, forwardedFor: "192.0.2.7") == 401)
        #expect(try await refused(harness, forwardedFor: "192.0.2.7") == 401)
        #expect(try await refused(harness, from: "127.0.0.2", forwardedFor: "203.0.113.3") == 401)
        let answer = try await adminRefusals(harness)
        #expect(answer.status == 200, "\(answer.text)")
        let rows = try #require(answer.json?["counts"]?.arrayValue)
        let counts = Dictionary(uniqueKeysWithValues: rows.map { ($0["address"]?.stringValue ?? "", $0["count"]?.numberValue ?? 0) })
        #expect(counts == ["192.0.2.7": 2, "127.0.0.2": 1])
        #expect(rows.allSatisfy { $0["endpoint"] == "/v1/assist/stream" && $0["reason"] == "unauthenticated:missing" })
    }

    @Test("in SQLite a minute keeps at most 1,000 addresses: 1,100 forwarded clients make 1,001 rows, counting all")
    func boundedInSQLite() async throws {
        let harness = try GatewayHarness(limits: ["trustedProxies": ["127.0.0.1"]], clock: ManualWallClock(Date(timeIntervalSince1970: 1_790_000_000)))
        for index in 0..<1_100 { _ = try await refused(harness, forwardedFor: "10.1.\(index / 256).\(index % 256)") }
        let dependencies = harness.assembly.dependencies
        #expect(await dependencies.state.refusals.flush())
        let stored = try await dependencies.stores.refusals.counts(since: 0)
        #expect(stored.count == 1_001)
        #expect(stored.values.reduce(0, +) == 1_100)
        #expect(stored.first { $0.key.address == "other" }?.value == 100)
        let rows = try harness.assembly.database.query("SELECT COUNT(*) FROM refusal_counts").first?.first?.int
        #expect(rows == 1_001)
        // Only the minute's first few are audit rows.
        let rejected = try await dependencies.stores.audit.recent(limit: 5_000).filter { $0.status == .rejected }
        #expect(rejected.count == 20)
    }
}
