import AssistCrypto
import AssistEventLoop
import AssistHTTP
import AssistServices
import CLinux
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One event loop's share of the server: accepts from the shared listening socket, counts and refuses at
/// accept, and serves each connection it keeps from its first byte to its close, on this loop's thread only.
/// Its sockets are in the loop's own epoll set, each with its handler, and the loop gives it a turn at its deadlines
/// (`EventLoop.TurnHook`). The listener is in every loop's own set with `EPOLLEXCLUSIVE`, so a new connection
/// wakes one loop, not all; a connection never changes thread, and neither do its request's tasks.
///
/// Each connection's protocol is its `HTTP1Connection`; this class carries out what the machine decides
/// (`perform`, then `settle`: write, close, linger, watch, deadline) and hands it the socket's bytes, the
/// responder's answer and the deadlines. Sockets are watched level-triggered, and for writing only while
/// bytes wait. The responder runs in a task that prefers this loop; its answer comes back through `onLoop`.
/// A streamed body's bytes are pulled from its writer (`pump`) while the socket takes them, so a slow client
/// holds back the producer, and a client that stops reading is found by the periodic `ReadPace` check.
final class ServerLoop: EventLoop.TurnHook {
    let context: ServerContext
    private var settings: ServerContext.Settings { context.settings }
    private let listener: Listener
    private weak var loop: EventLoop?
    /// The loop's timers, where its requests keep their deadlines; set with `loop`.
    private var timers: LoopTimers?
    /// Signalled once this share has closed everything it held (`end`).
    let ended = DispatchSemaphore(value: 0)
    private var isEnded = false
    private let refusals: SharedRefusalLog

    private var connections: [UInt64: ServedConnection] = [:]
    /// Connections whose response streams: the ones the read-pace check looks at.
    private var streaming: Set<UInt64> = []
    private var nextToken: UInt64 = 1
    private var requestDeadlines = DeadlineQueue()
    private var idleDeadlines = DeadlineQueue()
    private var writeDeadlines = DeadlineQueue()
    private var lingerDeadlines = DeadlineQueue()
    private var lingering = 0
    private var listening = true
    private var draining = false
    /// Accepting paused until then, after running out of descriptors (the listener would wake the loop without end).
    private var acceptPausedUntil: ContinuousClock.Instant?
    /// When the deadlines were last checked: at least once a second (refusals waiting to be logged).
    private var lastTick = ContinuousClock.now
    private var lastPaceCheck = ContinuousClock.now
    private var scratch: [UInt8]
    /// A streamed body's bytes on their way to the socket, with room before them for a chunk's size line
    /// (`HTTP1Connection.chunkRoom`) and after them for its CRLF, so that a chunk is written from here without a copy.
    private var pumpBuffer: [UInt8]
    /// A descriptor kept open to be given up when accept fails for want of one: enough to answer and close.
    private var spareFD: Int32
    private var date = HTTPDateCache()

