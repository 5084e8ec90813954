import AssistHTTP
import AssistHTTPServer
import AssistTestSupport
import AssistWire
import GatewayTestSupport
import Foundation
import Synchronization
import Testing

/// Many connections that send a byte now and then, driven from one thread: which ones the server closed, when,
/// and what it said before closing.
final class Tricklers: @unchecked Sendable {
    // `@unchecked Sendable`: used by one test at a time, from `onOwnThread` calls that never overlap.
    var connections: [TestConnection] = []
    var answers: [[UInt8]] = []
    var closedAt: [ContinuousClock.Instant?] = []

    /// Opens `count` connections from `source`, each sending the start of a request head.
    init(port: Int, count: Int, from source: String? = nil) throws {
        for _ in 0..<count {
            let connection = try TestConnection(port: port, from: source)
            try? connection.sendAll(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8))
            connections.append(connection)
        }
        answers = Array(repeating: [], count: count)
        closedAt = Array(repeating: nil, count: count)
    }

    var openCount: Int { closedAt.filter { $0 == nil }.count }

    /// Sends one more header byte on every open connection each `interval`, for `duration` or until all are closed.
    func trickle(every interval: Duration, for duration: Duration) {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end, openCount > 0 {
            for (index, connection) in connections.enumerated() where closedAt[index] == nil {
                collect(index, connection)
                if closedAt[index] == nil { try? connection.sendAll(Array("X".utf8)) }
            }
            Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
        }
        for (index, connection) in connections.enumerated() where closedAt[index] == nil { collect(index, connection) }
    }

    private func collect(_ index: Int, _ connection: TestConnection) {
        while true {
            guard let chunk = try? connection.readSome(timeout: .zero) else { return }
            if chunk.isEmpty {
                closedAt[index] = ContinuousClock.now
                return
            }
            answers[index] += chunk
        }
    }

    func close() { for connection in connections { connection.close() } }
}

/// One at a time: a thousand connections at once, next to the other timing tests, is load enough.
@Suite("Connection defences: header deadline, per-address and global limits", .serialized)
struct ConnectionDefenceTests {
    func helloServer(_ configure: (inout HTTPServer.Configuration) -> Void) throws -> HTTPServer {
        try startServer(configure) { _ in HTTPResponse(status: 200, body: .bytes(Array("hello".utf8))) }
    }

    @Test("clients that send their head a byte at a time are closed at the header deadline, with a 408 JSON error")
    func slowloris() async throws {
        let server = try helloServer { $0.headerTimeoutSeconds = 1 }
        defer { server.stop() }
        let started = ContinuousClock.now
        let tricklers = try Tricklers(port: server.port, count: 18)
        defer { tricklers.close() }
        try await onOwnThread { tricklers.trickle(every: .milliseconds(100), for: .seconds(6)) }
        #expect(tricklers.openCount == 0)
        for (answer, closedAt) in zip(tricklers.answers, tricklers.closedAt) {
            let elapsed = try #require(closedAt) - started
            #expect(elapsed > .milliseconds(900) && elapsed < .seconds(3))
            let response = RawResponse(answer)
            #expect(response.status == 408 && response.errorCode == ErrorCode.requestTimeout.rawValue)
            #expect(response.headers["x-request-id"]?.hasPrefix("req_") == true)
        }
    }

