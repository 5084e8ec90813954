@testable import AssistHTTPServer
import Testing

/// The connection state machine alone, without sockets: bytes and the responder's answer in, actions out.
@Suite("HTTP/1.1 connection machine: keep-alive, pipelining, bodies, refusals, half-close")
struct HTTP1ConnectionTests {
    static let limits = HTTP1Connection.Limits(maxHeaderBytes: 8192, maxHeaderFields: 64, maxCookieBytes: 2048, maxBodyBytes: 64,
                                               maxBufferedBytes: 256)
    static let date = "Wed, 02 Dec 2026 10:00:00 GMT"

    func machine() -> HTTP1Connection {
        HTTP1Connection(limits: Self.limits) { rejection in Array("REFUSED \(rejection.status) \(rejection.message)".utf8) }
    }

    /// The requests delivered among `actions`.
    func delivered(_ actions: [HTTP1Connection.Action]) -> [HTTP1Connection.Request] {
        actions.compactMap { if case .deliver(let request) = $0 { request } else { nil } }
    }

    /// Everything written among `actions`, as text.
    func written(_ actions: [HTTP1Connection.Action]) -> String {
        var bytes: [UInt8] = []
        for case .write(let chunk) in actions { bytes += chunk }
        return String(decoding: bytes, as: UTF8.self)
    }

    func ok(_ connection: inout HTTP1Connection, _ body: String = "hi", headers: [(name: String, value: String)] = []) -> [HTTP1Connection.Action] {
        connection.respond(status: 200, reason: "OK", headers: headers, body: .bytes(Array(body.utf8)), date: Self.date)
    }

    @Test("keep-alive by default in HTTP/1.1: a response with its length, then the next request on the same connection")
    func keepAlive() {
        var connection = machine()
        let first = connection.received(Array("GET /a HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n".utf8))
        let request = delivered(first).first
        #expect(request?.head.target == "/a" && request?.head.fields == [RequestField(name: "Host", value: "x"), RequestField(name: "Accept", value: "*/*")])
        let answer = ok(&connection)
        #expect(written(answer) == "HTTP/1.1 200 OK\r\nDate: \(Self.date)\r\nContent-Length: 2\r\n\r\nhi")
        #expect(!answer.contains(.close) && connection.waiting == .idle)
        #expect(delivered(connection.received(Array("GET /b HTTP/1.1\r\nHost: x\r\n\r\n".utf8))).first?.head.target == "/b")
    }

