@testable import AssistUpstream
import Testing

@Suite("Upstream: the response reader frames a response however its bytes are cut")
struct ResponseReaderTests {
    /// The head and body read from `bytes` fed in pieces of `piece` bytes, and how many bytes were used.
    static func read(_ text: String, piece: Int = .max, closed: Bool = false) throws -> (head: ResponseReader.Head?, body: String, complete: Bool, used: Int) {
        let bytes = Array(text.utf8)
        var reader = ResponseReader(maxHeadBytes: 1024)
        var body: [UInt8] = []
        var used = 0
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            let slice = Array(bytes[start..<end])
            let count = try slice.withUnsafeBufferPointer { try reader.feed($0) { body += $0 } }
            used += count
            if count < slice.count { break }
            start = end
        }
        if closed { try reader.closed() }
        return (reader.head, String(decoding: body, as: UTF8.self), reader.isComplete, used)
    }

    static let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/event-stream\r\n\r\n"
        + "8;ext=1\r\ndata: a\n\r\n9\r\ndata: bc\n\r\n0\r\nX-Trailer: yes\r\n\r\n"

    @Test("a chunked body, fed whole and a byte at a time")
    func chunked() throws {
        for piece in [Int.max, 1, 2, 5] {
            let read = try Self.read(Self.chunked, piece: piece)
            #expect(read.body == "data: a\ndata: bc\n")
            #expect(read.complete)
            #expect(read.head == ResponseReader.Head(status: 200, framing: .chunked, keepAlive: true))
            #expect(read.used == Self.chunked.utf8.count)
        }
    }

    @Test("a Content-Length body, cut at every point; bytes after its end are not used")
    func contentLength() throws {
        let text = "HTTP/1.1 400 Bad Request\r\ncontent-length: 5\r\n\r\nhello"
        for piece in 1...text.utf8.count {
            let read = try Self.read(text, piece: piece)
            #expect(read.body == "hello" && read.complete && read.head?.status == 400 && read.head?.keepAlive == true)
        }
        let extra = try Self.read(text + "HTTP/1.1 200 OK")
        #expect(extra.used == text.utf8.count)
    }

    @Test("a 100 Continue before the final head is skipped; a 101 is refused")
    func informational() throws {
        let read = try Self.read("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", piece: 3)
        #expect(read.head?.status == 200 && read.body == "ok")
        #expect(throws: ResponseReader.Failure.self) { try Self.read("HTTP/1.1 101 Switching Protocols\r\n\r\n") }
    }

    @Test("keep-alive: HTTP/1.1 unless Connection: close; HTTP/1.0 only when asked; never with both framings")
    func keepAlive() throws {
        #expect(try Self.read("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n").head?.keepAlive == false)
        #expect(try Self.read("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n").head?.keepAlive == false)
        #expect(try Self.read("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n").head?.keepAlive == true)
        let both = try Self.read("HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n")
        #expect(both.head?.framing == .chunked && both.head?.keepAlive == false && both.body == "x")
    }

    @Test("a body without a length ends with the connection; any other unfinished response is truncated")
    func untilClose() throws {
        let open = try Self.read("HTTP/1.1 200 OK\r\n\r\nall of it")
        #expect(!open.complete && open.body == "all of it" && open.head?.keepAlive == false)
        let closed = try Self.read("HTTP/1.1 200 OK\r\n\r\nall of it", closed: true)
        #expect(closed.complete)
        #expect(throws: ResponseReader.Failure.truncated) { try Self.read("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nhalf", closed: true) }
        #expect(throws: ResponseReader.Failure.truncated) { try Self.read(String(Self.chunked.dropLast(9)), closed: true) }
        #expect(throws: ResponseReader.Failure.truncated) { try Self.read("HTTP/1.1 200", closed: true) }
    }

    @Test("a bare LF ends a line, as RFC 9112 lets a recipient read it")
    func bareLF() throws {
        let read = try Self.read("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n2\nok\n0\n\n")
        #expect(read.body == "ok" && read.complete)
    }

    @Test("what would misframe the body is refused", arguments: [
        "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 3x\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length : 3\r\n\r\n",
        "HTTP/1.1 200 OK\r\nno colon\r\n\r\n",
        "HTTP/2 200 OK\r\n\r\n",
        "HTTP/1.1 2000 OK\r\n\r\n",
        "HTTP/1.1 099 Low\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1234567890abcdef0\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nxy\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nnot a field\r\n\r\n",
    ])
    func refused(_ text: String) {
        #expect(throws: ResponseReader.Failure.self) { try Self.read(text) }
    }

    @Test("a head over the limit is refused before it is all read")
    func headTooLarge() {
        let text = "HTTP/1.1 200 OK\r\nX-Long: " + String(repeating: "a", count: 2000) + "\r\n\r\n"
        #expect(throws: ResponseReader.Failure.headTooLarge) { try Self.read(text) }
    }

    @Test("204 and 304 have no body, whatever their fields say")
    func noBody() throws {
        let read = try Self.read("HTTP/1.1 204 No Content\r\n\r\n")
        #expect(read.complete && read.head?.keepAlive == true)
    }
}