    init(listener: Listener, context: ServerContext, refusals: SharedRefusalLog) {
        self.listener = listener
        self.context = context
        self.refusals = refusals
        scratch = [UInt8](repeating: 0, count: 64 * 1024)
        pumpBuffer = [UInt8](repeating: 0, count: HTTP1Connection.chunkRoom + max(1, context.settings.streamBlockBytes) + 2)
        spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// On `loop`'s thread: the share serves on this loop from now on.
    func attach(to loop: EventLoop) {
        self.loop = loop
        timers = LoopTimers.of(loop)
        watchListener()
        loop.addHook(self)
        readRequests()
    }

    /// Reads what the server asked of every share (stop accepting, stop), on the loop's thread: posted there by
    /// `ServerShares` when it asks.
    func readRequests() {
        guard !isEnded else { return }
        if !draining, context.stopAccepting.load(ordering: .acquiring) { beginDraining() }
        if context.stop.load(ordering: .acquiring) { end() }
    }

    /// Ends the share now unless it has ended (the server's `stop()`, on the loop's thread).
    func endIfAttached() {
        if !isEnded { end() }
    }

    /// Closes every connection the share holds (their requests' work cancelled) and leaves the loop; the
    /// listener is the server's to close.
    private func end() {
        isEnded = true
        for connection in Array(connections.values) { close(connection) }
        loop?.unwatch(listener.descriptor)
        if spareFD >= 0 { Glibc.close(spareFD) }
        ended.signal()
    }

    /// Cancels the work of every request in flight here (graceful shutdown after its drain timeout).
    func cancelInFlight() {
        for connection in connections.values { connection.task?.cancel() }
    }

    // MARK: EventLoop.TurnHook

    func nextDeadline() -> ContinuousClock.Instant? {
        guard !isEnded else { return nil }
        // Compared one by one, with no array built: this runs every turn.
        var next = lastTick + .seconds(1)
        if let deadline = requestDeadlines.first { next = min(next, deadline) }
        if let deadline = idleDeadlines.first { next = min(next, deadline) }
        if let deadline = writeDeadlines.first { next = min(next, deadline) }
        if let deadline = lingerDeadlines.first { next = min(next, deadline) }
        if let paused = acceptPausedUntil { next = min(next, paused) }
        if !streaming.isEmpty { next = min(next, lastPaceCheck + settings.readPaceInterval) }
        return next
    }

    func turn(now: ContinuousClock.Instant) {
        guard !isEnded, let deadline = nextDeadline(), deadline <= now else { return }
        tick(now)
    }

    /// The server ends its shares before their loops.
    func loopEnded() {}

    // MARK: Accepting

    /// Accepts one connection per readiness. The listener is level-triggered: if more wait, the next turn's wait
    /// reports it again (and may wake the other loop for them), where accepting until `EAGAIN` spent a failing call
    /// on every connection that came alone.
    private func acceptOne() {
        while true {
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
            return admit(fd, address: address)
        }
    }

    private func admit(_ fd: Int32, address: sockaddr_in) {
        let peer = IPAddressText.of(address)
        let trusted = settings.trustedProxies.contains(peer)
        let now = ContinuousClock.now  // TCP_NODELAY comes from the listener (`Listener.open`)
        let verdict = ledger.admit(address: trusted ? nil : peer)
        let token = nextToken
        nextToken += 1
        let connection = ServedConnection(token: token, descriptor: fd, peer: peer, viaTrustedProxy: trusted, admitted: verdict == .admitted,
                                          machine: makeMachine())
        connections[token] = connection
        switch verdict {
        case .admitted:
            // The first request's deadline runs from accept.
            arm(connection, .request, at: now + settings.headerTimeout)
            settle(connection)
            // A client sends its request as soon as it is connected, so it is usually here already: read now rather
            // than after another turn of the loop (a wait for readiness saved; when nothing is here, one recv more).
            receive(connection)
        case .overloaded:
            logRefusal(.overloaded, now: now)
            refuse(connection, .overloaded(retryAfter: settings.retryAfterSeconds))
        case .tooManyFromAddress:
            logRefusal(.tooManyFromAddress, now: now)
            refuse(connection, .tooManyConnections(retryAfter: settings.retryAfterSeconds))
        }
    }

    private var ledger: ConnectionLedger { context.ledger }

    private func makeMachine() -> HTTP1Connection {
        HTTP1Connection(limits: settings.limits) { rejection in EdgeResponse.bytes(rejection, requestID: RequestID.make()) }
    }

    /// accept failed for want of a descriptor: give up the spare one to answer one client 503 and close it,
    /// then pause accepting briefly (the listener stays readable, and would wake the loop without end).
    private func outOfDescriptors() {
        let now = ContinuousClock.now
        logRefusal(.outOfDescriptors, now: now)
        if spareFD >= 0 {
            Glibc.close(spareFD)
            let fd = accept4(listener.descriptor, nil, nil, Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue))
            if fd >= 0 {
                let bytes = EdgeResponse.bytes(.overloaded(retryAfter: settings.retryAfterSeconds), requestID: RequestID.make())
                _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
                Glibc.close(fd)
            }
            spareFD = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
        loop?.unwatch(listener.descriptor)
        acceptPausedUntil = now + .milliseconds(100)
    }

    /// The listener is in each loop's own set with `EPOLLEXCLUSIVE`, which wakes one waiting epoll: only a set a thread
    /// waits on directly counts as waiting. In a set nested in the loop's, every loop woke for every connection, and all
    /// but one found nothing to accept.
    private func watchListener() {
        loop?.watch(listener.descriptor, events: EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue) { [unowned self] _ in
            if listening { acceptOne() }
        }
    }

    /// The server stops accepting: the listener leaves the set, and connections between requests are closed
    /// (a request already begun is answered, with `Connection: close`).
    private func beginDraining() {
        draining = true
        if listening, acceptPausedUntil == nil { loop?.unwatch(listener.descriptor) }
        listening = false
        acceptPausedUntil = nil
        for connection in Array(connections.values) where connection.phase == .open && connection.machine.waiting == .idle
            && connection.outboundBytes == 0 {
            close(connection)
        }
    }

    // MARK: Socket events

    private func handle(_ token: UInt64, flags: UInt32) {
        guard let connection = connections[token] else { return }
        if connection.phase == .lingering {
            if drain(connection.descriptor) { close(connection) }
            return
        }
        if flags & EPOLLOUT.rawValue != 0 { settle(connection) }
        if flags & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue) != 0, connection.phase == .open { receive(connection) }
        if flags & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0, connection.phase == .open {
            perform(connection.machine.connectionReset(), on: connection)
        }
    }

