import AssistGateway
import AssistHTTP
import AssistTestSupport
import AssistWire
import Synchronization
import Testing

/// The two assist endpoints against the served document: a stream's every event kind (facts, delta,
/// done, done cached, error) and each refusal of admission, a structured answer, its refusals and its 504.
@Suite("OpenAPI: assist endpoints against real responses")
struct OpenAPIAssistTests {
    static let stream = "/v1/assist/stream"

    @Test("a stream's events, the answer cache and the kill switch's ending are the documented events")
    func streamedEvents() async throws {
        let check = try await ContractCheck(InProcessGateway())
        await check.stream(.ok)
        // Facts first, then deltas and done; the same booking again is served from the store (`cached`).
        let first = await check.stream(.ok, "itinerary_summary", ["bookingId": "BK-1"])
        #expect(first.events.first.map { if case .facts = $0 { true } else { false } } == true)
        let again = await check.stream(.ok, "itinerary_summary", ["bookingId": "BK-1"])
        #expect(again.events.last == .done(finishReason: "stop", promptVersion: "2026-09-18.2", cached: true))

        // A provider failure after some text is an `error` event.
        let failing = try await ContractCheck(InProcessGateway(provider: ScriptedProvider(.init(chunks: [.text("Part")], end: .fail))))
        #expect(await failing.stream(.ok).events.last == .error(code: .upstreamFailed))

        // The kill switch with endStreams ends an open stream with `feature_disabled`.
        let hanging = try await ContractCheck(InProcessGateway(provider: ScriptedProvider(.init(chunks: [.text("a")], end: .hang))))
        let open = await hanging.gateway.stream()
        let (writer, task) = open.start()
        #expect(await writer.waitForDeltas(1))
        let patched = await hanging.expect(.patch, "/admin/features/support_chat", admin: true, json: ["enabled": false, "endStreams": true], .ok)
        #expect(patched.json?["endedStreams"] == 1)
        await task.value
        #expect(writer.events.last == .error(code: .featureDisabled))
        await hanging.expect(.post, Self.stream, open, .ok, streamed: writer.text)
    }

    @Test("each refusal of a stream is a documented status with the error body")
    func streamRefusals() async throws {
        let check = try await ContractCheck(InProcessGateway {
            $0.set("features.support_chat.quotas.trusted", ["requestsPerDay": 0, "tokensPerDay": 0])
        })
        await check.stream(.unauthorized, as: nil, code: "unauthenticated")
        await check.expect(.post, Self.stream, headers: [(.authorization, "Basic dTE6cGFzcw==")], .unauthorized, code: "unauthenticated")
        await check.expect(.post, Self.stream, raw: [], bodyTooLarge: true, .contentTooLarge, code: "payload_too_large")
        await check.expect(.post, Self.stream, raw: Array("{nope".utf8), .badRequest, code: "invalid_request")
        await check.expect(.post, Self.stream, json: ["feature": "support_chat", "input": [:], "prompt": "hi"], .badRequest, code: "invalid_request")
        await check.stream(.badRequest, "weather", ["city": "Oslo"], code: "unknown_feature")
        await check.stream(.badRequest, "lookup", ["text": "x"], code: "unknown_feature")
        await check.stream(.badRequest, "support_chat", ["message": ""], code: "invalid_input")
        await check.stream(.forbidden, headers: [(.assistIntegrity, "trusted")], code: "integrity_required")
        await check.stream(.notFound, "itinerary_summary", ["bookingId": "BK-2"], code: "not_found")
        await check.expect(.patch, "/admin/features/support_chat", admin: true, json: ["enabled": false], .ok)
        await check.stream(.forbidden, code: "feature_disabled")
        await check.expect(.patch, "/admin/features/support_chat", admin: true, json: ["enabled": nil], .ok)
        check.gateway.quota.failing = true
        await check.stream(.serviceUnavailable, code: "quota_unavailable")
        check.gateway.quota.failing = false
        let audit = BreakableAudit()
        let unaudited = try await ContractCheck(InProcessGateway(audit: audit))
        audit.broken.withLock { $0 = true }
        await unaudited.stream(.serviceUnavailable, code: "audit_unavailable")
        check.expectUndocumented(.get, Self.stream, await check.gateway.send(.get, Self.stream), 405, code: "method_not_allowed")
    }

    @Test("both 429s of a stream: the user's stream cap and a spent day, with their headers")
    func streamLimits() async throws {
        let gate = Gate()
        let provider = ScriptedProvider(.init(chunks: [.text("a"), .text("b"), .finish(reason: "stop")], gate: gate))
        let check = try await ContractCheck(InProcessGateway(provider: provider) {
            $0.set("limits.maxConcurrentStreamsPerUser", 1)
            $0.set("features.support_chat.quotas.unavailable", ["requestsPerDay": 2, "tokensPerDay": 100_000])
        })
        let first = await check.gateway.stream()
        let (writer, task) = first.start()
        #expect(await writer.waitForDeltas(1))
        await check.stream(.tooManyRequests, code: "too_many_streams")
        gate.open()
        await task.value
        await check.expect(.post, Self.stream, first, .ok, streamed: writer.text)
        let second = await check.stream(.ok)
        #expect(second.header(.rateLimitRemaining) == "0")
        let spent = await check.stream(.tooManyRequests, code: "quota_exceeded")
        #expect(spent.header(.rateLimitRemaining) == "0" && spent.header(.retryAfter) != nil)
    }

    @Test("a structured answer and its refusals are documented")
    func structured() async throws {
        let check = try await ContractCheck(InProcessGateway())
        let path = "/v1/assist"
        let answer = await check.expect(.post, path, json: ["feature": "lookup", "input": ["text": "Lisbon"]], .ok)
        #expect(answer.json?["promptVersion"] == "lookup-1")
        await check.expect(.post, path, as: nil, json: ["feature": "lookup", "input": ["text": "Lisbon"]], .unauthorized, code: "unauthenticated")
        await check.expect(.post, path, json: ["feature": "support_chat", "input": ["message": "hi"]], .badRequest, code: "unknown_feature")
        await check.expect(.post, path, json: ["feature": "lookup", "input": ["text": 3]], .badRequest, code: "invalid_input")
        await check.expect(.post, path, raw: [], bodyTooLarge: true, .contentTooLarge, code: "payload_too_large")
        check.expectUndocumented(.put, path, await check.gateway.send(.put, path), 405, code: "method_not_allowed")
    }

    @Test("a structured answer past its deadline is the documented 504")
    func structuredTimeout() async throws {
        let clock = ManualClock()
        let hanging = ScriptedProvider(.init(chunks: [], end: .hang))
        let check = try await ContractCheck(InProcessGateway(provider: hanging, monotonicClock: clock))
        let request = Task { await check.gateway.send(.post, "/v1/assist", json: ["feature": "lookup", "input": ["text": "Oslo"]]) }
        #expect(await clock.waitForSleepers())
        clock.advance(by: .seconds(60))  // the fixture's firstTokenTimeoutSeconds
        await check.expect(.post, "/v1/assist", await request.value, 504, code: "upstream_timeout")
    }
}
