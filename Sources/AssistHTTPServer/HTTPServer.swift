public import AssistHTTP
import AssistEventLoop
public import AssistServices
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server of our own: one event loop per configured thread (`threadPoolSize`), each accepting from
/// the one listening socket and serving its connections end to end (`ServerLoop`): their protocol
/// (`HTTP1Connection`: keep-alive, pipelining, chunked bodies, `100 Continue`, half-close), the limits and
/// refusals of the edge, the responder's task and a streamed body's writer, all on that loop's thread.
///
/// Lifecycle: `start()` → serving; `stopAccepting()` closes the listening socket and idle connections (requests
/// in flight go on, and their answers say `Connection: close`); `cancelInFlight()` cancels every running
/// responder and stream; `stop()` closes everything. A server lives once: stopped, it does not start again. As
/// a `Service`, `run()` starts it (unless `start()` did) and returns once `stop()` has closed everything, the
/// loops' threads included.
public final class HTTPServer: Service {
    private enum Phase {
        case idle
        case serving(ServerShares)
        case stopped
    }

    public let name = "http server"
    public let configuration: Configuration
    private let responder: any HTTPResponder
    private let phase = Mutex(Phase.idle)
    /// Opened by `stop()`: what `run()` waits for before it awaits the loops.
    private let stopped = Latch()
    private let loops = Mutex<[EventLoop]>([])
    private let boundPort = Atomic<Int>(0)

    public init(configuration: Configuration, responder: some HTTPResponder) throws {
        self.configuration = configuration
        self.responder = responder
    }

    /// The port actually bound (useful after starting on port 0).
    public var port: Int { boundPort.load(ordering: .acquiring) }

    /// Requests currently being answered or streamed.
    public var inFlightCount: Int {
        phase.withLock { phase in
            if case .serving(let shares) = phase { return shares.context.inFlightCount }
            return 0
        }
    }

    /// Starts listening; throws when the address cannot be bound, or the server was started before.
    public func start() throws {
        guard try startIfIdle() else { throw HTTPServerError.alreadyStarted }
    }

    /// Serves until `stop()` (or cancellation): starts the server unless `start()` already did, which is
    /// the way to learn of a busy port before anything else runs, and returns once everything is closed.
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

    private func startIfIdle() throws -> Bool {
        try phase.withLock { phase in
            guard case .idle = phase else { return false }
            let settings = try configuration.serverSettings()
            let listener = try Listener.open(host: configuration.host, port: configuration.port)
            let ledger = ConnectionLedger(total: configuration.effectiveConnectionLimit, perAddress: configuration.maxConnectionsPerAddress)
            let serverContext = ServerContext(settings: settings, responder: responder, ledger: ledger, port: listener.port)
            var made: [EventLoop] = []
            do {
                for index in 0..<max(1, configuration.threadPoolSize) { made.append(try EventLoop(name: "assist-loop-\(index)")) }
                let shares = ServerShares(listener: listener, context: serverContext, loops: made)
                loops.withLock { $0 = made }
                shares.start()
                phase = .serving(shares)
            } catch {
                close(listener.descriptor)
                for loop in made { loop.shutdown() }
                throw error
            }
            boundPort.store(listener.port, ordering: .releasing)
            return true
        }
    }

    /// Closes the listening socket: no new connections; requests in flight continue.
    public func stopAccepting() {
        phase.withLock { phase in
            if case .serving(let shares) = phase { shares.stopAccepting() }
        }
    }

    /// Cancels every responder and stream still running; their tasks see `Task.isCancelled`.
    public func cancelInFlight() {
        phase.withLock { phase in
            if case .serving(let shares) = phase { shares.cancelInFlight() }
        }
    }

    /// Waits until no request is in flight or `timeout` passes; returns whether everything finished.
    public func waitForInFlight(timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while inFlightCount > 0 {
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// Closes every connection (their requests' work cancelled) and ends the loops. Idempotent; a server never
    /// started just ends its `run()`.
    public func stop() {
        let serving: ServerShares? = phase.withLock { phase in
            defer { phase = .stopped }
            if case .serving(let shares) = phase { return shares }
            return nil
        }
        if let serving {
            serving.stop()
            for loop in loops.withLock({ $0 }) { loop.shutdown() }
        }
        stopped.open()
    }

    deinit { stop() }
}
