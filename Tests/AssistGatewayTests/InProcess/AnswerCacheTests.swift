import AssistGateway
import AssistHTTP
import AssistTestSupport
import AssistWire
import Testing

/// The answer cache through the whole gateway, in-process: stored answers cost nothing, simultaneous
/// identical requests share one provider call charged to the first, and a refused leader sends its
/// followers their own way.
@Suite("Answer cache and shared calls")
struct AnswerCacheTests {
    let summary: JSONValue = ["bookingId": "BK-1"]

    @Test("a repeat is served from the store: facts first, the same text, done cached; no provider call, quota or slot")
    func stored() async throws {
        let gateway = try InProcessGateway()
        let first = await gateway.stream("itinerary_summary", summary)
        let firstEvents = await first.body().events
        let repeated = await gateway.stream("itinerary_summary", summary)
        #expect(repeated.response.header(.rateLimitRemaining) == nil)
        let events = await repeated.body().events
        #expect(events.first == .facts(["booking": "BK-1"]))
        let text = events.compactMap { if case .delta(let text) = $0 { text } else { nil } }.joined()
        #expect(text == "Hello, world.")
        #expect(events.last == .done(finishReason: "stop", promptVersion: "2026-09-18.2", cached: true))
        #expect(firstEvents.last == .done(finishReason: "stop", promptVersion: "2026-09-18.2", cached: false))
        #expect(gateway.provider.requests.count == 1 && gateway.quota.reserved == 1)
        let row = try #require(await gateway.auditRow(repeated))
        #expect(row.reason == "cached" && row.inputTokens == 0 && row.outputTokens == 0)
        // A new version of the booking is a new answer.
        gateway.bookings.bump("BK-1")
        _ = await gateway.stream("itinerary_summary", summary).body()
        #expect(gateway.provider.requests.count == 2)
        gateway.expectNothingHeld()
    }

    @Test("simultaneous identical requests share one call: the follower is free and audited shared, the leader pays all")
    func shared() async throws {
        let gate = Gate()
        let provider = ScriptedProvider(ScriptedProvider.Script(
            chunks: [.text("One "), .text("answer."), .finish(reason: "stop"), .usage(TokenUsage(inputTokens: 20, outputTokens: 5))],
            gate: gate))
        let gateway = try InProcessGateway(provider: provider)
        let leader = await gateway.stream("itinerary_summary", summary)
        let (leaderWriter, leaderTask) = leader.start()
        #expect(await leaderWriter.waitForDeltas(1))
        let follower = await gateway.stream("itinerary_summary", summary)
        #expect(follower.response.header(.rateLimitRemaining) == nil)
        let (followerWriter, followerTask) = follower.start()
        #expect(await followerWriter.waitForDeltas(1))  // the chunks so far
        gate.open()
        await leaderTask.value
        await followerTask.value
        #expect(provider.requests.count == 1)
        #expect(followerWriter.events.last == .done(finishReason: "stop", promptVersion: "2026-09-18.2", cached: false))
        let leaderRow = try #require(await gateway.auditRow(leader))
        let followerRow = try #require(await gateway.auditRow(follower))
        #expect(leaderRow.inputTokens == 20 && leaderRow.outputTokens == 5 && leaderRow.reason == "")
        #expect(followerRow.reason == "shared" && followerRow.inputTokens == 0)
        gateway.expectNothingHeld()
    }

    @Test("a leader refused at its quota gives up the lead, so the next request for the answer may lead")
    func refusedLeader() async throws {
        // One summary a day: after it, a new version of the booking needs a new call, whose leader the
        // quota refuses after it claimed the lead.
        let gateway = try InProcessGateway {
            $0.set("features.itinerary_summary.quotas.unavailable", ["requestsPerDay": 1, "tokensPerDay": 100000])
        }
        _ = await gateway.stream("itinerary_summary", summary).body()
        gateway.bookings.bump("BK-1")
        let refused = await gateway.stream("itinerary_summary", summary)
        #expect(refused.errorCode == "quota_exceeded")
        #expect(gateway.dependencies.state.sharedCalls.count == 0)  // the lead was given back
        gateway.expectNothingHeld()
    }
}