    /// Reads what has arrived (a bounded amount per turn, so one client cannot hold the loop) into the machine.
    private func receive(_ connection: ServedConnection) {
        for _ in 0..<4 where connection.phase == .open && !connection.readingPaused && !connection.finished {
            let count = recv(connection.descriptor, &scratch, scratch.count, Int32(MSG_DONTWAIT))
            if count > 0 {
                perform(connection.machine.received(scratch[0..<count]), on: connection)
                if count < scratch.count { break }
            } else if count == 0 {
                connection.finished = true
                perform(connection.machine.peerClosed(), on: connection)
                break
            } else {
                if errno == EINTR { continue }
                if errno != EAGAIN, errno != EWOULDBLOCK { perform(connection.machine.connectionReset(), on: connection) }
                break
            }
        }
    }

    // MARK: Actions

    /// Carries out the machine's actions, then settles the connection (writes, closes, watches, deadlines), unless
    /// `settling` is false: a streamed response's head then waits for its body's first bytes (`ServedConnection.headHeld`).
    private func perform(_ actions: [HTTP1Connection.Action], on connection: ServedConnection, settling: Bool = true) {
        for action in actions {
            switch action {
            case .deliver(let request): deliver(request, on: connection)
            case .write(let bytes): connection.enqueue(bytes)
            case .close: connection.afterFlush = .close
            case .lingerAndClose: connection.afterFlush = .linger
            case .clientGone: endRequest(connection, cancel: true)
            case .pauseReading: connection.readingPaused = true
            case .resumeReading: connection.readingPaused = false
            }
        }
        if settling { settle(connection) }
    }

    /// Writes what waits; once all is written, closes or lingers as asked, or feeds a streamed body; then
    /// watches the socket for what it waits for, and arms the deadline that applies.
    private func settle(_ connection: ServedConnection) {
        guard connection.phase == .open else { return }
        let before = connection.outboundBytes
        if !connection.flush() {
            return close(connection)  // the client is gone: a write failed
        }
        if connection.outboundBytes < before, connection.deadline?.kind == .write { connection.deadline = nil }
        if connection.outboundBytes == 0 {
            switch connection.afterFlush {
            case .close: return close(connection)
            case .linger: return linger(connection)
            case .nothing: break
            }
            if connection.writer != nil, !connection.pumpWaiting { return pump(connection) }
        }
        rewatch(connection)
        rearm(connection)
    }

    private func deliver(_ read: HTTP1Connection.Request, on connection: ServedConnection) {
        guard let loop else { return close(connection) }  // attached before any connection: never nil here
        var client = connection.countedAs ?? connection.peer
        if connection.viaTrustedProxy {
            // Each request a proxy forwards counts against its own client while it is answered.
            client = read.head.forwardedFor.flatMap(IPAddressText.canonical) ?? connection.peer
            guard ledger.assign(address: client) else {
                logRefusal(.tooManyFromAddress, now: .now)
                return answer(connection, .tooManyConnections(retryAfter: settings.retryAfterSeconds))
            }
            connection.requestAddress = client
        }
        connection.generation &+= 1
        connection.inFlight = true
        context.requestStarted()
        let request = RequestMapping.request(read, clientAddress: client, viaTrustedProxy: connection.viaTrustedProxy,
                                             serverPort: context.port)
        let (responder, back, token, generation) = (context.responder, LoopReference(self, loop: loop), connection.token, connection.generation)
        let timers = timers  // the request's deadlines are this loop's, as its connection is
        connection.task = Task(executorPreference: loop) {
            let response = await RequestTimers.$current.withValue(timers) { await responder.respond(to: request) }
            back.onLoop { $0.responded(response, token: token, generation: generation) }
        }
    }

