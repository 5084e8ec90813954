import AssistAuditSpool
import AssistGateway
import AssistSQLite
import AssistStores
import Foundation
import Testing

/// With SQLite storage `assist serve` journals audit rows in the spool and the shipper takes them into the
/// database in batches (issue 32): the same guarantees as shared storage's spool, over the local file.
@Suite("SQLite audit through the spool")
struct SQLiteAuditSpoolTests {
    private func row(_ id: String, _ status: AuditStatus, at time: Double, outputTokens: Int = 256) -> AuditRecord {
        var row = AuditRecord(requestId: id, time: Date(timeIntervalSince1970: time), user: "u1", feature: "support_chat",
                              promptVersion: "v1", model: "local-small", trust: "untrusted", status: status, inputTokens: 40,
                              outputTokens: outputTokens)
        row.instance = "gw_test"
        return row
    }

    @Test("a batch is written as its rows one after another: a request's end replaces its started row and keeps its time")
    func batchUpserts() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteAuditStore(database: database)
        try await store.record(batch: [row("req_a", .started, at: 100), row("req_b", .started, at: 101),
                                       row("req_a", .ok, at: 105, outputTokens: 9)])
        let rows = try database.query("SELECT request_id, status, time, output_tokens FROM audit_log ORDER BY request_id")
        #expect(rows == [[.text("req_a"), .text("ok"), .real(100), .integer(9)],
                         [.text("req_b"), .text("started"), .real(101), .integer(256)]])
    }

    @Test("a batch is all or nothing: one row the database refuses leaves none of the batch")
    func batchIsAtomic() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteAuditStore(database: database)
        // A trigger stands for a write the database refuses partway through the batch.
        try database.execute("""
            CREATE TRIGGER refuse_c BEFORE INSERT ON audit_log WHEN NEW.request_id = 'req_c'
            BEGIN SELECT RAISE(ABORT, 'refused'); END
            """)
        await #expect(throws: (any Error).self) {
            try await store.record(batch: [self.row("req_a", .started, at: 100), self.row("req_c", .started, at: 101)])
        }
        #expect(try database.query("SELECT count(*) FROM audit_log") == [[.integer(0)]])
    }

    @Test("rows journaled from many callers reach the database once each, reads see them before, and a stopping shipper leaves none behind")
    func journaledRowsReachTheDatabase() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spool = try SpooledAuditStore(directory: directory.appendingPathComponent("audit-spool").path,
                                          remote: try SQLiteAuditStore(database: database))
        let shipper = Task { try await spool.shipper.run() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<20 {
                group.addTask {
                    for n in 0..<15 {
                        try await spool.record(self.row("req_\(caller)_\(n)", .started, at: 100))
                        try await spool.record(self.row("req_\(caller)_\(n)", .ok, at: 101, outputTokens: n))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await spool.record(for: "req_19_14")?.status == .ok)  // from the spool or the database
        spool.shipper.shutdown()
        try await shipper.value
        #expect(spool.size == .init(rows: 0, bytes: 0))
        let rows = try database.query("SELECT count(*), sum(status = 'ok'), sum(time = 100) FROM audit_log")
        #expect(rows == [[.integer(300), .integer(300), .integer(300)]])
        await spool.close()
    }
}
