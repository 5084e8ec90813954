import Dispatch
import Foundation
import Synchronization

/// Checks, a few times per window, how the client of every streamed body reads (`ReadPace`), and ends the
/// responses of clients that have stopped (`InFlightRequest.checkReadPace`).
///
/// A stalled client triggers nothing by itself: libmicrohttpd waits for its socket to take bytes and the
/// producer waits for buffer space, both for ever. So the check is periodic, on a thread of its own (not the
/// cooperative pool, whose threads a busy gateway may hold), every tenth of the window, between 20 ms and 1 s:
/// a stalled client is ended within a window and a tenth of bytes starting to wait for it. One pass takes
/// each in-flight request's lock once; thousands of streams cost microseconds a pass.
final class ReadPaceMonitor: Sendable {
    private let stopped = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)

    /// Starts the thread; it runs until `stop()`.
    init(core: ServerCore) {
        let window = core.configuration.slowReaderWindowSeconds
        let interval = min(1.0, max(0.02, window / 10))
        let thread = Thread { [stopped] in
            while stopped.wait(timeout: .now() + interval) == .timedOut {
                let now = ContinuousClock.now
                for request in core.inFlightRequests { request.checkReadPace(at: now) }
            }
        }
        thread.name = "assist-read-pace"
        thread.start()
    }

    /// Ends the thread (after the pass it may be in). Idempotent.
    func stop() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        stopped.signal()
    }

    deinit { stop() }
}
