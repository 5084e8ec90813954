import AssistClient
import AssistGateway
import AssistServer
import AssistTestSupport
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

/// The client kit against the real gateway (its HTTP server, curl, SQLite) and the scripted upstream, over
/// URLSession's data delegate.
@MainActor
@Suite("Client kit against the gateway")
struct ClientEndToEndTests {
    func makeClient(_ harness: GatewayHarness, user: String = "u1", token: String? = nil) -> AssistClient {
        let bearer = token ?? harness.token(user)
        return AssistClient(baseURL: URL(string: "http://127.0.0.1:\(harness.port)")!, accessToken: { bearer })
    }

    func settle(_ session: AssistSession) async {
        for _ in 0..<1000 {
            if case .streaming = session.state { try? await Task.sleep(for: .milliseconds(5)) } else { return }
        }
    }

    @Test("happy path: deltas, done, request id and quota headers")
    func happyPath() async throws {
        let harness = try GatewayHarness(script: Script(tokens: ["Lizbon", " uçuşu", " 14:40"]))
        let stream = makeClient(harness).stream(AssistRequest(feature: "itinerary_summary", input: ["bookingId": "BK-2041"], locale: "tr-TR"))
        var text = ""
        var last: AssistEvent?
        var facts: JSONValue?
        for try await event in stream {
            if case .delta(let delta) = event { text += delta }
            if case .facts(let value) = event, text.isEmpty { facts = value }
            last = event
        }
        #expect(text == "Lizbon uçuşu 14:40")
        #expect(facts?["booking"]?["id"] == "BK-2041")
        #expect(last == .done(finishReason: "stop", promptVersion: "2026-11-30.1"))
        let head = await stream.responseHead()
        #expect(head?.requestId?.hasPrefix("req_") == true)
        #expect(head?.rateLimitRemaining == 29)
        #expect(await harness.auditRow(head?.requestId)?.status == .ok)
    }

    @Test("stop mid-stream keeps the text, and the gateway records cancelled and stops the upstream")
    func stopMidStream() async throws {
        let harness = try GatewayHarness(script: Script(tokens: (0..<200).map { "t\($0) " }, interval: .milliseconds(20)))
        let session = AssistSession(client: makeClient(harness),
                                    request: AssistRequest(feature: "itinerary_summary", input: ["bookingId": "BK-2041"], locale: "en-US"))
        session.start()
        for _ in 0..<500 where !session.text.contains("t3 ") { try await Task.sleep(for: .milliseconds(5)) }
        session.stop()
        let kept = session.text
        #expect(session.state == .stopped(cause: nil))
        #expect(kept.hasPrefix("t0 t1 t2 t3 "))
        let upstream = try #require(await harness.upstream.waitForEnd(of: 0))
        #expect(upstream.disconnectedAt != nil)
        #expect(upstream.tokensSent < 200)
        let requestId = try #require(session.requestId)
        #expect(await harness.auditRow(requestId)?.status == .cancelled)
        #expect(session.text == kept)
    }

    @Test("breaking out of for-try-await ends the request: the gateway records cancelled")
    func breakEndsRequest() async throws {
        let harness = try GatewayHarness(script: Script(tokens: (0..<200).map { "t\($0) " }, interval: .milliseconds(20)))
        let stream = makeClient(harness).stream(AssistRequest(feature: "itinerary_summary", input: ["bookingId": "BK-2041"], locale: "en-US"))
        for try await event in stream {
            if case .delta("t2 ") = event { break }
        }
        let requestId = await stream.responseHead()?.requestId
        let upstream = try #require(await harness.upstream.waitForEnd(of: 0))
        #expect(upstream.disconnectedAt != nil)
        #expect(await harness.auditRow(requestId)?.status == .cancelled)
    }

