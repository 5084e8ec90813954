import AssistHTTP

/// One HTTP/1.x connection as a pure state machine (RFC 9112), in the manner of swift-nio's: the socket's bytes
/// and the responder's answer go in as events, and what to do comes out as actions, in order. It owns no
/// socket, thread or clock, so every rule is tested without them; the loop that owns the socket carries the
/// actions out.
///
/// - **One request at a time.** The next head is read only once the response to the last has ended, so
///   pipelined requests are answered in order: their bytes wait in the buffer, and reading pauses while more
///   than `maxBufferedBytes` wait.
/// - **Keep-alive** is HTTP/1.1's default and HTTP/1.0's on request. `Connection: close`, an HTTP/1.0 stream
///   (which the close delimits), a refusal, a body over the cap and a client that has finished sending end the
///   connection after the response.
/// - **Bodies**: by `Content-Length` or chunked (decoded here), `Expect: 100-continue` answered before the body
///   is read. A body over `maxBodyBytes` with a length is read and dropped, under the request's deadline, and
///   its request delivered flagged (`Request.bodyTooLarge`, at once when the client awaits `100 Continue`), so
///   the responder decides the answer in its own order (authentication first, then 413); a chunked one is 413.
/// - **Refusals** are the edge's (`HeadParser`, `ChunkedBody`): a malformed or ambiguous head or chunk, a head
///   past its deadline. The answer is written and the connection lingers (`lingerAndClose`) so the client reads
///   it rather than a reset. Bytes after a request that said it was the last (a smuggling attempt) are never
///   read as a request, whenever they arrive: that request is answered, and the rest dropped unread.
/// - **The client finishing** (a FIN) before the response has started is a half-close: the request is still
///   answered. Once a response is streaming it means the client left (`clientGone`).
struct HTTP1Connection {
    struct Limits: Sendable {
        var maxHeaderBytes: Int
        var maxHeaderFields: Int
        var maxCookieBytes: Int
        var maxBodyBytes: Int
        /// Bytes of later requests kept while one is being answered; past it, reading pauses.
        var maxBufferedBytes: Int
    }

    /// A request whose head and body are both in.
    struct Request: Equatable {
        var head: RequestHead
        var body: [UInt8]
        var bodyTooLarge: Bool
    }

    enum Action: Equatable {
        /// Hand the request to the responder, which answers with `respond`.
        case deliver(Request)
        case write([UInt8])
        /// Close once what was written has been sent.
        case close
        /// Shut the write side once what was written has been sent, then read and drop what the client still
        /// sends until it closes (or the linger time passes), so it reads the answer instead of a reset.
        case lingerAndClose
        /// Nobody will read the answer: stop the responder.
        case clientGone
        case pauseReading
        case resumeReading
    }

    enum ResponseBody: Equatable {
        case bytes([UInt8])
        /// Sent by `sendBody` and ended by `endBody`: chunked for HTTP/1.1, delimited by the close for 1.0.
        case stream
    }

    /// What a deadline means in the current state (the owner arms its timer accordingly).
    enum Waiting: Equatable {
        /// Between requests, nothing of the next one yet: the idle timeout closes quietly.
        case idle
        /// Part of a request has arrived: the header deadline answers 408.
        case request
        /// The responder has the request: its own deadlines apply.
        case responder
        case closed
    }

    private enum State {
        case idle
        case receiving
        case handling(Answering)
        /// `sendsBody` false for a HEAD request's answer, which has the head only.
        case streaming(sendsBody: Bool, chunked: Bool)
        case closed
    }

    /// What answering a request needs of its head; the head itself is not kept while the answer streams, which
    /// may last minutes (its fields were half a kilobyte of every idle stream's memory).
    private struct Answering {
        var isHead: Bool
        var http10: Bool
        init(_ head: RequestHead) {
            isHead = head.method == "HEAD"
            http10 = head.minorVersion == 0
        }
    }

