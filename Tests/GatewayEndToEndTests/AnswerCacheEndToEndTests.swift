import AssistGateway
import AssistServer
import AssistSQLite
import AssistStores
import AssistTestSupport
import AssistWire
import Foundation
import GatewayTestSupport
import ScriptedUpstream
import Testing

@Suite("Summary cache and single flight, end to end")
struct SummaryCacheEndToEndTests {
    private func text(_ response: TestResponse) -> String { response.modelEvents.compactMap { if case .delta(let t) = $0 { t } else { nil } }.joined() }

    @Test("a repeat is served from the store: same events, done cached, no provider call, no quota, still audited")
    func hit() async throws {
        let harness = try GatewayHarness(
            script: .init(tokens: ["Uçuşunuz ", "14:40'ta ", "kalkıyor ", "ve ", "akşam ", "iniyor."]),
            unavailableQuota: (requests: 1, tokens: 20_000))
        let first = try await harness.stream()
        #expect(first.events.last == .done(finishReason: "stop", promptVersion: "2026-11-30.1"))
        let second = try await harness.stream()
        #expect(second.status == 200)  // the quota of one request is spent, yet a stored answer is served
        #expect(text(second) == text(first))
        #expect(second.events.last == .done(finishReason: "stop", promptVersion: "2026-11-30.1", cached: true))
        #expect(second.events.contains { if case .facts = $0 { true } else { false } })
        #expect(second.headers["ratelimit-remaining"] == nil)
        #expect(harness.upstream.requests.count == 1)
        let row = try #require(await harness.auditRow(second.headers["x-request-id"]))
        #expect(row.status == .ok)
        #expect(row.reason == "cached")
        #expect(row.inputTokens == 0 && row.outputTokens == 0)
        let usage = try #require(harness.assembly.dependencies.stores.quota as? JournaledQuotaStore)
        #expect(usage.usage(for: QuotaKey(user: "u1", feature: "itinerary_summary", day: UTCDay(containing: Date()))).requests == 1)
    }

    @Test("another locale, a new booking version or a new prompt version generates again")
    func regeneration() async throws {
        let harness = try GatewayHarness()
        _ = try await harness.stream()
        _ = try await harness.stream()
        #expect(harness.upstream.requests.count == 1)
        #expect(try await harness.stream(body: GatewayHarness.body(locale: "en-US")).events.last?.isCached == false)
        #expect(harness.upstream.requests.count == 2)

        try harness.assembly.database.execute("UPDATE travel_bookings SET version = version + 1 WHERE id = 'BK-2041'")
        #expect(try await harness.stream().events.last?.isCached == false)
        #expect(try await harness.stream().events.last?.isCached == true)
        #expect(harness.upstream.requests.count == 3)

        // Everyone on a candidate prompt version: a new key again.
        await harness.stop()
        let candidate = try GatewayHarness(
            features: ["itinerary_summary": ["candidate": ["promptVersion": "2026-12-01.1", "instructions": "Summarize.", "percentage": 100]]],
            dataDirectory: harness.dataDirectory)
        let served = try await candidate.stream()
        #expect(served.events.last == .done(finishReason: "stop", promptVersion: "2026-12-01.1"))
        #expect(candidate.upstream.requests.count == 1)
    }

    @Test("an answer cut short, failed or disabled is never stored")
    func incompleteNotStored() async throws {
        let harness = try GatewayHarness(script: .init(tokens: ["a ", "b"], ending: .truncate))
        #expect(try await harness.stream().events.last == .error(code: .upstreamFailed))
        harness.upstream.script = .init(tokens: ["a ", "b"])
        #expect(try await harness.stream().events.last?.isCached == false)
        #expect(try await harness.stream().events.last?.isCached == true)
        #expect(harness.upstream.requests.count == 2)
    }

