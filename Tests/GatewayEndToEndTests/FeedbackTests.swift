import AssistEvaluation
import AssistGateway
import AssistGatewayEvaluation
import AssistServer
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import Testing

@Suite("Feedback")
struct FeedbackTests {
    func send(_ harness: GatewayHarness, user: String, _ body: JSONValue) async throws -> TestResponse {
        try await testRequest(port: harness.port, method: "POST", path: "/v1/feedback",
                              headers: [("Authorization", "Bearer \(harness.token(user))")], body: JSONWriter.bytes(body))
    }

    @Test("the requester's verdict is stored with the request's feature and prompt version; anyone else gets 404")
    func ownership() async throws {
        let harness = try GatewayHarness()
        let stream = try await harness.stream(user: "u1")
        let requestId = try #require(stream.headers["x-request-id"])
        _ = await harness.auditRow(requestId)
        let ok = try await send(harness, user: "u1", ["requestId": .string(requestId), "verdict": "wrong", "reason": "wrong gate time"])
        #expect(ok.status == 201, "\(ok.text)")
        let stored = try await harness.assembly.dependencies.stores.feedback.all()
        #expect(stored.count == 1)
        #expect(stored.first?.feature == "itinerary_summary")
        #expect(stored.first?.promptVersion == "2026-11-30.1")
        #expect(stored.first?.verdict == .wrong)
        #expect(stored.first?.reason == "wrong gate time")

        let foreign = try await send(harness, user: "u2", ["requestId": .string(requestId), "verdict": "report"])
        let unknown = try await send(harness, user: "u1", ["requestId": "req_nope", "verdict": "report"])
        #expect(foreign.status == 404)
        #expect(unknown.status == 404)
        #expect(foreign.json?["error"]?["message"] == unknown.json?["error"]?["message"])
        #expect(try await harness.assembly.dependencies.stores.feedback.all().count == 1)
    }

    @Test("user ids are bytes: a user whose id is another's in another Unicode normalization gets 404 on that user's request")
    func ownershipByBytes() async throws {
        let harness = try GatewayHarness()
        let (decomposed, precomposed) = ("rene\u{301}", "ren\u{E9}")
        let stream = try await harness.stream(user: precomposed, body: GatewayHarness.uncachedBody)
        #expect(stream.status == 200, "\(stream.text)")
        let requestId = try #require(stream.headers["x-request-id"])
        #expect(await harness.auditRow(requestId)?.user.sameBytes(as: precomposed) == true)
        let foreign = try await send(harness, user: decomposed, ["requestId": .string(requestId), "verdict": "wrong", "reason": "not mine"])
        #expect(foreign.status == 404, "\(foreign.text)")
        #expect(try await harness.assembly.dependencies.stores.feedback.all().isEmpty)
        let own = try await send(harness, user: precomposed, ["requestId": .string(requestId), "verdict": "wrong"])
        #expect(own.status == 201, "\(own.text)")
        #expect(try await harness.assembly.dependencies.stores.feedback.all().map { Array($0.user.utf8) } == [Array(precomposed.utf8)])
    }

    @Test("one verdict per request and user: a second replaces the first, and the export holds the case once")
    func secondVerdictReplaces() async throws {
        let harness = try GatewayHarness()
        let stream = try await harness.stream(user: "u1", body: GatewayHarness.uncachedBody)
        let requestId = try #require(stream.headers["x-request-id"])
        _ = await harness.auditRow(requestId)
        for reason in ["first", "second", "third"] {
            #expect(try await send(harness, user: "u1", ["requestId": .string(requestId), "verdict": "wrong", "reason": .string(reason)]).status == 201)
        }
        let stored = try await harness.assembly.dependencies.stores.feedback.all()
        #expect(stored.map(\.reason) == ["third"])
        let exported = FeedbackExport.goldenCases(stored, masker: PIIMasking())
        #expect(exported.cases.count == 1 && exported.cases.first?["reason"] == "third")
        let served = try await testRequest(port: harness.port, path: "/admin/feedback/export", headers: [("Authorization", "Bearer \(harness.adminToken)")])
        #expect(served.json?["cases"]?.arrayValue?.count == 1, "\(served.text)")
        // A report after the wrong verdicts replaces them too: the request leaves the golden set.
        #expect(try await send(harness, user: "u1", ["requestId": .string(requestId), "verdict": "report"]).status == 201)
        let reported = try await harness.assembly.dependencies.stores.feedback.all()
        #expect(reported.map(\.verdict) == [.report] && reported.first?.reason == nil)
        #expect(FeedbackExport.goldenCases(reported, masker: PIIMasking()).cases.isEmpty)
    }

    @Test("a reason with a NUL is 400 invalid_input naming it, not cut short by SQLite")
    func nulReason() async throws {
        let harness = try GatewayHarness()
        let stream = try await harness.stream(user: "u1", body: GatewayHarness.uncachedBody)
        let requestId = try #require(stream.headers["x-request-id"])
        _ = await harness.auditRow(requestId)
        let refused = try await send(harness, user: "u1", ["requestId": .string(requestId), "verdict": "wrong", "reason": "kept\u{0}cut"])
        #expect(refused.status == 400, "\(refused.text)")
        #expect(refused.errorCode == "invalid_input")
        #expect(refused.json?["error"]?["message"]?.stringValue?.hasPrefix("reason: ") == true)
        #expect(try await harness.assembly.dependencies.stores.feedback.all().isEmpty)
    }