    @Test("a body sent slowly counts against the same deadline as the head", arguments: [10, 100_000])
    func slowBody(length: Int) async throws {
        let server = try helloServer {
            $0.headerTimeoutSeconds = 1
            $0.maxBodyBytes = 1000
        }
        defer { server.stop() }
        let port = server.port
        let started = ContinuousClock.now
        // A byte each 200 ms: even the 10-byte body would take 2 s, twice the deadline.
        let (closed, answer): (Bool, [UInt8]) = try await onOwnThread {
            let connection = try TestConnection(port: port)
            try connection.sendAll(Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n".utf8))
            for _ in 0..<25 {
                guard (try? connection.sendAll([65])) != nil else { return (true, []) }
                if let chunk = try? connection.readSome(timeout: .milliseconds(200)) {
                    if chunk.isEmpty { return (true, []) }
                    // An answer came: read on to the close.
                    let rest = try? connection.readToEnd(timeout: .seconds(2))
                    return (rest != nil, chunk + (rest ?? []))
                }
            }
            return (false, [])
        }
        #expect(closed)
        #expect(ContinuousClock.now - started < .seconds(3))
        // Never the responder's answer; the edge's 408 when it still held the connection.
        let response = RawResponse(answer)
        #expect(answer.isEmpty || (response.status == 408 && response.errorCode == ErrorCode.requestTimeout.rawValue))
    }

    @Test("a thousand trickling connections from one address do not keep out a client from another")
    func floodFromOneAddress() async throws {
        let server = try helloServer {
            $0.connectionLimit = 300
            $0.maxConnectionsPerAddress = 100
        }
        defer { server.stop() }
        let port = server.port
        let tricklers = try await onOwnThread { try Tricklers(port: port, count: 1000, from: "127.0.0.2") }
        defer { tricklers.close() }
        let trickling = Task { try await onOwnThread { tricklers.trickle(every: .milliseconds(500), for: .seconds(3)) } }
        let started = ContinuousClock.now
        let response = try await testRequest(port: port, path: "/", timeout: .seconds(5))
        #expect(response.status == 200 && response.text == "hello")
        #expect(ContinuousClock.now - started < .seconds(2))
        try await trickling.value
        // The flood itself was cut to the per-address allowance; the rest were told why.
        #expect(tricklers.openCount <= 100)
        let refused = tricklers.answers.map(RawResponse.init).filter { $0.status == 429 }
        #expect(refused.count >= 900)
        #expect(refused.allSatisfy { $0.errorCode == ErrorCode.tooManyConnections.rawValue && $0.headers["retry-after"] != nil })
    }

    @Test("past the global limit a new client gets 503 overloaded with Retry-After, and the refusals are logged once a second")
    func globalLimit() async throws {
        let lines = Mutex<[String]>([])
        let server = try helloServer {
            $0.connectionLimit = 8
            $0.log = { line in lines.withLock { $0.append(line) } }
        }
        defer { server.stop() }
        let port = server.port
        let holders = try await onOwnThread { try Tricklers(port: port, count: 8) }
        defer { holders.close() }
        try await Task.sleep(for: .milliseconds(100))
        var refusals: [TestResponse] = []
        for _ in 0..<5 { refusals.append(try await testRequest(port: port, path: "/", timeout: .seconds(5))) }
        for response in refusals {
            #expect(response.status == 503 && response.errorCode == ErrorCode.overloaded.rawValue)
            #expect(response.headers["retry-after"] == "1")
            #expect(response.headers["content-type"] == "application/json")
        }
        #expect(lines.withLock { $0.count } == 1)
        try await Task.sleep(for: .milliseconds(1500))
        let logged = lines.withLock { $0 }
        #expect(logged.count == 2)
        #expect(logged.last?.contains("refused 4 connections") == true)
        // Room again once a holder leaves.
        holders.connections[0].close()
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await testRequest(port: port, path: "/").status == 200)
    }

