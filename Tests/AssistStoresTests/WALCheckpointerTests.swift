import AssistSQLite
import Foundation
import Testing

/// Background checkpoints as a service: running from the database's start, ended by `shutdown()`.
@Suite("WAL checkpointer")
struct WALCheckpointerTests {
    @Test("only a database with background checkpoints has one; shutdown() makes run() return")
    func lifecycle() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-checkpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try SQLiteDatabase(path: directory.appendingPathComponent("plain.sqlite").path).checkpointer == nil)

        let database = try SQLiteDatabase(path: directory.appendingPathComponent("wal.sqlite").path, backgroundCheckpoints: true)
        let checkpointer = try #require(database.checkpointer)
        let running = Task { await checkpointer.run() }
        try database.execute("CREATE TABLE t (x INTEGER)")
        checkpointer.shutdown()
        await running.value
        checkpointer.shutdown()  // idempotent
        await checkpointer.run()  // ended: returns at once
        try database.execute("INSERT INTO t VALUES (1)")  // the database itself goes on
        #expect(try database.query("SELECT count(*) FROM t") == [[.integer(1)]])
    }
}

/// The write-ahead log stays bounded while writes keep coming: checkpoints land, and a log that was
/// checkpointed is cut back to the size limit. (Before, the checkpoint connection never saw WAL mode and
/// the log grew by every byte written, 1.6 GB in a flood of audited 401s.)
@Suite("WAL size under sustained writes")
struct WALBoundTests {
    @Test("48 MiB written in small transactions leave a WAL under 16 MiB, and the rows are in the database file")
    func walStaysBounded() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-wal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("flood.sqlite").path
        let database = try SQLiteDatabase(path: path, backgroundCheckpoints: true,
                                          checkpointInterval: .milliseconds(20), walSizeLimit: 4 << 20)
        let checkpointer = try #require(database.checkpointer)
        let running = Task { await checkpointer.run() }
        try database.execute("CREATE TABLE audit (id INTEGER PRIMARY KEY, row TEXT NOT NULL)")
        let row = String(repeating: "x", count: 2048)
        var largest = 0
        for batch in 0..<(48 << 20) / (2048 * 32) {
            try database.transaction { query in
                for _ in 0..<32 { _ = try query("INSERT INTO audit (row) VALUES (?)", [.text(row)]) }
            }
            if batch % 16 == 0 {
                largest = max(largest, Self.size(path + "-wal"))
                await Task.yield()
            }
        }
        try await Task.sleep(for: .milliseconds(200))  // a last checkpoint
        largest = max(largest, Self.size(path + "-wal"))
        checkpointer.shutdown()
        await running.value
        #expect(largest < 16 << 20, "the WAL reached \(largest) bytes")
        #expect(Self.size(path) > 40 << 20, "the rows never reached the database file")
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}

/// The database holds personal data: its files are the owner's alone, whatever the umask.
@Suite("Database file modes")
struct DatabaseFileModeTests {
    @Test("a new database and its log files are 0600; an existing 0644 file is narrowed to 0600")
    func ownerOnly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func mode(_ path: String) throws -> Int {
            try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        let path = directory.appendingPathComponent("new.sqlite").path
        let database = try SQLiteDatabase(path: path)
        try database.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")
        for file in [path, path + "-wal", path + "-shm"] { #expect(try mode(file) == 0o600, "\(file)") }

        let old = directory.appendingPathComponent("old.sqlite").path
        #expect(FileManager.default.createFile(atPath: old, contents: nil, attributes: [.posixPermissions: 0o644]))
        _ = try SQLiteDatabase(path: old)
        #expect(try mode(old) == 0o600)
    }
}
