import AssistEventLoop
@testable import AssistUpstream
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The loop client against a raw upstream written here, so that each test decides what the upstream does with its
/// connections: keep them, close one while it is idle, stop mid-answer.
@Suite("Upstream: exchanges on an event loop keep, reuse, retry, pause and close connections", .serialized)
struct UpstreamExchangeTests {
    @Test("two calls in a row use one kept connection")
    func reuse() async throws {
        let server = try RawUpstream { connection, _ in
            while connection.readRequest() != nil { connection.write("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello") }
        }
        defer { server.stop() }
        let loop = try EventLoop(name: "upstream-test")
        defer { loop.shutdown() }
        for _ in 0..<2 {
            let recorder = try await Recorder.run(server.url, on: loop)
            #expect(recorder.status == 200 && recorder.body == "hello" && recorder.failure == nil)
        }
        #expect(server.connections == 1 && server.requests == 2)
    }

    @Test("a kept connection the upstream closed as the next call came is called again on a new one")
    func retry() async throws {
        let server = try RawUpstream { connection, index in
            _ = connection.readRequest()
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
            // The first connection reads the second request and closes without a byte: the upstream dropped it.
            if index == 0 { _ = connection.readRequest() }
        }
        defer { server.stop() }
        let loop = try EventLoop(name: "upstream-test")
        defer { loop.shutdown() }
        for _ in 0..<2 {
            let recorder = try await Recorder.run(server.url, on: loop)
            #expect(recorder.body == "ok" && recorder.failure == nil)
        }
        #expect(server.connections == 2)
    }

    @Test("a response cut short fails as closed early; a refused connection fails to connect")
    func failures() async throws {
        let server = try RawUpstream { connection, _ in
            _ = connection.readRequest()
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf")
        }
        let loop = try EventLoop(name: "upstream-test")
        defer { loop.shutdown() }
        let cut = try await Recorder.run(server.url, on: loop)
        #expect(cut.failure == .closedEarly && cut.body == "half")
        let url = server.url
        server.stop()
        let refused = try await Recorder.run(url, on: loop)
        guard case .connect = refused.failure else { Issue.record("expected a connect failure, got \(String(describing: refused.failure))"); return }
    }

    @Test("cancelling closes the connection: the upstream reads its end")
    func cancel() async throws {
        let closedAt = Mutex<ContinuousClock.Instant?>(nil)
        let server = try RawUpstream { connection, _ in
            _ = connection.readRequest()
            connection.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n")
            if connection.readRequest() == nil { closedAt.withLock { $0 = .now } }
        }
        defer { server.stop() }
        let loop = try EventLoop(name: "upstream-test")
        defer { loop.shutdown() }
        let recorder = Recorder()
        let exchange = try recorder.start(server.url, on: loop)
        try await recorder.waitForBody("abc")
        let cancelledAt = ContinuousClock.now
        _ = loop.onLoop { exchange.cancel() }
        for _ in 0..<500 where closedAt.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(2)) }
        let closed = try #require(closedAt.withLock { $0 })
        #expect(closed - cancelledAt < .seconds(1))
        #expect(recorder.failure == nil && !recorder.ended)
    }

    @Test("a delegate that pauses gets nothing more until it resumes")
    func pause() async throws {
        let server = try RawUpstream { connection, _ in
            _ = connection.readRequest()
            connection.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\none\r\n")
            Thread.sleep(forTimeInterval: 0.05)
            connection.write("3\r\ntwo\r\n0\r\n\r\n")
        }
        defer { server.stop() }
        let loop = try EventLoop(name: "upstream-test")
        defer { loop.shutdown() }
        let recorder = Recorder(pauseAfterFirst: true)
        let exchange = try recorder.start(server.url, on: loop)
        try await recorder.waitForBody("one")
        try await Task.sleep(for: .milliseconds(200))
        #expect(recorder.body == "one" && !recorder.ended)
        _ = loop.onLoop { exchange.resume() }
        try await recorder.waitForEnd()
        #expect(recorder.body == "onetwo" && recorder.failure == nil)
    }

    @Test("an exchange still running when its loop ends fails")
    func loopEnds() async throws {
        let server = try RawUpstream { connection, _ in
            _ = connection.readRequest()
            _ = connection.readRequest()  // answers nothing
        }
        defer { server.stop() }
        let loop = try EventLoop(name: "upstream-test")
        let recorder = Recorder()
        _ = try recorder.start(server.url, on: loop)
        for _ in 0..<500 where server.requests == 0 { try await Task.sleep(for: .milliseconds(2)) }
        loop.shutdown()
        try await recorder.waitForEnd()
        #expect(recorder.failure == .loopEnded)
    }
}

