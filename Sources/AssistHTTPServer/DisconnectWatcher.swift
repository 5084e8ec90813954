import AssistServices
import CLinux
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the watcher saw of a client.
enum PeerEvent: Equatable {
    /// A FIN: the client will send nothing more (it closed, or only shut down its sending side).
    case halfClosed
    /// A reset or an error on the socket: the client is gone.
    case gone
}

/// Notices a client leaving while its connection is suspended.
///
/// libmicrohttpd does not watch a suspended connection's socket, so without this a client that goes away
/// mid-stream is only noticed at the next write (possibly seconds later, with the provider still paid for).
/// One thread waits on an epoll set of those sockets for `EPOLLRDHUP` (a FIN) and `EPOLLHUP`/`EPOLLERR`
/// (a reset, a failed write); each registration fires at most once (`EPOLLONESHOT`), and the handler is told
/// which it was (a FIN may be a half-close: see `InFlightRequest.peer`). Tokens, not pointers, travel through
/// epoll so a late event for a socket that was already unregistered is ignored.
///
/// A `Service` owned by its `HTTPServer`: the thread starts with the watcher, since the server needs it
/// from its first request whether or not anyone runs it; `shutdown()` wakes the thread to end, and `run()`
/// returns once it has (with both descriptors closed).
final class DisconnectWatcher: Service {
    let name = "disconnect watcher"
    private let epollFD: Int32
    private let wakeFD: Int32
    private let handlers = Mutex<[UInt64: @Sendable (PeerEvent) -> Void]>([:])
    private let nextToken = Atomic<UInt64>(1)
    private let stopping = Atomic<Bool>(false)
    private let ended = Latch()
    private static let wakeToken: UInt64 = 0

    init() throws {
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw HTTPServerError.system("epoll_create1", errno) }
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC))
        guard wakeFD >= 0 else { throw HTTPServerError.system("eventfd", errno) }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.u64 = Self.wakeToken
        epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event)
        let thread = Thread { [self] in
            loop()
            ended.open()
        }
        thread.name = "assist-disconnect-watcher"
        thread.start()
    }

    /// Calls `handler` once, on the watcher thread, when the peer of `fd` sends a FIN (unless `halfClose` is
    /// false) or hangs up. Returns a token for `unwatch`. Watching a descriptor again replaces its watch.
    func watch(fd: Int32, halfClose: Bool = true, handler: @escaping @Sendable (PeerEvent) -> Void) -> UInt64 {
        let token = nextToken.wrappingAdd(1, ordering: .relaxed).oldValue
        handlers.withLock { $0[token] = handler }
        var event = epoll_event()
        event.events = (halfClose ? EPOLLRDHUP.rawValue : 0) | EPOLLHUP.rawValue | EPOLLERR.rawValue | EPOLLONESHOT.rawValue
        event.data.u64 = token
        if epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) != 0, errno == EEXIST {
            epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, &event)
        }
        return token
    }

    func unwatch(fd: Int32, token: UInt64) {
        handlers.withLock { _ = $0.removeValue(forKey: token) }
        var event = epoll_event()
        epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, &event)
    }

    /// Returns once the watcher's thread has ended.
    func run() async { await ended.wait(onCancel: shutdown) }

    /// Wakes the thread to end. Only the first call writes: the thread closes the event descriptor as it
    /// ends, and a later write could reach whatever reused its number.
    func shutdown() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    private func loop() {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        while true {
            let count = epoll_wait(epollFD, &events, Int32(events.count), -1)
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            for i in 0..<Int(count) {
                let token = events[i].data.u64
                if token == Self.wakeToken {
                    close(epollFD)
                    close(wakeFD)
                    return
                }
                let handler = handlers.withLock { $0.removeValue(forKey: token) }
                let hungUp = events[i].events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0
                handler?(hungUp ? .gone : .halfClosed)
            }
        }
    }
}

public enum HTTPServerError: Error, Sendable, CustomStringConvertible {
    case system(String, Int32)
    case startFailed(host: String, port: Int)
    case invalidHost(String)
    case invalidTrustedProxy(String)
    case alreadyStarted

    public var description: String {
        switch self {
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .startFailed(let host, let port): "could not listen on \(host):\(port) (address in use?)"
        case .invalidHost(let host): "invalid listen address \(host): use an IPv4 address such as 127.0.0.1"
        case .invalidTrustedProxy(let proxy): "invalid trusted proxy \(proxy): use an IPv4 address such as 10.0.0.2"
        case .alreadyStarted: "the server was started before (a server runs once)"
        }
    }
}
