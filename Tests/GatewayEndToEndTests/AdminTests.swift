import AssistGateway
import AssistServer
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

@Suite("Admin API")
struct AdminTests {
    func admin(_ harness: GatewayHarness, _ method: String, _ path: String, _ body: JSONValue? = nil, token: String? = nil) async throws -> TestResponse {
        let secret = try token ?? String(decoding: SecretStore.adminToken(dataDirectory: harness.dataDirectory), as: UTF8.self)
        return try await testRequest(port: harness.port, method: method, path: path, headers: [("Authorization", "Bearer \(secret)")],
                                     body: body.map(JSONWriter.bytes) ?? [])
    }

    @Test("recent activity: audit rows as metadata, newest first; feedback with the user's reason verbatim, never its input")
    func activity() async throws {
        let harness = try GatewayHarness()
        let first = try #require(try await harness.stream(user: "u1").headers["x-request-id"])
        let second = try #require(try await harness.stream(user: "u1").headers["x-request-id"])
        _ = await harness.auditRow(first)
        _ = await harness.auditRow(second)
        let reason = "<script>alert(1)</script> wrong gate"
        let posted = try await testRequest(port: harness.port, method: "POST", path: "/v1/feedback",
                                           headers: [("Authorization", "Bearer \(harness.token("u1"))")],
                                           body: JSONWriter.bytes(["requestId": .string(first), "verdict": "wrong", "reason": .string(reason)]))
        #expect(posted.status == 201)

        let audit = try await admin(harness, "GET", "/admin/audit?limit=2")
        #expect(audit.status == 200)
        let rows = audit.json?["rows"]?.arrayValue ?? []
        #expect(rows.compactMap { $0["requestId"]?.stringValue } == [second, first])
        #expect(rows.first?["status"] == "ok")
        #expect(rows.first?["feature"] == "itinerary_summary")
        // Metadata only: nothing of what was asked or answered.
        #expect(!audit.text.contains("BK-2041") && !audit.text.contains("Lisbon"))

        let feedback = try await admin(harness, "GET", "/admin/feedback")
        #expect(feedback.json?["total"] == 1)
        let row = try #require(feedback.json?["feedback"]?.arrayValue?.first)
        #expect(row["reason"]?.stringValue == reason)
        #expect(row["verdict"] == "wrong")
        #expect(row["hasInput"] == true)
        #expect(row["input"] == nil)

        #expect(try await admin(harness, "GET", "/admin/audit?limit=0").json?["error"]?["code"] == "invalid_input")
        #expect(try await admin(harness, "GET", "/admin/feedback", token: "wrong").status == 401)
    }

    func feature(_ response: TestResponse, _ id: String) -> JSONValue? {
        response.json?["features"]?.arrayValue?.first { $0["id"]?.stringValue == id }
    }

