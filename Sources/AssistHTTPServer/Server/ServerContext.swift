import AssistHTTP
import Synchronization

/// What every loop of one server shares: its settings, the responder, the connection ledger, the count of
/// requests in flight and what other threads ask of the loops.
final class ServerContext: Sendable {
    struct Settings: Sendable {
        var limits: HTTP1Connection.Limits
        /// From accept (or a request's first byte) to the whole request: past it, 408.
        var headerTimeout: Duration
        /// Between requests, and while bytes wait for a client that takes none.
        var idleTimeout: Duration
        /// How long a refused connection is drained before it is closed, so that the client reads the answer
        /// instead of a reset.
        var lingerTimeout: Duration = .seconds(2)
        /// Connections drained at once; past this they are closed right after the answer.
        var maxLingering: Int = 256
        var retryAfterSeconds: Int
        /// Canonical addresses of the proxies whose `X-Forwarded-For` is believed.
        var trustedProxies: Set<String>
        /// A streamed body's buffer (the producer waits above it), and the most the socket may hold unsent.
        var streamHighWaterBytes: Int
        /// The most bytes taken from a streamed body's buffer at once.
        var streamBlockBytes: Int
        var readPace: ReadPace
        /// How often streamed bodies' clients are checked (`ReadPace`): a tenth of its window, 20 ms to 1 s.
        var readPaceInterval: Duration
        var log: @Sendable (String) -> Void
    }

    let settings: Settings
    let responder: any HTTPResponder
    let ledger: ConnectionLedger
    let port: Int
    private let inFlight = Atomic<Int>(0)
    /// Set by `stopAccepting()`: the listener is closed, answers say `Connection: close`, idle connections go.
    let stopAccepting = Atomic<Bool>(false)
    /// Set by `stop()`: each loop closes everything it holds.
    let stop = Atomic<Bool>(false)

    init(settings: Settings, responder: any HTTPResponder, ledger: ConnectionLedger, port: Int) {
        self.settings = settings
        self.responder = responder
        self.ledger = ledger
        self.port = port
    }

    var inFlightCount: Int { inFlight.load(ordering: .acquiring) }
    func requestStarted() { inFlight.add(1, ordering: .acquiringAndReleasing) }
    func requestEnded() { inFlight.subtract(1, ordering: .acquiringAndReleasing) }
}