    /// The server's own answer to a request it will not hand to the responder.
    private func answer(_ connection: ServedConnection, _ rejection: EdgeRejection) {
        let response = EdgeResponse.response(rejection, requestID: RequestID.make())
        guard case .bytes(let body) = response.body else { return }
        perform(connection.machine.respond(status: rejection.status, reason: rejection.reasonPhrase,
                                           headers: response.headers.map { ($0.name.rawName, $0.value) }, body: .bytes(body),
                                           date: date.now()), on: connection)
    }

    /// The responder's answer to the request `generation` of connection `token`, on the loop.
    fileprivate func responded(_ response: HTTPResponse, token: UInt64, generation: UInt64) {
        guard let connection = connections[token], connection.phase == .open, connection.generation == generation, connection.inFlight,
              connection.writer == nil else {
            return Self.runUnsent(response)
        }
        connection.task = nil
        var headers = response.headers.map { (name: $0.name.rawName, value: $0.value) }
        if draining { headers.append(("Connection", "close")) }
        let status = response.status.code
        switch response.body {
        case .bytes(let bytes):
            endRequest(connection, cancel: false)
            perform(connection.machine.respond(status: status, reason: RequestMapping.reason(status), headers: headers, body: .bytes(bytes),
                                               date: date.now()), on: connection)
        case .stream(let produce):
            guard let loop else { return Self.runUnsent(response) }
            let back = LoopReference(self, loop: loop)
            // Made once per stream, not per write: the writer wakes the pump for every delta.
            let pumpLater: @Sendable () -> Void = { back.share.pump(token: token) }
            let writer = StreamingBody(highWaterBytes: settings.streamHighWaterBytes, pace: settings.readPace) {
                // Under the writer's lock: the pump is queued, never run here (it takes that lock).
                _ = loop.execute(pumpLater)
            }
            _ = assist_tcp_limit_unsent(connection.descriptor, Int32(clamping: settings.streamHighWaterBytes))
            connection.writer = writer
            streaming.insert(token)
            let timers = timers
            // A task of its own, not the responder's going on: a task keeps the slabs its frames took until it ends, and
            // the responder's took admission's and the prompt's, 54 KiB per idle open stream against 16 (issue 32).
            connection.task = Task(executorPreference: loop) {
                await RequestTimers.$current.withValue(timers) { await produce(writer) }
                writer.finish()
            }
            // The head waits for the producer's first turn (queued just above), to go out with what it wrote then (the
            // gateway's ping) in one write, after the provider call it started: the upstream's request leaves first.
            // A producer that wrote nothing by then gets its head sent alone: headers never wait for a first byte.
            connection.headHeld = true
            perform(connection.machine.respond(status: status, reason: RequestMapping.reason(status), headers: headers, body: .stream,
                                               date: date.now()), on: connection, settling: false)
            if !loop.execute({ back.share.releaseHead(token: token) }) { releaseHead(token: token) }
        }
    }

    /// A response that will never be sent (its client left first) still runs its streamed body, with a writer
    /// whose client is gone: whatever the producer holds for the request is given back by its own code path.
    private static func runUnsent(_ response: HTTPResponse) {
        guard case .stream(let produce) = response.body else { return }
        let writer = StreamingBody(highWaterBytes: 1) {}
        writer.clientDisconnected()
        Task { await produce(writer) }
    }

    /// After the producer's first turn: its head goes with what it wrote, or alone when it wrote nothing.
    fileprivate func releaseHead(token: UInt64) {
        guard let connection = connections[token], connection.phase == .open, connection.headHeld else { return }
        pump(connection)
        if connection.headHeld, connection.phase == .open {
            connection.headHeld = false
            settle(connection)
        }
    }

    fileprivate func pump(token: UInt64) {
        guard let connection = connections[token], connection.phase == .open else { return }
        connection.pumpWaiting = false
        if connection.outboundBytes == 0 || connection.headHeld { pump(connection) }
    }

