import AssistHTTP
import AssistHTTPServer
import AssistServices
import AssistTestSupport
import Foundation
import Synchronization
import Testing

/// Records what the producer of a streaming body saw.
final class StreamProbe: Sendable {
    let cancelledAt = Mutex<ContinuousClock.Instant?>(nil)
    let writes = Atomic<Int>(0)
}

func startServer(_ configure: (inout HTTPServer.Configuration) -> Void = { _ in },
                 _ respond: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) throws -> HTTPServer {
    var configuration = HTTPServer.Configuration()
    configuration.port = 0
    configure(&configuration)
    let server = try HTTPServer(configuration: configuration, responder: ClosureResponder(respond))
    try server.start()
    return server
}

@Suite("HTTP server")
struct HTTPServerTests {
    @Test("a request's method, path, headers and body reach the responder; the response comes back whole")
    func roundTrip() async throws {
        let server = try startServer { request in
            let echo = "\(request.method) \(request.path) \(request.header("X-Probe") ?? "-") \(String(decoding: request.body, as: UTF8.self))"
            return HTTPResponse(status: 201, headers: [("Content-Type", "text/plain"), ("X-Answer", "42")], body: .bytes(Array(echo.utf8)))
        }
        defer { server.stop() }
        #expect(server.port > 0)
        let response = try await testRequest(port: server.port, method: "POST", path: "/echo", headers: [("X-Probe", "yes")],
                                             body: Array("héllo".utf8))
        #expect(response.status == 201)
        #expect(response.headers["x-answer"] == "42")
        #expect(response.text == "POST /echo yes héllo")
    }

    @Test("a body over the cap is dropped and flagged, not buffered")
    func bodyCap() async throws {
        let server = try startServer({ $0.maxBodyBytes = 100 }) { request in
            HTTPResponse(status: 200, body: .bytes(Array("\(request.bodyTooLarge) \(request.body.count)".utf8)))
        }
        defer { server.stop() }
        #expect(try await testRequest(port: server.port, method: "POST", path: "/", body: Array(repeating: 65, count: 100)).text == "false 100")
        #expect(try await testRequest(port: server.port, method: "POST", path: "/", body: Array(repeating: 65, count: 5000)).text == "true 0")
    }

