public import AssistEventLoop
public import CCurl

/// One HTTP exchange of any method through libcurl on an event loop, for a client: the response head once, then
/// body bytes as they arrive, then the end. Nothing waits between events: the loop's thread sleeps in epoll until
/// the socket has bytes, unlike FoundationNetworking's URLSession on Linux, which spins a core for as long as a
/// stream stays open (8 s of CPU for a 10-s trickle).
///
/// Events go to `deliver` on the loop's thread, in order, and `end` once with nil (the body ended) or the failure.
/// Cancelling (`CurlEventLoop.cancel`) removes the handle, which closes the connection at once, and calls neither.
/// Redirects are not followed. A transfer that receives nothing for `idleSeconds` fails (curl's low-speed limit).
public final class CurlExchange: CurlTransferHandle, @unchecked Sendable {
    // `@unchecked Sendable`: after `init`, everything is touched only on the loop's thread (attach, the callbacks,
    // detach), and `loop` is set before the exchange is handed to that thread.
    public enum Event: Sendable {
        case head(status: Int, headers: [String: String])
        case body([UInt8])
    }

    /// What a failed exchange reports: curl's code and its message ("Couldn't connect to server").
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let code: Int
        public let message: String
        public var description: String { message }
        /// Nothing listened where the request went (connection refused, or no route to the host).
        public var isRefused: Bool { code == Int(CURLE_COULDNT_CONNECT.rawValue) }
        public var isTimeout: Bool { code == Int(CURLE_OPERATION_TIMEDOUT.rawValue) }
        public var isUnresolved: Bool { code == Int(CURLE_COULDNT_RESOLVE_HOST.rawValue) }
    }

    public var loop: EventLoop?
    private var outgoing: (method: String, url: String, headers: [String], body: [UInt8]?)?
    /// The body curl sends, given back once the response has begun (`CurlRequestBody`).
    private var requestBody: CurlRequestBody?
    private let idleSeconds: Int
    private let deliver: @Sendable (Event) -> Void
    private let end: @Sendable ((any Error)?) -> Void
    private var easy: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var retained: Unmanaged<CurlExchange>?
    private var responseHeaders: [String: String] = [:]
    private var headSent = false

    /// - Parameter headers: "Name: value" lines.
    public init(method: String, url: String, headers: [String], body: [UInt8]?, idleSeconds: Int = 120,
                deliver: @escaping @Sendable (Event) -> Void, end: @escaping @Sendable ((any Error)?) -> Void) {
        outgoing = (method, url, headers, body)
        self.idleSeconds = idleSeconds
        self.deliver = deliver
        self.end = end
    }

    public func attach(to multi: UnsafeMutableRawPointer) -> Bool {
        guard let (method, url, headers, body) = outgoing else { return false }
        outgoing = nil
        guard let easy = CurlEasy.make(url: url) else {
            end(Failure(code: -1, message: "curl_easy_init failed"))
            return false
        }
        self.easy = easy
        assist_curl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1)
        assist_curl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, idleSeconds)
        if let body {
            let requestBody = CurlRequestBody(body)
            requestBody.attach(to: easy)
            self.requestBody = requestBody
        }
        if method == "HEAD" {
            assist_curl_easy_setopt_long(easy, CURLOPT_NOBODY, 1)  // a HEAD response has no body to wait for
        } else if method != (body == nil ? "GET" : "POST") {
            assist_curl_easy_setopt_ptr(easy, CURLOPT_CUSTOMREQUEST, method)
        }
        var list: UnsafeMutablePointer<curl_slist>? = nil
        // curl adds "Expect: 100-continue" to larger bodies; the gateway answers at once, so it would only cost a wait.
        for line in headers + ["Expect:"] { list = curl_slist_append(list, line) }
        headerList = list
        assist_curl_easy_setopt_ptr(easy, CURLOPT_HTTPHEADER, list)
        let me = Unmanaged.passRetained(self)
        retained = me
        assist_curl_easy_setopt_ptr(easy, CURLOPT_PRIVATE, me.toOpaque())
        assist_curl_easy_setopt_ptr(easy, CURLOPT_WRITEDATA, me.toOpaque())
        assist_curl_easy_setopt_write(easy, exchangeWriteCallback)
        assist_curl_easy_setopt_ptr(easy, CURLOPT_HEADERDATA, me.toOpaque())
        assist_curl_easy_setopt_header(easy, exchangeHeaderCallback)
        curl_multi_add_handle(multi, easy)
        return true
    }

    public func detach(from multi: UnsafeMutableRawPointer, result: CURLcode?) {
        if result == CURLE_OK { sendHead() }  // a response without a body (204) has had none yet; needs the handle
        CurlEasy.release(easy, from: multi, headers: headerList)
        easy = nil
        headerList = nil
        requestBody?.release()
        requestBody = nil
        if let result {
            if result == CURLE_OK {
                end(nil)
            } else {
                end(Failure(code: Int(result.rawValue), message: String(cString: curl_easy_strerror(result))))
            }
        }
        retained?.release()
        retained = nil
    }

    public func abandon() { end(Failure(code: -1, message: "the client's curl loop has stopped")) }

    public func unpause() {}

    /// The head, once: before the first body bytes, or at the end of a response without a body.
    private func sendHead() {
        guard !headSent, let easy else { return }
        headSent = true
        var status = 0
        assist_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        deliver(.head(status: status, headers: responseHeaders))
    }

    fileprivate func receiveBody(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if let easy { requestBody?.releaseIfSent(easy) }
        sendHead()
        deliver(.body(Array(bytes)))
        return bytes.count
    }

    /// One header line of a response; a status line starts a response afresh (an interim 1xx came first).
    fileprivate func receiveHeader(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if let easy { requestBody?.releaseIfSent(easy) }
        let line = String(decoding: bytes, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            responseHeaders = [:]
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t\r\n")
            responseHeaders[name] = responseHeaders[name].map { "\($0), \(value)" } ?? value
        }
        return bytes.count
    }
}

private extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var slice = self[...]
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}

private let exchangeWriteCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data, size, count, userData in
    guard let userData else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(userData).takeUnretainedValue()
    return CurlEasy.bytes(data, size: size, count: count, exchange.receiveBody)
}

private let exchangeHeaderCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    data, size, count, userData in
    guard let userData else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(userData).takeUnretainedValue()
    return CurlEasy.bytes(data, size: size, count: count, exchange.receiveHeader)
}
