import AssistGateway
import AssistHTTP
import AssistWire
import Foundation
import Testing

/// What a gateway whose storage cannot be opened answers meanwhile (`StorageUnavailableResponder`).
@Suite("Storage unavailable")
struct StorageUnavailableTests {
    let responder = StorageUnavailableResponder(reason: "/data: disk I/O error; the disk holding /data is full (0 bytes free)",
                                                since: Date(timeIntervalSince1970: 1_800_000_000), attempts: 3, retryAfterSeconds: 5, modelReady: { true })

    func send(_ method: HTTPMethod, _ path: String) async -> Exchange {
        Exchange(response: await responder.respond(to: HTTPRequest(method: method, path: path)))
    }

    @Test("/healthz is 503 unavailable, its storage check saying why, since when and after how many attempts")
    func health() async {
        let health = await send(.get, "/healthz")
        #expect(health.status == .serviceUnavailable)
        #expect(health.json?["status"] == "unavailable")
        #expect(health.json?["checks"]?["storage"] == [
            "status": "unavailable", "reason": "/data: disk I/O error; the disk holding /data is full (0 bytes free)",
            "since": "2027-01-15T08:00:00Z", "attempts": 3,
        ])
        #expect(health.json?["checks"]?["model"]?["status"] == "ok")
        #expect(health.requestId != nil)
    }

    @Test("every other request is 503 audit_unavailable with Retry-After and its request id; the OpenAPI document is served")
    func refusals() async {
        for (method, path) in [(HTTPMethod.post, "/v1/assist/stream"), (.post, "/v1/assist"), (.get, "/v1/features"), (.get, "/metrics"),
                               (.patch, "/admin/features/support_chat"), (.get, "/nothing")] {
            let refused = await send(method, path)
            #expect(refused.status == .serviceUnavailable, "\(path)")
            #expect(refused.errorCode == "audit_unavailable", "\(path)")
            #expect(refused.response.header(.retryAfter) == "5")
            #expect(refused.json?["error"]?["requestId"]?.stringValue == refused.requestId)
        }
        #expect(await send(.get, "/openapi.json").status == .ok)
    }
}
