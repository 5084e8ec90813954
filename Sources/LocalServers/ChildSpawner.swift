import CLinux
import Dispatch
import Foundation
import Glibc
import Synchronization

/// Starts servers that must not outlive this process from one thread that lives as long as the process.
///
/// `assist_spawn_tied_to_parent` gives the child SIGKILL when its parent dies, so a test run (or benchmark)
/// that crashes or is killed by the watchdog leaves no redis-server behind; but that signal follows the
/// thread that forked, and the cooperative pool's threads may end when idle. So every spawn is made by this
/// thread, which never ends. The child inherits no descriptor of this process (other tests' sockets would
/// otherwise stay open in it), has every signal at its default and none blocked, and writes its output to a
/// file.
enum ChildSpawner {
    private struct Request: Sendable {
        let arguments: [String]
        let output: String
        let continuation: CheckedContinuation<pid_t, any Error>
    }

    private static let requests = Mutex<[Request]>([])
    private static let wake = DispatchSemaphore(value: 0)
    private static let thread: Void = {
        let thread = Thread {
            while true {
                wake.wait()
                for request in requests.withLock({ requests in defer { requests = [] }; return requests }) {
                    request.continuation.resume(with: Result { try spawn(request.arguments, output: request.output) })
                }
            }
        }
        thread.name = "local-server-spawner"
        thread.start()
    }()

    /// Starts `arguments[0]` (a path) with `arguments`, its output appended to `output`; returns its pid.
    static func start(_ arguments: [String], output: String) async throws -> pid_t {
        _ = thread
        return try await withCheckedThrowingContinuation { continuation in
            requests.withLock { $0.append(Request(arguments: arguments, output: output, continuation: continuation)) }
            wake.signal()
        }
    }

    private static func spawn(_ arguments: [String], output: String) throws -> pid_t {
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let pid = assist_spawn_tied_to_parent(arguments[0], cArguments, environ, output)
        guard pid > 0 else { throw LocalServerFailure("cannot start \(arguments[0]): \(String(cString: strerror(-pid)))") }
        return pid
    }

    /// Sends SIGTERM and waits up to `grace` for `pid` to end, then SIGKILL and waits for it; reaps it.
    static func stop(_ pid: pid_t, grace: Duration = .seconds(5)) async {
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + grace
        while !ChildProcess.hasEnded(pid) {
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                while !ChildProcess.hasEnded(pid) { try? await Task.sleep(for: .milliseconds(5)) }
                return
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
