import AssistGateway
import AssistServer
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// Text the stores cannot keep as sent (a NUL: PostgreSQL refuses it, SQLite cuts the text at it) and no person
/// types (other control characters) is refused where the core reads a body (`RequestBody`), in every free-text
/// field of every endpoint: 400 `invalid_input` naming the field, nothing stored, no quota taken.
@Suite("Control characters in text are refused at the core's edge")
struct TextInputTests {
    func post(_ harness: GatewayHarness, _ path: String, _ body: JSONValue, user: String = "u1", admin: Bool = false) async throws -> TestResponse {
        let token = admin ? harness.adminToken : harness.token(user)
        return try await testRequest(port: harness.port, method: admin ? "PATCH" : "POST", path: path,
                                     headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
                                     body: JSONWriter.bytes(body))
    }

    func expectRefused(_ response: TestResponse, naming field: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == 400, "\(field): \(response.text)", sourceLocation: sourceLocation)
        #expect(response.errorCode == "invalid_input", "\(field)", sourceLocation: sourceLocation)
        let message = response.json?["error"]?["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("\(field): ") && message.contains("control character"), "\(message)", sourceLocation: sourceLocation)
    }

    @Test("in every endpoint's text: feature inputs (stream and structured), app endpoints, events, feedback, admin, log-ins")
    func everywhere() async throws {
        let harness = try GatewayHarness(demo: true)
        let nul = "before\u{0}after"
        expectRefused(try await post(harness, "/v1/assist/stream", ["feature": "support_chat", "input": ["message": .string(nul)], "locale": "en-US"]),
                      naming: "input.message")
        expectRefused(try await post(harness, "/v1/assist/stream", ["feature": "support_chat", "locale": "en-US", "input": [
            "message": "hi", "history": [["role": "user", "text": "ok"], ["role": "user", "text": "bell\u{7}"]]]]),
                      naming: "input.history[1].text")
        expectRefused(try await post(harness, "/v1/assist", ["feature": "smart_search", "input": ["text": "escape \u{1B}[2J"], "locale": "en-US"]),
                      naming: "input.text")
        expectRefused(try await post(harness, "/v1/assist", ["feature": "support_triage", "input": ["message": "C1 \u{85} next line"],
                                                              "locale": "en-US"]),
                      naming: "input.message")
        expectRefused(try await post(harness, "/v1/budget/sms", ["messages": ["ok", .string("Kartiniz\u{0}ile 100 TL")]]), naming: "messages[1]")
        expectRefused(try await post(harness, "/v1/events", ["feature": .string("support_chat\u{0}"), "platform": "ios", "state": "available"]),
                      naming: "feature")
        expectRefused(try await post(harness, "/v1/feedback", ["requestId": "req_x", "verdict": "wrong", "reason": .string(nul)]), naming: "reason")
        expectRefused(try await post(harness, "/admin/features/support_chat", ["enabled": true, "note\u{7F}": "x"], admin: true), naming: "body")
        expectRefused(try await testRequest(port: harness.port, method: "POST", path: "/demo/token", headers: [("Content-Type", "application/json")],
                                            body: JSONWriter.bytes(["user": "u1\u{0}"])), naming: "user")
        // Nothing was stored and no model was called.
        #expect(try await harness.assembly.dependencies.stores.feedback.all().isEmpty)
        #expect(harness.upstream.requests.isEmpty)
    }

    @Test("tab, line feed and carriage return are text: they pass and are kept as sent")
    func whitespacePasses() async throws {
        let harness = try GatewayHarness()
        let text = "line one\r\n\tline two\n"
        let stream = try await post(harness, "/v1/assist/stream", ["feature": "support_chat", "input": ["message": .string(text)], "locale": "en-US"])
        #expect(stream.status == 200, "\(stream.text)")
        let id = try #require(stream.headers["x-request-id"])
        _ = await harness.auditRow(id)
        let feedback = try await post(harness, "/v1/feedback", ["requestId": .string(id), "verdict": "wrong", "reason": .string(text)])
        #expect(feedback.status == 201, "\(feedback.text)")
        let stored = try await harness.assembly.dependencies.stores.feedback.all()
        #expect(stored.first?.reason == text)
        #expect(stored.first?.input?["message"] == .string(text))
    }
}
