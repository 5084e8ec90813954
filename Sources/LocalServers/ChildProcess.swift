import CLinux
import Foundation

/// Starts the programs of local servers (and the tools that set them up) for tests and benchmarks: reading
/// /dev/null, writing to a log file, inheriting no other descriptor of this process (a server started from a
/// test must not hold another test's socket open), with every signal at its default and none blocked, whatever
/// this thread ignores or blocks (Foundation's `Process` passes on blocked signals, so a child would ignore
/// SIGTERM; and its `waitUntilExit` does not return on a concurrency thread).
///
/// These children are not tied to this process: a server that must not outlive it is started by
/// `ChildSpawner` (redis-server), or has a watchdog of its own (PostgreSQL, nginx).
public enum ChildProcess {
    /// Starts `arguments` (the first an absolute path) without waiting, its output (stdout and stderr) appended
    /// to `output`; with `newProcessGroup`, leading a process group of its own. Returns its pid (a `pid_t`,
    /// spelled `Int32` as this file sees `pid_t` through CLinux, imported internally): the caller reaps it (or
    /// lets it be reparented when it daemonizes itself).
    public static func spawn(_ arguments: [String], output: String, newProcessGroup: Bool = false) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        assist_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if newProcessGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else { throw LocalServerFailure("cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        return pid
    }

    /// Runs `arguments` (the first an absolute path) and waits for it, its output appended to `log`; throws with
    /// the log's tail unless it exits 0.
    public static func run(_ arguments: [String], log: String) throws {
        let pid = try spawn(arguments, output: log)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        guard exited, (status >> 8) & 0xff == 0 else {
            let tail = (try? String(contentsOfFile: log, encoding: .utf8)).map { String($0.suffix(2000)) } ?? ""
            throw LocalServerFailure("\(arguments.joined(separator: " ")) failed (status \(status)):\n\(tail)")
        }
    }

    /// Whether `pid` (our child) has ended; reaps it if so.
    public static func hasEnded(_ pid: Int32) -> Bool {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == pid || (result < 0 && errno == ECHILD)
    }
}
