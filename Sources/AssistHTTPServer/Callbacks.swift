import AssistHTTP
import AssistEventLoop
import CMicroHTTPD

// libmicrohttpd's C callbacks. They live here, not in any `main.swift`, because top-level code there is
// main-actor isolated and `@convention(c)` functions cannot touch it.

/// Collects request headers and query arguments through libmicrohttpd's key/value iterator.
private final class HeaderCollector {
    var headers: [HTTPField] = []
    /// Query arguments as libmicrohttpd decoded them; a value is nil for an argument without `=`.
    var arguments: [(String, String?)] = []

    /// The arguments encoded again as a query string (`HTTPRequest.query`); nil when there were none.
    /// libmicrohttpd splits the target and hands its arguments over decoded, never the query as sent.
    var query: String? {
        guard !arguments.isEmpty else { return nil }
        return arguments.map { key, value in Self.encoded(key) + (value.map { "=" + Self.encoded($0) } ?? "") }.joined(separator: "&")
    }

    private static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]], as: UTF8.self)
            }
        }
        return result
    }
}

private let collectHeader: MHD_KeyValueIterator = { cls, kind, key, value in
    let collector = Unmanaged<HeaderCollector>.fromOpaque(cls!).takeUnretainedValue()
    guard let key else { return .YES }
    if kind == .GET_ARGUMENT_KIND {
        collector.arguments.append((String(cString: key), value.map { String(cString: $0) }))
    } else {
        collector.headers.append((HTTPFieldName(String(cString: key)), value.map { String(cString: $0) } ?? ""))
    }
    return .YES
}

/// The access handler. The first call per request only creates its context; upload calls append the body;
/// the final call runs or queues the response. A body the edge handed on before it arrived must arrive by
/// the request's deadline: past it the connection is closed (returning NO), and while it is awaited the
/// connection's idle timeout is the time left, so a client that sends nothing more is closed then too.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadDataSize, requestContext in
    guard let cls, let connection, let requestContext, let uploadDataSize else { return .NO }
    if let existing = requestContext.pointee {
        let context = Unmanaged<InFlightRequest>.fromOpaque(existing).takeUnretainedValue()
        if context.receivingPastDeadline { return .NO }
        if uploadDataSize.pointee > 0, let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadDataSize.pointee) { bytes in
                context.appendBody(UnsafeBufferPointer(start: bytes, count: uploadDataSize.pointee))
            }
            uploadDataSize.pointee = 0
            return .YES
        }
        return context.proceed()
    }
    let daemon = Unmanaged<LoopDaemon>.fromOpaque(cls).takeUnretainedValue()
    let core = daemon.core
    let collector = HeaderCollector()
    withExtendedLifetime(collector) {
        _ = MHD_get_connection_values(connection, .HEADER_KIND, collectHeader, Unmanaged.passUnretained(collector).toOpaque())
        _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, collectHeader, Unmanaged.passUnretained(collector).toOpaque())
    }
    let handle = ConnectionHandle(pointer: connection, daemon: daemon)
    let handed = core.ledger.handed(descriptor: handle.socket)
    let bodyDeadline = handed?.bodyPending == true ? handed?.deadline : nil
    // The address the edge counts the connection against: the peer's, or the one a trusted proxy forwards.
    // A connection the ledger does not know (it cannot happen: every one is handed over) counts as a proxy's,
    // so what only a local client may do is refused rather than allowed.
    let request = HTTPRequest(
        method: HTTPMethod(method.map { String(cString: $0) } ?? "GET"), path: url.map { String(cString: $0) } ?? "/",
        query: collector.query, headers: collector.headers, clientAddress: handed?.address ?? HTTPRequest.unknownAddress,
        peerIsTrustedProxy: handed?.viaTrustedProxy ?? true, serverPort: core.port)
    let context = InFlightRequest(server: core, loop: daemon.loop, connection: handle, head: request, bodyDeadline: bodyDeadline)
    requestContext.pointee = Unmanaged.passRetained(context).toOpaque()
    if let bodyDeadline {
        let (seconds, attoseconds) = (bodyDeadline - ContinuousClock.now).components
        handle.setTimeout(seconds: max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0)))
    }
    return .YES
}

/// Connection notices: a connection libmicrohttpd closes stops counting in the ledger.
let connectionNotified: MHD_NotifyConnectionCallback = { cls, connection, _, code in
    guard let cls, let connection, code == .CONNECTION_NOTIFY_CLOSED else { return }
    let core = Unmanaged<LoopDaemon>.fromOpaque(cls).takeUnretainedValue().core
    core.ledger.closed(descriptor: assist_mhd_connection_fd(connection))
}

/// Called once per request when libmicrohttpd is done with it, whatever the reason.
let requestCompleted: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
    guard let requestContext, let pointer = requestContext.pointee else { return }
    requestContext.pointee = nil
    let context = Unmanaged<InFlightRequest>.fromOpaque(pointer).takeRetainedValue()
    context.completed()
}
