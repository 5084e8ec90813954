@testable import AssistGateway
import Foundation
import Synchronization
import Testing

@Suite("Summary store and single flight")
struct SummaryFlightTests {
    let key = AnswerKey(feature: "itinerary_summary", data: "BK-2041@3", promptVersion: "p1", locale: "tr-TR")

    /// A provider call fed by hand, which records whether it was cancelled.
    final class HandFedCall: Sendable {
        let stream: ProviderStream
        let continuation: AsyncThrowingStream<ProviderChunk, any Error>.Continuation
        private final class Flag: Sendable { let value = Mutex(false) }
        private let cancelled = Flag()
        var wasCancelled: Bool { cancelled.value.withLock { $0 } }

        init() {
            let (base, continuation) = AsyncThrowingStream<ProviderChunk, any Error>.makeStream()
            self.continuation = continuation
            let cancelled = self.cancelled
            stream = ProviderStream(base, cancel: {
                cancelled.value.withLock { $0 = true }
                continuation.finish(throwing: CancellationError())
            })
        }
    }

    @Test("an entry is served within the retention period and is a miss after it")
    func retention() async throws {
        let store = InMemoryAnswerStore(retention: 30 * 86_400)
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        try await store.store("text", for: key, at: start)
        #expect(try await store.text(for: key, now: start + 29 * 86_400) == "text")
        #expect(try await store.text(for: key, now: start + 30 * 86_400) == nil)
        var other = key
        other.locale = "en-US"
        #expect(try await store.text(for: other, now: start) == nil)
    }

    @Test("followers get the chunks so far, then the rest; the answer is stored once, then the flight is gone")
    func fanOut() async throws {
        let store = InMemoryAnswerStore()
        let flights = SharedCalls.alone(store: store, clock: ManualWallClock(Date(timeIntervalSince1970: 1_790_000_000)))
        guard case .lead(let flight) = await flights.claim(key) else { Issue.record("first claim must lead"); return }
        async let joined = flights.claim(key)
        try await Task.sleep(for: .milliseconds(20))
        flights.admitted(flight)
        guard case .follow(let same) = await joined, same === flight else { Issue.record("second claim must follow"); return }

        let call = HandFedCall()
        flight.start(call.stream, maxTextBytes: 1000)
        let leader = flight.subscribe().stream
        call.continuation.yield(.text("Merhaba "))
        try await Task.sleep(for: .milliseconds(20))
        let follower = flight.subscribe().stream
        call.continuation.yield(.text("dünya"))
        call.continuation.yield(.finish(reason: "stop"))
        call.continuation.finish()
        var leaderText = "", followerText = ""
        for try await case .text(let t) in leader { leaderText += t }
        for try await case .text(let t) in follower { followerText += t }
        #expect(leaderText == "Merhaba dünya" && followerText == "Merhaba dünya")
        let outcome = await flight.outcome()
        #expect(outcome.text == "Merhaba dünya" && outcome.finishReason == "stop")
        #expect(try await store.text(for: key, now: Date(timeIntervalSince1970: 1_790_000_000)) == "Merhaba dünya")
        #expect(flights.count == 0)
        #expect(!call.wasCancelled)
    }

    @Test("a refused leader lets a waiting request lead instead")
    func refusedLeader() async throws {
        let flights = SharedCalls.alone(store: InMemoryAnswerStore(), clock: SystemWallClock())
        guard case .lead(let first) = await flights.claim(key) else { Issue.record("first claim must lead"); return }
        async let second = flights.claim(key)
        try await Task.sleep(for: .milliseconds(20))
        await flights.refused(first)
        guard case .lead(let next) = await second else { Issue.record("waiting request must lead"); return }
        #expect(next !== first)
        #expect(flights.count == 1)
    }

    @Test("a provider that ignores its token cap is cancelled past the byte bound, and nothing is stored")
    func byteBound() async throws {
        let store = InMemoryAnswerStore()
        let flights = SharedCalls.alone(store: store, clock: SystemWallClock())
        guard case .lead(let flight) = await flights.claim(key) else { Issue.record("first claim must lead"); return }
        flights.admitted(flight)
        let call = HandFedCall()
        flight.start(call.stream, maxTextBytes: 100)
        let reader = flight.subscribe().stream
        for _ in 0..<20 { call.continuation.yield(.text("0123456789")) }
        await #expect(throws: ProviderError.self) { for try await _ in reader {} }
        #expect(await flight.outcome().finishReason == nil)
        #expect(call.wasCancelled)
        #expect(try await store.text(for: key, now: Date()) == nil)
    }

    @Test("a reader that stops reading releases its seat at once, without waiting for the call to end")
    func release() async throws {
        let flights = SharedCalls.alone(store: InMemoryAnswerStore(), clock: SystemWallClock())
        guard case .lead(let flight) = await flights.claim(key) else { Issue.record("first claim must lead"); return }
        flights.admitted(flight)
        let call = HandFedCall()
        flight.start(call.stream, maxTextBytes: 1000)
        let (stream, release) = flight.subscribe()
        call.continuation.yield(.text("a"))
        #expect(!call.wasCancelled)
        withExtendedLifetime(stream) {
            release()
            release()  // once only: a second release gives up nothing more
            #expect(call.wasCancelled)
        }
    }

    @Test("cancelled before the leader starts the call: readers end at once, and the call is cancelled as it starts")
    func cancelledEarly() async throws {
        let flights = SharedCalls.alone(store: InMemoryAnswerStore(), clock: SystemWallClock())
        guard case .lead(let flight) = await flights.claim(key) else { Issue.record("first claim must lead"); return }
        flights.admitted(flight)
        guard case .follow = await flights.claim(key) else { Issue.record("second claim must follow"); return }
        let (follower, _) = flight.subscribe()
        follower.cancel()  // the follower's first-token deadline passed
        await #expect(throws: CancellationError.self) { for try await _ in follower {} }
        let call = HandFedCall()
        flight.start(call.stream, maxTextBytes: 1000)
        #expect(call.wasCancelled)
        #expect(await flight.outcome().finishReason == nil)
    }

    @Test("the call is cancelled only when the last seat is given up; nothing is stored")
    func lastSeatCancels() async throws {
        let store = InMemoryAnswerStore()
        let flights = SharedCalls.alone(store: store, clock: SystemWallClock())
        guard case .lead(let flight) = await flights.claim(key) else { Issue.record("first claim must lead"); return }
        flights.admitted(flight)
        guard case .follow = await flights.claim(key) else { Issue.record("second claim must follow"); return }
        let call = HandFedCall()
        flight.start(call.stream, maxTextBytes: 1000)
        let reader = Task {
            for try await _ in flight.subscribe().stream {}
        }
        flight.leave()  // the leader's client left before its stream opened
        try await Task.sleep(for: .milliseconds(20))
        #expect(!call.wasCancelled)
        reader.cancel()
        _ = await flight.outcome()
        #expect(call.wasCancelled)
        #expect(try await store.text(for: key, now: Date()) == nil)
        #expect(flights.count == 0)
    }
}
