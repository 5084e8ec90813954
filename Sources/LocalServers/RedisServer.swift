public import Foundation
import Glibc
import Synchronization

/// A real redis-server of a test's (or a benchmark's) own: its own temporary directory, a free port on
/// 127.0.0.1, and the durability settings Assist ships (`appendonly yes`, `appendfsync everysec`, no RDB
/// snapshots), so that a test can restart it and find its data again. With `configuration`, a redis.conf to
/// start from (the benchmark's: `deploy/redis.conf` itself, `shippedConfiguration`), only the address, the
/// directory and the log are added to it.
///
/// Use `RedisServer.with { server in … }`: it starts the server, waits until it answers `PING`, and stops it
/// (by pid: SIGTERM, then SIGKILL) and removes its directory however the body ends. `stop()` and `restart()`
/// let a test take it down and bring it back on the same port and directory. The server is started by
/// `ChildSpawner`, so it dies with this process however that ends.
public final class RedisServer: Sendable {
    public let directory: URL
    public let port: Int
    /// With a password the server requires `AUTH`, and `url` carries it.
    public let password: String?
    /// The redis.conf the server's own configuration includes first; nil for the tests' settings.
    public let configuration: URL?
    private let pid = Mutex<pid_t?>(nil)

    public static let binary = "/usr/bin/redis-server"

    /// The shipped file: `deploy/redis.conf` in the repository this module was built from (or, when the build
    /// has moved, in the current directory).
    public static var shippedConfiguration: URL {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let built = repository.appendingPathComponent("deploy/redis.conf")
        if FileManager.default.fileExists(atPath: built.path) { return built }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("deploy/redis.conf")
    }

    /// `redis://[:password@]127.0.0.1:port`.
    public var url: String { "redis://\(password.map { ":\($0)@" } ?? "")127.0.0.1:\(port)" }

    /// The server's own log (its standard output), for a failing test to show.
    public var log: String { (try? String(contentsOf: directory.appendingPathComponent("redis.log"), encoding: .utf8)) ?? "" }

    private init(directory: URL, port: Int, password: String?, configuration: URL?) {
        self.directory = directory
        self.port = port
        self.password = password
        self.configuration = configuration
    }

    /// Starts a server, runs `body` with it, then stops it and removes its directory.
    public static func with<T>(password: String? = nil, configuration: URL? = nil,
                               _ body: (RedisServer) async throws -> T) async throws -> T {
        let server = try await start(password: password, configuration: configuration)
        do {
            let result = try await body(server)
            await server.remove()
            return result
        } catch {
            await server.remove()
            throw error
        }
    }

