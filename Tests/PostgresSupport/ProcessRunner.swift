import CLinux
import Foundation

/// Runs the PostgreSQL tools for the test harness: as the `postgres` user when the tests run as root
/// (PostgreSQL refuses to run as root), reading /dev/null, writing to a log file, and inheriting no other
/// descriptor of the test process (a server started from here must not hold another test's socket open).
enum ProcessRunner {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The `postgres` account's ids, or nil when the tests do not run as root (the tools then run as us).
    static let postgresAccount: (uid: uid_t, gid: gid_t)? = {
        guard getuid() == 0, let entry = getpwnam("postgres") else { return nil }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }()

    /// Runs `arguments` as the postgres user (see above) and waits; throws with the log's tail unless it exits 0.
    static func runAsPostgres(_ arguments: [String], log: String) throws {
        let command = postgresAccount == nil ? arguments : ["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments
        try run(command, log: log)
    }

    /// Runs `arguments` (the first an absolute path) and waits for it; throws unless it exits 0.
    static func run(_ arguments: [String], log: String) throws {
        let pid = try spawn(arguments, log: log)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        guard exited, (status >> 8) & 0xff == 0 else {
            let tail = (try? String(contentsOfFile: log, encoding: .utf8)).map { String($0.suffix(2000)) } ?? ""
            throw Failure(description: "\(arguments.joined(separator: " ")) failed (status \(status)):\n\(tail)")
        }
    }

    /// Starts `arguments` without waiting; returns its pid. The caller reaps it (or lets it be reparented
    /// when it daemonizes itself).
    static func spawn(_ arguments: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        assist_spawn_close_from(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard result == 0 else { throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        return pid
    }
}
