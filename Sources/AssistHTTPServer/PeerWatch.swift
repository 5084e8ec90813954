import AssistEventLoop
#if canImport(Glibc)
import Glibc
#endif

/// What the loop saw of a client.
enum PeerEvent: Equatable {
    /// A FIN: the client will send nothing more (it closed, or only shut down its sending side).
    case halfClosed
    /// A reset or an error on the socket: the client is gone.
    case gone
}

/// Notices a client leaving while its connection is suspended, on the connection's own loop.
///
/// libmicrohttpd does not watch a suspended connection's socket, so without this a client that goes away
/// mid-stream is only noticed at the next write (possibly seconds later, with the provider still paid for).
/// The loop that holds the connection also watches its socket, in its own epoll set, for `EPOLLRDHUP` (a
/// FIN) and `EPOLLHUP`/`EPOLLERR` (a reset, a failed write), once per registration (`EPOLLONESHOT`), and
/// tells the handler which it was (a FIN may be a half-close: see `InFlightRequest.peer`). The handler runs on
/// that loop, where the request's tasks and its upstream transfer live: cancelling them there closes the
/// upstream connection without a hand-off to another thread.
///
/// Loop-thread only: `watch` and `unwatch` are called from the access handler, the handler itself and the
/// completion callback, all on the loop; the connection's socket is unwatched before libmicrohttpd closes it.
extension LoopDaemon {
    /// Calls `handler` once, on the loop, when the peer of `fd` sends a FIN (unless `halfClose` is false) or
    /// hangs up. Watching a descriptor again replaces its watch.
    func watchPeer(fd: Int32, halfClose: Bool = true, handler: @escaping (PeerEvent) -> Void) {
        let events = (halfClose ? EventLoop.peerClosed : 0) | EventLoop.hangUp | EventLoop.oneShot
        loop.watch(fd, events: events) { ready in
            handler(ready & EventLoop.hangUp != 0 ? .gone : .halfClosed)
        }
    }

    func unwatchPeer(fd: Int32) { loop.unwatch(fd) }
}
