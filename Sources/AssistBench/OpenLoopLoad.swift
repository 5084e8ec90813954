import CLinux
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An open-loop HTTP/1.0 load generator on one thread: requests start on a fixed schedule whether or not
/// earlier ones finished, and each latency is measured from its *scheduled* start to the end of its
/// response, so a stall shows up in the percentiles instead of silently lowering the rate (no coordinated
/// omission). Every request uses its own connection, which the server closes at the end of the response.
struct OpenLoopLoad {
    struct Result {
        var latenciesMs: [Double]
        var failures: Int
        var elapsedSeconds: Double
    }

    let port: Int
    let request: [UInt8]
    /// Whether a complete response is a success (e.g. it ends with the stream's `done`).
    let accept: @Sendable ([UInt8]) -> Bool

    private final class Connection {
        let fd: Int32
        let scheduled: UInt64
        var sent = 0
        var received: [UInt8] = []
        init(fd: Int32, scheduled: UInt64) {
            self.fd = fd
            self.scheduled = scheduled
        }
    }

    /// One request at a time for `seconds` (concurrency 1): each starts once the one before has ended.
    func closedLoop(seconds: Double) -> Result {
        var result = Result(latenciesMs: [], failures: 0, elapsedSeconds: 0)
        let start = Monotonic.nanoseconds()
        while Monotonic.seconds(since: start) < seconds {
            let one = run(rate: 1_000_000, seconds: 1e-6)  // exactly one request
            result.latenciesMs += one.latenciesMs
            result.failures += one.failures
        }
        result.elapsedSeconds = Monotonic.seconds(since: start)
        return result
    }

    func run(rate: Int, seconds: Double) -> Result {
        let epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        defer { close(epollFD) }
        var connections: [Int32: Connection] = [:]
        var latencies: [Double] = []
        var failures = 0
        let total = Int(Double(rate) * seconds)
        let interval = 1_000_000_000 / UInt64(rate)
        let start = Monotonic.nanoseconds()
        var launched = 0
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        var buffer = [UInt8](repeating: 0, count: 65536)

        func finish(_ connection: Connection, ok: Bool) {
            epoll_ctl(epollFD, EPOLL_CTL_DEL, connection.fd, nil)
            close(connection.fd)
            connections[connection.fd] = nil
            if ok && accept(connection.received) {
                latencies.append(Monotonic.milliseconds(since: connection.scheduled))
            } else {
                failures += 1
            }
        }

        let deadline = start + UInt64((seconds + 10) * 1e9)
        while (launched < total || !connections.isEmpty) && Monotonic.nanoseconds() < deadline {
            var now = Monotonic.nanoseconds()
            while launched < total, start + UInt64(launched) * interval <= now {
                let scheduled = start + UInt64(launched) * interval
                launched += 1
                guard let fd = Self.connect(port: port) else { failures += 1; continue }
                connections[fd] = Connection(fd: fd, scheduled: scheduled)
                var event = epoll_event()
                event.events = EPOLLOUT.rawValue | EPOLLIN.rawValue | EPOLLRDHUP.rawValue
                event.data.fd = fd
                epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event)
                now = Monotonic.nanoseconds()
            }
            // Sleep until the next scheduled start with nanosecond resolution (a millisecond timeout would
            // either oversleep a 0.5 ms schedule or spin a core the servers under test need).
            let nextStart = launched < total ? start + UInt64(launched) * interval : now + 5_000_000
            let wait = nextStart > now ? min(5_000_000, nextStart - now) : 0
            var timeout = timespec(tv_sec: 0, tv_nsec: Int(wait))
            let count = epoll_pwait2(epollFD, &events, Int32(events.count), &timeout, nil)
            guard count > 0 else { continue }
            for i in 0..<Int(count) {
                guard let connection = connections[events[i].data.fd] else { continue }
                let flags = events[i].events
                if connection.sent < request.count, flags & EPOLLOUT.rawValue != 0 {
                    let n = request[connection.sent...].withUnsafeBytes { send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if n < 0 { if errno != EAGAIN { finish(connection, ok: false) }; continue }
                    connection.sent += n
                    if connection.sent == request.count {
                        var event = epoll_event()
                        event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
                        event.data.fd = connection.fd
                        epoll_ctl(epollFD, EPOLL_CTL_MOD, connection.fd, &event)
                    }
                }
                if flags & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
                    while true {
                        let n = recv(connection.fd, &buffer, buffer.count, 0)
                        if n > 0 { connection.received.append(contentsOf: buffer[0..<n]); continue }
                        if n == 0 { finish(connection, ok: true) } else if errno != EAGAIN { finish(connection, ok: false) }
                        break
                    }
                }
            }
        }
        for connection in connections.values { close(connection.fd); failures += 1 }
        return Result(latenciesMs: latencies, failures: failures, elapsedSeconds: Monotonic.seconds(since: start))
    }

    /// A non-blocking TCP connection to 127.0.0.1:port (in progress).
    static func connect(port: Int, blocking: Bool = false) -> Int32? {
        var flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        if !blocking { flags |= Int32(SOCK_NONBLOCK.rawValue) }
        let fd = socket(AF_INET, flags, 0)
        guard fd >= 0 else { return nil }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 || errno == EINPROGRESS else { close(fd); return nil }
        return fd
    }
}

enum Monotonic {
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Milliseconds since `start` (a `nanoseconds()` reading).
    static func milliseconds(since start: UInt64) -> Double { Double(nanoseconds() - start) / 1e6 }

    /// Seconds since `start` (a `nanoseconds()` reading).
    static func seconds(since start: UInt64) -> Double { Double(nanoseconds() - start) / 1e9 }
}

/// Percentiles by nearest rank.
func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[max(0, min(sorted.count - 1, rank))]
}
