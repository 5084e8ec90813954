import CLinux
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The server's listening socket. The edge owns it: it accepts every connection itself, so that it can
/// count and refuse it before reading a byte.
struct Listener: Sendable {
    let descriptor: Int32
    /// The port actually bound (the one asked for, or the free one picked for port 0).
    let port: Int

    /// Binds `host:port` (IPv4; `localhost` is 127.0.0.1) and listens, non-blocking.
    static func open(host: String, port: Int, backlog: Int32 = 4096) throws -> Listener {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr) == 1 else {
            throw HTTPServerError.invalidHost(host)
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HTTPServerError.system("socket", errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        // Nagle off (events are small and latency-bound): set here, Linux gives it to every accepted socket, one call
        // fewer per connection.
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && listen(fd, backlog) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw HTTPServerError.startFailed(host: host, port: port)
        }
        return Listener(descriptor: fd, port: Int(UInt16(bigEndian: address.sin_port)))
    }
}

/// IPv4 and IPv6 addresses as text, in one canonical spelling, so that two spellings of an address count
/// as one.
enum IPAddressText {
    /// The address of an accepted IPv4 peer.
    /// Written here rather than by `inet_ntop`, which formats each octet through `sprintf`: one accept in every request
    /// pays for it.
    static func of(_ address: sockaddr_in) -> String {
        let value = UInt32(bigEndian: address.sin_addr.s_addr)
        var text = ""
        text.reserveCapacity(15)
        for shift in stride(from: 24, through: 0, by: -8) {
            if shift != 24 { text.append(".") }
            text.append(String(UInt8(truncatingIfNeeded: value >> UInt32(shift))))
        }
        return text
    }

    /// The canonical spelling of an IPv4 or IPv6 address written as text; nil when it is neither.
    static func canonical(_ text: String) -> String? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            inet_ntop(AF_INET, &v4, &buffer, socklen_t(buffer.count))
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            inet_ntop(AF_INET6, &v6, &buffer, socklen_t(buffer.count))
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }
}