    /// Moves a streamed body's bytes from its writer to the socket while the socket takes them all; stops when
    /// the writer is empty (its next write queues the pump again) or the socket is full (writable queues it). A held
    /// head goes out with the first bytes, in one write.
    private func pump(_ connection: ServedConnection) {
        let room = HTTP1Connection.chunkRoom
        while let writer = connection.writer, connection.phase == .open, connection.outboundBytes == 0 || connection.headHeld {
            let result = pumpBuffer.withUnsafeMutableBytes { buffer in
                writer.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[room..<(buffer.count - 2)])) { connection.pumpWaiting = true }
            }
            switch result {
            case .bytes(let count):
                // Framed in place as the machine says and written from here; only what the socket does not take
                // is copied, to wait in `outbound`.
                guard let chunked = connection.machine.bodyIsChunked else { continue }  // HEAD: not sent
                connection.headHeld = false  // `write` gathers the queued head with these bytes
                let start = chunked ? HTTP1Connection.frameChunk(&pumpBuffer, start: room, count: count) : room
                let end = room + count + (chunked ? 2 : 0)
                guard connection.write(pumpBuffer, from: start, to: end) else { return close(connection) }
            case .suspended:
                rewatch(connection)
                rearm(connection)
                return
            case .endOfStream:
                connection.headHeld = false
                endRequest(connection, cancel: false)
                return perform(connection.machine.endBody(), on: connection)
            case .clientGone:
                return close(connection)
            }
        }
        settle(connection)
    }

    /// The request's work is over: its answer is all queued, or its client left (`cancel`: its task and
    /// stream are stopped).
    private func endRequest(_ connection: ServedConnection, cancel: Bool) {
        if cancel {
            connection.task?.cancel()
            connection.writer?.clientDisconnected()
        }
        if connection.writer != nil || cancel {
            connection.task = nil
            connection.writer = nil
            streaming.remove(connection.token)
        }
        if connection.inFlight {
            connection.inFlight = false
            context.requestEnded()
        }
        if let address = connection.requestAddress {
            connection.requestAddress = nil
            ledger.unassign(address: address)
        }
    }

    /// A refusal at accept (load): the answer, then the linger.
    private func refuse(_ connection: ServedConnection, _ rejection: EdgeRejection) {
        connection.enqueue(EdgeResponse.bytes(rejection, requestID: RequestID.make()))
        connection.afterFlush = .linger
        settle(connection)
    }

    /// Shuts the write side once the answer is out, and drops what the client still sends until it closes or
    /// the linger time passes (or closes at once when too many linger).
    private func linger(_ connection: ServedConnection) {
        Glibc.shutdown(connection.descriptor, Int32(SHUT_WR))
        endRequest(connection, cancel: true)
        if connection.admitted {
            ledger.release(address: connection.countedAs)
            connection.admitted = false
        }
        guard lingering < settings.maxLingering else {
            drain(connection.descriptor)
            return close(connection)
        }
        connection.phase = .lingering
        lingering += 1
        arm(connection, .linger, at: .now + settings.lingerTimeout)
        watch(connection, events: EPOLLIN.rawValue | EPOLLRDHUP.rawValue)
        if drain(connection.descriptor) { close(connection) }
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

    private func close(_ connection: ServedConnection) {
        guard connections.removeValue(forKey: connection.token) != nil else { return }
        endRequest(connection, cancel: true)
        if connection.admitted { ledger.release(address: connection.countedAs) }
        if connection.phase == .lingering { lingering -= 1 }
        connection.phase = .closed
        // Closing takes the socket out of the loop's set (it is never duplicated, and is close-on-exec): only its
        // handler is dropped first, with no system call.
        if connection.registered { loop?.forget(connection.descriptor) }
        Glibc.close(connection.descriptor)
    }

    /// A client that stopped reading a streamed body: its response ends as if it had left, and the socket is
    /// reset (`SO_LINGER` 0: the kernel drops what it still holds for a client that will not take it).
    private func stalled(_ connection: ServedConnection) {
        connection.writer?.markStalled()
        var reset = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(connection.descriptor, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(connection)
    }

    // MARK: Watching and deadlines

    /// Watches the socket for what the connection waits for: bytes (unless reading is paused or the client
    /// finished), a FIN, and room to write while bytes wait.
    private func rewatch(_ connection: ServedConnection) {
        var events: UInt32 = 0
        if !connection.finished {
            events |= EPOLLRDHUP.rawValue
            if !connection.readingPaused { events |= EPOLLIN.rawValue }
        }
        if connection.outboundBytes > 0, !connection.headHeld { events |= EPOLLOUT.rawValue }
        guard !connection.registered || events != connection.watched else { return }
        watch(connection, events: events)
    }

    /// Arms the deadline of what the connection now waits for, unless that one is armed already.
    private func rearm(_ connection: ServedConnection) {
        let now = ContinuousClock.now
        if connection.writer != nil {
            // A streamed body's client is judged by its rate of reading (`ReadPace`), not by a timeout.
            connection.deadline = nil
            return
        }
        if connection.outboundBytes > 0 {
            if connection.deadline?.kind != .write { arm(connection, .write, at: now + settings.idleTimeout) }
            return
        }
        switch connection.machine.waiting {
        case .idle: if connection.deadline?.kind != .idle { arm(connection, .idle, at: now + settings.idleTimeout) }
        case .request: if connection.deadline?.kind != .request { arm(connection, .request, at: now + settings.headerTimeout) }
        case .responder, .closed: connection.deadline = nil
        }
    }

    private func arm(_ connection: ServedConnection, _ kind: ServedConnection.DeadlineKind, at deadline: ContinuousClock.Instant) {
        connection.deadline = (kind, deadline)
        switch kind {
        case .request: requestDeadlines.append(deadline, connection.token)
        case .idle: idleDeadlines.append(deadline, connection.token)
        case .write: writeDeadlines.append(deadline, connection.token)
        case .linger: lingerDeadlines.append(deadline, connection.token)
        }
    }

    private func tick(_ now: ContinuousClock.Instant) {
        lastTick = now
        expire(&requestDeadlines, .request, now) { perform($0.machine.deadlinePassed(), on: $0) }
        expire(&idleDeadlines, .idle, now) { perform($0.machine.deadlinePassed(), on: $0) }
        expire(&writeDeadlines, .write, now) { close($0) }
        expire(&lingerDeadlines, .linger, now) { close($0) }
        if !streaming.isEmpty, now - lastPaceCheck >= settings.readPaceInterval {
            lastPaceCheck = now
            for token in streaming {
                if let connection = connections[token], connection.writer?.checkPace(at: now) == true { stalled(connection) }
            }
        }
        if let until = acceptPausedUntil, now >= until {
            acceptPausedUntil = nil
            if listening { watchListener() }
        }
        if let line = refusals.flush(now: now) { settings.log(line) }
    }

    /// Fires the deadlines of `kind` that have come, skipping those no longer armed.
    private func expire(_ queue: inout DeadlineQueue, _ kind: ServedConnection.DeadlineKind, _ now: ContinuousClock.Instant,
                        _ fire: (ServedConnection) -> Void) {
        while let (deadline, token) = queue.popExpired(now) {
            guard let connection = connections[token], let armed = connection.deadline, armed.kind == kind, armed.at == deadline else { continue }
            connection.deadline = nil
            fire(connection)
        }
    }

    private func logRefusal(_ reason: RefusalLog.Reason, now: ContinuousClock.Instant) {
        if let line = refusals.refused(reason, now: now) { settings.log(line) }
        // A refusal held back is logged by the tick a second from now, when the log takes a line again.
        lastTick = now
    }

    /// Watches the connection's socket in the loop's set for `events`: its handler is made once, at the first watch,
    /// and later changes only change the events (`EventLoop.rewatch`).
    private func watch(_ connection: ServedConnection, events: UInt32) {
        guard let loop else { return }
        if !connection.registered || !loop.rewatch(connection.descriptor, events: events) {
            let token = connection.token
            loop.watch(connection.descriptor, events: events) { [unowned self] flags in handle(token, flags: flags) }
        }
        connection.registered = true
        connection.watched = events
    }
}

/// A share of the server carried into its tasks and its writers' callbacks, which reach it only on its loop.
///
/// `@unchecked Sendable` is safe here because the share is touched only through `onLoop`, or in work given to
/// the loop's `execute`, both run on the loop's own thread (the share's thread).
private struct LoopReference: @unchecked Sendable {
    let share: ServerLoop
    let loop: EventLoop
    init(_ share: ServerLoop, loop: EventLoop) {
        self.share = share
        self.loop = loop
    }

    /// Runs `work` on the loop: at once when already there.
    func onLoop(_ work: @escaping @Sendable (ServerLoop) -> Void) {
        let reference = self
        _ = loop.onLoop { work(reference.share) }
    }

}

/// The `Date` field's value, formatted once a second.
private struct HTTPDateCache {
    private var second: time_t = -1
    private var text = ""

    mutating func now() -> String {
        let current = time(nil)
        if current != second {
            second = current
            text = EdgeResponse.httpDate()
        }
        return text
    }
}
