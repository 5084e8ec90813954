/// What the edge does with a connection, given the bytes it has received so far (peeked, not consumed:
/// libmicrohttpd reads them again once the connection is handed on).
///
/// The edge waits for the whole request when it can: the head, and a body whose length it knows and that fits
/// the bytes it looks at (`window`), or a chunked body that does. So the header deadline covers the body too,
/// bytes after a request that said it was the last are seen, and chunked framing is checked before
/// libmicrohttpd decodes it. A body over `maxBodyBytes` with a Content-Length, or one announced with
/// `Expect: 100-continue`, is handed on after the head: libmicrohttpd reads it under the same deadline
/// (`HTTPServer` checks it on every upload call), and drains and flags one over the cap.
enum EdgeDecision: Equatable {
    /// Not all there yet.
    case wait
    /// Hand the connection to libmicrohttpd; `bodyPending` when the body is still to come.
    case handOver(RequestHead, bodyPending: Bool)
    case reject(EdgeRejection)

    struct Limits {
        var maxHeaderBytes: Int
        var maxHeaderFields: Int
        var maxCookieBytes: Int
        var maxBodyBytes: Int
        /// The most bytes the edge looks at (head, body and one byte more).
        var window: Int
    }

    /// `peerFinished`: the client has sent a FIN, so nothing more will come.
    static func decide(_ bytes: UnsafeBufferPointer<UInt8>, peerFinished: Bool, limits: Limits) -> EdgeDecision {
        let head: RequestHead
        switch HeadParser(maxBytes: limits.maxHeaderBytes, maxFields: limits.maxHeaderFields, maxCookieBytes: limits.maxCookieBytes).parse(bytes) {
        case .rejected(let rejection): return .reject(rejection)
        case .incomplete: return peerFinished ? .reject(.invalid("the request ended before its head did")) : .wait
        case .complete(let complete): head = complete
        }
        let end: Int
        switch head.framing {
        case .none:
            end = head.length
        case .length(let length):
            // Compared by subtraction: a Content-Length as large as Int.max must not overflow the sum.
            if head.expectsContinue || length > limits.maxBodyBytes || length >= limits.window - head.length {
                return .handOver(head, bodyPending: bytes.count - head.length < length)
            }
            end = head.length + length
            if bytes.count < end { return peerFinished ? .reject(.invalid("the request ended before its body did")) : .wait }
        case .chunked:
            if head.expectsContinue, bytes.count == head.length { return .handOver(head, bodyPending: true) }
            switch ChunkedBody.scan(bytes, from: head.length, maxDecoded: limits.maxBodyBytes) {
            case .malformed: return .reject(.invalid("the chunked body is malformed"))
            case .tooLarge: return .reject(.payloadTooLarge)
            case .incomplete:
                if bytes.count >= limits.window { return .reject(.payloadTooLarge) }
                return peerFinished ? .reject(.invalid("the request ended before its body did")) : .wait
            case .complete(let bodyEnd): end = bodyEnd
            }
        }
        if bytes.count > end, head.closeRequested {
            return .reject(.invalid("bytes follow a request that said it was the last on its connection"))
        }
        return .handOver(head, bodyPending: false)
    }
}
