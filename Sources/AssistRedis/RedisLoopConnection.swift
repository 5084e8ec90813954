import AssistEventLoop
import CHiredis
import Glibc

/// One `RedisClient`'s connection on one event loop: a non-blocking socket the loop watches, hiredis's reply
/// reader, and the protocol logic of `RedisConnectionMachine`. Every method runs on the loop's thread, so a
/// request whose task runs on a loop sends its commands, and is resumed with their replies, without another
/// thread (issue 29). Commands from the requests of one loop share its connection, pipelined.
///
/// Not `Sendable`: it never leaves its loop's thread.
final class RedisLoopConnection: LoopConnection {
    private let url: RedisURL
    private let loop: EventLoop
    private var machine: RedisConnectionMachine
    private var socket: Int32 = -1
    private var reader: UnsafeMutablePointer<redisReader>?
    /// Bytes not yet written; `outStart` is the first of them.
    private var out: [UInt8] = []
    private var outStart = 0
    private var watchingWrites = false
    /// Whether `onReadiness(true)` was said for this socket (so that closing it says false once).
    private var announcedUp = false
    /// Where replies are read into, reused.
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 1)
    private var callers: [RedisConnectionMachine.ID: CheckedContinuation<RedisReply, any Error>] = [:]
    private var nextID = 0
    /// Told whether the connection is up (the client's `isConnected`).
    private let onReadiness: (Bool) -> Void

    init(url: RedisURL, settings: RedisClient.Settings, loop: EventLoop, onReadiness: @escaping (Bool) -> Void) {
        self.url = url
        self.loop = loop
        self.onReadiness = onReadiness
        var handshake: [[UInt8]] = []
        if let password = url.password { handshake.append(RESP.command((url.user.map { ["AUTH", $0, password] } ?? ["AUTH", password]).map { Array($0.utf8) })) }
        if url.database != 0 { handshake.append(RESP.command([Array("SELECT".utf8), Array(String(url.database).utf8)])) }
        machine = RedisConnectionMachine(settings: .init(capacity: settings.capacity, deadline: settings.deadline, connectTimeout: settings.connectTimeout,
                                                         ioTimeout: settings.ioTimeout, reconnectDelay: settings.reconnectDelay,
                                                         maxReconnectDelay: settings.maxReconnectDelay),
                                         handshake: handshake)
    }

    deinit {
        close()
        readBuffer.deallocate()
    }

    func submit(_ bytes: [UInt8], _ continuation: CheckedContinuation<RedisReply, any Error>) {
        nextID &+= 1
        callers[nextID] = continuation
        perform(machine.submit(nextID, bytes: bytes, now: .now))
    }

    func nextDeadline() -> ContinuousClock.Instant? { machine.nextDeadline() }

    /// Once per loop turn, after its events and jobs: what the turn's callers sent goes out in one write (their
    /// commands pipelined), then the timeouts.
    func turn(now: ContinuousClock.Instant) {
        if outStart < out.count, machine.isReady, !watchingWrites { flush() }
        perform(machine.tick(now: now))
    }

    func shutdown() { perform(machine.shutdown()) }

    // MARK: Actions

    private func perform(_ actions: [RedisConnectionMachine.Action]) {
        for action in actions {
            switch action {
            case .connect: connect()
            case .send(let bytes): send(bytes)
            case .succeed(let id, let reply): callers.removeValue(forKey: id)?.resume(returning: reply)
            case .fail(let id, let error): callers.removeValue(forKey: id)?.resume(throwing: error)
            case .close: close()
            }
        }
    }

    private func connect() {
        let result = Self.openSocket(host: url.host, port: url.port)
        switch result {
        case .failure(let error):
            perform(machine.connectFailed(error, now: .now))
        case .success(let (descriptor, inProgress)):
            socket = descriptor
            reader = redisReaderCreate()
            if inProgress {
                loop.watch(descriptor, events: EventLoop.writable) { [unowned self] _ in connectCompleted() }
            } else {
                up()
            }
        }
    }

    private func connectCompleted() {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0 else {
            return perform(machine.connectFailed(RedisError(.unavailable, "cannot connect to \(url): \(String(cString: strerror(error)))"), now: .now))
        }
        up()
    }

    private func up() {
        watchReads()
        announcedUp = true
        onReadiness(true)
        perform(machine.connected(now: .now))
    }

    private func watchReads() {
        watchingWrites = false
        loop.watch(socket, events: EventLoop.readable | EventLoop.peerClosed) { [unowned self] events in handle(events) }
    }

    /// Queues `bytes` for the turn's one write (`turn`).
    private func send(_ bytes: [UInt8]) {
        if outStart == out.count { (out, outStart) = (bytes, 0) } else { out += bytes }
    }

    private func flush() {
        while outStart < out.count {
            let written = out[outStart...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written > 0 {
                outStart += written
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                break
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return perform(machine.lost(RedisError(.connectionLost, "connection lost writing: \(String(cString: strerror(errno)))"), now: .now))
            }
        }
        if outStart == out.count { (out, outStart) = ([], 0) }
        let wantWrites = outStart < out.count
        guard wantWrites != watchingWrites else { return }
        watchingWrites = wantWrites
        loop.watch(socket, events: EventLoop.readable | EventLoop.peerClosed | (wantWrites ? EventLoop.writable : 0)) { [unowned self] events in
            handle(events)
        }
    }

    private func handle(_ events: UInt32) {
        if events & EventLoop.writable != 0 { flush() }
        guard socket >= 0, events & (EventLoop.readable | EventLoop.peerClosed | EventLoop.hangUp) != 0 else { return }
        while socket >= 0 {
            let count = recv(socket, readBuffer.baseAddress, readBuffer.count, 0)
            if count > 0 {
                guard let reader else { return }
                _ = redisReaderFeed(reader, readBuffer.baseAddress!.assumingMemoryBound(to: CChar.self), count)
                deliverReplies()
                if count < readBuffer.count { return }
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else if count < 0, errno == EINTR {
                continue
            } else {
                let reason = count == 0 ? "the server closed the connection" : String(cString: strerror(errno))
                return perform(machine.lost(RedisError(.connectionLost, "connection lost reading: \(reason)"), now: .now))
            }
        }
    }

    private func deliverReplies() {
        while let reader, socket >= 0 {
            var raw: UnsafeMutableRawPointer?
            guard redisReaderGetReply(reader, &raw) == REDIS_OK else {
                return perform(machine.lost(RedisError(.connectionLost, "a reply that is not RESP"), now: .now))
            }
            guard let raw else { return }
            let reply = RedisReply(decoding: raw.assumingMemoryBound(to: redisReply.self))
            freeReplyObject(raw)
            perform(machine.received(reply, now: .now))
        }
    }

    private func close() {
        if socket >= 0 {
            loop.unwatch(socket)
            Glibc.close(socket)
            socket = -1
            if announcedUp { onReadiness(false) }
            announcedUp = false
        }
        if let reader { redisReaderFree(reader) }
        reader = nil
        (out, outStart, watchingWrites) = ([], 0, false)
    }

    /// A non-blocking, close-on-exec TCP socket connecting to `host:port`, and whether the connect is still in
    /// progress. A host name is resolved here, on the loop (`getaddrinfo` blocks): name Redis by address.
    static func openSocket(host: String, port: Int) -> Result<(Int32, Bool), RedisError> {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            return .failure(RedisError(.unavailable, "cannot resolve \(host): \(String(cString: gai_strerror(status)))"))
        }
        defer { freeaddrinfo(found) }
        let descriptor = Glibc.socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(RedisError(.unavailable, "socket: \(String(cString: strerror(errno)))")) }
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_KEEPALIVE, &on, socklen_t(MemoryLayout<Int32>.size))
        if Glibc.connect(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 { return .success((descriptor, false)) }
        guard errno == EINPROGRESS else {
            let message = String(cString: strerror(errno))
            Glibc.close(descriptor)
            return .failure(RedisError(.unavailable, "cannot connect to \(host):\(port): \(message)"))
        }
        return .success((descriptor, true))
    }
}
