import AssistHTTP
import AssistHTTPServer
import AssistTestSupport
import AssistWire
import Foundation
import Synchronization
import Testing

/// What a hostile or broken client gets at the HTTP edge: every rejection one JSON error with its own
/// request id, one response head per request, an answer at once to bytes that cannot be a request, no
/// second request smuggled behind the first, and an answer for a client that half-closed.
@Suite("HTTP edge: rejections, framing, smuggling, half-close")
struct HTTPEdgeTests {
    /// Paths the responder saw, to prove what never ran.
    final class Seen: Sendable {
        let paths = Mutex<[String]>([])
    }

    func echoServer(_ configure: (inout HTTPServer.Configuration) -> Void = { _ in }, seen: Seen = Seen()) throws -> HTTPServer {
        try startServer(configure) { request in
            seen.paths.withLock { $0.append(request.path) }
            if request.path == "/stream" {
                return HTTPResponse(status: 200, body: .stream { writer in
                    for i in 0..<3 { try? await writer.write(Array("part\(i);".utf8)) }
                })
            }
            return HTTPResponse(status: 200, headers: [(.contentType, "text/plain")],
                                body: .bytes(Array("\(request.method) \(request.path) \(request.body.count)".utf8)))
        }
    }

    static let rejections: [(name: String, bytes: [UInt8], status: Int, code: ErrorCode)] = [
        ("URI over the head limit", Array("GET /\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8), 414, .uriTooLong),
        ("header over the head limit", Array("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\n\r\n".utf8),
         431, .headersTooLarge),
        ("HTTP/2.0 request line", Array("GET / HTTP/2.0\r\nHost: x\r\n\r\n".utf8), 505, .httpVersionNotSupported),
        ("negative Content-Length", Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n".utf8), 400, .invalidRequest),
        ("Content-Length beyond 64 bits", Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n".utf8),
         413, .payloadTooLarge),
        ("HTTP/1.1 without Host", Array("GET / HTTP/1.1\r\n\r\n".utf8), 400, .invalidRequest),
    ]

    @Test("a rejection by the edge is one JSON error with Content-Type, X-Request-Id and the same id in the body",
          arguments: rejections.indices)
    func rejectionIsJSON(index: Int) async throws {
        let (name, bytes, status, code) = Self.rejections[index]
        let server = try echoServer()
        defer { server.stop() }
        let response = RawResponse(try await rawExchange(port: server.port, bytes))
        #expect(response.headCount == 1, "\(name)")
        #expect(response.status == status, "\(name)")
        #expect(response.headers["content-type"] == "application/json", "\(name)")
        #expect(response.errorCode == code.rawValue, "\(name)")
        let id = try #require(response.headers["x-request-id"], "\(name)")
        #expect(id.hasPrefix("req_") && id.count == 20, "\(name)")
        #expect(response.errorRequestId == id, "\(name)")
        #expect(response.headers["connection"] == "close", "\(name)")
    }

    @Test("every rejection gets a fresh request id")
    func freshIDs() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let bad = Array("GET / HTTP/9.9\r\nHost: x\r\n\r\n".utf8)
        let first = RawResponse(try await rawExchange(port: server.port, bad)).headers["x-request-id"]
        let second = RawResponse(try await rawExchange(port: server.port, bad)).headers["x-request-id"]
        #expect(first != nil && first != second)
    }

    @Test("an 8 KB Cookie, or a head over 8 KiB, is one 431; a large header within the limits gets one head and its whole stream")
    func oneHeadForLargeHeaders() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let token = String(repeating: "t", count: 7_900)
        let fits = RawResponse(try await rawExchange(port: server.port, Array(
            "GET /stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer abc\r\nX-Assist-Integrity: \(token)\r\n\r\n".utf8), until: "0\r\n\r\n"))
        #expect(fits.headCount == 1)
        #expect(fits.status == 200)
        #expect(fits.text.contains("part0;") && fits.text.contains("part2;"))
        for head in ["Cookie: a=\(String(repeating: "b", count: 8_000))", "X-Assist-Integrity: \(token)\(token)"] {
            let over = RawResponse(try await rawExchange(port: server.port, Array("GET /stream HTTP/1.1\r\nHost: x\r\n\(head)\r\n\r\n".utf8)))
            #expect(over.headCount == 1)
            #expect(over.status == 431)
            #expect(over.errorCode == ErrorCode.headersTooLarge.rawValue)
        }
    }

    @Test("a head at every limit at once (8 KiB; 64 fields: a query parameter, 11 headers, 52 cookie pairs in 2 KiB) is served: one head, the whole stream")
    func headAtTheLimits() async throws {
        let server = try echoServer()
        defer { server.stop() }
        var cookie = (0..<52).map { "c\($0)=\(String(repeating: "v", count: 30))" }.joined(separator: "; ")
        cookie += String(repeating: "v", count: 2047 - cookie.utf8.count)
        let headers = (0..<9).map { "X-Field-\($0): \(String(repeating: "h", count: 20))\r\n" }.joined()
        var head = "GET /stream?q=1 HTTP/1.1\r\nHost: x\r\n\(headers)Cookie: \(cookie)\r\nX-Pad: "
        head += String(repeating: "p", count: 8192 - head.utf8.count - 4) + "\r\n\r\n"
        #expect(head.utf8.count == 8192)
        let response = RawResponse(try await rawExchange(port: server.port, Array(head.utf8), until: "0\r\n\r\n"))
        #expect(response.headCount == 1)
        #expect(response.status == 200)
        #expect(response.text.contains("part0;") && response.text.contains("part2;"))
        // One byte, one cookie byte or one field more: one 431.
        for over in [head.replacingOccurrences(of: "X-Pad: ", with: "X-Pad: p"), head.replacingOccurrences(of: "Cookie: ", with: "Cookie: v"),
                     head.replacingOccurrences(of: "X-Pad: pppppp", with: "X:\r\nX-Pad: pp")] {
            #expect(over.utf8.count <= 8193)
            let refused = RawResponse(try await rawExchange(port: server.port, Array(over.utf8)))
            #expect(refused.headCount == 1 && refused.status == 431 && refused.errorCode == ErrorCode.headersTooLarge.rawValue)
        }
    }

    @Test("a client that waits for 100 Continue gets it, then its answer")
    func expectContinue() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let port = server.port
        let (interim, final): ([UInt8], RawResponse) = try await onOwnThread {
            let connection = try TestConnection(port: port)
            try connection.sendAll(Array("POST /up HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\nConnection: close\r\n\r\n".utf8))
            let interim = try connection.read(until: "\r\n\r\n", timeout: .seconds(5))
            try connection.sendAll(Array("hello".utf8))
            return (interim, RawResponse(try connection.readToEnd(timeout: .seconds(5))))
        }
        #expect(String(decoding: interim, as: UTF8.self).hasPrefix("HTTP/1.1 100"))
        #expect(final.status == 200 && final.text == "POST /up 5")
    }

