import CLibPQ
import Foundation
import Synchronization

/// A real PostgreSQL for tests and benchmarks, started by them: no system service, no mocks.
///
/// Starting PostgreSQL costs seconds, so the costs are shared. `initdb` runs once per process (and
/// durability), into a template data directory; each server copies it (a fraction of a second) and starts on
/// a free loopback port, its unix socket inside its own directory. Tests run with `fsync=off` (a test's data
/// need not survive the machine, `Durability.test`); a benchmark of commits with PostgreSQL's own settings
/// (`.durable`). `shared()` is one server for the whole test process: a test isolates itself in a schema of
/// its own (`createSchema()`). A test that stops or restarts its server starts a private one (`start()`).
///
/// Everything lives under one temporary directory per process. A watchdog (a shell in a session of its own)
/// stops every server there with an immediate shutdown and removes the directory once the process is gone,
/// however it ended: even a test run killed by `tools/test-pass.sh` leaves no server. With
/// `ASSIST_POSTGRES_KEEP` set, the directory (and the servers' logs, `server.log`) is kept.
///
/// As root the tools run as the `postgres` user (`runuser`); otherwise as the user running the tests. The
/// async calls run the tools and libpq on a thread of their own, so that tests waiting for them never hold
/// one of the cooperative pool's threads (two, on a two-core machine) that other tests need meanwhile.
public final class PostgresServer: Sendable {
    /// How a server treats its disk.
    public enum Durability: Sendable {
        /// Light on the disk, which other tests running meanwhile measure: no fsync, minimal WAL in 1 MB
        /// segments, small buffers (and 200 connections, lock waits logged).
        case test
        /// PostgreSQL's defaults (fsync on, 16 MB WAL segments): what a benchmark of commits measures.
        case durable
    }

    /// The loopback port the server listens on (kept across `restart()`).
    public let port: Int
    /// The server's directory: its data directory (`data`), unix socket and log (`server.log`).
    public let directory: String
    public let durability: Durability
    private var dataDirectory: String { directory + "/data" }
    private var log: String { directory + "/server.log" }
    private static let counter = Atomic<Int>(0)
    private static let servers = Atomic<Int>(0)

    /// The test process's one shared server, started on first use.
    public static func shared() async throws -> PostgresServer { try await offPool { try sharedServer.get() } }
    private static let sharedServer = Result { try PostgresServer.startBlocking(durability: .test) }

    /// A private server, for a test that stops or restarts it (or a benchmark). Stopped by `stop()`, or when
    /// dropped; `remove()` also removes its directory.
    public static func start(durability: Durability = .test) async throws -> PostgresServer {
        try await offPool { try startBlocking(durability: durability) }
    }

    private static func startBlocking(durability: Durability) throws -> PostgresServer {
        let root = try processRoot.get()
        let template = try (durability == .test ? testTemplate : durableTemplate).get()
        let directory = root + "/server-\(servers.add(1, ordering: .relaxed).newValue)"
        try ChildProcess.run(["/bin/cp", "-a", template, directory], log: root + "/commands.log")
        var lastError: (any Error)?
        for _ in 1...3 {  // a free port can be taken by someone else before the server binds it
            let server = PostgresServer(directory: directory, port: try freeLoopbackPort(), durability: durability)
            do {
                try server.startServer()
                return server
            } catch {
                lastError = error
            }
        }
        throw lastError!
    }

    private init(directory: String, port: Int, durability: Durability) {
        self.directory = directory
        self.port = port
        self.durability = durability
    }

    deinit { try? stopBlocking() }

    /// The URL of `database` on this server, as the superuser `postgres` (trusted from loopback).
    public func url(database: String = "postgres") -> String { "postgres://postgres@127.0.0.1:\(port)/\(database)" }

    /// Creates an empty schema of its own for a test, in the `postgres` database, and returns a URL whose
    /// sessions find it first (`search_path`): their unqualified tables are created and read there. Far
    /// cheaper than a database, which copies its template (megabytes written, while other tests measure
    /// their disks). LISTEN/NOTIFY channels are per database, so each test listens on channels of its own.
    public func createSchema(_ name: String? = nil) async throws -> String {
        let name = name ?? "test_\(Self.counter.add(1, ordering: .relaxed).newValue)"
        try await execute("CREATE SCHEMA \"\(name)\"")
        return url(database: "postgres") + "?options=-c%20search_path%3D\(name)"
    }

    /// Creates an empty database of its own for a test and returns its URL.
    public func createDatabase(_ name: String? = nil) async throws -> String {
        let name = name ?? "test_\(Self.counter.add(1, ordering: .relaxed).newValue)"
        try await execute("CREATE DATABASE \"\(name)\"")
        return url(database: name)
    }

    /// Runs SQL as the superuser on the `postgres` database (creating roles, inspecting the server).
    public func execute(_ sql: String) async throws {
        let url = url()
        _ = try await Self.offPool { try Self.run(sql, at: url, returnsRows: false) }
    }

    /// Runs a query as the superuser at `url` (a URL from `createSchema` or `createDatabase`; by default the
    /// `postgres` database) and returns its rows, each value as text (NULL as nil): what a test reads of the
    /// rows a gateway wrote, through no code of the gateway's.
    public func query(_ sql: String, at url: String? = nil) async throws -> [[String?]] {
        let url = url ?? self.url()
        return try await Self.offPool { try Self.run(sql, at: url, returnsRows: true) }
    }

