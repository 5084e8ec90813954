import CLinux
import Glibc

/// Why a local server, or a process for one, could not be started or reached.
public struct LocalServerFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// A port on 127.0.0.1 that nothing listened on a moment ago (bound to port 0, read back, released): free
/// unless someone takes it before the caller binds it, so a server started on it may have to try another.
public func freeLoopbackPort() throws -> Int {
    let port = assist_free_loopback_port()
    guard port > 0 else { throw LocalServerFailure("cannot bind a port on 127.0.0.1: \(String(cString: strerror(-port)))") }
    return Int(port)
}