    @Test("pipelined requests are answered in order: the second is delivered only once the first's response has ended")
    func pipelining() {
        var connection = machine()
        let actions = connection.received(Array("GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(delivered(actions).map(\.head.target) == ["/1"])
        #expect(delivered(ok(&connection)).map(\.head.target) == ["/2"])
        #expect(delivered(ok(&connection)).isEmpty && connection.waiting == .idle)
    }

    @Test("reading pauses while more than the bound of later requests waits, and resumes when the response ends")
    func backPressure() {
        var connection = machine()
        _ = connection.received(Array("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let flood = connection.received([UInt8](repeating: UInt8(ascii: "G"), count: 300))
        #expect(flood == [.pauseReading])
        let after = ok(&connection)
        #expect(after.contains(.resumeReading))
    }

    @Test("Connection: close, and HTTP/1.0 without keep-alive, end the connection after the response, which says so")
    func closing() {
        var connection = machine()
        _ = connection.received(Array("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
        let answer = ok(&connection)
        #expect(written(answer).contains("Connection: close\r\n") && answer.last == .close)

        var old = machine()
        _ = old.received(Array("GET / HTTP/1.0\r\n\r\n".utf8))
        #expect(ok(&old).last == .close)

        var kept = machine()
        _ = kept.received(Array("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".utf8))
        let keptAnswer = ok(&kept)
        #expect(written(keptAnswer).contains("Connection: keep-alive\r\n") && !keptAnswer.contains(.close))
    }

    @Test("a responder's own framing fields are replaced by the machine's; HEAD gets the length without the body; 204 gets neither")
    func framing() {
        var connection = machine()
        _ = connection.received(Array("HEAD / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let head = ok(&connection, "four", headers: [("Content-Length", "99"), ("Connection", "keep-alive"), ("X-A", "1")])
        #expect(written(head) == "HTTP/1.1 200 OK\r\nDate: \(Self.date)\r\nX-A: 1\r\nContent-Length: 4\r\n\r\n")
        _ = connection.received(Array("DELETE /x HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let empty = connection.respond(status: 204, reason: "No Content", headers: [], body: .bytes([]), date: Self.date)
        #expect(written(empty) == "HTTP/1.1 204 No Content\r\nDate: \(Self.date)\r\n\r\n")
    }

    @Test("a stream is chunked in HTTP/1.1 and ends with the last chunk; in HTTP/1.0 it is delimited by the close")
    func streams() {
        var connection = machine()
        _ = connection.received(Array("GET /s HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let head = connection.respond(status: 200, reason: "OK", headers: [("Content-Type", "text/event-stream")], body: .stream, date: Self.date)
        #expect(written(head).hasSuffix("Content-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"))
        #expect(written(connection.sendBody(Array("data: hello\n\n".utf8))) == "d\r\ndata: hello\n\n\r\n")
        #expect(connection.sendBody([]).isEmpty)
        let end = connection.endBody()
        #expect(written(end) == "0\r\n\r\n" && !end.contains(.close) && connection.waiting == .idle)

        var old = machine()
        _ = old.received(Array("GET /s HTTP/1.0\r\n\r\n".utf8))
        let oldHead = old.respond(status: 200, reason: "OK", headers: [], body: .stream, date: Self.date)
        #expect(written(oldHead).contains("Connection: close\r\n") && !written(oldHead).contains("chunked"))
        #expect(written(old.sendBody(Array("abc".utf8))) == "abc")
        #expect(old.endBody() == [.close])
    }

    @Test("a body by Content-Length may arrive in pieces; a chunked one is decoded, trailers dropped")
    func bodies() {
        var connection = machine()
        #expect(delivered(connection.received(Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhe".utf8))).isEmpty)
        #expect(connection.waiting == .request)
        #expect(delivered(connection.received(Array("llo".utf8))).first?.body == Array("hello".utf8))
        _ = ok(&connection)
        let chunked = connection.received(Array("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n2\r\nde\r\n0\r\nT: 1\r\n\r\n".utf8))
        #expect(delivered(chunked).first?.body == Array("abcde".utf8))
    }

    @Test("Expect: 100-continue is answered once before the body; a body over the cap is flagged, not continued, and dropped")
    func continueAndCap() {
        var connection = machine()
        let head = connection.received(Array("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n".utf8))
        #expect(written(head) == "HTTP/1.1 100 Continue\r\n\r\n" && delivered(head).isEmpty)
        #expect(delivered(connection.received(Array("abc".utf8))).first?.body == Array("abc".utf8))

        var large = machine()
        let flagged = large.received(Array("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 65\r\n\r\n".utf8))
        #expect(written(flagged).isEmpty && delivered(flagged).first?.bodyTooLarge == true)
        #expect(large.received([UInt8](repeating: 0, count: 65)).isEmpty)
        let answer = large.respond(status: 413, reason: "Content Too Large", headers: [], body: .bytes([]), date: Self.date)
        #expect(written(answer).contains("Connection: close\r\n") && answer.last == .lingerAndClose)

        var chunkedLarge = machine()
        let body = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n41\r\n" + String(repeating: "a", count: 65) + "\r\n0\r\n\r\n"
        let refused = chunkedLarge.received(Array(body.utf8))
        #expect(delivered(refused).isEmpty && written(refused).hasPrefix("REFUSED 413"))
    }

    @Test("a body over the cap with a length is read and dropped before its request is delivered, flagged; cut short, it is a 400")
    func drainedBody() {
        var connection = machine()
        #expect(connection.received(Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n".utf8) + [UInt8](repeating: 1, count: 60)).isEmpty)
        #expect(connection.waiting == .request)
        let rest = connection.received([UInt8](repeating: 1, count: 40) + Array("GET /next HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(delivered(rest).map(\.bodyTooLarge) == [true] && delivered(rest).first?.body == [])
        #expect(delivered(ok(&connection)).isEmpty)

        var cut = machine()
        _ = cut.received(Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc".utf8))
        #expect(written(cut.peerClosed()) == "REFUSED 400 the request ended before its body did")
    }

    @Test("a request smuggled behind one that said it was the last is never read, whether it comes with it or after it")
    func smuggling() {
        let last = "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", smuggled = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"
        var together = machine()
        #expect(delivered(together.received(Array((last + smuggled).utf8))).map(\.head.target) == ["/"])
        let answer = ok(&together)
        #expect(delivered(answer).isEmpty && answer.last == .lingerAndClose)

        var after = machine()
        #expect(delivered(after.received(Array(last.utf8))).map(\.head.target) == ["/"])
        #expect(after.received(Array(smuggled.utf8)).isEmpty)
        let later = ok(&after)
        #expect(delivered(later).isEmpty && later.last == .lingerAndClose)
    }

    @Test("refusals: ambiguous framing, a malformed head, a malformed chunk; each answered and lingered")
    func refusals() {
        for request in ["POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
                        "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                        "GET / HTTP/1.1\nHost: x\n\n", "GET / HTTP/1.1\r\n\r\n",
                        "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"] {
            var connection = machine()
            let actions = connection.received(Array(request.utf8))
            #expect(delivered(actions).isEmpty, "\(request)")
            #expect(written(actions).hasPrefix("REFUSED 400") && actions.last == .lingerAndClose, "\(request)")
            #expect(connection.received(Array("more".utf8)).isEmpty && connection.waiting == .closed)
        }
    }

    @Test("a FIN: idle closes; mid-head or mid-body is a 400; before the response a half-close (still answered); mid-stream the client left")
    func peerFinishing() {
        var idle = machine()
        #expect(idle.peerClosed() == [.close])

        var midHead = machine()
        _ = midHead.received(Array("GET / HTT".utf8))
        #expect(written(midHead.peerClosed()) == "REFUSED 400 the request ended before its head did")

        var midBody = machine()
        _ = midBody.received(Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nab".utf8))
        #expect(written(midBody.peerClosed()) == "REFUSED 400 the request ended before its body did")

        var halfClosed = machine()
        _ = halfClosed.received(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(halfClosed.peerClosed().isEmpty)
        let answer = ok(&halfClosed)
        #expect(written(answer).hasPrefix("HTTP/1.1 200 OK") && answer.last == .close)

        var streaming = machine()
        _ = streaming.received(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        _ = streaming.respond(status: 200, reason: "OK", headers: [], body: .stream, date: Self.date)
        #expect(streaming.peerClosed() == [.clientGone, .close])
        #expect(streaming.sendBody(Array("late".utf8)).isEmpty)
    }

    @Test("a reset stops the responder; deadlines close an idle connection quietly and answer a partial request with 408")
    func resetsAndDeadlines() {
        var handling = machine()
        _ = handling.received(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(handling.waiting == .responder && handling.deadlinePassed().isEmpty)
        #expect(handling.connectionReset() == [.clientGone, .close])

        var idle = machine()
        #expect(idle.deadlinePassed() == [.close])
        var partial = machine()
        _ = partial.received(Array("GET / HTTP/1.1\r\nHo".utf8))
        #expect(written(partial.deadlinePassed()).hasPrefix("REFUSED 408"))
    }
}