    let limits: Limits
    /// The bytes of a refusal's answer (`EdgeResponse.bytes` with a fresh request id in the server).
    private let refusal: (EdgeRejection) -> [UInt8]
    private var state = State.idle
    private var buffer: [UInt8] = []
    /// `100 Continue` was sent for the request being received.
    private var continueSent = false
    /// The client has sent a FIN.
    private var peerFinished = false
    /// A body over the cap is being dropped: everything the client sends from now on is.
    private var discardingInput = false
    /// A body over the cap being read and dropped before its request is delivered flagged: the request, and the
    /// body's bytes still to come.
    private var drainingBody: (head: RequestHead, remaining: Int)?
    /// The connection ends after the current response.
    private var closeAfterResponse = false
    private var readingPaused = false

    init(limits: Limits, refusal: @escaping (EdgeRejection) -> [UInt8]) {
        self.limits = limits
        self.refusal = refusal
    }

    var waiting: Waiting {
        switch state {
        case .idle: buffer.isEmpty && drainingBody == nil ? .idle : .request
        case .receiving: .request
        case .handling, .streaming: .responder
        case .closed: .closed
        }
    }

    // MARK: Events from the socket

    mutating func received(_ bytes: some Collection<UInt8>) -> [Action] {
        if case .closed = state { return [] }
        if peerFinished { return [] }
        if let draining = drainingBody {
            // Bytes of a body over the cap: counted and dropped; what follows it is never read (the connection
            // ends after the answer).
            let remaining = draining.remaining - min(draining.remaining, bytes.count)
            guard remaining == 0 else {
                drainingBody = (draining.head, remaining)
                return []
            }
            drainingBody = nil
            return deliverTooLarge(draining.head)
        }
        if discardingInput || closeAfterResponse && !bytes.isEmpty {
            // After the last request (or a body over the cap): dropped unread, and the close lingers.
            discardingInput = true
            return []
        }
        buffer.append(contentsOf: bytes)
        switch state {
        case .idle, .receiving: return advance()
        case .handling, .streaming:
            guard !readingPaused, buffer.count > limits.maxBufferedBytes else { return [] }
            readingPaused = true
            return [.pauseReading]
        case .closed: return []
        }
    }

    /// The client sent a FIN: it sends nothing more (it closed, or only shut its sending side).
    mutating func peerClosed() -> [Action] {
        peerFinished = true
        switch state {
        case .idle where buffer.isEmpty:
            state = .closed
            return [.close]
        case .idle, .receiving:
            if discardingInput { return [] }  // the request was delivered; its rest no longer matters
            return refuse(.invalid(drainingBody == nil && (buffer.isEmpty || HeadParser.isIncompleteHead(buffer, limits: limits))
                                   ? "the request ended before its head did" : "the request ended before its body did"))
        case .handling:
            closeAfterResponse = true
            return []
        case .streaming:
            state = .closed
            return [.clientGone, .close]
        case .closed:
            return []
        }
    }

    /// The socket failed or was reset: the client is gone.
    mutating func connectionReset() -> [Action] {
        defer { state = .closed }
        switch state {
        case .handling, .streaming: return [.clientGone, .close]
        case .idle, .receiving: return [.close]
        case .closed: return []
        }
    }

    /// The deadline for the current `waiting` passed.
    mutating func deadlinePassed() -> [Action] {
        switch waiting {
        case .idle:
            state = .closed
            return [.close]
        case .request: return refuse(.timeout)
        case .responder, .closed: return []
        }
    }

    // MARK: Events from the responder