    @Test("many small fields (headers, cookie pairs, query parameters) are refused once, with one 431 or 414")
    func tooManyFields() async throws {
        let server = try echoServer()
        defer { server.stop() }
        let pairs = (0..<900).map { "c\($0)=1" }.joined(separator: "; ")
        let cookies = RawResponse(try await rawExchange(port: server.port, Array("GET / HTTP/1.1\r\nHost: x\r\nCookie: \(pairs)\r\n\r\n".utf8)))
        #expect(cookies.headCount == 1 && cookies.status == 431 && cookies.errorCode == ErrorCode.headersTooLarge.rawValue)
        let query = String(repeating: "a&", count: 1500)
        let arguments = RawResponse(try await rawExchange(port: server.port, Array("GET /?\(query) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)))
        #expect(arguments.headCount == 1 && arguments.errorCode != nil)
        let headers = (0..<600).map { "X-\($0): 1\r\n" }.joined()
        let many = RawResponse(try await rawExchange(port: server.port, Array("GET / HTTP/1.1\r\nHost: x\r\n\(headers)\r\n".utf8)))
        #expect(many.headCount == 1 && many.status == 431)
    }

    static let garbage: [(name: String, bytes: [UInt8])] = [
        ("binary request line", [0x00, 0x01, 0x02, 0xFF, 0xFE] + Array(" binary\r\n\r\n".utf8)),
        ("binary without a line end", [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00]),
        ("Transfer-Encoding: gzip, chunked", Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8)),
        ("bare LF line ends", Array("GET / HTTP/1.1\nHost: x\n\n".utf8)),
        ("space before the colon", Array("GET / HTTP/1.1\r\nHost : x\r\n\r\n".utf8)),
        ("folded header line", Array("GET / HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n 2\r\n\r\n".utf8)),
        ("malformed chunk size", Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n".utf8)),
    ]

    @Test("bytes that cannot be a request get a 400 JSON error at once and the connection is closed", arguments: garbage.indices)
    func garbageRefusedAtOnce(index: Int) async throws {
        let (name, bytes) = Self.garbage[index]
        let server = try echoServer()
        defer { server.stop() }
        let started = ContinuousClock.now
        let response = RawResponse(try await rawExchange(port: server.port, bytes, timeout: .seconds(5)))
        #expect(ContinuousClock.now - started < .seconds(2), "\(name)")
        #expect(response.headCount == 1, "\(name)")
        #expect(response.status == 400, "\(name)")
        #expect(response.errorCode == ErrorCode.invalidRequest.rawValue, "\(name)")
    }

    static let smuggling: [(name: String, bytes: [UInt8])] = [
        ("two different Content-Length headers",
         Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 30\r\n\r\nhelloGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("two equal Content-Length headers",
         Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nhelloGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("a Content-Length list", Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 5\r\n\r\nhello".utf8)),
        ("Content-Length and Transfer-Encoding",
         Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        ("Transfer-Encoding: identity", Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\n\r\nGET /smuggled HTTP/1.1\r\n\r\n".utf8)),
        ("two Transfer-Encoding headers",
         Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8)),
        ("Transfer-Encoding in HTTP/1.0", Array("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8)),
    ]

    @Test("ambiguous framing is a 400 and closes the connection: nothing behind the first request ever runs", arguments: smuggling.indices)
    func noSmuggling(index: Int) async throws {
        let (name, bytes) = Self.smuggling[index]
        let seen = Seen()
        let server = try echoServer(seen: seen)
        defer { server.stop() }
        let response = RawResponse(try await rawExchange(port: server.port, bytes, timeout: .seconds(5)))
        #expect(response.headCount == 1, "\(name)")
        #expect(response.status == 400, "\(name)")
        #expect(response.errorCode == ErrorCode.invalidRequest.rawValue, "\(name)")
        #expect(seen.paths.withLock { $0 }.isEmpty, "\(name)")
    }

    static let lastThenSmuggled: [(name: String, bytes: [UInt8])] = [
        ("after a complete HTTP/1.0 request", Array("POST / HTTP/1.0\r\nContent-Length: 5\r\n\r\nhelloGET /smuggled HTTP/1.0\r\n\r\n".utf8)),
        ("after a request that asked to close",
         Array("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
    ]

    @Test("a request behind one that said it was the last never runs: the first is answered, the connection closed",
          arguments: lastThenSmuggled.indices)
    func nothingAfterTheLast(index: Int) async throws {
        let (name, bytes) = Self.lastThenSmuggled[index]
        let seen = Seen()
        let server = try echoServer(seen: seen)
        defer { server.stop() }
        let response = RawResponse(try await rawExchange(port: server.port, bytes, timeout: .seconds(5)))
        #expect(response.headCount == 1 && response.status == 200, "\(name)")
        #expect(response.headers["connection"] == "close", "\(name)")
        #expect(seen.paths.withLock { $0 } == ["/"], "\(name)")
    }

    @Test("pipelined requests on a kept-alive connection are each answered once, in order; a chunked body is decoded")
    func pipelinedInOrder() async throws {
        let seen = Seen()
        let server = try echoServer(seen: seen)
        defer { server.stop() }
        let chunked = RawResponse(try await rawExchange(port: server.port, Array(
            "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n3;ext=1\r\nabc\r\n0\r\n\r\n".utf8)))
        #expect(chunked.status == 200 && chunked.text == "POST /c 8")
        let raw = try await rawExchange(port: server.port, Array(
            "GET /first HTTP/1.1\r\nHost: x\r\n\r\nGET /second HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        let text = String(decoding: raw, as: UTF8.self)
        #expect(text.components(separatedBy: "HTTP/1.1 200 OK\r\n").count - 1 == 2)
        #expect(text.hasSuffix("GET /second 0") && text.contains("GET /first 0HTTP/1.1 200 OK"))
        #expect(seen.paths.withLock { $0 } == ["/c", "/first", "/second"])
    }

    @Test("a client that half-closes after its whole request still gets its answer", arguments: ["bytes", "stream"])
    func halfCloseGetsAnswer(kind: String) async throws {
        let server = try startServer { request in
            // Answer after the FIN has surely arrived.
            try? await Task.sleep(for: .milliseconds(100))
            if request.path == "/stream" {
                return HTTPResponse(status: 200, body: .stream { writer in
                    for i in 0..<3 {
                        try? await writer.write(Array("part\(i);".utf8))
                        try? await Task.sleep(for: .milliseconds(20))
                    }
                })
            }
            return HTTPResponse(status: 200, body: .bytes(Array("answer to \(String(decoding: request.body, as: UTF8.self))".utf8)))
        }
        defer { server.stop() }
        let path = kind == "stream" ? "/stream" : "/"
        let raw = try await rawExchange(port: server.port, Array("POST \(path) HTTP/1.0\r\nContent-Length: 5\r\n\r\nhello".utf8), finish: true)
        let response = RawResponse(raw)
        #expect(response.status == 200)
        #expect(response.text == (kind == "stream" ? "part0;part1;part2;" : "answer to hello"))
    }
}
