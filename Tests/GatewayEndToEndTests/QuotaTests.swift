import AssistGateway
import AssistStores
import AssistTestSupport
import AssistWire
import Foundation
import Testing

@Suite("Quota and concurrency limits")
struct QuotaLimitTests {
    @Test("after the daily limit: 429 quota_exceeded with Retry-After to the end of the UTC day")
    func dailyLimit() async throws {
        let harness = try GatewayHarness(unavailableQuota: (requests: 2, tokens: 20_000))
        let first = try await harness.stream(body: GatewayHarness.uncachedBody)
        let second = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(first.headers["ratelimit-remaining"] == "1")
        #expect(second.headers["ratelimit-remaining"] == "0")
        let third = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(third.status == 429)
        #expect(third.errorCode == "quota_exceeded")
        let retryAfter = try #require(Int(third.headers["retry-after"] ?? ""))
        #expect(third.headers["ratelimit-remaining"] == "0")
        #expect(third.headers["ratelimit-reset"] == third.headers["retry-after"])
        let expected = UTCDay(containing: Date()).secondsUntilEnd(from: Date())
        #expect(abs(retryAfter - expected) <= 2)
        // The limit is per feature.
        #expect(try await harness.stream().status == 200)
        #expect(harness.upstream.requests.count == 3)
    }

    @Test("a token budget smaller than one reservation refuses at once")
    func tokenLimit() async throws {
        let harness = try GatewayHarness(unavailableQuota: (requests: 100, tokens: 300))
        let response = try await harness.stream()
        #expect(response.status == 429)
        #expect(response.errorCode == "quota_exceeded")
    }

    @Test("settlement counts the real usage: usage chunk tokens replace the reservation")
    func settlement() async throws {
        let harness = try GatewayHarness()
        let response = try await harness.stream()
        let row = try #require(await harness.auditRow(response.headers["x-request-id"]))
        #expect(row.inputTokens == 42)
        #expect(row.outputTokens == 4)
        let key = QuotaKey(user: "u1", feature: "itinerary_summary", day: UTCDay(containing: Date()))
        let usage = try #require(harness.assembly.dependencies.stores.quota as? SQLiteQuotaStore)
        #expect(try usage.usage(for: key).tokens == 46)
        #expect(try usage.usage(for: key).requests == 1)
    }

    @Test("N concurrent requests against a limit of K admit exactly K")
    func atomicReservation() async throws {
        let harness = try GatewayHarness(limits: ["maxConcurrentStreamsPerUser": 100], unavailableQuota: (requests: 5, tokens: 1_000_000))
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<24 { group.addTask { try await harness.stream(body: GatewayHarness.uncachedBody).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.filter { $0 == 200 }.count == 5)
        #expect(statuses.filter { $0 == 429 }.count == 19)
    }

    @Test("the stream past the per-user concurrency cap is 429 too_many_streams; a finished stream frees its slot")
    func concurrentStreams() async throws {
        let harness = try GatewayHarness(script: .init(tokens: ["a"], firstTokenDelay: .seconds(30)), limits: ["maxConcurrentStreamsPerUser": 3])
        var open: [TestConnection] = []
        for _ in 0..<3 {
            let (connection, status, _) = try await harness.openStream(body: GatewayHarness.uncachedBody)
            #expect(status == 200)
            open.append(connection)
        }
        let fourth = try await harness.stream(body: GatewayHarness.uncachedBody)
        #expect(fourth.status == 429)
        #expect(fourth.errorCode == "too_many_streams")
        open[0].close()
        // The slot comes back once the gateway has seen the client leave.
        var status = 0
        for _ in 0..<100 where status != 200 {
            harness.upstream.script = .init(tokens: ["b"])
            status = try await harness.stream(body: GatewayHarness.uncachedBody).status
            if status != 200 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(status == 200)
        open.forEach { $0.close() }
    }
}
