public import AssistEventLoop
#if canImport(Glibc)
import Glibc
#endif

/// One event loop's HTTP/1.1 client for upstreams it can reach without TLS or a resolver (`UpstreamTarget`): the
/// provider calls of the requests that run on this loop, their bytes read, framed and handed on on this thread.
///
/// Why not libcurl here: per call, curl made an easy handle (about 12 KiB, with its receive buffer, held as long
/// as the stream), polled the connection before and after sending, read in its buffer's size, and added and
/// removed the socket from epoll. This client reads every connection into one buffer per loop, keeps idle
/// connections watched (a closed one is dropped when its peer closes it, not found dead at the next call), and
/// sends a request in one write (issue 32).
///
/// Loop-confined: made by `on(_:)` on the loop's thread, used there only. Idle connections are kept per origin
/// (up to `maxIdlePerOrigin`, the newest reused first); a connect that has not finished in `connectTimeout` fails.
/// When the loop ends, every exchange still running fails and every connection closes.
public final class UpstreamClient: EventLoop.TurnHook {
    public static let maxIdlePerOrigin = 256
    public static let connectTimeout = Duration.seconds(10)

    let loop: EventLoop
    /// Where every connection on this loop reads into: one buffer, not one per call.
    var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    private var idle: [UpstreamTarget.Origin: [Int32]] = [:]
    private var running: [ObjectIdentifier: UpstreamExchange] = [:]
    private var connecting: [(exchange: UpstreamExchange, deadline: ContinuousClock.Instant)] = []

    private init(loop: EventLoop) { self.loop = loop }

    /// `loop`'s client, made and hooked to it on first use. On the loop's thread only.
    public static func on(_ loop: EventLoop) -> UpstreamClient {
        loop.local(UpstreamClient.self) {
            let client = UpstreamClient(loop: loop)
            loop.addHook(client)
            return client
        }
    }

    /// Starts `exchange` here: on an idle connection to its origin if one is kept, else on a new one.
    public func start(_ exchange: UpstreamExchange) {
        running[ObjectIdentifier(exchange)] = exchange
        exchange.begin(on: self)
    }

    /// The exchange has ended (it calls this once): it is no longer failed when the loop ends.
    func ended(_ exchange: UpstreamExchange) {
        running[ObjectIdentifier(exchange)] = nil
        connecting.removeAll { $0.exchange === exchange }
    }

    func connectStarted(_ exchange: UpstreamExchange) {
        connecting.append((exchange, .now + Self.connectTimeout))
    }

    func connectFinished(_ exchange: UpstreamExchange) {
        connecting.removeAll { $0.exchange === exchange }
    }

    // MARK: Idle connections

    /// The events an idle connection is watched for, as a receiving exchange's: handing it over changes only the
    /// handler (`EventLoop.rehandle`), no system call.
    static let idleEvents = EventLoop.readable | EventLoop.peerClosed

    /// An idle connection to `origin`, still watched for `idleEvents` (the taker gives it its own handler); nil when
    /// none is kept.
    func takeIdle(_ origin: UpstreamTarget.Origin) -> Int32? {
        idle[origin]?.popLast()
    }

    /// Keeps `fd` for the next call to `origin`, watched (for `idleEvents`, as it is when `watched`): any byte or
    /// close from the peer while idle ends it.
    func keep(_ fd: Int32, for origin: UpstreamTarget.Origin, watched: Bool) {
        guard idle[origin, default: []].count < Self.maxIdlePerOrigin else { return close(fd) }
        idle[origin, default: []].append(fd)
        let handler: EventLoop.Handler = { [unowned self] _ in
            // An idle connection has nothing to say: whatever came, it is not reused.
            idle[origin]?.removeAll { $0 == fd }
            close(fd)
        }
        if !watched || !loop.rehandle(fd, handler: handler) { loop.watch(fd, events: Self.idleEvents, handler: handler) }
    }

    /// Closes a connection this loop watches (or watched): the close takes it out of the epoll set.
    func close(_ fd: Int32) {
        loop.forget(fd)
        _ = Glibc.close(fd)
    }

    // MARK: EventLoop.TurnHook

    public func nextDeadline() -> ContinuousClock.Instant? { connecting.map(\.deadline).min() }

    public func turn(now: ContinuousClock.Instant) {
        guard !connecting.isEmpty else { return }
        for (exchange, deadline) in connecting where deadline <= now { exchange.fail(.connect("timed out after 10 s")) }
    }

    public func loopEnded() {
        for exchange in Array(running.values) { exchange.fail(.loopEnded) }
        running = [:]
        connecting = []
        for fds in idle.values {
            for fd in fds { close(fd) }
        }
        idle = [:]
    }
}