    /// The response's head, and its whole body unless it streams. `date` is the `Date` field's value.
    mutating func respond(status: Int, reason: String, headers: [(name: String, value: String)], body: ResponseBody,
                          date: String) -> [Action] {
        guard case .handling(let request) = state else { return [] }
        // 1xx, 204 and 304 carry no body and no length (RFC 9110 §8.6); a HEAD answer has the length, not the body.
        let statusHasBody = status >= 200 && status != 204 && status != 304
        let noBody = request.isHead || !statusHasBody
        let http10 = request.http10
        if headers.contains(where: { ASCIICase.equals($0.name, "connection") && $0.value.lowercased().contains("close") })
            || (body == .stream && http10) {
            closeAfterResponse = true
        }
        let keepAlive = !closeAfterResponse
        // Written straight into bytes, names compared without lowercased copies: once per response.
        var out: [UInt8] = []
        if case .bytes(let bytes) = body, !noBody { out.reserveCapacity(256 + bytes.count) } else { out.reserveCapacity(256) }
        func put(_ text: String) { out.append(contentsOf: text.utf8) }
        func endLine() { out.append(HTTPBytes.cr); out.append(HTTPBytes.lf) }
        put("HTTP/1.1 "); put(String(status)); put(" "); put(reason); endLine()
        put("Date: "); put(date); endLine()
        for field in headers where !ASCIICase.equals(field.name, "connection") && !ASCIICase.equals(field.name, "content-length")
            && !ASCIICase.equals(field.name, "transfer-encoding") {
            put(field.name); put(": "); put(field.value); endLine()
        }
        let chunked = body == .stream && !http10 && !noBody
        switch body {
        case .bytes(let bytes) where statusHasBody: put("Content-Length: "); put(String(bytes.count)); endLine()
        case .stream where chunked: put("Transfer-Encoding: chunked"); endLine()
        default: break
        }
        if !keepAlive { put("Connection: close"); endLine() } else if http10 { put("Connection: keep-alive"); endLine() }
        endLine()
        switch body {
        case .bytes(let bytes):
            if !noBody { out.append(contentsOf: bytes) }
            return [.write(out)] + responseEnded()
        case .stream:
            state = .streaming(sendsBody: !request.isHead, chunked: chunked)
            return [.write(out)]
        }
    }

    /// Bytes of a streamed body, framed as the response is.
    mutating func sendBody(_ bytes: [UInt8]) -> [Action] {
        guard let chunked = bodyIsChunked, !bytes.isEmpty else { return [] }
        guard chunked else { return [.write(bytes)] }
        var framed = [UInt8](repeating: 0, count: Self.chunkRoom) + bytes + [0, 0]
        let start = Self.frameChunk(&framed, start: Self.chunkRoom, count: bytes.count)
        return [.write(Array(framed[start...]))]
    }

    /// How the streamed body's bytes go out: nil when they do not (HEAD, or no stream), else whether each piece
    /// is a chunk (`frameChunk`) or sent as it is (HTTP/1.0, delimited by the close).
    var bodyIsChunked: Bool? {
        guard case .streaming(let sendsBody, let chunked) = state, sendsBody else { return nil }
        return chunked
    }

    /// Room a chunk's size line needs before its data: up to 16 hex digits and CRLF.
    static let chunkRoom = 18
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Frames `count` bytes lying at `buffer[start..<start + count]` as one chunk, in place: its size line is
    /// written just before them and CRLF just after (the caller leaves room: `chunkRoom` bytes before, 2 after).
    /// Returns where the chunk starts; it ends 2 bytes after the data.
    static func frameChunk(_ buffer: inout [UInt8], start: Int, count: Int) -> Int {
        let digits = hexDigits
        var position = start
        buffer[position - 1] = HTTPBytes.lf
        buffer[position - 2] = HTTPBytes.cr
        position -= 2
        var value = count
        repeat {
            position -= 1
            buffer[position] = digits[value & 0xF]
            value >>= 4
        } while value > 0
        buffer[start + count] = HTTPBytes.cr
        buffer[start + count + 1] = HTTPBytes.lf
        return position
    }

    /// The streamed body is complete.
    mutating func endBody() -> [Action] {
        guard case .streaming(_, let chunked) = state else { return [] }
        return (chunked ? [.write(Array("0\r\n\r\n".utf8))] : []) + responseEnded()
    }

    // MARK: Inside

    /// After a response: the next request, or the end of the connection.
    private mutating func responseEnded() -> [Action] {
        if closeAfterResponse || peerFinished {
            state = .closed
            return [discardingInput ? .lingerAndClose : .close]
        }
        state = .idle
        var actions: [Action] = []
        if readingPaused {
            readingPaused = false
            actions.append(.resumeReading)
        }
        return actions + advance()
    }

