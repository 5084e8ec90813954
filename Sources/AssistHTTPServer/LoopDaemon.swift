import AssistEventLoop
import CMicroHTTPD
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// One libmicrohttpd daemon driven by one event loop: no thread of its own (external epoll mode), its epoll
/// set watched by the loop, `MHD_run` called on the loop's thread when that set is ready or its next timeout
/// is due. Every callback of its connections (the access handler, the content reader, the completion) runs
/// on that thread, and so do the Swift tasks of its requests, which prefer the loop as their executor: a
/// request never changes thread between its hand-over and its completion.
///
/// `@unchecked Sendable`: `daemon` is set once by `start` before the loop is told of it, and cleared by
/// `stop` on the loop's thread; libmicrohttpd is called through it only on that thread, and so is everything
/// else here (`add` and `resume` from another thread are posted to the loop).
final class LoopDaemon: EventLoop.TurnHook, @unchecked Sendable {
    let loop: EventLoop
    let core: ServerCore
    private var daemon: OpaquePointer?
    private var epollFD: Int32 = -1
    /// A connection was resumed on the loop's thread during this turn: libmicrohttpd runs before the loop sleeps.
    private var runPending = false
    /// When libmicrohttpd's next timeout is due, as last asked (`nextDeadline`, before the loop sleeps), so a
    /// turn does not ask again: asking walks every connection with a timeout of its own.
    private var timeoutDue: ContinuousClock.Instant?

    init(loop: EventLoop, core: ServerCore) {
        self.loop = loop
        self.core = core
    }

    /// Starts the daemon with `start` (given the context its callbacks get back) and hands it to the loop.
    /// False when libmicrohttpd refuses to start. The server keeps this object until `stop`.
    func start(_ start: (_ context: UnsafeMutableRawPointer) -> OpaquePointer?) -> Bool {
        guard let daemon = start(Unmanaged.passUnretained(self).toOpaque()) else { return false }
        let epollFD = assist_mhd_epoll_fd(daemon)
        guard epollFD >= 0 else {
            MHD_stop_daemon(daemon)
            return false
        }
        self.daemon = daemon
        self.epollFD = epollFD
        loop.execute { [self] in
            loop.watch(epollFD, events: EventLoop.readable) { [self] _ in run() }
            loop.addHook(self)
        }
        return true
    }

    /// Hands an accepted connection to the daemon, on the loop's thread (at once when called there, as the
    /// edge's share on this loop does). A connection it refuses (or that comes after `stop`) is closed by
    /// libmicrohttpd (or here) and stops counting in the ledger.
    func add(descriptor: Int32, address: sockaddr_in) {
        loop.onLoop { [self] in
            guard let daemon else {
                close(descriptor)
                core.ledger.closed(descriptor: descriptor)
                return
            }
            var address = address
            let added = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    MHD_add_connection(daemon, descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            // libmicrohttpd closed the socket; its count ends here (a no-op if it reported the close itself).
            if added != .YES { core.ledger.closed(descriptor: descriptor) }
            run()
        }
    }

    /// Stops the daemon on the loop's thread (closing its connections, whose completions run there) and
    /// returns once it has. Every suspended connection must have been resumed first: libmicrohttpd aborts
    /// the process when a daemon stops with one still suspended.
    func stop() {
        let work: @Sendable () -> Void = { [self] in
            guard let daemon else { return }
            loop.unwatch(epollFD)
            // Resumes still pending are processed before the daemon goes.
            MHD_run(daemon)
            self.daemon = nil
            MHD_stop_daemon(daemon)
        }
        if loop.inLoop { return work() }
        let done = DispatchSemaphore(value: 0)
        loop.execute { work(); done.signal() }
        done.wait()
    }

    /// Resumes a suspended connection. libmicrohttpd 0.9.75 runs without an inter-thread channel here, so
    /// nothing wakes it by itself: on the loop's thread the daemon runs before the loop next sleeps; from
    /// another thread the resume is posted to the loop. Each resume answers one suspend (the callers' state
    /// machines see to it), and a suspended connection cannot complete, so a posted resume never meets a
    /// connection that has gone; after `stop` it meets no daemon and does nothing.
    func resume(_ connection: OpaquePointer) {
        let connection = ConnectionPointer(pointer: connection)
        loop.onLoop { [self] in
            guard daemon != nil else { return }
            MHD_resume_connection(connection.pointer)
            runPending = true
        }
    }

    private func run() {
        runPending = false
        timeoutDue = nil  // a run handles what was due; the next `nextDeadline` asks afresh
        if let daemon { MHD_run(daemon) }
    }

    // MARK: EventLoop.TurnHook

    func nextDeadline() -> ContinuousClock.Instant? {
        timeoutDue = timeLeft.map { ContinuousClock.now + .milliseconds(Int64(clamping: $0)) }
        return runPending ? .now : timeoutDue
    }

    /// Runs libmicrohttpd after a resume, or when its timeout as last asked is due. A timeout that moved
    /// earlier since (a new connection's) is asked again before the loop sleeps, and waited for then.
    func turn(now: ContinuousClock.Instant) {
        if runPending || timeoutDue.map({ $0 <= now }) == true { run() }
    }

    /// The server stops its daemons before their loops end.
    func loopEnded() {}

    /// Milliseconds until libmicrohttpd's next timeout; nil when none is set.
    private var timeLeft: UInt64? {
        guard let daemon else { return nil }
        var milliseconds: UInt64 = 0
        return MHD_get_timeout(daemon, &milliseconds) == .YES ? milliseconds : nil
    }
}

/// A connection pointer posted to the loop that holds it. `@unchecked Sendable`: used only on that loop's thread.
private struct ConnectionPointer: @unchecked Sendable {
    let pointer: OpaquePointer
}
