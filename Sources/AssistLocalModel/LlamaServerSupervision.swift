import AssistTelemetry
import AssistServices
import CLinux
import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The supervision thread: it spawns every child, reaps it, and restarts it after a back-off.
///
/// One thread does all of it because a child's parent-death signal fires when the thread that forked it
/// ends, not the process: a child spawned from a pool thread, or from a reaper that then ended, would be
/// killed for no reason. This thread ends only once no child is left and none will be.
extension LlamaServerSupervisor {
    /// The thread's body: stops a stale child, spawns, reports the first spawn to `launch()`, then reaps and
    /// restarts until stopping or a restart fails. Opens `ended` as its last act.
    func supervise(firstSpawn: CheckedContinuation<Bool, any Error>) {
        if let pidFile = configuration.pidFile { StaleChild.stop(pidFile: pidFile, binary: configuration.binary) }
        var waiting: CheckedContinuation<Bool, any Error>? = firstSpawn
        var delay = configuration.restartDelay
        defer {
            if let pidFile = configuration.pidFile { unlink(pidFile) }
            ended.open()
        }
        while true {
            let child: pid_t?
            do {
                child = try spawn()
            } catch {
                guard let first = waiting else {
                    let failure = Failure(message: "llama-server exited and could not be restarted: \(error)")
                    Self.log(failure.message)
                    state.withLock { $0.restartFailure = failure }
                    return
                }
                return first.resume(throwing: error)
            }
            waiting?.resume(returning: child != nil)
            waiting = nil
            guard let child else { return }  // stopping

            let started = ContinuousClock.now
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0, errno == EINTR {}
            let uptime = ContinuousClock.now - started
            let restart: Int? = state.withLock { state in
                state.pid = 0
                guard !state.stopping else { return nil }
                state.restarts += 1
                return state.restarts
            }
            guard let restart else { return }
            if uptime >= configuration.healthyUptime { delay = configuration.restartDelay }
            Self.log("llama-server (pid \(child)) \(Self.describe(status)) after \(Self.seconds(uptime)); restart \(restart) in \(Self.seconds(delay))")
            configuration.restartObserver?(Restart(count: restart, pid: child, uptime: uptime, delay: delay))
            _ = wake.wait(timeout: .now() + .nanoseconds(Int(delay / .nanoseconds(1))))  // shutdown() ends it early
            delay = min(delay * 2, configuration.maximumRestartDelay)
        }
    }

    /// Spawns the child, tied to this thread, in its own process group; nil, spawning nothing, when stopping.
    /// Writes the pid file before the child is visible, so whoever sees `pid` may read the file too.
    private func spawn() throws -> pid_t? {
        var arguments = [configuration.binary, "-m", configuration.model, "--host", configuration.host,
                         "--port", String(configuration.port), "-c", String(configuration.contextSize),
                         "-np", String(configuration.parallelSlots), "-t", String(configuration.threads),
                         // The id `/v1/models` reports: the file's name, never its machine-specific path, so
                         // qualification results recorded on one machine hold on another.
                         "--alias", URL(fileURLWithPath: configuration.model).deletingPathExtension().lastPathComponent]
        if let logFile = configuration.logFile { arguments += ["--log-file", logFile] }
        let output = configuration.logFile.map { $0 + ".stdout" } ?? "/dev/null"
        // Everything the child touches between fork and exec is allocated before the fork.
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        // Under the lock, so that `shutdown()` either sees the new child (and stops it) or stops the spawn.
        return try state.withLock { state in
            guard !state.stopping else { return nil }
            let pid = assist_spawn_tied_to_parent(configuration.binary, cArguments, environ, output)
            guard pid > 0 else {
                throw Failure(message: "cannot start \(configuration.binary): \(String(cString: strerror(-pid)))")
            }
            if let pidFile = configuration.pidFile {  // 0600, as every file of the data directory
                _ = FileManager.default.createFile(atPath: pidFile, contents: Data("\(pid)\n".utf8), attributes: [.posixPermissions: 0o600])
            }
            state.pid = pid
            return pid
        }
    }

    static func log(_ message: String) {
        Logger().notice(message)
    }

    /// "exited with status 1", "was killed by signal 9", from a `waitpid` status (its macros do not import).
    private static func describe(_ status: Int32) -> String {
        status & 0x7f == 0 ? "exited with status \((status >> 8) & 0xff)" : "was killed by signal \(status & 0x7f)"
    }

    private static func seconds(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds < 10 ? String(format: "%.2f s", seconds) : String(format: "%.0f s", seconds)
    }
}

/// A llama-server that an earlier run of the gateway left behind, found through the pid file that run
/// wrote, and stopped before a new child needs its port.
///
/// A pid file outlives its process, and the kernel reuses pids: the file alone proves nothing. A process is
/// taken for the stale child only when its command line is the one the supervisor gives: our binary — as the
/// program itself (argv[0]) or as the script an interpreter runs (argv[1]) — followed by `-m`. An unrelated
/// process that got the pid is left alone.
enum StaleChild {
    /// Stops the llama-server `pidFile` names, if that process is one, and removes the file. SIGTERM first,
    /// SIGKILL if it is still there after `grace`. Blocks for as long as that takes.
    static func stop(pidFile: String, binary: String, grace: Duration = .seconds(3)) {
        guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8) else { return }
        defer { unlink(pidFile) }
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1, runs(binary, pid) else { return }
        LlamaServerSupervisor.log("stopping llama-server (pid \(pid)) left by an earlier run")
        // Our children lead their own process group; anything else gets the signal alone.
        let target = getpgid(pid) == pid ? -pid : pid
        kill(target, SIGTERM)
        if waitUntilGone(pid, binary: binary, within: grace) { return }
        kill(target, SIGKILL)
        _ = waitUntilGone(pid, binary: binary, within: .seconds(2))
    }

    /// Process `pid` runs `binary` as the supervisor starts it: its command line (empty once it has exited,
    /// zombie or gone) is `binary -m …`, or `interpreter binary -m …`.
    static func runs(_ binary: String, _ pid: pid_t) -> Bool {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        let arguments = data.split(separator: 0, omittingEmptySubsequences: false).prefix(3).map { String(decoding: $0, as: UTF8.self) }
        return (0..<2).contains { arguments.count > $0 + 1 && arguments[$0] == binary && arguments[$0 + 1] == "-m" }
    }

    /// True once `pid` no longer runs `binary`. Not `waitpid`: the stale child is not ours to reap.
    private static func waitUntilGone(_ pid: pid_t, binary: String, within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while runs(binary, pid) {
            if ContinuousClock.now >= deadline { return false }
            usleep(20_000)
        }
        return true
    }
}
