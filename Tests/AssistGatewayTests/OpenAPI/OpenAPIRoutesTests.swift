import AssistGateway
import AssistHTTP
import AssistWire
import Foundation
import Testing

/// Every other route against the served document: success and each refusal that can be produced in-process.
@Suite("OpenAPI: app, admin and operations endpoints against real responses")
struct OpenAPIRoutesTests {
    static let availability: JSONValue = [
        "kind": "availability", "feature": "support_chat", "platform": "ios", "osVersion": "26.1", "state": "model_not_ready", "locale": "tr-TR",
    ]

    @Test("features, availability events and feedback")
    func appEndpoints() async throws {
        let check = try await ContractCheck(InProcessGateway())
        let features = await check.expect(.get, "/v1/features", .ok)
        #expect(features.json?["features"]?.arrayValue?.isEmpty == false)
        await check.expect(.get, "/v1/features", as: nil, .unauthorized, code: "unauthenticated")

        let events = "/v1/events"
        await check.expect(.post, events, json: Self.availability, .accepted)
        await check.expect(.post, events, as: nil, json: Self.availability, .unauthorized, code: "unauthenticated")
        await check.expect(.post, events, json: ["kind": "availability"], .badRequest, code: "invalid_input")
        var unconfigured = Self.availability
        unconfigured.set("feature", "weather")
        await check.expect(.post, events, json: unconfigured, .badRequest, code: "invalid_input")
        await check.expect(.post, events, raw: Array("not json".utf8), .badRequest, code: "invalid_request")
        await check.expect(.post, events, raw: Array(repeating: 0x20, count: 4096), .contentTooLarge, code: "payload_too_large")

        let feedback = "/v1/feedback"
        let answered = await check.stream(.ok)
        let requestId = try #require(answered.exchange.requestId)
        let receipt = await check.expect(.post, feedback, json: ["requestId": .string(requestId), "verdict": "wrong", "reason": "late"], .created)
        #expect(receipt.json?["requestId"]?.stringValue == requestId)
        await check.expect(.post, feedback, as: "u2", json: ["requestId": .string(requestId), "verdict": "report"], .notFound, code: "not_found")
        await check.expect(.post, feedback, json: ["requestId": .string(requestId), "verdict": "great"], .badRequest, code: "invalid_input")
        await check.expect(.post, feedback, raw: Array("[]".utf8), .badRequest, code: "invalid_request")
        await check.expect(.post, feedback, as: nil, json: ["requestId": "x", "verdict": "wrong"], .unauthorized, code: "unauthenticated")
        await check.expect(.post, feedback, raw: [], bodyTooLarge: true, .contentTooLarge, code: "payload_too_large")
    }

    @Test("App Attest challenges, their rate, and key registration")
    func integrity() async throws {
        let gateway = try InProcessGateway { $0.set("integrity.challengesPerMinute", 1) }
        let check = try await ContractCheck(gateway)
        let challenge = await check.expect(.post, "/v1/integrity/challenge", .created)
        let issued = try #require(challenge.json?["challenge"]?.stringValue)
        await check.expect(.post, "/v1/integrity/challenge", as: nil, .unauthorized, code: "unauthenticated")
        await check.expect(.post, "/v1/integrity/challenge", raw: [], bodyTooLarge: true, .contentTooLarge, code: "payload_too_large")
        let limited = await check.expect(.post, "/v1/integrity/challenge", .tooManyRequests, code: "rate_limited")
        #expect(limited.header(.retryAfter) != nil)

        let register = "/v1/integrity/appattest/register"
        let registration: JSONValue = [
            "keyId": .string(Data(repeating: 7, count: 32).base64EncodedString()), "attestation": "AAAA", "challenge": .string(issued),
        ]
        // The in-process verifier has no App Attest: a well-formed registration does not verify.
        await check.expect(.post, register, json: registration, .badRequest, code: "attestation_invalid")
        await check.expect(.post, register, json: ["keyId": "short", "attestation": "AAAA", "challenge": "c"], .badRequest, code: "invalid_input")
        await check.expect(.post, register, raw: Array("nope".utf8), .badRequest, code: "invalid_request")
        await check.expect(.post, register, as: nil, json: registration, .unauthorized, code: "unauthenticated")
        await check.expect(.post, register, raw: [], bodyTooLarge: true, .contentTooLarge, code: "payload_too_large")
        let accepting = try gateway.variant(integrity: AcceptingIntegrityVerifier())
        let registered = await check.expect(gateway.request(.post, register, json: registration), to: accepting, .created)
        #expect(registered.json?["keyId"] == registration["keyId"])
    }