    /// Starts a server on a free port (trying another if one was taken meanwhile).
    public static func start(password: String? = nil, configuration: URL? = nil) async throws -> RedisServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-redis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var lastError: (any Error)?
        for _ in 0..<3 {
            let server = RedisServer(directory: directory, port: try freeLoopbackPort(), password: password, configuration: configuration)
            do {
                try await server.launch()
                return server
            } catch {
                lastError = error
            }
        }
        try? FileManager.default.removeItem(at: directory)
        throw lastError ?? LocalServerFailure("redis-server did not start")
    }

    public var isRunning: Bool { pid.withLock { $0 } != nil }

    /// Stops the server: SIGTERM (Redis then writes and fsyncs its AOF and exits), SIGKILL after 5 s.
    public func stop() async {
        guard let running = pid.withLock({ pid in defer { pid = nil }; return pid }) else { return }
        await ChildSpawner.stop(running)
    }

    /// Stops the server if it runs and starts it again on the same port and directory; it reloads its AOF.
    public func restart() async throws {
        await stop()
        try await launch()
    }

    /// Stops the server and removes its directory.
    public func remove() async {
        await stop()
        try? FileManager.default.removeItem(at: directory)
    }

    private func launch() async throws {
        let file = directory.appendingPathComponent("redis.conf")
        var lines = configuration.map { ["include \"\($0.path)\""] }
            ?? ["save \"\"", "appendonly yes", "appendfsync everysec", "databases 16", "enable-debug-command local"]
        lines += ["bind 127.0.0.1", "port \(port)", "dir \"\(directory.path)\"", "daemonize no", "logfile \"\""]
        if let password { lines.append("requirepass \(password)") }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let started = try await ChildSpawner.start([Self.binary, file.path],
                                                   output: directory.appendingPathComponent("redis.log").path)
        pid.withLock { $0 = started }
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if ChildProcess.hasEnded(started) {
                pid.withLock { $0 = nil }
                throw LocalServerFailure("redis-server on port \(port) exited at start:\n\(log.suffix(2000))")
            }
            if answersPing() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        await stop()
        throw LocalServerFailure("redis-server on port \(port) did not answer PING within 10 s:\n\(log.suffix(2000))")
    }

    /// Whether the server answers `PING` with `PONG` (after `AUTH`, with a password) on a fresh connection.
    /// Blocks only for a connection to localhost and a reply bounded by a 500 ms receive timeout.
    private func answersPing() -> Bool {
        guard let socket = connectLoopback(port: port, receiveTimeout: .milliseconds(500)) else { return false }
        defer { close(socket) }
        let request = (password.map { "AUTH \($0)\r\n" } ?? "") + "PING\r\n"
        guard send(socket, request, request.utf8.count, Int32(MSG_NOSIGNAL)) == request.utf8.count else { return false }
        var received = ""
        var buffer = [UInt8](repeating: 0, count: 256)
        while !received.contains("\r\n") || (password != nil && received.components(separatedBy: "\r\n").count < 3) {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { return false }
            received += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return received.contains("+PONG")
    }

    /// A reply of `command`, as the server sent it.
    public indirect enum Reply: Sendable, Equatable {
        case status(String), error(String), integer(Int), bulk(String?), array([Reply]?)

        /// A bulk or status reply's text; an array's elements' texts (for `HGETALL`, `KEYS`).
        public var strings: [String] {
            switch self {
            case .status(let text), .bulk(let text?): [text]
            case .array(let elements?): elements.flatMap(\.strings)
            default: []
            }
        }
    }

    /// Sends one command on a fresh connection (after `AUTH`, with a password) and returns its reply, for a test
    /// that reads what a gateway wrote (a quota window, a lease). On a thread of its own; 2 s per read.
    public func command(_ arguments: [String]) async throws -> Reply {
        let (port, password) = (port, password)
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try Self.exchange(port: port, password: password, arguments) }) }.start()
        }
    }

    private static func exchange(port: Int, password: String?, _ arguments: [String]) throws -> Reply {
        guard let socket = connectLoopback(port: port, receiveTimeout: .seconds(2)) else {
            throw LocalServerFailure("cannot connect to redis-server on port \(port): \(errno)")
        }
        defer { close(socket) }
        func encode(_ words: [String]) -> [UInt8] {
            Array("*\(words.count)\r\n".utf8) + words.flatMap { Array("$\($0.utf8.count)\r\n".utf8) + Array($0.utf8) + Array("\r\n".utf8) }
        }
        let request = (password.map { encode(["AUTH", $0]) } ?? []) + encode(arguments)
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw LocalServerFailure("send to redis-server failed: \(errno)") }
            sent += count
        }
        var reader = ReplyReader(socket: socket)
        if password != nil, case .error(let message) = try reader.reply() { throw LocalServerFailure("AUTH: \(message)") }
        return try reader.reply()
    }

    /// Reads RESP replies from a socket, as many bytes as each needs.
    private struct ReplyReader {
        let socket: Int32
        var buffer: [UInt8] = []

        mutating func line() throws -> String {
            while true {
                if let end = buffer.indices.dropLast().first(where: { buffer[$0] == 13 && buffer[$0 + 1] == 10 }) {
                    defer { buffer.removeFirst(end + 2) }
                    return String(decoding: buffer[..<end], as: UTF8.self)
                }
                try fill()
            }
        }

        mutating func bytes(_ count: Int) throws -> [UInt8] {
            while buffer.count < count + 2 { try fill() }
            defer { buffer.removeFirst(count + 2) }
            return Array(buffer[..<count])
        }

        mutating func fill() throws {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { throw LocalServerFailure("redis-server closed the connection or did not answer (\(errno))") }
            buffer += chunk[..<count]
        }

        mutating func reply() throws -> Reply {
            let head = try line()
            let rest = String(head.dropFirst())
            switch head.first {
            case "+": return .status(rest)
            case "-": return .error(rest)
            case ":": return .integer(Int(rest) ?? 0)
            case "$":
                let length = Int(rest) ?? -1
                return .bulk(length < 0 ? nil : String(decoding: try bytes(length), as: UTF8.self))
            case "*":
                let count = Int(rest) ?? -1
                guard count >= 0 else { return .array(nil) }
                var elements: [Reply] = []
                for _ in 0..<count { elements.append(try reply()) }
                return .array(elements)
            default: throw LocalServerFailure("unexpected reply from redis-server: \(head)")
            }
        }
    }
}
