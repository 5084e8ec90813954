public import AssistHTTP
public import AssistServices
import CMicroHTTPD
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server over libmicrohttpd: epoll, a small thread pool, suspend/resume for async responders
/// and streaming bodies, and immediate notice of clients that leave mid-stream.
///
/// Lifecycle: `start()` → serving; `stopAccepting()` closes the listening socket (in-flight requests go on);
/// `cancelInFlight()` cancels every running responder and stream; `stop()` closes everything. A server
/// lives once: stopped, it does not start again. As a `Service`, `run()` starts it (unless `start()` did)
/// and returns once `stop()` has closed everything, the disconnect watcher's thread included.
public final class HTTPServer: Service {
    public struct Configuration: Sendable {
        public var host: String = "127.0.0.1"
        /// 0 picks a free port; read it back from `port`.
        public var port: Int = 8080
        public var threadPoolSize: Int = 2
        /// libmicrohttpd's default is about 1,000; thousands of idle streams need more (and enough file descriptors).
        public var connectionLimit: Int = 20_000
        /// Per-connection memory pool: must hold the largest request headers accepted (integrity tokens included).
        public var connectionMemoryLimit: Int = 16 * 1024
        /// Request bodies above this are drained, dropped and flagged as `bodyTooLarge`.
        public var maxBodyBytes: Int = 16 * 1024
        /// A streaming body's buffer: above it the producer waits for the client.
        public var streamHighWaterBytes: Int = 16 * 1024
        /// The most bytes one content-reader call hands libmicrohttpd.
        public var streamBlockBytes: Int = 2048
        /// Idle keep-alive connections are closed after this many seconds (suspended ones are exempt).
        public var idleTimeoutSeconds: Int = 60

        public init() {}
    }

    /// The server's one life; `start()` and `stop()` move it along under the lock.
    private enum Phase {
        case idle
        case serving(DaemonPointer)
        case stopped
    }

    public let name = "http server"
    private let core: ServerCore
    private let phase = Mutex(Phase.idle)
    private let quiescedListenFD = Mutex<Int32>(-1)
    public let configuration: Configuration

    public init(configuration: Configuration, responder: some HTTPResponder) throws {
        self.configuration = configuration
        self.core = ServerCore(configuration: configuration, responder: responder, watcher: try DisconnectWatcher())
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
        await withTaskCancellationHandler { await core.watcher.run() } onCancel: { stop() }
    }

    /// `stop()`: closes everything at once. A graceful end drains first (`GracefulShutdown` in the assembly).
    public func shutdown() { stop() }

    /// Starts the daemon if the server has never run; returns whether it did.
    private func startIfIdle() throws -> Bool {
        try phase.withLock { phase in
            guard case .idle = phase else { return false }
            let started = try startDaemon()
            phase = .serving(DaemonPointer(pointer: started))
            port = Int(assist_mhd_daemon_listen_port(started))
            return true
        }
    }

