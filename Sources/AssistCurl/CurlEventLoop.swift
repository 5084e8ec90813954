public import AssistServices
public import AssistEventLoop
import CCurl
import Synchronization

/// Where libcurl transfers run (a provider's upstream calls, the client kit's exchanges on Linux): on the event loop of the thread that starts them, each loop
/// with one libcurl multi handle driven through curl's socket API (`CurlMulti`).
///
/// A transfer started on a server loop (a request's task prefers its connection's loop) runs on that loop:
/// its bytes arrive, are decoded and reach the request's stream on the same thread, with no hand-off. A
/// transfer started anywhere else (the CLI, an evaluation, a test) runs on this object's own loop, made
/// with the first such transfer, so a provider that is never used that way costs no thread.
///
/// Commands for a transfer (cancel, unpause) go to the loop it runs on: inline from that loop's thread,
/// posted from any other. Removing a transfer's handle closes its connection at once, which is how a client
/// leaving the gateway becomes the provider seeing its client leave.
///
/// A `Service` owned by its `OpenAICompatibleProvider`. `shutdown()` ends the own loop: transfers still
/// running on it fail with a transport error, and transfers started later fail at once, wherever they would
/// have run; `run()` returns once the own loop's thread has ended. Transfers on server loops end with
/// their server (its loops fail what is left as they end).
public final class CurlEventLoop: Service {
    private enum Phase {
        /// No loop of its own yet.
        case idle
        case running(EventLoop)
        /// `shutdown()` was called.
        case stopped(EventLoop?)
    }

    public let name = "curl loop"
    private let phase = Mutex(Phase.idle)
    private let ended = Latch()

    /// libcurl's global set-up, once per process however many loops there are: before 7.84 it is not
    /// thread-safe, and loops may be created on any thread.
    private static let globalInit: Void = { _ = curl_global_init(Int(CURL_GLOBAL_ALL)) }()

    public init() { Self.globalInit }

    /// Returns once the own loop (if it was ever made) has ended after `shutdown()`.
    public func run() async {
        await ended.wait(onCancel: shutdown)
        let own: EventLoop? = phase.withLock { phase in
            if case .stopped(let loop) = phase { return loop }
            return nil
        }
        await own?.run()
    }

    /// Ends the own loop; later transfers fail at once. Idempotent.
    public func shutdown() {
        let own: EventLoop?? = phase.withLock { phase in
            switch phase {
            case .idle:
                phase = .stopped(nil)
                return .some(nil)
            case .running(let loop):
                phase = .stopped(loop)
                return .some(loop)
            case .stopped:
                return .none
            }
        }
        guard case .some(let loop) = own else { return }
        if let loop {
            // The transfers on it fail now, not only when its thread gets round to ending.
            loop.execute { Self.multi(on: loop).abandonAll() }
            loop.shutdown()
        }
        ended.open()
    }

    /// Starts `transfer` on the calling thread's loop, or on the own loop. After `shutdown()` it fails at once.
    public func start(_ transfer: any CurlTransferHandle) {
        guard let loop = loopForNewTransfer() else { return transfer.abandon() }
        transfer.loop = loop
        if !loop.onLoop({ Self.multi(on: loop).start(transfer) }) { transfer.abandon() }
    }

    public func cancel(_ transfer: any CurlTransferHandle) {
        guard let loop = transfer.loop else { return }
        loop.onLoop { Self.multi(on: loop).cancel(transfer) }
    }

    public func unpause(_ transfer: any CurlTransferHandle) {
        guard let loop = transfer.loop else { return }
        loop.onLoop { Self.multi(on: loop).unpause(transfer) }
    }

    /// The loop a call started now runs on (the calling thread's, or the own one); nil after `shutdown()`. A call
    /// made outside libcurl (the loop client's) runs on it too, and so ends with it.
    public func loopForNewTransfer() -> EventLoop? {
        let current = EventLoop.current
        return phase.withLock { phase in
            switch phase {
            case .stopped: return nil
            case .running(let own): return current ?? own
            case .idle:
                if let current { return current }
                guard let own = try? EventLoop(name: "assist-curl") else { return nil }
                phase = .running(own)
                return own
            }
        }
    }

    /// The loop's one multi handle (loop-thread only), made and hooked to the loop on first use.
    private static func multi(on loop: EventLoop) -> CurlMulti {
        loop.local(CurlMulti.self) {
            let multi = CurlMulti(loop: loop)
            loop.addHook(multi)
            return multi
        }
    }
}