    @Test("an upstream failure after some text ends stopped, with the text kept")
    func upstreamFailure() async throws {
        let harness = try GatewayHarness(script: Script(tokens: ["partial ", "answer"], ending: .truncate))
        let session = AssistSession(client: makeClient(harness),
                                    request: AssistRequest(feature: "itinerary_summary", input: ["bookingId": "BK-2041"], locale: "en-US"))
        session.start()
        await settle(session)
        #expect(session.state == .stopped(cause: .stream(code: .upstreamFailed)))
        #expect(session.text == "partial answer")
        #expect(session.facts?["booking"]?["segments"]?.arrayValue?.first?["flight"] == "TK1759")
    }

    @Test("429 becomes rateLimited with the gateway's Retry-After; 401 becomes unauthenticated")
    func refusals() async throws {
        let harness = try GatewayHarness(unavailableQuota: (requests: 1, tokens: 20_000))
        // Not a cached feature: a repeat costs quota.
        let request = AssistRequest(feature: "support_chat", input: ["message": "hi"], locale: "en-US")
        let client = makeClient(harness)
        for try await _ in client.stream(request) {}
        let before = Date()
        do {
            for try await _ in client.stream(request) {}
            Issue.record("expected rateLimited")
        } catch let error as AssistClientError {
            guard case .rateLimited(let retryAfter, let code) = error else { Issue.record("\(error)"); return }
            #expect(code == .quotaExceeded)
            let expected = UTCDay(containing: before).end
            #expect(abs(retryAfter.timeIntervalSince(expected)) < 3)
        }
        await #expect(throws: AssistClientError.unauthenticated) {
            for try await _ in makeClient(harness, token: "not-a-token").stream(request) {}
        }
        do {
            let disabled = try GatewayHarness(features: ["support_chat": ["enabled": false]])
            for try await _ in makeClient(disabled).stream(AssistRequest(feature: "support_chat", input: ["message": "hi"], locale: "en-US")) {}
            Issue.record("expected feature_disabled")
        } catch let error as AssistClientError {
            #expect(error == .http(status: 403, code: .featureDisabled))
            #expect(error.hidesFeature)
        }
        await #expect(throws: AssistClientError.http(status: 400, code: .unknownFeature)) {
            for try await _ in client.stream(AssistRequest(feature: "nope", input: [:], locale: "en-US")) {}
        }
    }

    @Test("availability reports are accepted, counted by state, and refused when malformed, anonymous or too big")
    func availabilityEvents() async throws {
        let harness = try GatewayHarness()
        let client = makeClient(harness)
        let event = AvailabilityEvent(feature: "itinerary_summary", platform: "ios", osVersion: "26.1", state: .modelDisabled, locale: "tr-TR")
        try await client.report(event)
        try await client.report(event)
        try await client.report(AvailabilityEvent(feature: "itinerary_summary", platform: "android", osVersion: "15",
                                                  state: .downloadable, locale: "en-US"))
        let counts = try await harness.assembly.dependencies.stores.availability.counts()
        #expect(counts[AvailabilityCount(feature: "itinerary_summary", platform: "ios", state: .modelDisabled)] == 2)
        #expect(counts[AvailabilityCount(feature: "itinerary_summary", platform: "android", state: .downloadable)] == 1)
        await #expect(throws: AssistClientError.unauthenticated) { try await makeClient(harness, token: "x").report(event) }

        let bad = try await testRequest(port: harness.port, method: "POST", path: "/v1/events",
                                        headers: [("Authorization", "Bearer \(harness.token())")],
                                        body: Array(#"{"kind":"availability","feature":"f","platform":"ios","osVersion":"1","state":"sleepy","locale":"en"}"#.utf8))
        #expect(bad.status == 400)
        #expect(bad.errorCode == "invalid_input")
        let big = try await testRequest(port: harness.port, method: "POST", path: "/v1/events",
                                        headers: [("Authorization", "Bearer \(harness.token())")],
                                        body: Array(repeating: 0x20, count: 4096))
        #expect(big.status == 413)
    }
}