    /// Runs `sql` on a connection of its own to `url`; its rows (a command, unless `returnsRows`, has none).
    private static func run(_ sql: String, at url: String, returnsRows: Bool) throws -> [[String?]] {
        guard let connection = PQconnectdb(url) else { throw LocalServerFailure("out of memory") }
        defer { PQfinish(connection) }
        guard PQstatus(connection) == CONNECTION_OK else {
            throw LocalServerFailure(String(cString: PQerrorMessage(connection)))
        }
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_TUPLES_OK || (!returnsRows && status == PGRES_COMMAND_OK) else {
            throw LocalServerFailure("\(sql): \(String(cString: PQerrorMessage(connection)))")
        }
        return (0..<PQntuples(result)).map { row in
            (0..<PQnfields(result)).map { column in
                PQgetisnull(result, row, column) != 0 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
    }

    /// The postmaster's pid while it runs, from its pid file.
    public var pid: Int32? {
        guard let text = try? String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8),
              let first = text.split(separator: "\n").first, let pid = Int32(first), kill(pid, 0) == 0 else { return nil }
        return pid
    }

    /// Stops the server (fast shutdown: sessions are ended, the data is kept) and waits until it is gone.
    public func stop() async throws { try await Self.offPool { [self] in try stopBlocking() } }

    private func stopBlocking() throws {
        guard let pid else { return }
        kill(pid, SIGINT)
        let deadline = ContinuousClock.now + .seconds(30)
        while kill(pid, 0) == 0 {
            guard ContinuousClock.now < deadline else { throw LocalServerFailure("postgres \(pid) did not stop") }
            usleep(20_000)
        }
    }

    /// Stops the server and removes its directory (a test's servers' directories go with the process's).
    public func remove() async throws {
        try await stop()
        try FileManager.default.removeItem(atPath: directory)
    }

    /// Stops the server and starts it again on the same port, with the same data.
    public func restart() async throws {
        try await stop()
        try await startAgain()
    }

    /// Starts the server on the same port with the same data (after `stop()`).
    public func startAgain() async throws { try await Self.offPool { [self] in try startServer() } }

    /// Runs `work` on a thread of its own and suspends until it is done.
    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    private func startServer() throws {
        var options = "-p \(port) -k \(directory) -c listen_addresses=127.0.0.1"
        if durability == .test {
            // Light on the disk, which other tests running meanwhile measure: no fsync, minimal WAL in small segments.
            options += " -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c wal_level=minimal -c max_wal_senders=0"
                + " -c min_wal_size=2MB -c shared_buffers=16MB -c max_connections=200 -c log_lock_waits=on"
        }
        try Self.runAsPostgres([Self.bin + "/pg_ctl", "-D", dataDirectory, "-l", log, "-w", "-t", "60", "-o", options, "start"],
                                        log: directory + "/pg_ctl.log")
    }

    /// Where Debian keeps the server's programs (the newest version installed), or `ASSIST_POSTGRES_BIN`.
    static let bin: String = {
        if let bin = ProcessInfo.processInfo.environment["ASSIST_POSTGRES_BIN"] { return bin }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let newest = versions.compactMap(Int.init).max().map(String.init) ?? "15"
        return "/usr/lib/postgresql/\(newest)/bin"
    }()

    /// This process's directory, with the watchdog started.
    private static let processRoot = Result { () throws -> String in
        let root = "/tmp/assist-postgres-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        if let account = postgresAccount { chown(root, account.uid, account.gid) }
        try startWatchdog(root)
        return root
    }

    /// The templates made by `initdb`, one per durability, each on first use.
    private static let testTemplate = Result { try makeTemplate("template", ["--wal-segsize=1"]) }
    private static let durableTemplate = Result { try makeTemplate("template-durable", []) }

    private static func makeTemplate(_ name: String, _ options: [String]) throws -> String {
        let template = try processRoot.get() + "/" + name
        // Loopback connections by `postgres` are trusted; other roles must give a password (tests of passwords).
        try runAsPostgres([bin + "/initdb", "-D", template + "/data", "-U", "postgres", "--no-sync", "--no-locale"] + options
                          + ["-E", "UTF8", "--auth-local=trust", "--auth-host=scram-sha-256"], log: template + ".initdb.log")
        let hba = template + "/data/pg_hba.conf"
        let rules = try String(contentsOfFile: hba, encoding: .utf8)
        try ("host all postgres 127.0.0.1/32 trust\n" + rules).write(toFile: hba, atomically: false, encoding: .utf8)
        if let account = postgresAccount { chown(hba, account.uid, account.gid) }
        return template
    }

    /// The `postgres` account's ids, or nil when we do not run as root (the tools then run as us): PostgreSQL
    /// refuses to run as root.
    private static let postgresAccount: (uid: uid_t, gid: gid_t)? = {
        guard getuid() == 0, let entry = getpwnam("postgres") else { return nil }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }()

    /// Runs `arguments` as the postgres user (see above) and waits; throws with the log's tail unless it exits 0.
    private static func runAsPostgres(_ arguments: [String], log: String) throws {
        try ChildProcess.run(postgresAccount == nil ? arguments : ["/usr/sbin/runuser", "-u", "postgres", "--"] + arguments, log: log)
    }

    /// Stops every server under `root` and removes it once this process has gone, from a session of its own.
    private static func startWatchdog(_ root: String) throws {
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 0.5; done
            for file in \(root)/*/data/postmaster.pid; do
                [ -f "$file" ] && pid=$(head -1 "$file") && kill -QUIT "$pid" 2>/dev/null
            done
            sleep 1
            \(ProcessInfo.processInfo.environment["ASSIST_POSTGRES_KEEP"] == nil ? "rm -rf \(root)" : "")
            """
        _ = try ChildProcess.spawn(["/usr/bin/setsid", "/bin/sh", "-c", script], output: "/dev/null")
    }
}
