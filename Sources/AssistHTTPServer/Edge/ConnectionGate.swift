import CLinux
import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The server's front door: accepts every connection, counts it, and reads its request before
/// libmicrohttpd does.
///
/// Why a door in front of libmicrohttpd: 0.9.75 answers malformed or oversized requests itself (in HTML,
/// sometimes with its response head twice), waits forever on bytes that are no request, takes the first of
/// two Content-Lengths and runs what follows as a second request, and resets its timeout on every byte, so a
/// client that sends one byte a second is never closed. None of that can be changed through its API. So the
/// door accepts the connection, peeks at the request (MSG_PEEK: the bytes stay in the socket), refuses what is
/// malformed, ambiguous, too large, too slow, or over a connection limit with the server's JSON error, and
/// hands a connection to libmicrohttpd (`MHD_add_connection`) only once its request is known to be whole and
/// unambiguous. libmicrohttpd then serves that one request and closes the connection (every response says
/// `Connection: close`): a second request on the connection would reach libmicrohttpd's parser unchecked.
///
/// One thread runs an epoll loop (`GateLoop`); this class starts it, wakes it and stops it.
final class ConnectionGate: Sendable {
    struct Settings: Sendable {
        var limits: EdgeDecision.Limits
        var headerTimeout: Duration
        /// How long a refused connection is drained before it is closed, so that the client reads the answer
        /// instead of a reset.
        var lingerTimeout: Duration = .seconds(2)
        /// Refused connections drained at once; past this they are closed right after the answer.
        var maxLingering: Int = 256
        var retryAfterSeconds: Int
        /// Canonical addresses of the proxies whose `X-Forwarded-For` is believed.
        var trustedProxies: Set<String>
        var makeRequestID: @Sendable () -> String
        var log: @Sendable (String) -> Void
    }

    /// Hands an accepted connection, its request checked, to libmicrohttpd.
    typealias HandOver = @Sendable (_ descriptor: Int32, _ address: sockaddr_in) -> Void

    let listener: Listener
    private let settings: Settings
    private let ledger: ConnectionLedger
    private let handOver: HandOver
    private let wakeFD: Int32
    private let requests = GateRequests()
    private let started = Atomic<Bool>(false)
    private let ended = DispatchSemaphore(value: 0)

    init(listener: Listener, settings: Settings, ledger: ConnectionLedger, handOver: @escaping HandOver) throws {
        self.listener = listener
        self.settings = settings
        self.ledger = ledger
        self.handOver = handOver
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        guard wakeFD >= 0 else { throw HTTPServerError.system("eventfd", errno) }
    }

    /// Starts the thread. The loop owns the listening socket and every connection not yet handed on, and
    /// closes them all as it ends.
    func start() throws {
        let loop = try GateLoop(listener: listener, wakeFD: wakeFD, settings: settings, ledger: ledger, handOver: handOver,
                                requests: requests)
        let box = LoopBox(loop)
        started.store(true, ordering: .releasing)
        let thread = Thread { [ended] in
            box.loop.run()
            ended.signal()
        }
        thread.name = "assist-http-edge"
        thread.start()
    }

    /// No new connections: the listening socket is shut down at once (connects are refused from now on);
    /// connections already accepted go on.
    func stopAccepting() {
        guard !requests.stopAccepting.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Safe from any thread: the loop closes the descriptor only as it ends, so the number is not reused meanwhile.
        Glibc.shutdown(listener.descriptor, Int32(SHUT_RDWR))
        wake()
    }

    /// Ends the loop and returns once it has: every connection it held is closed, the listener too. After
    /// this, nothing more is handed to libmicrohttpd.
    func stop() {
        stopAccepting()
        guard !requests.stop.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake()
        if started.load(ordering: .acquiring) {
            ended.wait()
        } else {
            close(listener.descriptor)
        }
        close(wakeFD)
    }

    private func wake() {
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }
}

/// What other threads ask of the loop, which reads these flags each time it wakes.
final class GateRequests: Sendable {
    let stopAccepting = Atomic<Bool>(false)
    let stop = Atomic<Bool>(false)
}

/// Carries the loop, which only its own thread ever touches, into that thread.
///
/// `@unchecked Sendable` is safe here because the box is created just before the thread starts and used by
/// that thread alone from then on; the creating thread keeps no reference to the loop.
private final class LoopBox: @unchecked Sendable {
    let loop: GateLoop
    init(_ loop: GateLoop) { self.loop = loop }
}
