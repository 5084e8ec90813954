import CMicroHTTPD

/// A libmicrohttpd connection pointer that may cross threads.
///
/// `@unchecked Sendable` is safe here because the only calls made through it from other threads are
/// `MHD_resume_connection` (documented thread-safe with `MHD_ALLOW_SUSPEND_RESUME`, and made only through
/// `ServerCore.resume`, which refuses once the daemon is stopping); suspending and reading the socket
/// happen on libmicrohttpd's own threads while the connection is alive.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    func suspend() { MHD_suspend_connection(pointer) }
    func resume() { MHD_resume_connection(pointer) }
    var socket: Int32 { assist_mhd_connection_fd(pointer) }
    /// The connection's own idle timeout (0: none); only from libmicrohttpd's thread (the access handler, the content reader).
    func setTimeout(seconds: Int) { assist_mhd_set_timeout(pointer, UInt32(clamping: seconds)) }
}