/// A delegate that records what it is told.
private final class Recorder: UpstreamExchangeDelegate, @unchecked Sendable {
    // `@unchecked Sendable`: its state is behind a Mutex; the delegate calls come on the loop, the reads from the test.
    private struct State { var status = 0; var body: [UInt8] = []; var failure: UpstreamFailure?; var ended = false }
    private let state = Mutex(State())
    private let pauseAfterFirst: Bool

    init(pauseAfterFirst: Bool = false) { self.pauseAfterFirst = pauseAfterFirst }

    var status: Int { state.withLock { $0.status } }
    var body: String { state.withLock { String(decoding: $0.body, as: UTF8.self) } }
    var failure: UpstreamFailure? { state.withLock { $0.failure } }
    var ended: Bool { state.withLock { $0.ended } }

    func start(_ url: String, on loop: EventLoop) throws -> UpstreamExchange {
        let target = try #require(UpstreamTarget(url: url))
        let exchange = UpstreamExchange(target: target, request: try #require(target.post(fields: [], body: Array("{}".utf8))), delegate: self)
        _ = loop.onLoop { UpstreamClient.on(loop).start(exchange) }
        return exchange
    }

    static func run(_ url: String, on loop: EventLoop) async throws -> Recorder {
        let recorder = Recorder()
        _ = try recorder.start(url, on: loop)
        try await recorder.waitForEnd()
        return recorder
    }

    func waitForEnd() async throws {
        for _ in 0..<2500 where !ended { try await Task.sleep(for: .milliseconds(2)) }
        #expect(ended)
    }

    func waitForBody(_ text: String) async throws {
        for _ in 0..<2500 where body != text { try await Task.sleep(for: .milliseconds(2)) }
        #expect(body == text)
    }

    func upstreamHead(status: Int) { state.withLock { $0.status = status } }

    func upstreamBody(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        state.withLock { $0.body += bytes }
        return !pauseAfterFirst
    }

    func upstreamEnded(_ failure: UpstreamFailure?) {
        state.withLock { state in
            state.failure = failure
            state.ended = true
        }
    }
}

/// An upstream on 127.0.0.1 whose every connection is handled by `handle` on a thread of its own.
private final class RawUpstream: @unchecked Sendable {
    // `@unchecked Sendable`: the counters are behind a Mutex; the descriptor is set once, before the threads start.
    final class Connection {
        let fd: Int32
        let counted: @Sendable () -> Void
        init(fd: Int32, counted: @escaping @Sendable () -> Void) {
            self.fd = fd
            self.counted = counted
        }

        /// Reads one request (head and Content-Length body); nil once the client has closed.
        func readRequest() -> [UInt8]? {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                if let end = bytes.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                    let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
                    let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                        .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
                    if bytes.count >= end + length {
                        counted()
                        return bytes
                    }
                }
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { return nil }
                bytes += buffer[0..<count]
            }
        }

        func write(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
    }

    private let listener: Int32
    let port: Int
    private final class Counts: Sendable { let value = Mutex((connections: 0, requests: 0)) }
    private let counts = Counts()
    var connections: Int { counts.value.withLock { $0.connections } }
    var requests: Int { counts.value.withLock { $0.requests } }
    var url: String { "http://127.0.0.1:\(port)/v1/chat/completions" }

    init(handle: @escaping @Sendable (Connection, Int) -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        try #require(bound)
        port = Int(UInt16(bigEndian: address.sin_port))
        let counts = counts
        Thread.detachNewThread {
            while true {
                let fd = accept(listener, nil, nil)
                guard fd >= 0 else { return }
                let index = counts.value.withLock { counts in
                    counts.connections += 1
                    return counts.connections - 1
                }
                Thread.detachNewThread {
                    handle(Connection(fd: fd) { counts.value.withLock { $0.requests += 1 } }, index)
                    close(fd)
                }
            }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
