public import AssistHTTP
import AssistEventLoop
public import AssistServices
import CMicroHTTPD
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server over libmicrohttpd: one event loop per configured thread (`threadPoolSize`), each
/// running its own daemon in external-epoll mode and the Swift tasks of its requests (`LoopDaemon`),
/// suspend/resume for async responders and streaming bodies, and immediate notice of clients that leave
/// mid-stream. In front of libmicrohttpd,
/// an edge (`ConnectionGate`) accepts every connection, enforces the connection limits and the header
/// deadline, and checks each request before libmicrohttpd parses it; one request per connection.
///
/// Lifecycle: `start()` → serving; `stopAccepting()` closes the listening socket (in-flight requests go on);
/// `cancelInFlight()` cancels every running responder and stream; `stop()` closes everything. A server
/// lives once: stopped, it does not start again. As a `Service`, `run()` starts it (unless `start()` did)
/// and returns once `stop()` has closed everything, the loops' threads included.
public final class HTTPServer: Service {
    /// The server's one life; `start()` and `stop()` move it along under the lock.
    private enum Phase {
        case idle
        case serving([LoopDaemon], ConnectionGate, ReadPaceMonitor)
        case stopped
    }

    public let name = "http server"
    private let core: ServerCore
    private let phase = Mutex(Phase.idle)
    /// Opened by `stop()`: what `run()` waits for before it awaits the loops.
    private let stopped = Latch()
    /// Every loop the server started, for `run()` to await their threads' ends.
    private let loops = Mutex<[EventLoop]>([])
    public let configuration: Configuration

    public init(configuration: Configuration, responder: some HTTPResponder) throws {
        self.configuration = configuration
        self.core = ServerCore(configuration: configuration, responder: responder)
    }

    /// The port actually bound (useful after starting on port 0).
    public private(set) var port: Int {
        get { core.boundPort.load(ordering: .acquiring) }
        set { core.boundPort.store(newValue, ordering: .releasing) }
    }

    /// Requests currently being answered or streamed.
    public var inFlightCount: Int { core.inFlightCount }

    /// Starts listening; throws when the address cannot be bound, or the server was started before.
    public func start() throws {
        guard try startIfIdle() else { throw HTTPServerError.alreadyStarted }
    }

    /// Serves until `stop()` (or cancellation): starts the server unless `start()` already did, which is
    /// the way to learn of a busy port before anything else runs, and returns once everything is closed.
    /// A server that cannot start is stopped before the error is thrown, so nothing of it keeps running.
    public func run() async throws {
        do {
            _ = try startIfIdle()
        } catch {
            stop()
            throw error
        }
        await withTaskCancellationHandler { await stopped.wait() } onCancel: { stop() }
        for loop in loops.withLock({ $0 }) { await loop.run() }
    }

    /// `stop()`: closes everything at once. A graceful end drains first (`GracefulShutdown` in the assembly).
    public func shutdown() { stop() }

    /// Starts the daemon if the server has never run; returns whether it did.
    private func startIfIdle() throws -> Bool {
        try phase.withLock { phase in
            guard case .idle = phase else { return false }
            let settings = try configuration.gateSettings()
            let listener = try Listener.open(host: configuration.host, port: configuration.port)
            var daemons: [LoopDaemon] = []
            var gate: ConnectionGate?
            do {
                for index in 0..<max(1, configuration.threadPoolSize) {
                    let daemon = LoopDaemon(loop: try EventLoop(name: "assist-loop-\(index)"), core: core)
                    guard daemon.start(startDaemon) else {
                        daemon.loop.shutdown()
                        throw HTTPServerError.startFailed(host: configuration.host, port: configuration.port)
                    }
                    daemons.append(daemon)
                    loops.withLock { $0.append(daemon.loop) }
                }
                let owners = daemons
                // Each loop's share of the edge hands its connections to the same loop's daemon: a connection
                // never changes thread.
                let edge = try ConnectionGate(listener: listener, settings: settings, ledger: core.ledger, loops: daemons.map(\.loop)) { index in
                    { descriptor, address in owners[index].add(descriptor: descriptor, address: address) }
                }
                gate = edge
                edge.start()
                phase = .serving(daemons, edge, ReadPaceMonitor(core: core))
            } catch {
                // The edge, once made, owns the listener and closes it as it stops.
                if let gate { gate.stop() } else { close(listener.descriptor) }
                for daemon in daemons {
                    daemon.stop()
                    daemon.loop.shutdown()
                }
                throw error
            }
            port = listener.port
            return true
        }
    }

    /// libmicrohttpd without a listening socket or a thread of its own: the edge hands it each connection, and
    /// a loop runs it. `context` is what its callbacks get back (the `LoopDaemon`).
    private func startDaemon(context: UnsafeMutableRawPointer) -> OpaquePointer? {
        let flags = MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue
        var options: [MHD_OptionItem] = [
            // The ledger enforces the real limit; libmicrohttpd's must never be the one hit.
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: 2 * configuration.effectiveConnectionLimit + 64, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: configuration.memoryPoolBytes, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.idleTimeoutSeconds, ptr_value: nil),
            MHD_OptionItem(option: .NOTIFY_COMPLETED,
                           value: Int(bitPattern: unsafeBitCast(requestCompleted, to: UnsafeRawPointer.self)), ptr_value: nil),
            MHD_OptionItem(option: .NOTIFY_CONNECTION,
                           value: Int(bitPattern: unsafeBitCast(connectionNotified, to: UnsafeRawPointer.self)), ptr_value: context),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
        return options.withUnsafeMutableBufferPointer { buffer in
            assist_mhd_start(flags, 0, accessHandler, context, buffer.baseAddress)
        }
    }

    /// Closes the listening socket: no new connections; requests in flight continue.
    public func stopAccepting() {
        phase.withLock { phase in
            if case .serving(_, let gate, _) = phase { gate.stopAccepting() }
        }
    }

    /// Cancels every responder and stream still running; their tasks see `Task.isCancelled`.
    public func cancelInFlight() { core.cancelAll() }

    /// Waits until no request is in flight or `timeout` passes; returns whether everything finished.
    public func waitForInFlight(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while core.inFlightCount > 0 {
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// Stops the daemon and closes every connection. Requests still in flight are aborted first (their
    /// tasks cancelled, their suspended connections resumed): libmicrohttpd aborts the process when it is
    /// stopped with a connection still suspended. Idempotent; a server never started just ends its `run()`.
    public func stop() {
        let serving: ([LoopDaemon], ConnectionGate, ReadPaceMonitor)? = phase.withLock { phase in
            defer { phase = .stopped }
            if case .serving(let daemons, let gate, let monitor) = phase { return (daemons, gate, monitor) }
            return nil
        }
        guard let (daemons, gate, monitor) = serving else {
            stopped.open()
            return
        }
        monitor.stop()
        // The edge first: once it has ended nothing more is handed to the daemon, and its connections are closed.
        gate.stop()
        for context in core.beginClosing() { context.abort() }
        // Let the loops process those resumes and close the connections: a resume still pending when the
        // daemon stops counts as a suspended connection.
        for _ in 0..<2000 where core.inFlightCount > 0 { usleep(1000) }
        core.finishClosing()
        for daemon in daemons {
            daemon.stop()
            daemon.loop.shutdown()
        }
        stopped.open()
    }

    deinit { stop() }
}

