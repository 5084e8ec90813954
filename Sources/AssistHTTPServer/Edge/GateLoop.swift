import AssistEventLoop
import CLinux
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One event loop's share of the edge: accepts from the shared listening socket, counts, peeks at requests,
/// refuses or hands on to the same loop's daemon, and keeps the deadlines. Its epoll set is watched by the
/// loop, which polls it when it is ready and gives it a turn at its deadlines (`EventLoop.TurnHook`):
/// everything here belongs to that loop's thread, and a connection it hands on never changes thread.
/// The listener is in every share's set with `EPOLLEXCLUSIVE`, so a new connection wakes one loop, not all.
///
/// A connection is *pending* from its accept until its request is whole (handed to libmicrohttpd), refused,
/// or past the header deadline (a 408). A refused connection *lingers*: its answer is sent, its write side
/// shut, and what the client still sends is read and dropped until it closes or `lingerTimeout` passes, so
/// that closing never resets the connection under an answer the client has not read yet.
/// Sockets are watched edge-triggered: peeking does not consume, so a level-triggered watch would fire
/// without end; each new arrival fires once, and the whole request so far is peeked again.
final class GateLoop: EventLoop.TurnHook {
    private struct Connection {
        let descriptor: Int32
        let address: sockaddr_in
        let peer: String
        /// Whether the ledger counts it (a refused connection is not counted).
        var admitted: Bool
        /// The address it counts against; nil for a trusted proxy's until its head names the client.
        var countedAs: String?
        let viaTrustedProxy: Bool
        let deadline: ContinuousClock.Instant
        var lingering = false
        var peerFinished = false
    }

    private static let listenerToken: UInt64 = 0
    private static let wakeToken: UInt64 = 1

    private let listener: Listener
    private let wakeFD: Int32
    private let epollFD: Int32
    private weak var loop: EventLoop?
    /// Signalled once this share has closed everything it held (`end`).
    let ended = DispatchSemaphore(value: 0)
    private var isEnded = false
    /// When the deadlines were last checked: at least once a second (refusals waiting to be logged).
    private var lastTick = ContinuousClock.now
    private let settings: ConnectionGate.Settings
    private let ledger: ConnectionLedger
    private let handOver: ConnectionGate.HandOver
    private let requests: GateRequests

    private var connections: [UInt64: Connection] = [:]
    private var nextToken: UInt64 = 2
    private var pendingDeadlines = DeadlineQueue()
    private var lingerDeadlines = DeadlineQueue()
    private var lingering = 0
    private var listening = true
    /// Accepting paused until then, after running out of descriptors (the listener would wake the loop without end).
    private var acceptPausedUntil: ContinuousClock.Instant?
    private let refusals: SharedRefusalLog
    private var scratch: [UInt8]
    /// A descriptor kept open to be given up when accept fails for want of one: enough to answer and close.
    private var spareFD: Int32

    init(listener: Listener, settings: ConnectionGate.Settings, ledger: ConnectionLedger, refusals: SharedRefusalLog,
         handOver: @escaping ConnectionGate.HandOver, requests: GateRequests) throws {
        self.listener = listener
        self.refusals = refusals
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        guard wakeFD >= 0 else { throw HTTPServerError.system("eventfd", errno) }
        self.settings = settings
        self.ledger = ledger
        self.handOver = handOver
        self.requests = requests
        scratch = [UInt8](repeating: 0, count: max(settings.limits.window, 4096))
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else {
            close(wakeFD)
            throw HTTPServerError.system("epoll_create1", errno)
        }
        spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        watchListener()
        watch(wakeFD, token: Self.wakeToken, events: EPOLLIN.rawValue)
    }

    /// Wakes the share from another thread, to read `requests` (stop accepting, stop).
    func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    /// On `loop`'s thread: the loop watches this share's set from now on.
    func attach(to loop: EventLoop) {
        self.loop = loop
        loop.watch(epollFD, events: EventLoop.readable) { [unowned self] _ in poll() }
        loop.addHook(self)
        poll()
    }

    private func watchListener() {
        watch(listener.descriptor, token: Self.listenerToken, events: EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue)
    }

    /// Takes what is ready in the share's set, without waiting; ends the share once asked to stop.
    private func poll() {
        guard !isEnded else { return }
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        let count = epoll_wait(epollFD, &events, Int32(events.count), 0)
        if listening, requests.stopAccepting.load(ordering: .acquiring) { closeListenerWatch() }
        for index in 0..<max(0, Int(count)) {
            let (token, flags) = (events[index].data.u64, events[index].events)
            switch token {
            case Self.listenerToken: if listening { acceptAll() }
            case Self.wakeToken: var value: UInt64 = 0; _ = read(wakeFD, &value, 8)
            default: handle(token, flags: flags)
            }
        }
        tick(ContinuousClock.now)
        if requests.stop.load(ordering: .acquiring) { end() }
    }

