import AssistGateway
import AssistHTTP
import AssistWire
import Testing

/// A quota store that cannot answer (Redis down, for replicas), in-process: by default the request is refused
/// with 503 `quota_unavailable` and `Retry-After`; with shared storage and `storage.onRedisDown: "open"` it is
/// counted by this replica's own stand-in at the same limits, served, and audited as such.
@Suite("A quota store that cannot answer")
struct QuotaStoreDownTests {
    static func shared(onRedisDown: String) -> @Sendable (inout JSONValue) -> Void {
        { json in
            json.set("storage", ["kind": "shared", "redis": "redis://127.0.0.1:1", "postgres": "postgres://assist@127.0.0.1:1/assist",
                                 "onRedisDown": .string(onRedisDown)])
            json.set("features.support_chat.quotas.unavailable", ["requestsPerDay": 2, "tokensPerDay": 100_000])
        }
    }

    @Test("closed (the default): 503 quota_unavailable with Retry-After, audited, nothing held")
    func closed() async throws {
        let gateway = try InProcessGateway(edit: Self.shared(onRedisDown: "closed"))
        gateway.quota.failing = true
        let refused = await gateway.stream()
        #expect(refused.status == .serviceUnavailable && refused.errorCode == "quota_unavailable")
        #expect(refused.response.header(.retryAfter) == "1")
        #expect(await gateway.auditRow(refused)?.reason == "quota_unavailable")
        #expect(gateway.provider.requests.isEmpty)
        gateway.expectNothingHeld()
    }

    @Test("open: served under this replica's own count at the same limits, audited redis_down, settled there")
    func open() async throws {
        let gateway = try InProcessGateway(edit: Self.shared(onRedisDown: "open"))
        gateway.quota.failing = true
        for _ in 0..<2 {
            let served = await gateway.stream()
            #expect(served.status == .ok)
            _ = await served.body()
            let row = await gateway.auditRow(served)
            #expect(row?.status == .ok && row?.reason == Reservation.localAdmissionReason)
        }
        let third = await gateway.stream()
        #expect(third.status == .tooManyRequests && third.errorCode == "quota_exceeded")
        #expect(gateway.dependencies.state.streamSlots.openStreams == 0)
        // Back to the shared store once it answers: its own window, untouched by the stand-in's count.
        gateway.quota.failing = false
        let shared = await gateway.stream()
        #expect(shared.status == .ok)
        _ = await shared.body()
        #expect(await gateway.auditRow(shared)?.reason == "")
        gateway.expectNothingHeld()
    }
}
