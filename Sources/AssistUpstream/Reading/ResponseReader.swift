import AssistHTTP

/// Reads one HTTP/1.1 response to a request this client sent (RFC 9112), from bytes as they arrive, in any pieces:
/// the head (informational 1xx heads skipped), then the body by its framing (§6.3), handed on as it is read.
///
/// Pure (bytes in, body bytes out, no I/O), so it is unit-tested and fuzzed without sockets (`fuzz/Upstream.swift`).
/// It imports nothing: the fuzz target compiles it from source.
///
/// Lenient only where RFC 9112 lets a recipient be (a bare LF ends a line); strict where a wrong guess would
/// misframe the body: conflicting `Content-Length`s, a length that is not digits, a chunk size that is not hex,
/// whitespace before a field's colon, a head over `maxHeadBytes`.
struct ResponseReader {
    enum Failure: Error, Equatable {
        case malformed(String)
        case headTooLarge
        /// The connection closed before the response's end (close-delimited bodies end there, and are whole).
        case truncated
    }

    /// How the body's end is known.
    enum Framing: Equatable {
        case length(Int)
        case chunked
        case untilClose
    }

    struct Head: Equatable {
        var status: Int
        var framing: Framing
        /// Whether the connection may carry another request once this response is read.
        var keepAlive: Bool
    }

    private enum State {
        case head
        case body(remaining: Int)
        case chunked(ChunkedDecoder)
        case untilClose
        case done
    }

    let maxHeadBytes: Int
    private var state = State.head
    private var headBytes: [UInt8] = []
    /// The final head, once read.
    private(set) var head: Head?
    private var headTold = false

    init(maxHeadBytes: Int = 64 * 1024) { self.maxHeadBytes = maxHeadBytes }

    /// Whether the whole response has been read.
    var isComplete: Bool { if case .done = state { true } else { false } }