    func visible(_ harness: GatewayHarness, user: String = "u1") async throws -> [String] {
        let list = try await testRequest(port: harness.port, path: "/v1/features", headers: [("Authorization", "Bearer \(harness.token(user))")])
        return list.json?["features"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    @Test("only the admin token opens the admin API; a user's session token is 401")
    func authentication() async throws {
        let harness = try GatewayHarness()
        #expect(try await admin(harness, "GET", "/admin/features").status == 200)
        #expect(try await admin(harness, "GET", "/admin/features", token: harness.token("u1")).status == 401)
        #expect(try await testRequest(port: harness.port, path: "/admin/features").status == 401)
        #expect(try await admin(harness, "DELETE", "/admin/features").status == 405)
        #expect(try await admin(harness, "GET", "/admin/nothing").status == 404)
    }

    @Test("the kill switch turns a feature off for the next request, is audited, and turns back on")
    func killSwitch() async throws {
        let harness = try GatewayHarness()
        #expect(try await harness.stream(user: "u1").status == 200)
        let off = try await admin(harness, "PATCH", "/admin/features/itinerary_summary", ["enabled": false])
        #expect(off.status == 200, "\(off.text)")
        #expect(off.json?["enabled"] == false)
        #expect(off.json?["overrides"]?["enabled"] == false)

        let refused = try await harness.stream(user: "u1")
        #expect(refused.status == 403)
        #expect(refused.errorCode == "feature_disabled")
        #expect(try await !visible(harness).contains("itinerary_summary"))
        let listed = try await admin(harness, "GET", "/admin/features")
        #expect(feature(listed, "itinerary_summary")?["enabled"] == false)
        let rows = try await harness.assembly.dependencies.stores.audit.recent(limit: 50).filter { $0.status == .admin }
        #expect(rows.first?.feature == "itinerary_summary")
        #expect(rows.first?.reason == "enabled=false")

        let on = try await admin(harness, "PATCH", "/admin/features/itinerary_summary", ["enabled": true])
        #expect(on.json?["overrides"] == [:])  // back to what the file says: nothing is overridden
        #expect(try await harness.stream(user: "u1").status == 200)
        #expect(try await visible(harness).contains("itinerary_summary"))
        #expect(try harness.assembly.dependencies.stores.overrides.load().isEmpty)
    }

    @Test("the kill switch with endStreams ends open streams of that feature with feature_disabled, text kept, provider cancelled")
    func endStreams() async throws {
        let harness = try GatewayHarness(script: Script(tokens: (0..<200).map { "t\($0) " }, interval: .milliseconds(20)))
        let (connection, status, headers) = try await harness.openStream()
        #expect(status == 200)
        let start = try await onOwnThread { try connection.read(until: "t2 ", timeout: .seconds(5)) }
        #expect(try await admin(harness, "PATCH", "/admin/features/itinerary_summary", ["endStreams": true]).errorCode == "invalid_input")
        let off = try await admin(harness, "PATCH", "/admin/features/itinerary_summary", ["enabled": false, "endStreams": true])
        #expect(off.json?["endedStreams"] == 1, "\(off.text)")
        let rest = try await onOwnThread { try connection.readToEnd() }
        let events = TestResponse.events(in: start + rest)
        #expect(events.last == .error(code: .featureDisabled))
        #expect(events.contains { if case .delta = $0 { true } else { false } })
        let recorded = try #require(await harness.upstream.waitForEnd(of: 0))
        #expect(recorded.disconnectedAt != nil)
        #expect(recorded.tokensSent < 200)
        let row = try #require(await harness.auditRow(headers["x-request-id"]))
        #expect(row.status == .featureDisabled)
        #expect(row.outputTokens > 0)
        #expect(harness.assembly.dependencies.state.liveStreams.count == 0)
    }

    @Test("a rollout percentage override gates users; null restores the file's value")
    func rollout() async throws {
        let harness = try GatewayHarness()
        let zero = try await admin(harness, "PATCH", "/admin/features/support_chat", ["rollout": ["percentage": 0]])
        #expect(zero.json?["rollout"]?["percentage"] == 0)
        #expect(try await !visible(harness).contains("support_chat"))
        _ = try await admin(harness, "PATCH", "/admin/features/support_chat", ["rollout": .null])
        #expect(try await visible(harness).contains("support_chat"))
    }

    @Test("bad changes are refused with a clear code and change nothing")
    func validation() async throws {
        let harness = try GatewayHarness()
        #expect(try await admin(harness, "PATCH", "/admin/features/nope", ["enabled": false]).errorCode == "unknown_feature")
        #expect(try await admin(harness, "PATCH", "/admin/features/support_chat", ["enabled": "no"]).errorCode == "invalid_input")
        #expect(try await admin(harness, "PATCH", "/admin/features/support_chat", ["rollout": ["percentage": 101]]).errorCode == "invalid_input")
        #expect(try await admin(harness, "PATCH", "/admin/features/support_chat", ["colour": "red"]).errorCode == "invalid_input")
        #expect(try await admin(harness, "PATCH", "/admin/features/support_chat", [:]).errorCode == "invalid_request")
        #expect(try harness.assembly.dependencies.stores.overrides.load().isEmpty)
        #expect(try await visible(harness).contains("support_chat"))
    }

    @Test("overrides survive a restart on the same data dir")
    func persistence() async throws {
        let first = try GatewayHarness()
        _ = try await admin(first, "PATCH", "/admin/features/itinerary_summary", ["enabled": false])
        await first.stop()
        let restarted = try GatewayHarness(dataDirectory: first.dataDirectory)
        #expect(try await restarted.stream(user: "u1").errorCode == "feature_disabled")
        #expect(try await feature(admin(restarted, "GET", "/admin/features"), "itinerary_summary")?["overrides"]?["enabled"] == false)
    }

    @Test("reload re-reads the file: a valid one applies (overrides stay), an invalid one changes nothing; built-in is refused")
    func reload() async throws {
        #expect(try await admin(try GatewayHarness(), "POST", "/admin/reload").status == 409)

        let harness = try GatewayHarness(configurationFile: true)
        _ = try await admin(harness, "PATCH", "/admin/features/support_chat", ["enabled": false])
        var json = try JSONParser.parse(Array(try Data(contentsOf: harness.configurationFile)))
        guard case .object(var root) = json, case .object(var features)? = root["features"],
              case .object(var summary)? = features["itinerary_summary"] else { Issue.record("configuration shape"); return }
        summary["promptVersion"] = "2026-12-01.1"
        features["itinerary_summary"] = .object(summary)
        root["features"] = .object(features)
        json = .object(root)
        try Data(JSONWriter.bytes(json)).write(to: harness.configurationFile)
        let reloaded = try await admin(harness, "POST", "/admin/reload")
        #expect(reloaded.status == 200, "\(reloaded.text)")
        let stream = try await harness.stream(user: "u1")
        #expect(stream.events.last == .done(finishReason: "stop", promptVersion: "2026-12-01.1"))
        #expect(try await !visible(harness).contains("support_chat"))

        try Data(#"{"features": {"itinerary_summary": {"promptVersion": 3}}}"#.utf8).write(to: harness.configurationFile)
        let invalid = try await admin(harness, "POST", "/admin/reload")
        #expect(invalid.status == 400)
        #expect(invalid.text.contains("features.itinerary_summary"), "\(invalid.text)")
        // The same booking, prompt version and locale: served from the summary store.
        #expect(try await harness.stream(user: "u1").events.last == .done(finishReason: "stop", promptVersion: "2026-12-01.1", cached: true))
        let audited = try await harness.assembly.dependencies.stores.audit.recent(limit: 50).filter { $0.status == .admin }.map(\.reason)
        #expect(audited.contains("reload: \(features.count) features"))
    }
}
