import AssistEventLoop
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
/// Each event loop runs a share of it (`GateLoop`) over the one listening socket; this class starts them,
/// wakes them and stops them.
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

    /// Hands an accepted connection, its request checked, to libmicrohttpd (on the loop that accepted it).
    typealias HandOver = (_ descriptor: Int32, _ address: sockaddr_in) -> Void

    let listener: Listener
    private let shares: [ShareBox]
    private let requests = GateRequests()

    /// One share of the edge per loop in `loops`; `handOver(index)` is the hand-over of the share on
    /// `loops[index]`, called on that loop's thread.
    init(listener: Listener, settings: Settings, ledger: ConnectionLedger, loops: [EventLoop],
         handOver: (_ index: Int) -> HandOver) throws {
        self.listener = listener
        var shares: [ShareBox] = []
        let refusals = SharedRefusalLog()
        for (index, loop) in loops.enumerated() {
            shares.append(ShareBox(try GateLoop(listener: listener, settings: settings, ledger: ledger, refusals: refusals,
                                                handOver: handOver(index), requests: requests), loop: loop))
        }
        self.shares = shares
    }

    /// Each share joins its loop. The shares own every connection not yet handed on, and close them as they
    /// end; the listening socket is the gate's, closed by `stop()`.
    func start() {
        for share in shares {
            let (gate, loop) = (share, share.loop)
            loop.execute { gate.share.attach(to: loop) }
        }
    }

    /// No new connections: the listening socket is shut down at once (connects are refused from now on);
    /// connections already accepted go on.
    func stopAccepting() {
        guard !requests.stopAccepting.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Safe from any thread: the descriptor is closed only by `stop()`, so the number is not reused meanwhile.
        Glibc.shutdown(listener.descriptor, Int32(SHUT_RDWR))
        for share in shares { share.share.wake() }
    }

    /// Ends every share and returns once they have (from a thread that is none of the loops, which must
    /// still run): every connection they held is closed, then the listener. After this, nothing more is
    /// handed to libmicrohttpd.
    func stop() {
        stopAccepting()
        guard !requests.stop.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for share in shares {
            share.share.wake()
            // A share whose loop has already gone never ran, or ended with it: nothing of it is left to wait for.
            let gate = share
            if share.loop.execute({ gate.share.endIfAttached() }) { share.share.ended.wait() }
        }
        // Every wake is behind us (`stopAccepting` and this loop's, and later calls of either do nothing).
        for share in shares { share.share.closeWake() }
        close(listener.descriptor)
    }
}

/// What other threads ask of the loop, which reads these flags each time it wakes.
final class GateRequests: Sendable {
    let stopAccepting = Atomic<Bool>(false)
    let stop = Atomic<Bool>(false)
}

/// A share of the edge and its loop, carried to the loop's thread.
///
/// `@unchecked Sendable` is safe here because the share is used only on its loop's thread (`attach`, and
/// what its loop calls), except `wake()` and `ended`, which are thread-safe (an eventfd write, a semaphore).
private final class ShareBox: @unchecked Sendable {
    let share: GateLoop
    let loop: EventLoop
    init(_ share: GateLoop, loop: EventLoop) {
        self.share = share
        self.loop = loop
    }
}
