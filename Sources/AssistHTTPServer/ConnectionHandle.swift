import CMicroHTTPD

/// A libmicrohttpd connection pointer that may cross threads, with the loop daemon that holds it.
///
/// `@unchecked Sendable` is safe here because the only call made through it from other threads is
/// `resume()`, which the daemon carries out on its loop's thread (and only through `ServerCore.resume`,
/// which refuses once the server is stopping); suspending and reading the socket happen on that thread
/// while the connection is alive.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    let daemon: LoopDaemon

    /// From the loop's thread (the access handler, the content reader).
    func suspend() { MHD_suspend_connection(pointer) }
    /// From any thread: resumed on the loop's thread, which then runs libmicrohttpd.
    func resume() { daemon.resume(pointer) }
    var socket: Int32 { assist_mhd_connection_fd(pointer) }
    /// The connection's own idle timeout (0: none); only from the loop's thread (the access handler, the content reader).
    func setTimeout(seconds: Int) { assist_mhd_set_timeout(pointer, UInt32(clamping: seconds)) }
}
