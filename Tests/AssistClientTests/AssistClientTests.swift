import AssistClient
import Foundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("AssistClient")
struct AssistClientTests {
    @Test("decodes deltas and done, sends the request as JSON with the bearer token, exposes the response head")
    func happyPath() async throws {
        let transport = FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "Merhaba"), .delta(text: " dünya"),
                                                                         .done(finishReason: "stop", promptVersion: "v1")])]))
        let stream = client(transport).stream(summaryRequest)
        var events: [AssistEvent] = []
        for try await event in stream { events.append(event) }
        #expect(events == [.delta(text: "Merhaba"), .delta(text: " dünya"), .done(finishReason: "stop", promptVersion: "v1")])
        let head = await stream.responseHead()
        #expect(head?.requestId == "req_test")
        #expect(head?.rateLimitRemaining == 7)
        #expect(head?.rateLimitReset == 3600)
        let request = try #require(transport.requests.withLock { $0.first })
        #expect(request.url?.absoluteString == "http://gateway.test/v1/assist/stream")
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer token-1")
        let body = try JSONParser.parse(Array(try #require(request.httpBody)))
        #expect(body == summaryRequest.json)
    }

    @Test("events split at every byte, unknown kinds skipped, still decode to the same events")
    func splitAndUnknown() async throws {
        var bytes = Array(FakeTransport.sse([.delta(text: "İstanbul 🛫")]))
        bytes += Array("data: {\"kind\":\"reasoning\",\"text\":\"x\"}\r\n\r\n".utf8)
        bytes += AssistEvent.done(finishReason: "stop", promptVersion: "v1").sseFrame
        let transport = FakeTransport(.init(pieces: bytes.map { Data([$0]) }))
        var events: [AssistEvent] = []
        for try await event in client(transport).stream(summaryRequest) { events.append(event) }
        #expect(events == [.delta(text: "İstanbul 🛫"), .done(finishReason: "stop", promptVersion: "v1")])
    }

    @Test("401 → unauthenticated; 429 → rateLimited with delta-seconds or HTTP-date; others → http with the body's code")
    func statusMapping() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func failure(_ status: Int, headers: [String: String] = [:], body: String = "") async -> (any Error)? {
            let transport = FakeTransport(.init(status: status, headers: headers, pieces: [Data(body.utf8)]))
            do {
                for try await _ in client(transport, now: now).stream(summaryRequest) {}
                return nil
            } catch { return error }
        }
        let quota = #"{"error":{"code":"quota_exceeded","message":"m","requestId":"r"}}"#
        #expect(await failure(401) as? AssistClientError == .unauthenticated)
        #expect(await failure(429, headers: ["retry-after": "120"], body: quota) as? AssistClientError
            == .rateLimited(retryAfter: now.addingTimeInterval(120), code: .quotaExceeded))
        #expect(await failure(429, headers: ["retry-after": "Fri, 15 Jan 2027 09:00:00 GMT"], body: quota) as? AssistClientError
            == .rateLimited(retryAfter: Date(timeIntervalSince1970: 1_800_003_600), code: .quotaExceeded))
        #expect(await failure(400, body: #"{"error":{"code":"invalid_input","message":"m","requestId":"r"}}"#) as? AssistClientError
            == .http(status: 400, code: .invalidInput))
        #expect(await failure(502, body: "<html>bad gateway</html>") as? AssistClientError == .http(status: 502, code: "unknown"))
    }

    @Test("Retry-After parses both forms")
    func retryAfter() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(RetryAfter.parse("0", now: now) == now)
        #expect(RetryAfter.parse(" 3600 ", now: now) == now.addingTimeInterval(3600))
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == Date(timeIntervalSince1970: 784_111_777))
        #expect(RetryAfter.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == Date(timeIntervalSince1970: 784_111_777))
        #expect(RetryAfter.parse("soon", now: now) == nil)
        #expect(RetryAfter.parse("-5", now: now) == nil)
    }

    @Test("an error event ends the stream with that code after the deltas; a stream without done is incomplete")
    func streamEndings() async throws {
        let failing = FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "a"), .error(code: .upstreamFailed)])]))
        var texts: [AssistEvent] = []
        await #expect(throws: AssistClientError.stream(code: .upstreamFailed)) {
            for try await event in client(failing).stream(summaryRequest) { texts.append(event) }
        }
        #expect(texts == [.delta(text: "a")])
        let cut = FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "a")])]))
        await #expect(throws: AssistClientError.incomplete) {
            for try await _ in client(cut).stream(summaryRequest) {}
        }
        let broken = FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "a")])], failure: TransportError(URLError(.networkConnectionLost))))
        do {
            for try await _ in client(broken).stream(summaryRequest) {}
            Issue.record("expected a transport error")
        } catch let error as AssistClientError {
            guard case .transport(let transportError) = error else { Issue.record("\(error)"); return }
            #expect((transportError.cause as? URLError)?.code == .networkConnectionLost)
        }
    }

    @Test("breaking out of the loop ends the exchange even while the stream value is still held")
    func breakCancels() async throws {
        let transport = FakeTransport(.init(pieces: [FakeTransport.sse([.delta(text: "a"), .delta(text: "b")])], hang: true))
        let stream = client(transport).stream(summaryRequest)
        for try await _ in stream { break }
        for _ in 0..<200 where !transport.cancelled.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(transport.cancelled.withLock { $0 })
        withExtendedLifetime(stream) {}
    }
}
