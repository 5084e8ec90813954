import CSQLite
import Foundation
import Synchronization

/// One SQLite connection in WAL mode with `synchronous=NORMAL` (~35k single-row upserts/s here), used
/// serially behind a lock. Statements are prepared once and cached by their SQL text.
///
/// Calls block the calling thread for microseconds; that is cheaper than hopping to another executor.
public final class SQLiteDatabase: Sendable {
    public struct Error: Swift.Error, CustomStringConvertible, Sendable {
        public let message: String
        public var description: String { message }
    }

    public enum Value: Sendable, Equatable {
        case integer(Int64), real(Double), text(String), null
    }

    /// `@unchecked Sendable`: the handle and statements are only used while holding `connection`'s lock.
    final class Connection: @unchecked Sendable {
        let handle: OpaquePointer
        var statements: [String: OpaquePointer] = [:]
        init(handle: OpaquePointer) { self.handle = handle }
    }

    /// The connection behind its lock, in an object of its own so that the checkpointer can hold the same
    /// lock while it empties the log.
    final class Locked: Sendable {
        let mutex: Mutex<Connection>
        init(_ connection: Connection) { mutex = Mutex(connection) }
    }

    let locked: Locked
    /// The background checkpoints' thread, with `backgroundCheckpoints`: a `Service` for the owner of the
    /// database to run and stop with the rest of its background work. It also stops when the database goes.
    public let checkpointer: WALCheckpointer?
    /// The thread `perform` hands work to, when the database was opened with `workQueue` settings.
    let workQueue: SQLiteWorkQueue?
    /// Counts `perform`'s transactions run at once on the caller's thread.
    let atOnce = Atomic<Int>(0)

