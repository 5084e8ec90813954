public import Foundation
import LocalServers
import Synchronization

/// A real nginx in front of gateway replicas, for tests and benchmarks (never for `assist serve`): the
/// shipped `deploy/nginx.conf` filled in for a free loopback port (`NginxConfTemplate`), in a temporary
/// directory of its own that is nginx's prefix (its logs, temporary directories and pid file live there),
/// run in the foreground as
///
///     nginx -p DIR -c DIR/nginx.conf -g 'daemon off; pid DIR/nginx.pid; error_log DIR/error.log;'
///
/// with no system service and no system directory. `start` returns once nginx accepts connections; `stop`
/// ends it by its pid (SIGTERM, nginx's fast shutdown, which ends its workers and waits for them; SIGKILL to
/// its process group after 5 s) and removes the directory. Dropping the server stops it too.
///
/// nginx's workers are not tied to the test process: if that process dies without stopping nginx (a crash,
/// the test-pass watchdog's kill), a watchdog (a shell in a session of its own) kills nginx's process group and
/// removes the directory within half a second. nginx leads that group, so it holds its workers.
public final class NginxServer: Sendable {
    public static let binary = "/usr/sbin/nginx"

    /// The loopback port nginx listens on.
    public let port: Int
    /// nginx's prefix: `nginx.conf`, `error.log`, `access.log`, its temporary directories.
    public let directory: URL
    private let pid: Mutex<pid_t?>

    public var configuration: String { (try? String(contentsOf: directory.appendingPathComponent("nginx.conf"), encoding: .utf8)) ?? "" }
    /// One line per request, in the shipped `assist` format (status, replica, the request id sent).
    public var accessLog: String { (try? String(contentsOf: directory.appendingPathComponent("access.log"), encoding: .utf8)) ?? "" }
    public var errorLog: String { (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? "" }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private init(port: Int, directory: URL, pid: pid_t) {
        self.port = port
        self.directory = directory
        self.pid = Mutex(pid)
    }

    deinit { stop() }

    /// Starts nginx in front of `replicas` (ports on 127.0.0.1) from `template`, and waits (up to 10 s) until
    /// it accepts connections. Blocks: call it off the cooperative pool (tests: `onOwnThread`).
    public static func start(replicas: [Int], template: NginxConfTemplate? = nil) throws -> NginxServer {
        let template = try template ?? NginxConfTemplate()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            try startWatchdog(directory: directory)
            var failures: [String] = []
            // A free port can be taken by someone else before nginx binds it: try another.
            for _ in 0..<3 {
                let port = try freeLoopbackPort()
                let configuration = try template.filled(listen: "127.0.0.1:\(port)", replicas: replicas.map { "127.0.0.1:\($0)" })
                try Data(configuration.utf8).write(to: directory.appendingPathComponent("nginx.conf"))
                let started = try spawn(directory: directory)
                let server = NginxServer(port: port, directory: directory, pid: started)
                if try server.waitUntilAccepting() { return server }
                failures.append(server.errorLog)
            }
            throw Failure(description: "nginx did not start:\n\(failures.joined(separator: "\n").suffix(3000))")
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Stops nginx (see the type's comment) and removes its directory. Blocks for as long as nginx takes to
    /// stop: milliseconds, at most 5 s before the SIGKILL. A second call does nothing.
    public func stop() {
        guard let running = pid.withLock({ pid in defer { pid = nil }; return pid }) else { return }
        kill(running, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(5)
        while !ChildProcess.hasEnded(running) {
            if ContinuousClock.now >= deadline {
                kill(-running, SIGKILL)
                var status: Int32 = 0
                while waitpid(running, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(2_000)
        }
        if ProcessInfo.processInfo.environment["ASSIST_NGINX_KEEP"] == nil { try? FileManager.default.removeItem(at: directory) }
    }

    /// The master's pid while nginx runs: it leads a process group of its own, its workers included.
    public var processGroup: pid_t? { pid.withLock { $0 } }

    /// Whether nginx still runs (has not exited, or been stopped).
    public var isRunning: Bool {
        guard let running = pid.withLock({ $0 }) else { return false }
        return !ChildProcess.hasEnded(running)
    }

    /// Waits until nginx accepts a connection on its port: true; false if it exited first (a port taken).
    private func waitUntilAccepting() throws -> Bool {
        guard let running = pid.withLock({ $0 }) else { return false }
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if ChildProcess.hasEnded(running) {
                pid.withLock { $0 = nil }  // so that dropping this server leaves the directory to the next attempt
                return false
            }
            if let fd = connectLoopback(port: port) {
                close(fd)
                return true
            }
            usleep(5_000)
        }
        stop()
        throw Failure(description: "nginx did not accept connections on port \(port) within 10 s:\n\(errorLog.suffix(3000))")
    }

    private static func spawn(directory: URL) throws -> pid_t {
        let prefix = directory.path
        let arguments = [binary, "-p", prefix + "/", "-c", prefix + "/nginx.conf",
                         "-g", "daemon off; pid \(prefix)/nginx.pid; error_log \(prefix)/error.log;"]
        return try ChildProcess.spawn(arguments, output: prefix + "/output.log", newProcessGroup: true)
    }

    /// Kills nginx's process group and removes `directory` once this process has gone; ends by itself when
    /// the directory is removed (nginx stopped) while this process lives. `setsid -f`: a session of its own,
    /// so no signal meant for the test run reaches it, and reparented at once (the child reaped here).
    private static func startWatchdog(directory: URL) throws {
        let path = directory.path
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do
                [ -d '\(path)' ] || exit 0
                sleep 0.5
            done
            [ -f '\(path)/nginx.pid' ] && pid=$(cat '\(path)/nginx.pid') && [ -n "$pid" ] && /bin/kill -KILL -- "-$pid" 2>/dev/null
            rm -rf '\(path)'
            """
        let child = try ChildProcess.spawn(["/usr/bin/setsid", "-f", "/bin/sh", "-c", script], output: "/dev/null")
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }
}