    /// Ends the share now unless it has ended (the gate's `stop()`, on the loop's thread).
    func endIfAttached() {
        if !isEnded { end() }
    }

    /// Closes every connection the share holds and leaves the loop; the listener and the wake descriptor are
    /// the gate's to close (`closeWake`), once no thread can wake the share any more.
    private func end() {
        isEnded = true
        for token in Array(connections.keys) { closeConnection(token) }
        loop?.unwatch(epollFD)
        if spareFD >= 0 { close(spareFD) }
        close(epollFD)
        ended.signal()
    }

    /// After the share has ended and the last `wake()`: a write to the number once closed could reach whatever
    /// reused it (a socket whose peer left would raise SIGPIPE and end the process).
    func closeWake() { close(wakeFD) }

    // MARK: EventLoop.TurnHook

    /// The next deadline, and at least once a second after the last check (refusals waiting to be logged).
    func nextDeadline() -> ContinuousClock.Instant? {
        guard !isEnded else { return nil }
        // Compared one by one, with no array built: this runs every turn.
        var next = lastTick + .seconds(1)
        if let pending = pendingDeadlines.first { next = min(next, pending) }
        if let linger = lingerDeadlines.first { next = min(next, linger) }
        if let paused = acceptPausedUntil { next = min(next, paused) }
        return next
    }

    func turn(now: ContinuousClock.Instant) {
        guard !isEnded, let deadline = nextDeadline(), deadline <= now else { return }
        tick(now)
    }

    /// The server ends its gate before its loops.
    func loopEnded() {}