    @Test("malformed feedback is refused with a clear code")
    func validation() async throws {
        let harness = try GatewayHarness()
        #expect(try await send(harness, user: "u1", ["requestId": "r", "verdict": "meh"]).errorCode == "invalid_input")
        #expect(try await send(harness, user: "u1", ["verdict": "wrong"]).errorCode == "invalid_input")
        #expect(try await send(harness, user: "u1", ["requestId": "r", "verdict": "wrong", "extra": 1]).errorCode == "invalid_input")
        #expect(try await send(harness, user: "u1", ["requestId": "r", "verdict": "wrong", "reason": .string(String(repeating: "a", count: 501))])
            .errorCode == "invalid_input")
        let anonymous = try await testRequest(port: harness.port, method: "POST", path: "/v1/feedback", body: Array("{}".utf8))
        #expect(anonymous.status == 401)
    }

    @Test("a wrong verdict keeps the request's input, and exports as a golden case with personal data masked")
    func exportAsGoldenCase() async throws {
        let harness = try GatewayHarness()
        let summary = try await harness.stream(user: "u1", body: GatewayHarness.body(locale: "en-US"))
        let chat = try await harness.stream(user: "u1", body: GatewayHarness.body(
            feature: "support_chat", input: ["message": "My card 4111 1111 1111 1111 was charged twice, write to deniz@example.com"]))
        for response in [summary, chat] {
            let id = try #require(response.headers["x-request-id"])
            _ = await harness.auditRow(id)
            #expect(try await send(harness, user: "u1", ["requestId": .string(id), "verdict": "wrong", "reason": "call me on +90 532 123 45 67"]).status == 201)
        }
        let stored = try await harness.assembly.dependencies.stores.feedback.all()
        #expect(stored.first?.input == ["bookingId": "BK-2041"])
        #expect(stored.first?.locale == "en-US")

        let exported = FeedbackExport.goldenCases(stored, masker: PIIMasking())
        #expect(exported.cases.count == 2 && exported.withoutInput == 0)
        let text = exported.cases.map { JSONWriter.string($0) }.joined(separator: "\n")
        #expect(!text.contains("4111 1111 1111 1111") && !text.contains("deniz@example.com") && !text.contains("532 123 45 67"))
        #expect(text.contains("**** **** **** 1111") && text.contains("[email]") && text.contains("[phone]"))

        // The itinerary case is a golden case the evaluation can run again.
        let file = harness.dataDirectory.appendingPathComponent("exported.jsonl")
        try Data(JSONWriter.string(exported.cases[0]).utf8).write(to: file)
        let cases = try GoldenSet.load(file)
        #expect(cases.first?.input == ["bookingId": "BK-2041"])
        #expect(cases.first?.extra["user"] == "u1")
        #expect(cases.first?.locale == "en-US")
        #expect(FeedbackExport.goldenCases(stored, feature: "support_chat", masker: PIIMasking()).cases.count == 1)

        // The same export over HTTP, for the console; the admin token only.
        let admin = [("Authorization", "Bearer \(harness.adminToken)")]
        let served = try await testRequest(port: harness.port, path: "/admin/feedback/export", headers: admin)
        #expect(served.status == 200, "\(served.text)")
        let byId = { (cases: [JSONValue]) in cases.sorted { ($0["id"]?.stringValue ?? "") < ($1["id"]?.stringValue ?? "") } }
        #expect(byId(served.json?["cases"]?.arrayValue ?? []) == byId(exported.cases) && served.json?["withoutInput"] == 0)
        let chatOnly = try await testRequest(port: harness.port, path: "/admin/feedback/export?feature=support_chat", headers: admin)
        #expect(chatOnly.json?["cases"]?.arrayValue?.count == 1)
        #expect(try await testRequest(port: harness.port, path: "/admin/feedback/export?feature=weather", headers: admin).errorCode == "unknown_feature")
        #expect(try await testRequest(port: harness.port, path: "/admin/feedback/export",
                                      headers: [("Authorization", "Bearer \(harness.token())")]).status == 401)
    }

    @Test("feedback on a request the gateway no longer remembers is stored without input and skipped by the export")
    func forgottenInput() async throws {
        let clock = ManualWallClock(Date())
        let recent = RecentRequests(window: 60, capacity: 2, clock: clock)
        recent.remember("a", input: ["x": 1], locale: "tr-TR")
        recent.remember("b", input: ["x": 2], locale: "tr-TR")
        recent.remember("c", input: ["x": 3], locale: "tr-TR")
        #expect(recent.entry(for: "a") == nil)  // over capacity: the oldest goes
        #expect(recent.entry(for: "c")?.input == ["x": 3])
        clock.advance(by: 61)
        #expect(recent.entry(for: "c") == nil)  // past the window
        recent.remember("d", input: [:], locale: "en-US")
        #expect(recent.count == 1)

        let old = Feedback(requestId: "r", user: "u1", feature: "itinerary_summary", promptVersion: "p", verdict: .wrong, reason: nil, time: Date())
        #expect(FeedbackExport.goldenCases([old], masker: PIIMasking()).withoutInput == 1)
    }
}
