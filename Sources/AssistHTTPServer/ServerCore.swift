import AssistHTTP
import CMicroHTTPD
import Synchronization

/// State shared by the C callbacks: the responder, the connection ledger and the
/// requests in flight.
final class ServerCore: Sendable {
    let configuration: HTTPServer.Configuration
    let responder: any HTTPResponder
    let ledger: ConnectionLedger
    let boundPort = Atomic<Int>(0)
    /// The port the server listens on (0 until it has started).
    var port: Int { boundPort.load(ordering: .acquiring) }
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

    init(configuration: HTTPServer.Configuration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
        ledger = ConnectionLedger(total: configuration.effectiveConnectionLimit, perAddress: configuration.maxConnectionsPerAddress)
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
    /// The requests in flight now (for the periodic read-pace check).
    var inFlightRequests: [InFlightRequest] { state.withLock { Array($0.inFlight.values) } }
    func cancelAll() {
        let contexts = state.withLock { Array($0.inFlight.values) }
        for context in contexts { context.cancel() }
    }
}
