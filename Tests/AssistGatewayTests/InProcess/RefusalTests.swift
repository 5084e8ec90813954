import AssistGateway
import AssistHTTP
import AssistWire
import Testing

/// Every refusal of admission, in-process: its status and stable code, its audit row (status `rejected`,
/// the reason, what was known of the caller), and nothing left held — no slot, no unsettled reservation,
/// no shared call — whichever step refused.
@Suite("Admission refusals")
struct RefusalTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let status: HTTPStatus
        let code: String
        let reason: String
        /// Provider calls made by requests the case sends before the refused one.
        var calls = 0
        var edit: @Sendable (inout JSONValue) -> Void = { _ in }
        let send: @Sendable (InProcessGateway) async -> Exchange
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no token", status: 401, code: "unauthenticated", reason: "unauthenticated:missing") { await $0.stream(as: nil) },
        Case(name: "a token that is not one", status: 401, code: "unauthenticated", reason: "unauthenticated:malformed") {
            await $0.send(as: nil, json: ["feature": "support_chat", "input": ["message": "hi"]], headers: [(.authorization, "Bearer x.y")])
        },
        Case(name: "a body over the cap", status: 413, code: "payload_too_large", reason: "payload_too_large") {
            await $0.send(raw: [], bodyTooLarge: true)
        },
        Case(name: "a body that is not JSON", status: 400, code: "invalid_request", reason: "invalid_request") {
            await $0.send(raw: Array("{nope".utf8))
        },
        Case(name: "an unknown feature", status: 400, code: "unknown_feature", reason: "unknown_feature") {
            await $0.stream("weather", ["city": "Oslo"])
        },
        Case(name: "a structured feature asked to stream", status: 400, code: "unknown_feature", reason: "unknown_feature") {
            await $0.stream("lookup", ["text": "x"])
        },
        Case(name: "a feature turned off", status: 403, code: "feature_disabled", reason: "feature_disabled",
             edit: { $0.set("features.support_chat.enabled", false) }) { await $0.stream() },
        Case(name: "a user outside the rollout", status: 403, code: "feature_disabled", reason: "feature_disabled",
             edit: { $0.set("features.support_chat.rollout", ["flag": "chat", "percentage": 0]) }) { await $0.stream() },
        Case(name: "input against the schema", status: 400, code: "invalid_input", reason: "invalid_input") {
            await $0.stream("support_chat", ["message": ""])
        },
        Case(name: "a trust level without quota", status: 403, code: "integrity_required", reason: "integrity_required",
             edit: { $0.set("features.support_chat.quotas.unavailable", ["requestsPerDay": 0, "tokensPerDay": 0]) }) { await $0.stream() },
        Case(name: "input the builder cannot use", status: 400, code: "invalid_input", reason: "invalid_input") {
            await $0.stream("support_chat", ["message": "   "])
        },
        Case(name: "another user's booking", status: 404, code: "not_found", reason: "not_found") {
            await $0.stream("itinerary_summary", ["bookingId": "BK-2"])
        },
        Case(name: "a spent daily quota", status: 429, code: "quota_exceeded", reason: "quota_exceeded", calls: 1,
             edit: { $0.set("features.support_chat.quotas.unavailable", ["requestsPerDay": 1, "tokensPerDay": 10000]) }) { gateway in
            _ = await gateway.stream().body()
            return await gateway.stream()
        },
        Case(name: "tokens beyond the window", status: 429, code: "quota_exceeded", reason: "quota_exceeded",
             edit: { $0.set("features.support_chat.quotas.unavailable", ["requestsPerDay": 10, "tokensPerDay": 100]) }) { await $0.stream() },
        Case(name: "an unreachable quota store", status: 503, code: "quota_unavailable", reason: "quota_unavailable") { gateway in
            gateway.quota.failing = true
            return await gateway.stream()
        },
    ]

    @Test("each refusal has its status and code, is audited, and leaves nothing held", arguments: cases)
    func refusal(_ refusal: Case) async throws {
        let gateway = try InProcessGateway(edit: refusal.edit)
        let exchange = await refusal.send(gateway)
        #expect(exchange.status == refusal.status)
        #expect(exchange.errorCode == refusal.code)
        // One error shape: the body names the same request id as the header.
        #expect(exchange.json?["error"]?["requestId"]?.stringValue == exchange.requestId)
        let row = try #require(await gateway.auditRow(exchange))
        #expect(row.status == .rejected)
        #expect(row.reason == refusal.reason)
        gateway.expectNothingHeld()
        #expect(gateway.provider.requests.count == refusal.calls)
    }

    @Test("a refusal is audited with what was known of the caller by the step that refused")
    func knownCaller() async throws {
        let gateway = try InProcessGateway { $0.set("features.support_chat.quotas.trusted", ["requestsPerDay": 0, "tokensPerDay": 0]) }
        let anonymous = try #require(await gateway.auditRow(await gateway.stream(as: nil)))
        #expect(anonymous.user == "" && anonymous.feature == "" && anonymous.trust == "")
        let unknown = try #require(await gateway.auditRow(await gateway.stream("weather", [:])))
        #expect(unknown.user == "u1" && unknown.feature == "")
        let untrusted = try #require(await gateway.auditRow(await gateway.stream(headers: [(.assistIntegrity, "trusted")])))
        #expect(untrusted.reason == "integrity_required")
        #expect(untrusted.user == "u1" && untrusted.feature == "support_chat" && untrusted.trust == "trusted" && untrusted.trustReason == "header")
    }

    @Test("429s say when to retry: a spent day at its end, a stream cap in a second")
    func retryAfter() async throws {
        let gateway = try InProcessGateway {
            $0.set("features.support_chat.quotas.unavailable", ["requestsPerDay": 1, "tokensPerDay": 10000])
            $0.set("limits.maxConcurrentStreamsPerUser", 1)
        }
        _ = await gateway.stream().body()
        let spent = await gateway.stream()
        // The clock stands at 14:13:20 UTC: 35,200 s to midnight.
        #expect(spent.response.header(.retryAfter) == "35200")
        #expect(spent.response.header(.rateLimitRemaining) == "0" && spent.response.header(.rateLimitReset) == "35200")
        let unauthenticated = await gateway.stream(as: nil)
        #expect(unauthenticated.response.header(.wwwAuthenticate) == "Bearer")
    }

    @Test("a user's second stream beyond the cap is 429 too_many_streams while the first is open, and allowed after it")
    func streamCap() async throws {
        let gate = Gate()
        let provider = ScriptedProvider(ScriptedProvider.Script(chunks: [.text("a"), .text("b"), .finish(reason: "stop")], gate: gate))
        let gateway = try InProcessGateway(provider: provider) { $0.set("limits.maxConcurrentStreamsPerUser", 1) }
        let first = await gateway.stream()
        let (writer, task) = first.start()
        #expect(await writer.waitForDeltas(1))
        let second = await gateway.stream()
        #expect(second.status == 429 && second.errorCode == "too_many_streams" && second.response.header(.retryAfter) == "1")
        let other = await gateway.stream(as: "u2")
        #expect(other.status == 200)  // the cap is per user
        let (_, otherTask) = other.start()
        gate.open()
        await task.value
        let third = await gateway.stream()
        #expect(third.status == 200)
        _ = await third.body()
        await otherTask.value  // u2's stream ends too before nothing may be held (it ran on when the machine was busy)
        gateway.expectNothingHeld()
    }

    @Test("unknown paths are 404 and known paths with another method 405, each with a request id")
    func routing() async throws {
        let gateway = try InProcessGateway()
        let missing = await gateway.send(.get, "/v2/nothing")
        #expect(missing.status == 404 && missing.errorCode == "not_found" && missing.requestId?.hasPrefix("req_") == true)
        let wrongMethod = await gateway.send(.get, "/v1/assist/stream")
        #expect(wrongMethod.status == 405 && wrongMethod.errorCode == "method_not_allowed" && wrongMethod.response.header(.allow) == "POST")
        let health = await gateway.send(.get, "/healthz", as: nil)
        #expect(health.status == 200 && health.requestId != nil)
    }
}
