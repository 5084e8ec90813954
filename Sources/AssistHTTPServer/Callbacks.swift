import AssistHTTP
import CMicroHTTPD

// libmicrohttpd's C callbacks. They live here, not in any `main.swift`, because top-level code there is
// main-actor isolated and `@convention(c)` functions cannot touch it.

/// Collects request headers through libmicrohttpd's key/value iterator.
private final class HeaderCollector {
    var headers: [HTTPField] = []
}

private let collectHeader: MHD_KeyValueIterator = { cls, _, key, value in
    let collector = Unmanaged<HeaderCollector>.fromOpaque(cls!).takeUnretainedValue()
    if let key {
        collector.headers.append((HTTPFieldName(String(cString: key)), value.map { String(cString: $0) } ?? ""))
    }
    return .YES
}

/// The access handler. The first call per request only creates its context (answering then would lose
/// keep-alive); upload calls append the body; the final call runs or queues the response.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadDataSize, requestContext in
    guard let cls, let connection, let requestContext, let uploadDataSize else { return .NO }
    if let existing = requestContext.pointee {
        let context = Unmanaged<InFlightRequest>.fromOpaque(existing).takeUnretainedValue()
        if uploadDataSize.pointee > 0, let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadDataSize.pointee) { bytes in
                context.appendBody(UnsafeBufferPointer(start: bytes, count: uploadDataSize.pointee))
            }
            uploadDataSize.pointee = 0
            return .YES
        }
        return context.proceed()
    }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    let collector = HeaderCollector()
    withExtendedLifetime(collector) {
        _ = MHD_get_connection_values(connection, .HEADER_KIND, collectHeader, Unmanaged.passUnretained(collector).toOpaque())
    }
    let context = InFlightRequest(
        server: core, connection: ConnectionHandle(pointer: connection),
        method: HTTPMethod(method.map { String(cString: $0) } ?? "GET"), path: url.map { String(cString: $0) } ?? "/",
        headers: collector.headers)
    requestContext.pointee = Unmanaged.passRetained(context).toOpaque()
    return .YES
}

/// Called once per request when libmicrohttpd is done with it, whatever the reason.
let requestCompleted: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
    guard let requestContext, let pointer = requestContext.pointee else { return }
    requestContext.pointee = nil
    let context = Unmanaged<InFlightRequest>.fromOpaque(pointer).takeRetainedValue()
    context.completed()
}