    @Test("two simultaneous first requests share one provider call; its tokens go to the first")
    func singleFlight() async throws {
        // The second request is sent once the first one's call has reached the provider, and must reach the cache
        // while that call still waits for its first token, even on a loaded machine: a 50-ms head start did not
        // order them when the machine was busy (the second one became the leader), and at 300 ms of first-token
        // delay a busy `make test` once let the first finish first.
        let harness = try GatewayHarness(script: .init(tokens: ["one ", "two ", "three ", "four"], firstTokenDelay: .milliseconds(3_000),
                                                       interval: .milliseconds(50)))
        async let a = harness.stream()
        let reached = ContinuousClock.now + .seconds(30)
        while harness.upstream.requests.isEmpty, ContinuousClock.now < reached { try await Task.sleep(for: .milliseconds(5)) }
        async let b = harness.stream()
        let (first, second) = try await (a, b)
        #expect(harness.upstream.requests.count == 1)
        #expect(text(first) == "one two three four")
        #expect(text(second) == "one two three four")
        #expect(first.events.last == .done(finishReason: "stop", promptVersion: "2026-11-30.1"))
        #expect(second.events.last == .done(finishReason: "stop", promptVersion: "2026-11-30.1"))
        let leader = try #require(await harness.auditRow(first.headers["x-request-id"]))
        let follower = try #require(await harness.auditRow(second.headers["x-request-id"]))
        #expect(leader.outputTokens == 4 && leader.reason == "")
        #expect(follower.outputTokens == 0 && follower.inputTokens == 0 && follower.reason == "shared")
        #expect(first.headers["ratelimit-remaining"] != nil && second.headers["ratelimit-remaining"] == nil)
        #expect(try await harness.stream().events.last?.isCached == true)
        #expect(harness.assembly.dependencies.state.sharedCalls.count == 0)
    }

    @Test("the shared call outlives the first client while another reads; it is cancelled when the last one leaves")
    func sharedCancellation() async throws {
        // Three seconds of answer: the leader leaves long before its end, however slowly a busy machine runs this test.
        let harness = try GatewayHarness(script: .init(tokens: (0..<120).map { "t\($0) " }, interval: .milliseconds(25)))
        let (leader, _, leaderHead) = try await harness.openStream()
        _ = try await onOwnThread { try leader.read(until: "t1 ") }
        let (follower, _, _) = try await harness.openStream()
        _ = try await onOwnThread { try follower.read(until: "t0 ") }  // the chunks so far come first
        leader.close()
        let rest = String(decoding: try await onOwnThread { try follower.readToEnd() }, as: UTF8.self)
        #expect(rest.contains("t119 "))
        #expect(rest.contains(#""kind":"done""#))
        let call = try #require(await harness.upstream.waitForEnd(of: 0))
        #expect(call.disconnectedAt == nil && call.finished)
        // The leader left early, yet is charged for the whole call.
        let row = try #require(await harness.auditRow(leaderHead["x-request-id"]))
        #expect(row.status == .cancelled)
        #expect(row.outputTokens == 120)

        harness.upstream.script = .init(tokens: (0..<400).map { "u\($0) " }, interval: .milliseconds(25))
        let other = GatewayHarness.body(locale: "en-US")
        let (one, _, oneHead) = try await harness.openStream(body: other)
        let (two, _, twoHead) = try await harness.openStream(body: other)
        _ = try await onOwnThread { try two.read(until: "u2 ") }
        one.close()
        try await Task.sleep(for: .milliseconds(200))
        #expect(harness.upstream.requests.count == 2)
        #expect(harness.upstream.requests[1].disconnectedAt == nil)
        let lastLeft = ContinuousClock.now
        two.close()
        let cancelled = try #require(await harness.upstream.waitForEnd(of: 1))
        // Promptly, though a shared call takes one more hop than a request's own (a generous bound).
        #expect(try #require(cancelled.disconnectedAt) - lastLeft < .milliseconds(250))
        #expect(cancelled.tokensSent < 400)
        // Nothing was stored: the next request calls the model again, once both requests have ended and the shared
        // call is gone (on a loaded machine that can come some time after the upstream saw it cancelled; a request
        // sent before would join the ending call).
        #expect(await harness.auditRow(oneHead["x-request-id"], timeout: .seconds(30)) != nil)
        #expect(await harness.auditRow(twoHead["x-request-id"], timeout: .seconds(30)) != nil)
        let gone = ContinuousClock.now + .seconds(30)
        while harness.assembly.dependencies.state.sharedCalls.count > 0, ContinuousClock.now < gone { try await Task.sleep(for: .milliseconds(10)) }
        #expect(harness.assembly.dependencies.state.sharedCalls.count == 0)
        harness.upstream.script = .init(tokens: ["v"])
        #expect(try await harness.stream(body: other).events.last?.isCached == false)
        #expect(harness.upstream.requests.count == 3)
    }

    @Test("a stored answer is served to its booking's owner only")
    func ownerOnly() async throws {
        let harness = try GatewayHarness()
        _ = try await harness.stream(user: "u1")
        let other = try await harness.stream(user: "u2")
        #expect(other.status == 404)
    }
}

extension AssistEvent {
    var isCached: Bool? {
        if case .done(_, _, let cached, _, _) = self { cached } else { nil }
    }
}
