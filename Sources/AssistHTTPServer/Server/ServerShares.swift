import AssistEventLoop
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The server's shares, one per event loop, and what other threads ask of them: start, stop accepting,
/// cancel the work in flight, stop.
final class ServerShares: Sendable {
    let listener: Listener
    let context: ServerContext
    private let shares: [ShareBox]

    init(listener: Listener, context: ServerContext, loops: [EventLoop]) {
        self.listener = listener
        self.context = context
        let refusals = SharedRefusalLog()
        shares = loops.map { ShareBox(ServerLoop(listener: listener, context: context, refusals: refusals), loop: $0) }
    }

    /// Each share joins its loop. The shares own every connection, and close them as they end; the listening
    /// socket is closed by `stop()`.
    func start() {
        for box in shares { box.loop.execute { box.share.attach(to: box.loop) } }
    }

    /// No new connections: the listening socket is shut down at once (connects are refused from now on); the
    /// shares close their idle connections, and requests already begun are answered.
    func stopAccepting() {
        guard !context.stopAccepting.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Safe from any thread: the descriptor is closed only by `stop()`, so the number is not reused meanwhile.
        Glibc.shutdown(listener.descriptor, Int32(SHUT_RDWR))
        for box in shares { box.loop.execute { box.share.readRequests() } }
    }

    func cancelInFlight() {
        for box in shares { box.loop.execute { box.share.cancelInFlight() } }
    }

    /// Ends every share and returns once they have (from a thread that is none of the loops, which must still
    /// run): every connection they held is closed, then the listener.
    func stop() {
        stopAccepting()
        guard !context.stop.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for box in shares {
            // A share whose loop has already gone never ran, or ended with it: nothing of it is left to wait for.
            if box.loop.execute({ box.share.endIfAttached() }) { box.share.ended.wait() }
        }
        close(listener.descriptor)
    }
}

/// A share and its loop, carried to the loop's thread.
///
/// `@unchecked Sendable` is safe here because the share is used only on its loop's thread (`attach`, and what
/// its loop calls), except `ended`, a semaphore.
private final class ShareBox: @unchecked Sendable {
    let share: ServerLoop
    let loop: EventLoop
    init(_ share: ServerLoop, loop: EventLoop) {
        self.share = share
        self.loop = loop
    }
}
