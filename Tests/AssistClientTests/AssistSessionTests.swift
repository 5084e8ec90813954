import AssistClient
import Foundation
import Synchronization
import Testing

@MainActor
@Suite("AssistSession")
struct AssistSessionTests {
    func settle(_ session: AssistSession) async {
        for _ in 0..<400 {
            if case .streaming = session.state { try? await Task.sleep(for: .milliseconds(2)) } else { return }
        }
    }

    @Test("idle → streaming → done, text accumulates, snapshots follow")
    func done() async throws {
        let transport = FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "a"), .delta(text: "b"), .done(finishReason: "stop", promptVersion: "v1")])]))
        let session = AssistSession(client: client(transport), request: summaryRequest)
        #expect(session.state == .idle)
        let snapshots = session.snapshots()
        session.start()
        await settle(session)
        #expect(session.state == .done(promptVersion: "v1"))
        #expect(session.text == "ab")
        #expect(session.requestId == "req_test")
        var seen: [AssistSession.Snapshot] = []
        for await snapshot in snapshots {
            seen.append(snapshot)
            if case .done = snapshot.state { break }
        }
        #expect(seen.first == AssistSession.Snapshot(state: .idle, text: ""))
        #expect(seen.last == AssistSession.Snapshot(state: .done(promptVersion: "v1"), text: "ab"))
        #expect(seen.contains(AssistSession.Snapshot(state: .streaming, text: "a")))
    }

    @Test("an answer the gateway served from its store ends done with cached")
    func cached() async throws {
        let transport = FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "a"), .done(finishReason: "stop", promptVersion: "v1", cached: true)])]))
        let session = AssistSession(client: client(transport), request: summaryRequest)
        session.start()
        await settle(session)
        #expect(session.state == .done(promptVersion: "v1", cached: true))
        #expect(session.state != .done(promptVersion: "v1"))
    }

    @Test("a failure after some text keeps it as stopped; before any text it is failed")
    func failures() async throws {
        let partial = AssistSession(client: client(FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "kept"), .error(code: .upstreamFailed)])]))),
                                    request: summaryRequest)
        partial.start()
        await settle(partial)
        #expect(partial.state == .stopped(cause: .stream(code: .upstreamFailed)))
        #expect(partial.text == "kept")
        let empty = AssistSession(client: client(FakeTransport(.init(pieces: [FakeTransport.sse([.error(code: .upstreamTimeout)])]))),
                                  request: summaryRequest)
        empty.start()
        await settle(empty)
        #expect(empty.state == .failed(.stream(code: .upstreamTimeout)))
    }

    @Test("stop() ends the exchange and keeps the text")
    func stop() async throws {
        let transport = FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "half")])], hang: true))
        let session = AssistSession(client: client(transport), request: summaryRequest)
        session.start()
        for _ in 0..<200 where session.text.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        session.stop()
        #expect(session.state == .stopped(cause: nil))
        #expect(session.text == "half")
        for _ in 0..<200 where !transport.cancelled.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(transport.cancelled.withLock { $0 })
    }

    @Test("rate limited: retry() before the allowed time does not call the server; after it does")
    func rateLimited() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        let body = #"{"error":{"code":"quota_exceeded","message":"m","requestId":"r"}}"#
        let transport = FakeTransport(.init(status: 429, headers: ["retry-after": "60"], pieces: [Data(body.utf8)]))
        let session = AssistSession(client: AssistClient(baseURL: URL(string: "http://gateway.test")!, transport: transport,
                                                         accessToken: { "t" }, clock: { clock.now }),
                                    request: summaryRequest, now: { clock.now })
        session.start()
        await settle(session)
        #expect(session.retryAllowedAt == Date(timeIntervalSince1970: 1_800_000_060))
        guard case .failed(.rateLimited) = session.state else { Issue.record("\(session.state)"); return }
        clock.now = clock.now.addingTimeInterval(30)
        #expect(session.retry() == false)
        #expect(transport.requests.withLock { $0.count } == 1)
        clock.now = clock.now.addingTimeInterval(31)
        #expect(session.retry() == true)
        await settle(session)
        #expect(transport.requests.withLock { $0.count } == 2)
    }

    @Test("start() while streaming cancels the previous run")
    func restart() async throws {
        let transport = FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "first")])], hang: true))
        let session = AssistSession(client: client(transport), request: summaryRequest)
        session.start()
        for _ in 0..<200 where session.text.isEmpty { try await Task.sleep(for: .milliseconds(2)) }
        transport.reply.withLock { $0 = .init(pieces: [FakeTransport.sse([.delta(text: "second"), .done(finishReason: "stop", promptVersion: "v1")])]) }
        session.start()
        await settle(session)
        #expect(session.text == "second")
        #expect(session.state == .done(promptVersion: "v1"))
        #expect(transport.cancelled.withLock { $0 })
    }
}

final class TestClock: @unchecked Sendable {
    // `@unchecked Sendable`: written only by the test between awaits; the session reads it on the main actor.
    var now: Date
    init(_ now: Date) { self.now = now }
}
