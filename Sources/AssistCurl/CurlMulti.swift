import AssistEventLoop
import CCurl

/// A libcurl multi handle driven by one event loop through curl's socket API: curl names the sockets it
/// wants watched (`CURLMOPT_SOCKETFUNCTION`) and when it next needs a turn (`CURLMOPT_TIMERFUNCTION`); the
/// loop watches them in its own epoll set and calls `curl_multi_socket_action` when one is ready or the
/// timer is due. A transfer's write callback therefore runs on the loop that also runs its consumer: on a
/// server loop, the request's own thread.
///
/// Loop-confined: created, used and ended on its loop's thread only (`CurlEventLoop` finds or makes the one
/// for the current loop). Removing a transfer's handle closes its connection at once, which is how a client
/// leaving the gateway becomes the provider seeing its client leave.
final class CurlMulti: EventLoop.TurnHook {
    private let loop: EventLoop
    private let multi: UnsafeMutableRawPointer
    private var timerDeadline: ContinuousClock.Instant?
    private var active: [ObjectIdentifier: any CurlTransferHandle] = [:]

    init(loop: EventLoop) {
        self.loop = loop
        multi = curl_multi_init()
        assist_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, 0)
        assist_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 1024)
        let me = Unmanaged.passUnretained(self).toOpaque()
        assist_curl_multi_setopt_socketfunction(multi, curlSocketCallback)
        assist_curl_multi_setopt_ptr(multi, CURLMOPT_SOCKETDATA, me)
        assist_curl_multi_setopt_timerfunction(multi, curlTimerCallback)
        assist_curl_multi_setopt_ptr(multi, CURLMOPT_TIMERDATA, me)
    }

    func start(_ transfer: any CurlTransferHandle) {
        if transfer.attach(to: multi) { active[ObjectIdentifier(transfer)] = transfer }
        settle()
    }

    func cancel(_ transfer: any CurlTransferHandle) {
        if active.removeValue(forKey: ObjectIdentifier(transfer)) != nil { transfer.detach(from: multi, result: nil) }
    }

    func unpause(_ transfer: any CurlTransferHandle) {
        if active[ObjectIdentifier(transfer)] != nil { transfer.unpause() }
        settle()
    }

    /// Fails every transfer: the loop is ending, or the provider's loop was shut down.
    func abandonAll() {
        for transfer in active.values {
            transfer.detach(from: multi, result: nil)
            transfer.abandon()
        }
        active = [:]
    }

    /// The loop has ended: nothing may be left waiting for it, and the handle goes.
    func loopEnded() {
        abandonAll()
        curl_multi_cleanup(multi)
    }

    // MARK: curl's callbacks

    /// curl wants `socket` watched for `what` (`CURL_POLL_*`), or no longer watched.
    fileprivate func socket(_ socket: curl_socket_t, what: Int32) {
        if what == CURL_POLL_REMOVE {
            loop.unwatch(socket)
            return
        }
        var events: UInt32 = 0
        if what & CURL_POLL_IN != 0 { events |= EventLoop.readable }
        if what & CURL_POLL_OUT != 0 { events |= EventLoop.writable }
        loop.watch(socket, events: events) { [unowned self] ready in
            var mask: Int32 = 0
            if ready & (EventLoop.readable | EventLoop.hangUp) != 0 { mask |= CURL_CSELECT_IN }
            if ready & EventLoop.writable != 0 { mask |= CURL_CSELECT_OUT }
            if ready & EventLoop.hangUp != 0 { mask |= CURL_CSELECT_ERR }
            var running: Int32 = 0
            curl_multi_socket_action(multi, socket, mask, &running)
            settle()
        }
    }

    /// curl's next timeout: -1 for none; 0 for as soon as possible (never acted on inside the callback).
    fileprivate func timer(milliseconds: Int) {
        timerDeadline = milliseconds < 0 ? nil : ContinuousClock.now + .milliseconds(milliseconds)
    }

    // MARK: EventLoop.TurnHook

    func nextDeadline() -> ContinuousClock.Instant? { timerDeadline }

    func turn(now: ContinuousClock.Instant) {
        guard let deadline = timerDeadline, deadline <= now else { return }
        timerDeadline = nil
        var running: Int32 = 0
        curl_multi_socket_action(multi, assist_curl_socket_timeout(), 0, &running)
        settle()
    }

    /// Hands finished transfers their result.
    private func settle() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            var pointer: UnsafeMutableRawPointer?
            assist_curl_easy_getinfo_ptr(easy, CURLINFO_PRIVATE, &pointer)
            guard let pointer else { continue }
            // A handle's CURLOPT_PRIVATE is the transfer object itself (`CurlTransferHandle.attach`).
            guard let transfer = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? any CurlTransferHandle else { continue }
            if active.removeValue(forKey: ObjectIdentifier(transfer)) != nil {
                transfer.detach(from: multi, result: message.pointee.data.result)
            }
        }
    }
}

private let curlSocketCallback: @convention(c) (UnsafeMutableRawPointer?, curl_socket_t, Int32, UnsafeMutableRawPointer?,
                                                UnsafeMutableRawPointer?) -> Int32 = { _, socket, what, userData, _ in
    guard let userData else { return 0 }
    Unmanaged<CurlMulti>.fromOpaque(userData).takeUnretainedValue().socket(socket, what: what)
    return 0
}

private let curlTimerCallback: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Int32 = {
    _, milliseconds, userData in
    guard let userData else { return 0 }
    Unmanaged<CurlMulti>.fromOpaque(userData).takeUnretainedValue().timer(milliseconds: milliseconds)
    return 0
}