    /// The client leaves with a reset: a FIN alone, before the answer, is a half-close that is still answered
    /// (HTTPEdgeTests.halfCloseGetsAnswer), and only a write could tell it from a client that left.
    @Test("a streamed response whose client left before it was sent still runs its producer, with every write refused")
    func unsentStreamStillRuns() async throws {
        let ran = Mutex<(ran: Bool, refused: Bool)>((false, false))
        let responding = Atomic<Bool>(false)
        let server = try startServer { _ in
            responding.store(true, ordering: .releasing)
            // Answer only once the client has gone (the server cancels the responder's task when it hangs up).
            while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(2)) }
            return HTTPResponse(status: 200, body: .stream { writer in
                let refused = (try? await writer.write(Array("late".utf8))) == nil
                ran.withLock { $0 = (true, refused) }
            })
        }
        defer { server.stop() }
        let port = server.port
        try await onOwnThread {
            let connection = try TestConnection(port: port)
            try connection.send(method: "POST", path: "/", body: Array("{}".utf8))
            // Leave once the responder runs: a client gone before the request was read never reaches it.
            for _ in 0..<5000 where !responding.load(ordering: .acquiring) { usleep(1000) }
            connection.reset()  // a plain close is a half-close to the server, which still answers
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while !ran.withLock({ $0.ran }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(ran.withLock { $0.ran && $0.refused })
    }

    @Test("a streaming body is delivered as written, with pauses, and ends when the producer returns")
    func streaming() async throws {
        let server = try startServer { _ in
            HTTPResponse(status: 200, body: .stream { writer in
                for i in 0..<5 {
                    try? await writer.write(Array("part\(i);".utf8))
                    try? await Task.sleep(for: .milliseconds(20))
                }
            })
        }
        defer { server.stop() }
        let response = try await testRequest(port: server.port, path: "/")
        #expect(response.text == "part0;part1;part2;part3;part4;")
        #expect(server.inFlightCount == 0)
    }

    @Test("a streamed response's head goes out at once, even when its producer writes nothing for a while")
    func headBeforeFirstByte() async throws {
        let server = try startServer { _ in
            HTTPResponse(status: 200, body: .stream { writer in
                try? await Task.sleep(for: .seconds(3))
                try? await writer.write(Array("late".utf8))
            })
        }
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        let sent = ContinuousClock.now
        try connection.send(method: "GET", path: "/")
        _ = try await onOwnThread { try connection.read(until: "\r\n\r\n") }
        // Generous for a loaded machine, and well under the producer's 3 s.
        #expect(ContinuousClock.now - sent < .seconds(2))
    }

    @Test("the responder and the stream's producer keep their deadlines on the loop that serves the connection")
    func requestTimersAreTheLoops() async throws {
        /// Where each step ran: the thread's loop name (nil off a loop) and whether timers were bound.
        let seen = Mutex<[String]>([])
        @Sendable func note(_ step: String) {
            let bound = RequestTimers.current != nil
            let thread = Thread.current.name ?? "?"
            seen.withLock { $0.append("\(step) bound=\(bound) \(thread)") }
        }
        let server = try startServer { _ in
            note("respond")
            return HTTPResponse(status: 200, body: .stream { writer in
                note("produce")
                guard let timers = RequestTimers.current else { return }
                await withCheckedContinuation { (fired: CheckedContinuation<Void, Never>) in
                    _ = timers.schedule(after: .milliseconds(10)) {
                        note("fire")
                        fired.resume()
                    }
                }
                try? await writer.write(Array("fired".utf8))
            })
        }
        defer { server.stop() }
        let response = try await testRequest(port: server.port, path: "/")
        #expect(response.text == "fired")
        let steps = seen.withLock { $0 }
        #expect(steps.count == 3)
        #expect(steps.prefix(2).allSatisfy { $0.contains("bound=true") })  // the call itself runs in the loop's turn, in no task
        // One loop thread for all three: the connection's.
        let threads = Set(steps.map { $0.split(separator: " ").last.map(String.init) ?? "" })
        #expect(threads.count == 1)
        #expect(RequestTimers.current == nil)  // nothing bound outside a server's request
    }

    @Test("a client that hangs up on a suspended stream cancels its producer within milliseconds", arguments: 0..<8)
    func disconnectCancelsProducer(run: Int) async throws {
        let probe = StreamProbe()
        let server = try startServer { _ in
            HTTPResponse(status: 200, body: .stream { writer in
                try? await writer.write(Array("first".utf8))
                do {
                    try await Task.sleep(for: .seconds(30))
                } catch {
                    probe.cancelledAt.withLock { $0 = ContinuousClock.now }
                }
            })
        }
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        try connection.send(method: "GET", path: "/stream/\(run)")
        _ = try await onOwnThread { try connection.read(until: "first") }
        let leftAt = ContinuousClock.now
        connection.close()
        var cancelledAt: ContinuousClock.Instant?
        for _ in 0..<1000 where cancelledAt == nil {
            try await Task.sleep(for: .milliseconds(1))
            cancelledAt = probe.cancelledAt.withLock { $0 }
        }
        let when = try #require(cancelledAt)
        #expect(when - leftAt < .milliseconds(100))
    }

    @Test("a slow reader makes the producer wait instead of growing the buffer")
    func backpressure() async throws {
        let probe = StreamProbe()
        let server = try startServer({ $0.streamHighWaterBytes = 4096 }) { _ in
            HTTPResponse(status: 200, body: .stream { writer in
                let chunk = [UInt8](repeating: 120, count: 1024)
                for _ in 0..<100_000 {
                    guard (try? await writer.write(chunk)) != nil else { return }
                    probe.writes.add(1, ordering: .relaxed)
                }
            })
        }
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        try connection.send(method: "GET", path: "/")
        _ = try await onOwnThread { try connection.readHead() }
        try await Task.sleep(for: .milliseconds(300))
        // Kernel socket buffers hold a few MiB at most; without backpressure all 100 MiB would be written.
        let written = probe.writes.load(ordering: .relaxed)
        #expect(written < 20_000)
        connection.close()
    }

    @Test("after stopAccepting no new connection is accepted while a running request finishes")
    func stopAccepting() async throws {
        let probe = StreamProbe()
        let server = try startServer { _ in
            probe.writes.add(1, ordering: .relaxed)
            try? await Task.sleep(for: .milliseconds(200))
            return HTTPResponse(status: 200, body: .bytes(Array("done".utf8)))
        }
        let port = server.port
        async let inFlight = testRequest(port: port, path: "/")
        while probe.writes.load(ordering: .relaxed) == 0 { try await Task.sleep(for: .milliseconds(1)) }
        server.stopAccepting()
        #expect(throws: (any Error).self) { try TestConnection(port: port) }
        #expect(try await inFlight.text == "done")
        #expect(await server.waitForInFlight(timeout: .seconds(2)))
        server.stop()
    }

    @Test("stopping with requests in flight aborts them cleanly")
    func stopWithSuspendedConnections() async throws {
        let probe = StreamProbe()
        let server = try startServer { request in
            if request.path == "/slow" {
                try? await Task.sleep(for: .seconds(30))
                return HTTPResponse(status: 200)
            }
            return HTTPResponse(status: 200, body: .stream { writer in
                try? await writer.write(Array("first".utf8))
                do { try await Task.sleep(for: .seconds(30)) } catch { probe.cancelledAt.withLock { $0 = ContinuousClock.now } }
            })
        }
        let streaming = try TestConnection(port: server.port)
        try streaming.send(method: "GET", path: "/stream")
        _ = try await onOwnThread { try streaming.read(until: "first") }
        let handling = try TestConnection(port: server.port)
        try handling.send(method: "GET", path: "/slow")
        while server.inFlightCount < 2 { try await Task.sleep(for: .milliseconds(1)) }
        server.stop()
        #expect(try await onOwnThread { try streaming.readToEnd(timeout: .seconds(5)) } == [])
        #expect(try await onOwnThread { try handling.readToEnd(timeout: .seconds(5)) } == [])
        for _ in 0..<1000 where probe.cancelledAt.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(1)) }
        #expect(probe.cancelledAt.withLock { $0 } != nil)
    }

    @Test("an address that is not IPv4 is refused with a clear error")
    func invalidHost() throws {
        var configuration = HTTPServer.Configuration()
        configuration.host = "not-an-address"
        let server = try HTTPServer(configuration: configuration, responder: ClosureResponder { _ in HTTPResponse(status: 200) })
        #expect(throws: HTTPServerError.self) { try server.start() }
    }

    @Test("clients that reset their connections mid-stream, while the server writes, end their streams and nothing else")
    func resetsWhileWriting() async throws {
        let server = try startServer { _ in
            HTTPResponse(status: 200, body: .stream { writer in
                while (try? await writer.write(Array(repeating: UInt8(ascii: "x"), count: 4096))) != nil {
                    try? await Task.sleep(for: .milliseconds(1))
                }
            })
        }
        defer { server.stop() }
        let port = server.port
        try await onOwnThread {
            // The twenty-first finds the server still serving.
            for _ in 0..<21 {
                let connection = try TestConnection(port: port)
                try connection.send(method: "GET", path: "/stream")
                _ = try connection.read(until: "xxxx", timeout: .seconds(5))
                connection.reset()
            }
        }
        // Every stream ended with its client: nothing is left in flight.
        #expect(await server.waitForInFlight(timeout: .seconds(5)))
    }
}
