import AssistGateway
import AssistSQLite
@testable import AssistStores
import Foundation

/// A data directory with its database and journal, as `GatewayAssembly` opens them for SQLite storage.
struct JournaledDirectory {
    let directory: URL
    let database: SQLiteDatabase
    let shipper: RequestJournalShipper
    let audit: JournaledAuditStore
    let quota: JournaledQuotaStore

    init(_ directory: URL, clock: ManualWallClock, settings: RequestJournal.Settings = RequestJournal.Settings(),
         interval: Duration = .milliseconds(StorageSettings.Journal().shipMilliseconds), wakeBacklog: Int = 64) throws {
        self.directory = directory
        database = try SQLiteDatabase(path: directory.appendingPathComponent("assist.sqlite").path)
        let sqliteAudit = try SQLiteAuditStore(database: database)
        _ = try SQLiteQuotaStore(database: database)
        shipper = RequestJournalShipper(journal: try RequestJournal(directory: directory, database: database, settings: settings), database: database,
                                        interval: interval, wakeBacklog: wakeBacklog)
        audit = JournaledAuditStore(shipper: shipper, store: sqliteAudit)
        quota = try JournaledQuotaStore(shipper: shipper, clock: clock)
    }

    var journal: RequestJournal { shipper.journal }

    /// What SQLite itself holds, read past the journal.
    func sqliteRow(_ id: String) throws -> String? {
        try database.query("SELECT status FROM audit_log WHERE request_id = ?", [.text(id)]).first?.first?.text
    }

    func sqliteUsage(_ key: QuotaKey) throws -> (Int, Int) {
        let row = try database.query("SELECT requests, tokens FROM quota_usage WHERE user = ? AND feature = ? AND day = ?",
                                     [.text(key.user), .text(key.feature), .integer(Int64(key.day.index))]).first
        return (row?[0].int ?? 0, row?[1].int ?? 0)
    }
}

/// A new empty directory for a journal test.
func journalDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-journal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