    private func startDaemon() throws -> OpaquePointer {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(configuration.port).bigEndian)
        let host = configuration.host == "localhost" ? "127.0.0.1" : configuration.host
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw HTTPServerError.invalidHost(configuration.host) }

        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let started: OpaquePointer? = withUnsafePointer(to: &address) { addressPointer in
            addressPointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                var options: [MHD_OptionItem] = [
                    MHD_OptionItem(option: .CONNECTION_LIMIT, value: configuration.connectionLimit, ptr_value: nil),
                    MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: configuration.connectionMemoryLimit, ptr_value: nil),
                    MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.idleTimeoutSeconds, ptr_value: nil),
                    MHD_OptionItem(option: .LISTEN_BACKLOG_SIZE, value: 4096, ptr_value: nil),
                    MHD_OptionItem(option: .SOCK_ADDR, value: 0, ptr_value: UnsafeMutableRawPointer(mutating: socketAddress)),
                    MHD_OptionItem(option: .NOTIFY_COMPLETED,
                                   value: Int(bitPattern: unsafeBitCast(requestCompleted, to: UnsafeRawPointer.self)),
                                   ptr_value: nil),
                ]
                // A pool of one is no pool: libmicrohttpd warns and runs its single internal thread anyway.
                if configuration.threadPoolSize > 1 {
                    options.append(MHD_OptionItem(option: .THREAD_POOL_SIZE, value: configuration.threadPoolSize, ptr_value: nil))
                }
                options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
                return options.withUnsafeMutableBufferPointer { buffer in
                    assist_mhd_start(flags, UInt16(configuration.port), accessHandler,
                                     Unmanaged.passUnretained(core).toOpaque(), buffer.baseAddress)
                }
            }
        }
        guard let started else { throw HTTPServerError.startFailed(host: configuration.host, port: configuration.port) }
        return started
    }

    /// Closes the listening socket: no new connections; requests in flight continue.
    public func stopAccepting() {
        phase.withLock { phase in
            if case .serving(let daemon) = phase { stopAccepting(daemon.pointer) }
        }
    }

    /// Quiesces the daemon and shuts the listening socket down, so new connections are refused at once.
    /// The descriptor itself is closed only after `MHD_stop_daemon`: libmicrohttpd's threads may still touch
    /// it, and closing it earlier would let the number be reused under them.
    private func stopAccepting(_ pointer: OpaquePointer) {
        let listenFD = MHD_quiesce_daemon(pointer)  // -1 when already quiesced
        guard listenFD >= 0 else { return }
        Glibc.shutdown(listenFD, Int32(SHUT_RDWR))
        quiescedListenFD.withLock { $0 = listenFD }
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
    /// stopped with a connection still suspended. Idempotent; a server never started just ends its watcher.
    public func stop() {
        let pointer: OpaquePointer? = phase.withLock { phase in
            defer { phase = .stopped }
            if case .serving(let daemon) = phase { return daemon.pointer }
            return nil
        }
        guard let pointer else {
            core.watcher.shutdown()
            return
        }
        stopAccepting(pointer)
        for context in core.beginClosing() { context.abort() }
        // Let libmicrohttpd's threads process those resumes and close the connections: a resume still
        // pending when the daemon stops counts as a suspended connection.
        for _ in 0..<2000 where core.inFlightCount > 0 { usleep(1000) }
        core.finishClosing()
        MHD_stop_daemon(pointer)
        quiescedListenFD.withLock { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
        core.watcher.shutdown()
    }

    deinit { stop() }
}

/// `@unchecked Sendable`: the daemon pointer is only used under `HTTPServer.phase`'s lock, and
/// libmicrohttpd's daemon functions called with it (quiesce, stop, info) are safe from any thread.
struct DaemonPointer: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// State shared by the C callbacks: the responder, the disconnect watcher and the requests in flight.
final class ServerCore: Sendable {
    let configuration: HTTPServer.Configuration
    let responder: any HTTPResponder
    let watcher: DisconnectWatcher
    let boundPort = Atomic<Int>(0)
    private enum Lifecycle {
        /// Admitting requests; resuming connections.
        case serving
        /// `stop()` began: no new request is admitted, connections may still be resumed (they must be, or
        /// libmicrohttpd refuses to stop).
        case closing
        /// The daemon is being freed: resuming a connection now would touch freed memory.
        case stopped
    }

    private struct State {
        var lifecycle = Lifecycle.serving
        var inFlight: [ObjectIdentifier: InFlightRequest] = [:]
    }

    private let state = Mutex(State())

    init(configuration: HTTPServer.Configuration, responder: any HTTPResponder, watcher: DisconnectWatcher) {
        self.configuration = configuration
        self.responder = responder
        self.watcher = watcher
    }

    /// Admits a request for asynchronous handling: runs `suspend` and starts tracking `context`, atomically
    /// with respect to `beginClosing`, so no suspended request can be missed by `stop()`. False when closing.
    func admit(_ context: InFlightRequest, suspend: () -> Void) -> Bool {
        state.withLock { state in
            guard case .serving = state.lifecycle else { return false }
            suspend()
            state.inFlight[ObjectIdentifier(context)] = context
            return true
        }
    }

    /// Resumes `connection` unless the daemon is being freed (the lock keeps `stop()` waiting meanwhile).
    func resume(_ connection: ConnectionHandle) {
        state.withLock { state in
            if case .stopped = state.lifecycle { return }
            connection.resume()
        }
    }

    /// Stops admitting; returns the requests in flight, which the caller must abort.
    func beginClosing() -> [InFlightRequest] {
        state.withLock { state in
            state.lifecycle = .closing
            return Array(state.inFlight.values)
        }
    }

    func finishClosing() { state.withLock { $0.lifecycle = .stopped } }

    func untrack(_ context: InFlightRequest) { _ = state.withLock { $0.inFlight.removeValue(forKey: ObjectIdentifier(context)) } }
    var inFlightCount: Int { state.withLock { $0.inFlight.count } }
    func cancelAll() {
        let contexts = state.withLock { Array($0.inFlight.values) }
        for context in contexts { context.cancel() }
    }
}
