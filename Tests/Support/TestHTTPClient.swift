public import AssistWire
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A response read to its end.
public struct TestResponse: Sendable {
    public var status: Int
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
    public var json: JSONValue? { try? JSONParser.parse(body) }
    /// The `error.code` of a JSON error body.
    public var errorCode: String? { json?["error"]?["code"]?.stringValue }
    /// The data of each server-sent event, decoded as the wire contract says.
    public var events: [AssistEvent] { TestResponse.events(in: body) }
    /// The events after a leading `facts` event: what the model path produced.
    public var modelEvents: [AssistEvent] {
        let all = events
        if case .facts? = all.first { return Array(all.dropFirst()) }
        return all
    }

    public static func events(in body: [UInt8]) -> [AssistEvent] { AssistEvent.events(inBody: body) }
}

public struct TestHTTPError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// One HTTP/1.0 exchange over a raw loopback socket. HTTP/1.0 keeps the body unchunked (the server closes
/// the connection at its end), so a test sees exactly the bytes of the event stream, and can hang up at
/// any moment to play a user who leaves.
public final class TestConnection: @unchecked Sendable {
    // `@unchecked Sendable`: a connection is used by one test task at a time; the socket is the only state.
    private var fd: Int32
    private var buffered: [UInt8] = []
    /// The server's port, which the default `Host` names (as curl and browsers send it).
    private let port: Int

    /// Connects to `port` on 127.0.0.1; from `source` (another loopback address, e.g. 127.0.0.2) when given,
    /// to play a second client machine. `receiveBufferBytes` sets the socket's receive buffer before it
    /// connects, to play a client whose TCP holds little it has not read (a phone's, not loopback's megabytes).
    public init(port: Int, from source: String? = nil, receiveBufferBytes: Int? = nil) throws {
        self.port = port
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestHTTPError("socket failed") }
        if var bytes = receiveBufferBytes.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close()
                throw TestHTTPError("bind to \(source) failed")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close()  // and mark closed: deinit runs after a throwing init, and must not close a reused number
            errno = code
            throw TestHTTPError("connect to port \(port) failed: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close() }

    /// Sends a request; its `Host` is `127.0.0.1:<port>` unless `headers` has one of its own.
    public func send(method: String, path: String, headers: [(String, String)] = [], body: [UInt8] = []) throws {
        var head = "\(method) \(path) HTTP/1.0\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try sendAll(Array(head.utf8) + body)
    }

    public func sendAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw TestHTTPError("send failed: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Reads whatever arrives within `timeout`, at most `limit` bytes; an empty array means the server closed
    /// the connection.
    public func readSome(timeout: Duration = .seconds(10), limit: Int = 65536) throws -> [UInt8] {
        if !buffered.isEmpty { defer { buffered = [] }; return buffered }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let (seconds, attoseconds) = timeout.components
        let ready = poll(&poller, 1, Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        guard ready > 0 else { throw TestHTTPError("no data within \(timeout)") }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count >= 0 else { throw TestHTTPError("recv failed: \(String(cString: strerror(errno)))") }
        return Array(buffer.prefix(count))
    }

    /// Reads the status line and headers; body bytes read past them are kept for the next read.
    public func readHead(timeout: Duration = .seconds(10)) throws -> (status: Int, headers: [String: String]) {
        var data: [UInt8] = []
        let separator: [UInt8] = [13, 10, 13, 10]
        while true {
            let chunk = try readSome(timeout: timeout)
            guard !chunk.isEmpty else { throw TestHTTPError("connection closed before the headers ended") }
            data += chunk
            if let end = data.indices.first(where: { data[$0...].starts(with: separator) }) {
                buffered = Array(data[(end + 4)...])
                let lines = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                let status = Int(lines[0].split(separator: " ")[1]) ?? 0
                var headers: [String: String] = [:]
                for line in lines.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                return (status, headers)
            }
        }
    }

    /// Reads until the server closes the connection.
    public func readToEnd(timeout: Duration = .seconds(30)) throws -> [UInt8] {
        var data: [UInt8] = []
        while true {
            let chunk = try readSome(timeout: timeout)
            if chunk.isEmpty { return data }
            data += chunk
        }
    }

    /// Reads until `marker` appears in what was read so far (returns everything read).
    public func read(until marker: String, timeout: Duration = .seconds(10)) throws -> [UInt8] {
        var data: [UInt8] = []
        let needle = Array(marker.utf8)
        while !data.indices.contains(where: { data[$0...].starts(with: needle) }) {
            let chunk = try readSome(timeout: timeout)
            guard !chunk.isEmpty else { throw TestHTTPError("closed before \"\(marker)\"; got: \(String(decoding: data, as: UTF8.self))") }
            data += chunk
        }
        return data
    }

    /// Hangs up (the user leaves).
    public func close() {
        if fd >= 0 { Glibc.close(fd); fd = -1 }
    }

    /// Half-closes: the request is all sent (a FIN goes out), the answer can still be read.
    public func finishSending() {
        if fd >= 0 { Glibc.shutdown(fd, Int32(SHUT_WR)) }
    }

    /// Hangs up with a reset instead of a FIN (`SO_LINGER` of zero): the server knows at once the client is
    /// gone, where a FIN alone could be a half-close.
    public func reset() {
        guard fd >= 0 else { return }
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close()
    }
}

/// Sends `bytes` as they are on a fresh connection (half-closing after them when `finish`), and reads
/// everything until the server closes: the raw answer, for tests of what goes over the wire.
///
/// Read to the close, or, on a connection kept alive, to `until` (the end of what is awaited: a chunked body's
/// last chunk, `0\r\n\r\n`).
public func rawExchange(port: Int, _ bytes: [UInt8], finish: Bool = false, until: String? = nil,
                        timeout: Duration = .seconds(10)) async throws -> [UInt8] {
    try await onOwnThread {
        let connection = try TestConnection(port: port)
        try connection.sendAll(bytes)
        if finish { connection.finishSending() }
        if let until { return try connection.read(until: until, timeout: timeout) }
        return try connection.readToEnd(timeout: timeout)
    }
}

/// A raw answer taken apart: its response heads (a well-behaved server sends exactly one per request), the
/// first one's status and headers, and the body after it.
public struct RawResponse: Sendable {
    public var headCount: Int
    public var status: Int
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
    public var json: JSONValue? { try? JSONParser.parse(body) }
    public var errorCode: String? { json?["error"]?["code"]?.stringValue }
    public var errorRequestId: String? { json?["error"]?["requestId"]?.stringValue }

    public init(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        headCount = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("HTTP/1.") }.count
        let parts = text.components(separatedBy: "\r\n\r\n")
        let lines = parts[0].components(separatedBy: "\r\n")
        let statusLine = lines[0].split(separator: " ")
        status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
        headers = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let headLength = parts[0].utf8.count + 4
        body = bytes.count > headLength ? Array(bytes[headLength...]) : []
    }
}

/// Runs blocking socket work on a thread of its own. Never block the cooperative pool instead: it has one
/// thread per core, and the gateway under test needs them to answer.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.start()
    }
}

/// One request, read to the end.
public func testRequest(port: Int, method: String = "GET", path: String, headers: [(String, String)] = [],
                        body: [UInt8] = [], timeout: Duration = .seconds(30)) async throws -> TestResponse {
    try await onOwnThread {
        let connection = try TestConnection(port: port)
        try connection.send(method: method, path: path, headers: headers, body: body)
        let head = try connection.readHead(timeout: timeout)
        let body = try connection.readToEnd(timeout: timeout)
        return TestResponse(status: head.status, headers: head.headers, body: body)
    }
}
