/// A strict HTTP/1.x request-head parser (RFC 9112), run by the connection machine on the bytes received so far.
///
/// Strict because a proxy in front may read a head its own way: anything two parsers could read differently
/// (two Content-Lengths, a transfer coding besides `chunked`, bare LF, folded lines, a space before the colon)
/// is refused here, so no request can mean one thing to the proxy and another to us. Bounded: a head over
/// `maxBytes`, with more than `maxFields` entries (header lines, cookie pairs and query parameters) or more
/// than `maxCookieBytes` of cookies is refused (431, or 414 for the query), so what one connection holds is
/// known. A byte that can never be part of a valid head is refused at once, without waiting for the line to end.
struct HeadParser {
    let maxBytes: Int
    let maxFields: Int
    let maxCookieBytes: Int

    enum Outcome: Equatable {
        case incomplete
        case complete(RequestHead)
        case rejected(EdgeRejection)
    }

    func parse(_ bytes: [UInt8]) -> Outcome {
        bytes.withUnsafeBufferPointer { parse($0) }
    }

    func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        // The request line.
        guard let lineEnd = lineFeed(in: bytes, from: 0) else {
            if let bad = firstInvalid(bytes, from: 0, allowed: HTTPBytes.isRequestLine) { return .rejected(bad) }
            return bytes.count >= maxBytes ? .rejected(.uriTooLong) : .incomplete
        }
        if lineEnd >= maxBytes { return .rejected(.uriTooLong) }
        guard lineEnd > 0, bytes[lineEnd - 1] == HTTPBytes.cr else { return .rejected(.invalid("lines must end with CRLF")) }
        var head: RequestHead
        var fields = 0
        switch requestLine(UnsafeBufferPointer(rebasing: bytes[0..<(lineEnd - 1)])) {
        case .failure(let rejection): return .rejected(rejection)
        case .success(let (line, queryFields)):
            head = line
            fields = queryFields
            if fields > maxFields { return .rejected(.uriTooLong) }
        }
        var fieldLines = FieldLines()
        var position = lineEnd + 1
        while true {
            guard let end = lineFeed(in: bytes, from: position) else {
                if let bad = firstInvalid(bytes, from: position, allowed: HTTPBytes.isFieldLine) { return .rejected(bad) }
                return bytes.count >= maxBytes ? .rejected(.headersTooLarge) : .incomplete
            }
            if end >= maxBytes { return .rejected(.headersTooLarge) }
            guard end > position, bytes[end - 1] == HTTPBytes.cr else { return .rejected(.invalid("lines must end with CRLF")) }
            let line = UnsafeBufferPointer(rebasing: bytes[position..<(end - 1)])
            position = end + 1
            if line.isEmpty { break }
            if let rejection = fieldLines.add(line) { return .rejected(rejection) }
            if fieldLines.fieldCount + fields > maxFields || fieldLines.cookieBytes > maxCookieBytes { return .rejected(.headersTooLarge) }
        }
        head.length = position
        if let rejection = fieldLines.finish(into: &head) { return .rejected(rejection) }
        return .complete(head)
    }

    /// `method SP request-target SP HTTP-version`, and how many query parameters the target carries. Read in
    /// place by index, with no array of parts: this runs once per request.
    private func requestLine(_ line: UnsafeBufferPointer<UInt8>) -> Result<(RequestHead, Int), EdgeRejection> {
        guard let firstSpace = line.firstIndex(of: HTTPBytes.space),
              let secondSpace = line[(firstSpace + 1)...].firstIndex(of: HTTPBytes.space),
              !line[(secondSpace + 1)...].contains(HTTPBytes.space),
              firstSpace > 0, secondSpace > firstSpace + 1, secondSpace + 1 < line.count
        else {
            return .failure(.invalid("the request line must be a method, a target and a version, one space apart"))
        }
        let method = line[..<firstSpace], targetBytes = line[(firstSpace + 1)..<secondSpace], version = line[(secondSpace + 1)...]
        guard method.allSatisfy(HTTPBytes.isToken) else { return .failure(.invalid("the method is not a token")) }
        let target = String(decoding: targetBytes, as: UTF8.self)
        guard targetBytes.allSatisfy(HTTPBytes.isVisible),
              targetBytes.first == UInt8(ascii: "/") || target == "*" || target.lowercased().hasPrefix("http://")
                || target.lowercased().hasPrefix("https://")
        else { return .failure(.invalid("the request target is not a path")) }
        let v = version.startIndex
        guard version.count == 8, version.starts(with: "HTTP/".utf8), line[v + 6] == UInt8(ascii: "."),
              HTTPBytes.isDigit(line[v + 5]), HTTPBytes.isDigit(line[v + 7])
        else { return .failure(.invalid("the HTTP version is malformed")) }
        guard line[v + 5] == UInt8(ascii: "1"), line[v + 7] == UInt8(ascii: "0") || line[v + 7] == UInt8(ascii: "1") else {
            return .failure(.versionNotSupported)
        }
        // Each query parameter counts as a field: one more than the ampersands after the first "?", if any follows it.
        var queryFields = 0
        if let mark = targetBytes.firstIndex(of: UInt8(ascii: "?")), mark + 1 < secondSpace {
            queryFields = 1 + line[(mark + 1)..<secondSpace].reduce(0) { $0 + ($1 == UInt8(ascii: "&") ? 1 : 0) }
        }
        let head = RequestHead(method: String(decoding: method, as: UTF8.self), target: target,
                               minorVersion: line[v + 7] == UInt8(ascii: "1") ? 1 : 0, length: 0, framing: .none,
                               closeRequested: false, expectsContinue: false, forwardedFor: nil)
        return .success((head, queryFields))
    }

    private func lineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes[start...].firstIndex(of: HTTPBytes.lf)
    }

    /// A 400 for the first byte of an unfinished line that no valid line could contain (a CR only at its end).
    private func firstInvalid(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, allowed: (UInt8) -> Bool) -> EdgeRejection? {
        guard start < bytes.count else { return nil }
        for index in start..<bytes.count {
            let byte = bytes[index]
            if byte == HTTPBytes.cr, index == bytes.count - 1 { continue }
            if !allowed(byte) { return .invalid("the request contains a byte no HTTP request head may contain") }
        }
        return nil
    }
}
