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

/// A blocking TCP connection to 127.0.0.1:`port` (close-on-exec), its reads bounded by `receiveTimeout`; nil if
/// nothing accepts it right now (`errno` says why). The caller closes it.
public func connectLoopback(port: Int, receiveTimeout: Duration? = nil) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return nil }
    if let receiveTimeout {
        let (seconds, attoseconds) = receiveTimeout.components
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
        let error = errno
        close(fd)
        errno = error
        return nil
    }
    return fd
}