    /// Reads `bytes`: the final head goes to `head` once read, and the body's bytes to `body` as they are found.
    /// Returns how many bytes were used: fewer than given only once the response is complete (what follows is not
    /// this response's).
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, head: (Head) -> Void = { _ in },
                       body: (UnsafeBufferPointer<UInt8>) -> Void) throws(Failure) -> Int {
        var position = 0
        while position < bytes.count {
            switch state {
            case .head:
                position = try readHead(bytes, from: position)
                if let read = self.head, !headTold {
                    headTold = true
                    head(read)
                }
            case .body(let remaining):
                let count = min(remaining, bytes.count - position)
                body(UnsafeBufferPointer(rebasing: bytes[position..<(position + count)]))
                position += count
                state = remaining == count ? .done : .body(remaining: remaining - count)
            case .chunked(var decoder):
                position = try decoder.feed(bytes, from: position, data: body)
                state = decoder.isComplete ? .done : .chunked(decoder)
            case .untilClose:
                body(UnsafeBufferPointer(rebasing: bytes[position...]))
                position = bytes.count
            case .done:
                return position
            }
        }
        return position
    }

    /// The peer closed the connection: a close-delimited body ends here; any other unfinished response is truncated.
    mutating func closed() throws(Failure) {
        switch state {
        case .done: return
        case .untilClose: state = .done
        case .head, .body, .chunked: throw .truncated
        }
    }

    /// Gathers the head up to its empty line, then parses it; returns where the body begins.
    private mutating func readHead(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(Failure) -> Int {
        var position = start
        while position < bytes.count {
            // A line at a time (through its LF, or to the end of what came), not a byte at a time.
            let lineFeed = bytes[position...].firstIndex(of: 0x0A)
            let end = lineFeed.map { $0 + 1 } ?? bytes.count
            headBytes.append(contentsOf: bytes[position..<end])
            position = end
            guard headBytes.count <= maxHeadBytes else { throw .headTooLarge }
            guard lineFeed != nil, headEnded else { continue }
            let parsed = try Self.parse(headBytes)
            headBytes.removeAll(keepingCapacity: true)
            // An informational head (100 Continue, 103 Early Hints) is followed by the final one.
            if (100..<200).contains(parsed.status) {
                if parsed.status == 101 { throw .malformed("a 101 (switching protocols) to a request that asked for none") }
                continue
            }
            head = parsed
            switch parsed.framing {
            case .length(0): state = .done
            case .length(let count): state = .body(remaining: count)
            case .chunked: state = .chunked(ChunkedDecoder())
            case .untilClose: state = .untilClose
            }
            return position
        }
        return position
    }

    /// Whether the head gathered so far ends in an empty line (CRLF CRLF, or LF LF with the lenient bare LF).
    private var headEnded: Bool {
        let count = headBytes.count
        guard count >= 2 else { return false }
        if headBytes[count - 2] == 0x0A { return true }
        return count >= 3 && headBytes[count - 2] == 0x0D && headBytes[count - 3] == 0x0A
    }

    /// The status line and fields of one head, and the framing they give (RFC 9112 §6.3).
    static func parse(_ head: [UInt8]) throws(Failure) -> Head {
        // Lines are taken in place (each without its LF and one CR before it); the empty ones that end the head are
        // dropped. Names are matched without a lowercased copy: every upstream response passes here.
        var lines = head.split(separator: 0x0A, omittingEmptySubsequences: false)
        while let last = lines.last, last.isEmpty || last.elementsEqual([0x0D]) { lines.removeLast() }
        func content(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> { line.last == 0x0D ? line.dropLast() : line }
        guard let statusLine = lines.first.map(content) else { throw .malformed("an empty head") }
        let (minor, status) = try statusOf(statusLine)
        var keepAlive = minor == 1
        var lengths: (first: Int?, conflicting: Bool) = (nil, false)
        var codings: [String] = []
        for line in lines.dropFirst().lazy.map(content) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { throw .malformed("a field line without a name") }
            let name = line[line.startIndex..<colon]
            guard name.allSatisfy(HTTPFieldName.isTokenByte) else { throw .malformed("a field name with a byte no token has") }
            let value = line[(colon + 1)...].trimmingOWS()
            guard value.allSatisfy({ $0 != 0 && $0 != 0x0D && $0 != 0x0A }) else { throw .malformed("a field value with CR, LF or NUL") }
            if ASCIICase.equals(name, "content-length") {
                for piece in value.split(separator: UInt8(ascii: ",")) {
                    let digits = piece.trimmingOWS()
                    guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
                        throw .malformed("a Content-Length that is not a number")
                    }
                    let length = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
                    if let first = lengths.first, first != length { lengths.conflicting = true }
                    lengths.first = lengths.first ?? length
                }
            } else if ASCIICase.equals(name, "transfer-encoding") {
                codings += tokens(value)
            } else if ASCIICase.equals(name, "connection") {
                let options = tokens(value)
                if options.contains("close") { keepAlive = false } else if options.contains("keep-alive") { keepAlive = true }
            }
        }
        guard !lengths.conflicting else { throw .malformed("conflicting Content-Length fields") }
        if status == 204 || status == 304 { return Head(status: status, framing: .length(0), keepAlive: keepAlive && lengths.first == nil && codings.isEmpty) }
        if !codings.isEmpty {
            // Transfer-Encoding overrides a length; a sender of both may be misframing, so the connection is not reused.
            guard codings.last == "chunked", minor == 1 else { return Head(status: status, framing: .untilClose, keepAlive: false) }
            return Head(status: status, framing: .chunked, keepAlive: keepAlive && lengths.first == nil)
        }
        if let length = lengths.first { return Head(status: status, framing: .length(length), keepAlive: keepAlive) }
        return Head(status: status, framing: .untilClose, keepAlive: false)
    }

    /// `HTTP/1.x SP 3DIGIT [SP reason]`: the minor version and the status.
    private static func statusOf(_ line: ArraySlice<UInt8>) throws(Failure) -> (minor: Int, status: Int) {
        let count = line.count
        func at(_ offset: Int) -> UInt8 { line[line.startIndex + offset] }  // in place: no copy of the line
        guard count >= 12, line.prefix(7).elementsEqual("HTTP/1.".utf8), at(7) == 0x30 || at(7) == 0x31, at(8) == 0x20,
              (9..<12).allSatisfy({ (0x30...0x39).contains(at($0)) }), count == 12 || at(12) == 0x20 else {
            throw .malformed("a status line that is not HTTP/1.x's")
        }
        let status = Int(at(9) - 0x30) * 100 + Int(at(10) - 0x30) * 10 + Int(at(11) - 0x30)
        guard status >= 100 else { throw .malformed("a status under 100") }
        return (Int(at(7) - 0x30), status)
    }

    /// A comma-separated list's members, lower-cased, empty ones dropped.
    private static func tokens(_ value: ArraySlice<UInt8>) -> [String] {
        value.split(separator: UInt8(ascii: ",")).map { String(decoding: $0.trimmingOWS(), as: UTF8.self).lowercased() }.filter { !$0.isEmpty }
    }
}

extension ArraySlice<UInt8> {
    /// Without the optional whitespace (SP, HTAB) around it.
    func trimmingOWS() -> ArraySlice<UInt8> {
        var slice = self
        while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
        return slice
    }
}
