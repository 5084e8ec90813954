import CMicroHTTPD

/// A libmicrohttpd connection pointer that may cross threads.
///
/// `@unchecked Sendable` is safe here because the only calls made through it from other threads are
/// `MHD_suspend_connection`/`MHD_resume_connection` (documented thread-safe with
/// `MHD_ALLOW_SUSPEND_RESUME`) and reading the socket number; the connection outlives every such call
/// because its request context is released only in the completion callback.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    func suspend() { MHD_suspend_connection(pointer) }
    func resume() { MHD_resume_connection(pointer) }
    var socket: Int32 { assist_mhd_connection_fd(pointer) }
}