    /// Opens (creating) the database at `path`; ":memory:" for a private in-memory one. With
    /// `backgroundCheckpoints`, WAL checkpoints run every `checkpointInterval` on a thread of their own
    /// instead of inside a request's commit (the server uses this; short-lived tools need not), and a log
    /// that has been checkpointed is cut back to `walSizeLimit` bytes when it restarts. With `workQueue`,
    /// `perform` runs on a thread of its own with group commit (`SQLiteWorkQueue`); without it, inline.
    public init(path: String, backgroundCheckpoints: Bool = false, checkpointInterval: Duration = .seconds(1),
                walSizeLimit: Int = 64 << 20, workQueue: SQLiteWorkQueue.Settings? = nil) throws {
        if path != ":memory:" { try Self.restrictToOwner(path) }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let handle { sqlite3_close(handle) }
            throw Error(message: "\(path): \(message)")
        }
        // Queued work waits for another process's lock no longer than a job may wait for its turn.
        let busyMilliseconds = workQueue.map { Int32(clamping: $0.deadline.components.seconds * 1000 + $0.deadline.components.attoseconds / 1_000_000_000_000_000) } ?? 5000
        sqlite3_busy_timeout(handle, busyMilliseconds)
        let background = backgroundCheckpoints && path != ":memory:"
        let locked = Locked(Connection(handle: handle))
        do {
            try Self.execute("PRAGMA journal_mode=WAL", on: handle)
            try Self.execute("PRAGMA synchronous=NORMAL", on: handle)
            try Self.execute("PRAGMA foreign_keys=ON", on: handle)
            // When the log restarts after a complete checkpoint, the file is cut back to this size.
            try Self.execute("PRAGMA journal_size_limit=\(walSizeLimit)", on: handle)
            if background { try Self.execute("PRAGMA wal_autocheckpoint=0", on: handle) }
            // Opened only once the database is in WAL mode, so the checkpoint connection finds the log.
            checkpointer = background
                ? try WALCheckpointer(path: path, interval: checkpointInterval, sizeLimit: walSizeLimit,
                                      withWritesPaused: { work in locked.mutex.withLock { _ in work() } })
                : nil
            if let checkpointer {
                // Called inside each commit with the log's length: the checkpointer learns of a long log at once.
                // Unretained: the database owns the checkpointer, and the hook dies with the connection, which
                // the database closes before it lets the checkpointer go.
                sqlite3_wal_hook(handle, { context, writer, _, frames in
                    let checkpointer = Unmanaged<WALCheckpointer>.fromOpaque(context!).takeUnretainedValue()
                    checkpointer.logGrew(to: frames)
                    // The backstop: a log at its limit is emptied by the writer itself before it writes again
                    // (SQLite's own auto-checkpoint works from this hook the same way). While the checkpoint
                    // thread holds the checkpoint lock (starved mid-copy on a busy machine) that is refused at
                    // once, so the writer waits for it, up to a second: writes slow down, the log stays bounded.
                    if frames >= checkpointer.limitFrames {
                        for _ in 0..<1000 where sqlite3_wal_checkpoint_v2(writer, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil) == SQLITE_BUSY {
                            usleep(1000)
                        }
                    }
                    return SQLITE_OK
                }, Unmanaged.passUnretained(checkpointer).toOpaque())
            }
        } catch {
            sqlite3_close(handle)
            throw error
        }
        self.locked = locked
        self.workQueue = workQueue.map { SQLiteWorkQueue(settings: $0, database: locked) }
    }

    /// Creates the database file mode 0600 if it is missing, and makes it and its log files 0600 if they are
    /// not: SQLite gives the log files the database file's mode, and the rows are personal data.
    private static func restrictToOwner(_ path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Error(message: "\(path): cannot create: \(String(cString: strerror(errno)))") }
        close(descriptor)
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            guard chmod(file, 0o600) == 0 else { throw Error(message: "\(file): cannot restrict to its owner") }
        }
    }

    deinit {
        workQueue?.shutdown()
        checkpointer?.shutdown()
        locked.mutex.withLock { connection in
            for statement in connection.statements.values { sqlite3_finalize(statement) }
            sqlite3_close(connection.handle)
        }
    }

    /// Runs SQL that returns no rows (schema, pragmas); several statements allowed.
    public func execute(_ sql: String) throws {
        try locked.mutex.withLock { connection in try Self.execute(sql, on: connection.handle) }
    }

    private static func execute(_ sql: String, on handle: OpaquePointer) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? "error"
            sqlite3_free(message)
            throw Error(message: text)
        }
    }

    /// Runs one statement with positional parameters and returns every row.
    @discardableResult
    public func query(_ sql: String, _ parameters: [Value] = []) throws -> [[Value]] {
        try locked.mutex.withLock { connection in try Self.run(connection, sql, parameters) }
    }

    /// Runs `body` inside one transaction (BEGIN IMMEDIATE … COMMIT), rolling back if it throws.
    public func transaction<T>(_ body: (_ query: (String, [Value]) throws -> [[Value]]) throws -> T) throws -> T {
        try inTransaction { statements in try body { sql, parameters in try statements.query(sql, parameters) } }
    }

    func inTransaction<T>(_ body: (Statements) throws -> T) throws -> T {
        try locked.mutex.withLock { connection in
            let statements = Statements(connection)
            try statements.run("BEGIN IMMEDIATE")
            do {
                let result = try body(statements)
                try statements.run("COMMIT")
                return result
            } catch {
                statements.rollBack()
                throw error
            }
        }
    }

    static func run(_ connection: Connection, _ sql: String, _ parameters: [Value]) throws -> [[Value]] {
        let statement: OpaquePointer
        if let cached = connection.statements[sql] {
            statement = cached
        } else {
            var prepared: OpaquePointer?
            guard sqlite3_prepare_v2(connection.handle, sql, -1, &prepared, nil) == SQLITE_OK, let prepared else {
                throw Error(message: "\(String(cString: sqlite3_errmsg(connection.handle))) in: \(sql)")
            }
            connection.statements[sql] = prepared
            statement = prepared
        }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (i, parameter) in parameters.enumerated() {
            let index = Int32(i + 1)
            switch parameter {
            case .integer(let v): sqlite3_bind_int64(statement, index, v)
            case .real(let v): sqlite3_bind_double(statement, index, v)
            case .text(let v): _ = assist_sqlite3_bind_text(statement, index, v, Int32(v.utf8.count))
            case .null: sqlite3_bind_null(statement, index)
            }
        }
        var rows: [[Value]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw Error(message: "\(String(cString: sqlite3_errmsg(connection.handle))) in: \(sql)") }
            var row: [Value] = []
            for column in 0..<sqlite3_column_count(statement) {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: row.append(.integer(sqlite3_column_int64(statement, column)))
                case SQLITE_FLOAT: row.append(.real(sqlite3_column_double(statement, column)))
                case SQLITE_NULL: row.append(.null)
                default: row.append(.text(String(cString: sqlite3_column_text(statement, column))))
                }
            }
            rows.append(row)
        }
        return rows
    }
}

extension SQLiteDatabase.Value {
    public var int: Int? { if case .integer(let v) = self { return Int(v) }; return nil }
    public var double: Double? {
        switch self {
        case .real(let v): v
        case .integer(let v): Double(v)
        default: nil
        }
    }
    public var text: String? { if case .text(let v) = self { return v }; return nil }
}
