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
