import AssistEventLoop
#if canImport(Glibc)
import Glibc
#endif

/// What an exchange tells the one who started it, on the exchange's loop thread.
public protocol UpstreamExchangeDelegate: AnyObject {
    /// The response's final head has been read.
    func upstreamHead(status: Int)
    /// Body bytes, in order, framing removed. Returns whether to go on reading: false pauses reading until `resume()`.
    func upstreamBody(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool
    /// The exchange has ended: nil when the whole response was read, else why not. Never called after `cancel()`.
    func upstreamEnded(_ failure: UpstreamFailure?)
}

/// Why an exchange did not read a whole response.
public enum UpstreamFailure: Error, Equatable, CustomStringConvertible {
    case connect(String)
    case send(String)
    case receive(String)
    /// The response was not HTTP/1.1 as it must be (`ResponseReader.Failure`).
    case protocolViolation(String)
    /// The upstream closed the connection before the response's end.
    case closedEarly
    /// The loop the exchange ran on has ended.
    case loopEnded

    public var description: String {
        switch self {
        case .connect(let why): "could not connect to the upstream: \(why)"
        case .send(let why): "could not send the request: \(why)"
        case .receive(let why): "could not read the response: \(why)"
        case .protocolViolation(let why): "the upstream's response is not valid HTTP/1.1: \(why)"
        case .closedEarly: "the upstream closed the connection before the response ended"
        case .loopEnded: "the event loop the call ran on has stopped"
        }
    }
}

/// One request and its response over an `UpstreamClient`'s connection: connect (or reuse an idle connection),
/// write the request, read and frame the response, hand its body to the delegate as it arrives, and give the
/// connection back for reuse when the response allows it.
///
/// A reused connection the upstream had closed (it closes idle ones on its own schedule) fails before a byte of
/// the response: the request is then sent once more on a new connection, as libcurl does; the upstream never
/// read it. `cancel()` closes the connection at once, so the upstream sees its caller leave.
///
/// Made on any thread; started, read, paused, resumed, cancelled on its loop's thread only.
/// `@unchecked Sendable`: it is handed to its loop once (`start`), and every member is touched there after.
public final class UpstreamExchange: @unchecked Sendable {
    public let target: UpstreamTarget
    private let request: [UInt8]
    private var delegate: (any UpstreamExchangeDelegate)?
    /// The loop's client while the exchange runs (the client lives as long as its loop).
    private var client: UpstreamClient?
    private var fd: Int32 = -1
    private var sent = 0
    private var reused = false
    private var retried = false
    private var responseBegan = false
    private var paused = false
    private var ended = false
    /// The events `fd` is watched for now (0: not watched); a watch for the same events only changes the handler.
    private var watching: UInt32 = 0
    private var reader = ResponseReader()

    /// A request of `bytes` (head and body, `UpstreamTarget.post`) to `target`.
    public init(target: UpstreamTarget, request bytes: [UInt8], delegate: any UpstreamExchangeDelegate) {
        self.target = target
        self.request = bytes
        self.delegate = delegate
    }

    func begin(on client: UpstreamClient) {
        self.client = client
        if let kept = client.takeIdle(target.origin) {
            fd = kept
            reused = true
            watching = UpstreamClient.idleEvents
            send()
        } else {
            connect()
        }
    }

    /// Stops the exchange and closes its connection; the delegate hears nothing more.
    public func cancel() {
        guard !ended else { return }
        finish(reuse: false)
    }

    /// Reads again after the delegate paused it.
    public func resume() {
        guard !ended, paused else { return }
        paused = false
        watch(EventLoop.readable | EventLoop.peerClosed)
    }

    func fail(_ failure: UpstreamFailure) {
        guard !ended else { return }
        let delegate = delegate
        finish(reuse: false)
        delegate?.upstreamEnded(failure)
    }

    // MARK: Connecting and sending