    private func acceptAll() {
        for _ in 0..<512 {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let fd = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept4(listener.descriptor, $0, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                }
            }
            guard fd >= 0 else {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM: outOfDescriptors()
                default: break
                }
                return
            }
            admit(fd, address: address)
        }
    }

    private func admit(_ fd: Int32, address: sockaddr_in) {
        let peer = IPAddressText.of(address)
        let trusted = settings.trustedProxies.contains(peer)
        let now = ContinuousClock.now
        switch ledger.admit(address: trusted ? nil : peer) {
        case .admitted:
            let token = nextToken
            nextToken += 1
            connections[token] = Connection(descriptor: fd, address: address, peer: peer, admitted: true, countedAs: trusted ? nil : peer,
                                            viaTrustedProxy: trusted, deadline: now + settings.headerTimeout)
            pendingDeadlines.append(now + settings.headerTimeout, token)
            // Already-arrived bytes are reported by the first wait: adding checks readiness.
            watch(fd, token: token, events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue)
        case .overloaded:
            refuseAtAccept(fd, address: address, .overloaded(retryAfter: settings.retryAfterSeconds), reason: .overloaded, now: now)
        case .tooManyFromAddress:
            refuseAtAccept(fd, address: address, .tooManyConnections(retryAfter: settings.retryAfterSeconds), reason: .tooManyFromAddress, now: now)
        }
    }

    private func refuseAtAccept(_ fd: Int32, address: sockaddr_in, _ rejection: EdgeRejection, reason: RefusalLog.Reason,
                                now: ContinuousClock.Instant) {
        logRefusal(reason, now: now)
        let token = nextToken
        nextToken += 1
        connections[token] = Connection(descriptor: fd, address: address, peer: IPAddressText.of(address), admitted: false,
                                        countedAs: nil, viaTrustedProxy: false, deadline: now)
        watch(fd, token: token, events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue)
        refuse(token, rejection)
    }

    /// accept failed for want of a descriptor: give up the spare one to answer one client 503 and close it,
    /// then pause accepting briefly (the listener stays readable, and would wake the loop without end).
    private func outOfDescriptors() {
        let now = ContinuousClock.now
        logRefusal(.outOfDescriptors, now: now)
        if spareFD >= 0 {
            close(spareFD)
            let fd = accept4(listener.descriptor, nil, nil, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
            if fd >= 0 {
                drain(fd)
                sendAnswer(fd, .overloaded(retryAfter: settings.retryAfterSeconds))
                close(fd)
            }
            spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
        unwatch(listener.descriptor)
        acceptPausedUntil = now + .milliseconds(100)
    }

    private func closeListenerWatch() {
        if acceptPausedUntil == nil { unwatch(listener.descriptor) }
        listening = false
        acceptPausedUntil = nil
    }

    private func handle(_ token: UInt64, flags: UInt32) {
        guard var connection = connections[token] else { return }
        if connection.lingering {
            if drain(connection.descriptor) { closeConnection(token) }
            return
        }
        if flags & EPOLLERR.rawValue != 0 { return closeConnection(token) }
        if flags & (EPOLLRDHUP.rawValue | EPOLLHUP.rawValue) != 0 {
            connection.peerFinished = true
            connections[token] = connection
        }
        let received = recv(connection.descriptor, &scratch, scratch.count, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        if received == 0 { return closeConnection(token) }  // gone without a byte
        guard received > 0 else {
            if errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { closeConnection(token) }
            return
        }
        let decision = scratch.withUnsafeBufferPointer { buffer in
            EdgeDecision.decide(UnsafeBufferPointer(rebasing: buffer[0..<received]), peerFinished: connection.peerFinished,
                                limits: settings.limits)
        }
        switch decision {
        case .wait: break
        case .reject(let rejection): refuse(token, rejection)
        case .handOver(let head, let bodyPending): handOn(token, head: head, bodyPending: bodyPending)
        }
    }

    private func handOn(_ token: UInt64, head: RequestHead, bodyPending: Bool) {
        guard var connection = connections[token] else { return }
        if connection.viaTrustedProxy {
            let client = head.forwardedFor.flatMap(IPAddressText.canonical) ?? connection.peer
            guard ledger.assign(address: client) else {
                logRefusal(.tooManyFromAddress, now: .now)
                return refuse(token, .tooManyConnections(retryAfter: settings.retryAfterSeconds))
            }
            connection.countedAs = client
        }
        unwatch(connection.descriptor)
        connections.removeValue(forKey: token)
        ledger.handOver(descriptor: connection.descriptor,
                        .init(address: connection.countedAs, viaTrustedProxy: connection.viaTrustedProxy, deadline: connection.deadline,
                              bodyPending: bodyPending))
        handOver(connection.descriptor, connection.address)
    }

    /// Answers `rejection`, stops counting the connection, and lets it linger (or closes it when too many do).
    private func refuse(_ token: UInt64, _ rejection: EdgeRejection) {
        guard var connection = connections[token], !connection.lingering else { return }
        sendAnswer(connection.descriptor, rejection)
        Glibc.shutdown(connection.descriptor, Int32(SHUT_WR))
        if connection.admitted {
            ledger.release(address: connection.countedAs)
            connection.admitted = false
        }
        guard lingering < settings.maxLingering else {
            connections[token] = connection
            drain(connection.descriptor)
            return closeConnection(token)
        }
        connection.lingering = true
        connections[token] = connection
        lingering += 1
        lingerDeadlines.append(.now + settings.lingerTimeout, token)
        if drain(connection.descriptor) { closeConnection(token) }
    }

    private func sendAnswer(_ fd: Int32, _ rejection: EdgeRejection) {
        let bytes = EdgeResponse.bytes(rejection, requestID: settings.makeRequestID())
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
    }

    /// Reads and drops what has arrived; true when the client has closed (or the socket failed).
    @discardableResult
    private func drain(_ fd: Int32) -> Bool {
        for _ in 0..<16 {
            let count = recv(fd, &scratch, scratch.count, Int32(MSG_DONTWAIT))
            if count == 0 { return true }
            if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR }
        }
        return false
    }

    private func closeConnection(_ token: UInt64) {
        guard let connection = connections.removeValue(forKey: token) else { return }
        if connection.admitted { ledger.release(address: connection.countedAs) }
        if connection.lingering { lingering -= 1 }
        unwatch(connection.descriptor)
        close(connection.descriptor)
    }

    private func tick(_ now: ContinuousClock.Instant) {
        lastTick = now
        while let token = pendingDeadlines.popExpired(now) {
            if let connection = connections[token], !connection.lingering {
                refuse(token, .timeout)
            }
        }
        while let token = lingerDeadlines.popExpired(now) {
            if connections[token]?.lingering == true { closeConnection(token) }
        }
        if let until = acceptPausedUntil, now >= until {
            acceptPausedUntil = nil
            if listening { watchListener() }
        }
        if let line = refusals.flush(now: now) { settings.log(line) }
    }

    private func logRefusal(_ reason: RefusalLog.Reason, now: ContinuousClock.Instant) {
        if let line = refusals.refused(reason, now: now) { settings.log(line) }
    }

    private func watch(_ fd: Int32, token: UInt64, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event)
    }

    private func unwatch(_ fd: Int32) {
        var event = epoll_event()
        epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, &event)
    }
}