    @Test("the admin API: list, patch, reload, refusals, and a user's token refused")
    func admin() async throws {
        struct Unreadable: Error {}
        let gateway = try InProcessGateway()
        let check = try await ContractCheck(gateway)
        let listed = await check.expect(.get, "/admin/features", admin: true, .ok)
        #expect(listed.json?["features"]?.arrayValue?.count == gateway.dependencies.config.features.count)
        await check.expect(.get, "/admin/features", .unauthorized, code: "unauthenticated")

        let feature = "/admin/features/itinerary_summary"
        await check.expect(.patch, feature, admin: true, json: ["rollout": ["percentage": 25]], .ok)
        await check.expect(.patch, feature, admin: true, json: ["rollout": nil, "enabled": false], .ok)
        await check.expect(.patch, feature, admin: true, json: ["enabled": nil], .ok)
        await check.expect(.patch, feature, admin: true, json: ["endStreams": true], .badRequest, code: "invalid_input")
        await check.expect(.patch, feature, admin: true, json: ["rollout": ["percentage": 101]], .badRequest, code: "invalid_input")
        await check.expect(.patch, feature, admin: true, json: [:], .badRequest, code: "invalid_request")
        await check.expect(.patch, "/admin/features/weather", admin: true, json: ["enabled": false], .badRequest, code: "unknown_feature")
        await check.expect(.patch, feature, admin: true, raw: [], bodyTooLarge: true, .contentTooLarge, code: "payload_too_large")
        await check.expect(.patch, feature, json: ["enabled": false], .unauthorized, code: "unauthenticated")

        await check.expect(.post, "/admin/reload", admin: true, .conflict, code: "invalid_request")
        await check.expect(.post, "/admin/reload", .unauthorized, code: "unauthenticated")
        let config = gateway.dependencies.config
        let reloaded = await check.expect(gateway.request(.post, "/admin/reload", admin: true), to: try gateway.variant(reload: { config }), .ok)
        #expect(reloaded.json?["reloaded"] == true)
        let unreadable = try gateway.variant(reload: { throw Unreadable() })
        await check.expect(gateway.request(.post, "/admin/reload", admin: true), to: unreadable, .badRequest, code: "invalid_input")
        check.expectUndocumented(.delete, feature, await gateway.send(.delete, feature, as: nil, headers: [(.authorization, "Bearer admin-secret")]),
                                 405, code: "method_not_allowed")

        // The refusals above (a user's token, bad changes) are what /admin/refusals counts.
        var refusals = gateway.request(.get, "/admin/refusals", admin: true)
        refusals.query = "minutes=60"
        let counted = await check.expect(refusals, to: gateway.gateway, .ok)
        #expect(counted.exchange.json?["counts"]?.arrayValue?.isEmpty == false)
        refusals.query = "minutes=0"
        await check.expect(refusals, to: gateway.gateway, .badRequest, code: "invalid_input")
        await check.expect(.get, "/admin/refusals", .unauthorized, code: "unauthenticated")

        // The admin changes above are audit rows (status admin); no feedback yet.
        let audit = await check.expect(.get, "/admin/audit", admin: true, .ok)
        #expect(audit.json?["rows"]?.arrayValue?.isEmpty == false)
        var limited = gateway.request(.get, "/admin/audit", admin: true)
        limited.query = "limit=1001"
        await check.expect(limited, to: gateway.gateway, .badRequest, code: "invalid_input")
        await check.expect(.get, "/admin/audit", .unauthorized, code: "unauthenticated")
        let feedback = await check.expect(.get, "/admin/feedback", admin: true, .ok)
        #expect(feedback.json?["total"] == 0)
        await check.expect(.get, "/admin/feedback", .unauthorized, code: "unauthenticated")
        let export = await check.expect(.get, "/admin/feedback/export", admin: true, .ok)
        #expect(export.json?["cases"] == [] && export.json?["withoutInput"] == 0)
        var unknown = gateway.request(.get, "/admin/feedback/export", admin: true)
        unknown.query = "feature=weather"
        await check.expect(unknown, to: gateway.gateway, .badRequest, code: "unknown_feature")
        await check.expect(.get, "/admin/feedback/export", .unauthorized, code: "unauthenticated")
        // Without --demo there is no demo log-in.
        await check.expect(.post, "/demo/token", json: ["user": "u1"], .notFound, code: "not_found")
        // With it, a browser on this machine gets a token; a request through a proxy is 403 forbidden.
        let demo = try InProcessGateway(demo: true)
        var local = demo.request(.post, "/demo/token", as: nil, json: ["user": "u1"])
        local.headers.append((.host, "127.0.0.1:8080"))
        local.serverPort = 8080
        await check.expect(local, to: demo.gateway, .ok)
        var forwarded = local
        forwarded.headers.append(("X-Forwarded-For", "203.0.113.9"))
        await check.expect(forwarded, to: demo.gateway, .forbidden, code: "forbidden")
    }

    @Test("health, metrics, and the routes the document does not list")
    func operations() async throws {
        let gateway = try InProcessGateway()
        let check = try await ContractCheck(gateway)
        // Loosely documented (an object with a string status) while its checks and limits take shape.
        await check.expect(.get, "/healthz", as: nil, .ok)
        await check.expect(gateway.request(.get, "/healthz", as: nil), to: try gateway.variant(ready: false), .serviceUnavailable)
        let metrics = await check.expect(.get, "/metrics", as: nil, .ok)
        #expect(metrics.header(.contentType)?.hasPrefix("text/plain") == true)
        check.expectUndocumented(.get, "/v2/nothing", await gateway.send(.get, "/v2/nothing"), 404, code: "not_found")
        check.expectUndocumented(.post, "/healthz", await gateway.send(.post, "/healthz", as: nil), 405, code: "method_not_allowed")
        check.expectUndocumented(.put, "/v1/features", await gateway.send(.put, "/v1/features"), 405, code: "method_not_allowed")
    }
}