    @Test("behind a trusted proxy the forwarded address is counted; a direct client's own address is")
    func forwardedAddress() async throws {
        let release = Mutex(false)
        let server = try startServer({
            $0.maxConnectionsPerAddress = 2
            $0.trustedProxies = ["127.0.0.1"]
        }) { request in
            if request.path == "/hold" {
                while !release.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
            }
            return HTTPResponse(status: 200, body: .bytes(Array("ok".utf8)))
        }
        defer {
            release.withLock { $0 = true }
            server.stop()
        }
        let port = server.port
        func hold(forwardedFor: String, from source: String? = nil) throws -> TestConnection {
            let connection = try TestConnection(port: port, from: source)
            try connection.send(method: "GET", path: "/hold", headers: [("X-Forwarded-For", forwardedFor)])
            return connection
        }
        let held = try [hold(forwardedFor: "192.0.2.1"), hold(forwardedFor: "198.51.100.7, 192.0.2.1")]
        try await Task.sleep(for: .milliseconds(200))
        let third = try await testRequest(port: port, path: "/", headers: [("X-Forwarded-For", "192.0.2.1")])
        #expect(third.status == 429 && third.errorCode == ErrorCode.tooManyConnections.rawValue)
        let other = try await testRequest(port: port, path: "/", headers: [("X-Forwarded-For", "192.0.2.2")])
        #expect(other.status == 200)

        // 127.0.0.2 is no trusted proxy: what it forwards is ignored, its own address counts.
        let direct = try [hold(forwardedFor: "203.0.113.1", from: "127.0.0.2"), hold(forwardedFor: "203.0.113.2", from: "127.0.0.2")]
        try await Task.sleep(for: .milliseconds(200))
        let refused = try await onOwnThread {
            let connection = try TestConnection(port: port, from: "127.0.0.2")
            try connection.send(method: "GET", path: "/", headers: [("X-Forwarded-For", "203.0.113.3")])
            return RawResponse(try connection.readToEnd(timeout: .seconds(5)))
        }
        #expect(refused.status == 429)
        release.withLock { $0 = true }
        for connection in held + direct { #expect(RawResponse(try await onOwnThread { try connection.readToEnd() }).status == 200) }
    }
}

/// The address a request reaches its responder with is the one the edge counts it against.
@Suite("Client address and query reach the responder")
struct ClientAddressTests {
    @Test("a direct client's own address; behind a trusted proxy, the address it forwards; the query as sent")
    func clientAddress() async throws {
        let server = try startServer({ $0.trustedProxies = ["127.0.0.1"] }) { request in
            let echo = "\(request.clientAddress) \(request.query ?? "-") \(request.queryValue("minutes") ?? "-")"
            return HTTPResponse(status: 200, body: .bytes(Array(echo.utf8)))
        }
        defer { server.stop() }
        let port = server.port
        func echo(from source: String?, forwardedFor: String?, path: String = "/") async throws -> String {
            try await onOwnThread {
                let connection = try TestConnection(port: port, from: source)
                try connection.send(method: "GET", path: path, headers: forwardedFor.map { [("X-Forwarded-For", $0)] } ?? [])
                return RawResponse(try connection.readToEnd(timeout: .seconds(5))).text
            }
        }
        #expect(try await echo(from: nil, forwardedFor: "192.0.2.7") == "192.0.2.7 - -")
        #expect(try await echo(from: nil, forwardedFor: "198.51.100.7, 192.0.2.8") == "192.0.2.8 - -")
        #expect(try await echo(from: nil, forwardedFor: nil) == "127.0.0.1 - -")
        // 127.0.0.2 is no trusted proxy: what it forwards is ignored.
        #expect(try await echo(from: "127.0.0.2", forwardedFor: "203.0.113.3") == "127.0.0.2 - -")
        #expect(try await echo(from: "127.0.0.2", forwardedFor: nil, path: "/admin/refusals?minutes=5&x=a%20b") == "127.0.0.2 minutes=5&x=a%20b 5")
    }
}

/// The gateway's `limits` section sets the edge of the server `assist serve` runs.
@Suite("Connection defences configured by the gateway's limits")
struct GatewayEdgeLimitsTests {
    @Test("limits map to the server; a client over maxConnectionsPerAddress is refused with an id in the gateway's format")
    func limitsReachTheServer() async throws {
        let harness = try GatewayHarness(limits: [
            "headerTimeoutSeconds": 1, "maxConnectionsPerAddress": 2, "trustedProxies": ["10.0.0.2"], "maxConnections": 50,
            "reservedDescriptors": 100,
        ])
        let configuration = harness.server.configuration
        #expect(configuration.headerTimeoutSeconds == 1)
        #expect(configuration.maxConnectionsPerAddress == 2)
        #expect(configuration.trustedProxies == ["10.0.0.2"])
        #expect(configuration.connectionLimit == 50 && configuration.reservedDescriptors == 100)
        #expect(configuration.descriptorsPerConnection == 2)
        let port = harness.port
        let holders = try await onOwnThread { try Tricklers(port: port, count: 2, from: "127.0.0.2") }
        defer { holders.close() }
        let refused = try await onOwnThread {
            let connection = try TestConnection(port: port, from: "127.0.0.2")
            try connection.send(method: "GET", path: "/healthz")
            return RawResponse(try connection.readToEnd(timeout: .seconds(5)))
        }
        #expect(refused.status == 429 && refused.errorCode == ErrorCode.tooManyConnections.rawValue)
        // RequestID.make: `req_` and 16 base64url characters.
        let id = try #require(refused.headers["x-request-id"])
        #expect(id.hasPrefix("req_") && id.count == 20 && refused.errorRequestId == id)
        // The holders are closed at the header deadline, with a 408.
        try await onOwnThread { holders.trickle(every: .milliseconds(100), for: .seconds(3)) }
        #expect(holders.openCount == 0)
        #expect(holders.answers.map { RawResponse($0).status } == [408, 408])
    }
}