    private func connect() {
        guard let client else { return }
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return fail(.connect(Self.text(errno))) }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = target.origin.port.bigEndian
        address.sin_addr.s_addr = target.origin.address.bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result == 0 { return send() }
        guard errno == EINPROGRESS else { return fail(.connect(Self.text(errno))) }
        client.connectStarted(self)
        watch(EventLoop.writable) { [unowned self] _ in connected() }
    }

    private func connected() {
        client?.connectFinished(self)
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0 else { return fail(.connect(Self.text(error))) }
        send()
    }

    /// Writes what is left of the request; once all is written, reads the response.
    private func send() {
        while sent < request.count {
            let count = request.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return watch(EventLoop.writable) { [unowned self] _ in send() }
            } else {
                return lost(.send(Self.text(count < 0 ? errno : EPIPE)))
            }
        }
        watch(EventLoop.readable | EventLoop.peerClosed)
    }

    // MARK: Receiving

    private func watch(_ events: UInt32, _ handler: ((UInt32) -> Void)? = nil) {
        guard let loop = client?.loop else { return }
        let handler = handler ?? { [unowned self] _ in receive() }
        if events == watching, loop.rehandle(fd, handler: handler) { return }
        loop.watch(fd, events: events, handler: handler)
        watching = events
    }

    /// Reads what has arrived (a bounded amount per turn, so one upstream cannot hold the loop) and frames it.
    private func receive() {
        guard let client else { return }
        for _ in 0..<4 where !ended && !paused {
            let count = client.scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 {
                let full = count == client.scratch.count
                client.scratch.withUnsafeBufferPointer { take(UnsafeBufferPointer(rebasing: $0[0..<count])) }
                if !full { return }
            } else if count == 0 {
                return closedByPeer()
            } else if errno == EINTR {
                continue
            } else {
                if errno != EAGAIN, errno != EWOULDBLOCK { lost(.receive(Self.text(errno))) }
                return
            }
        }
    }

    private func take(_ bytes: UnsafeBufferPointer<UInt8>) {
        responseBegan = true
        var wantsMore = true
        let used: Int
        do {
            used = try reader.feed(bytes, head: { head in delegate?.upstreamHead(status: head.status) }) { body in
                if let delegate { wantsMore = delegate.upstreamBody(body) && wantsMore }
            }
        } catch {
            return fail(.protocolViolation(Self.describe(error)))
        }
        guard !ended else { return }
        if reader.isComplete {
            let delegate = delegate
            finish(reuse: reader.head?.keepAlive == true && used == bytes.count)
            return delegate?.upstreamEnded(nil) ?? ()
        }
        if !wantsMore {
            paused = true
            // Nothing is read while paused; a hang-up is still heard once (then the socket is silent until resumed).
            watch(EventLoop.oneShot) { [unowned self] _ in receive() }
        }
    }

    private func closedByPeer() {
        do {
            try reader.closed()
        } catch {
            return lost(.closedEarly)
        }
        let delegate = delegate
        finish(reuse: false)
        delegate?.upstreamEnded(nil)
    }

    /// The connection failed: sent again once on a new connection when it was a reused one that failed before any
    /// of the response (the upstream had closed it while idle), else the exchange fails.
    private func lost(_ failure: UpstreamFailure) {
        guard reused, !retried, !responseBegan, let client else { return fail(failure) }
        retried = true
        reused = false
        sent = 0
        client.close(fd)
        watching = 0
        connect()
    }

    /// Ends the exchange once: its connection kept for the next call or closed, the client told, the delegate let go.
    private func finish(reuse: Bool) {
        ended = true
        delegate = nil
        guard let client else { return }
        client.ended(self)
        if fd >= 0 {
            if reuse {
                client.keep(fd, for: target.origin, watched: watching == UpstreamClient.idleEvents)
            } else {
                client.close(fd)
            }
            fd = -1
        }
        self.client = nil
    }

    private static func text(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func describe(_ error: ResponseReader.Failure) -> String {
        switch error {
        case .malformed(let why): why
        case .headTooLarge: "a head over 64 KiB"
        case .truncated: "the response ended early"
        }
    }
}