    /// Reads the next request from the buffer as far as it goes.
    private mutating func advance() -> [Action] {
        let parser = HeadParser(maxBytes: limits.maxHeaderBytes, maxFields: limits.maxHeaderFields, maxCookieBytes: limits.maxCookieBytes)
        let outcome = parser.parse(buffer)
        let head: RequestHead
        switch outcome {
        case .incomplete:
            state = buffer.isEmpty ? .idle : .receiving
            return []
        case .rejected(let rejection): return refuse(rejection)
        case .complete(let complete): head = complete
        }
        state = .receiving
        switch head.framing {
        case .none:
            return deliver(head, body: [], end: head.length)
        case .length(let length):
            if length > limits.maxBodyBytes {
                // A client that waits for 100 Continue has sent none of it: answered at once. Otherwise the body
                // is read and dropped first, under the request's deadline, as one within the cap would be.
                let arrived = buffer.count - head.length
                if head.expectsContinue || arrived >= length { return deliverTooLarge(head) }
                buffer = []
                drainingBody = (head, length - arrived)
                return []
            }
            // Compared by subtraction: the head's length plus a large Content-Length must not overflow.
            if buffer.count - head.length >= length { return deliver(head, body: Array(buffer[head.length..<(head.length + length)]), end: head.length + length) }
            return continueIfExpected(head)
        case .chunked:
            let scanned = buffer.withUnsafeBufferPointer { ChunkedBody.scan($0, from: head.length, maxDecoded: limits.maxBodyBytes) }
            switch scanned {
            case .malformed: return refuse(.invalid("the chunked body is malformed"))
            case .tooLarge: return refuse(.payloadTooLarge)  // its length is unknown: nothing to drain it to
            case .incomplete:
                // Framing may cost more than the data it carries, but not without bound.
                if buffer.count - head.length > 2 * limits.maxBodyBytes + 4096 { return refuse(.payloadTooLarge) }
                return continueIfExpected(head)
            case .complete(let end):
                let body = buffer.withUnsafeBufferPointer { ChunkedBody.decode($0, from: head.length, end: end) }
                return deliver(head, body: body, end: end)
            }
        }
    }

    /// `100 Continue`, once, for a client that waits for it before sending its body.
    private mutating func continueIfExpected(_ head: RequestHead) -> [Action] {
        guard head.expectsContinue, head.minorVersion == 1, !continueSent, buffer.count == head.length else { return [] }
        continueSent = true
        return [.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))]
    }

    private mutating func deliver(_ head: RequestHead, body: [UInt8], end: Int) -> [Action] {
        buffer.removeFirst(end)
        if head.closeRequested {
            // The last request on the connection: whatever follows it, now or later, is never read as a request
            // (a second one smuggled behind it is dropped unread), and the connection lingers after the answer.
            discardingInput = !buffer.isEmpty || discardingInput
            buffer = []
        }
        continueSent = false
        closeAfterResponse = head.closeRequested || peerFinished
        state = .handling(Answering(head))
        var actions: [Action] = [.deliver(Request(head: head, body: body, bodyTooLarge: false))]
        if !readingPaused, buffer.count > limits.maxBufferedBytes {
            readingPaused = true
            actions.append(.pauseReading)
        }
        return actions
    }

    /// A body over the cap: the request goes to the responder flagged, without its body, whose bytes are
    /// dropped as they come; the connection ends after the answer.
    private mutating func deliverTooLarge(_ head: RequestHead) -> [Action] {
        buffer = []
        discardingInput = true
        closeAfterResponse = true
        continueSent = false
        state = .handling(Answering(head))
        return [.deliver(Request(head: head, body: [], bodyTooLarge: true))]
    }

    private mutating func refuse(_ rejection: EdgeRejection) -> [Action] {
        buffer = []
        discardingInput = true
        state = .closed
        return [.write(refusal(rejection)), .lingerAndClose]
    }
}

extension HeadParser {
    /// Whether `bytes` stop before the end of a head (so a FIN there cut the head, not the body).
    static func isIncompleteHead(_ bytes: [UInt8], limits: HTTP1Connection.Limits) -> Bool {
        let parser = HeadParser(maxBytes: limits.maxHeaderBytes, maxFields: limits.maxHeaderFields, maxCookieBytes: limits.maxCookieBytes)
        if case .incomplete = parser.parse(bytes) { return true }
        return false
    }
}
