// The socket constants (SOCK_CLOEXEC) come through CLinux as well, which includes <sys/socket.h>: in a release
// (whole-module) build the compiler may look them up there, once another file of the module imports CLinux.
import CLinux
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 GET over a loopback socket with a one-second budget, for health checks where pulling
/// in an HTTP client would be more code than the check; and who holds a port, since an answer alone does
/// not say which process gave it.
public enum HealthProbe {
    public static func ok(host: String, port: Int, path: String) async -> Bool {
        await Task.detached { status(host: host, port: port, path: path) == 200 }.value
    }

    /// The status code of `GET path`, or nil when nothing answered within the budget.
    public static func status(host: String, port: Int, path: String) -> Int? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n"
        guard send(fd, request, request.utf8.count, Int32(MSG_NOSIGNAL)) == request.utf8.count else { return nil }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count >= 12 else { return nil }
        // "HTTP/1.1 200 ..."
        return Int(String(decoding: buffer[9..<12], as: UTF8.self))
    }

    /// Process `pid` holds a listening TCP socket (IPv4 or IPv6) on `port`: one of the listening sockets on
    /// that port in `/proc/net/tcp{,6}` is among the process's descriptors. False when it has exited.
    public static func isListening(pid: Int32, port: Int) -> Bool {
        let inodes = listeningSocketInodes(port: port)
        guard !inodes.isEmpty, let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return false }
        return descriptors.contains { descriptor in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)") else { return false }
            return inodes.contains(target)
        }
    }

    /// The listening sockets on `port`, as their descriptors' link targets (`socket:[inode]`). The kernel
    /// lists listening sockets before all others, so reading stops at the first line that is not one: a
    /// gateway with thousands of open connections would otherwise make every health check read them all.
    private static func listeningSocketInodes(port: Int) -> Set<String> {
        var inodes = Set<String>()
        let local = ":" + String(format: "%04X", port)
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let file = fopen(table, "r") else { continue }
            defer { fclose(file) }
            var line: UnsafeMutablePointer<CChar>?
            var capacity = 0
            defer { free(line) }
            _ = getline(&line, &capacity, file)  // the header
            while getline(&line, &capacity, file) > 0, let line {
                // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
                let fields = String(cString: line).split(separator: " ")
                guard fields.count > 9, fields[3] == "0A" else { break }  // 0A: TCP_LISTEN
                if fields[1].hasSuffix(local) { inodes.insert("socket:[\(fields[9])]") }
            }
        }
        return inodes
    }
}
