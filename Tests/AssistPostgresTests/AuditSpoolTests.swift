import AssistAuditSpool
import AssistGateway
import AssistPostgres
import Foundation
import Glibc
import Testing

/// The audit spool's journal in front of a real PostgreSQL (a schema per test on the shared server): torn
/// records, background syncs, file modes and compaction, an unwritable journal. The outage and crash tests stop
/// the server, so they live with the restart tests (AuditSpoolOutageTests.swift).
@Suite("Audit spool")
struct AuditSpoolTests {
    @Test("a torn last record is dropped and the file cut back; a damaged one in the middle is skipped; the rest ship")
    func tornTail() async throws {
        let directory = try SpoolDirectory()
        defer { directory.remove() }
        let url = try await freshSchema()
        let remote = try await openStores(url).audit
        var spool: SpooledAuditStore? = try await SpooledAuditStore.open(directory: directory.spool, remote: remote)
        for n in 0..<5 { try await spool!.record(endedRow(startedRow("req_\(n)"), .ok)) }
        let path = spool!.journalPath
        await spool!.close()
        spool = nil
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let lines = whole.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect(lines.count == 6 && lines[5].isEmpty)

        // A crash mid-write: the next record's first 40 bytes, no newline.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(lines[0].prefix(40)))
        try handle.close()
        var reopened = try await reopenSpool(directory.spool, remote: remote)
        #expect(reopened.recovery == .init(rows: 5, tornBytes: 40, damagedRecords: 0))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == whole)
        await reopened.close()

        // A whole last line whose checksum fails is torn too; a damaged line before intact ones is skipped.
        var damaged = Array(whole)
        let thirdLine = lines[0].count + lines[1].count + 2
        damaged[thirdLine + 20] ^= 0x01
        damaged += Array(lines[4]) + [UInt8(ascii: "\n")]
        damaged[damaged.count - 10] ^= 0x01
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        reopened = try await reopenSpool(directory.spool, remote: remote)
        #expect(reopened.recovery == .init(rows: 4, tornBytes: lines[4].count + 1, damagedRecords: 1))
        #expect(reopened.size.rows == 4)
        try await reopened.record(endedRow(startedRow("req_5"), .cancelled))
        let shipper = RunningShipper(reopened)
        #expect(await eventually { reopened.size == .init(rows: 0, bytes: 0) })
        try await shipper.stop()
        let rows = try await remoteRows(url)
        #expect(rows.map(\.id) == ["req_0", "req_1", "req_3", "req_4", "req_5"])
        #expect(rows.last?.status == "cancelled")
        await reopened.close()
    }

    @Test("records return once written, before any sync; only synced rows ship; a stopping shipper syncs and ships what is written; closing syncs")
    func writtenBeforeSynced() async throws {
        let directory = try SpoolDirectory()
        defer { directory.remove() }
        let url = try await freshSchema()
        var settings = SpooledAuditStore.Settings()
        settings.syncInterval = .seconds(3600)  // longer than the test
        let spool = try await SpooledAuditStore.open(directory: directory.spool, remote: try await openStores(url).audit, settings: settings)
        let shipper = RunningShipper(spool)
        // A row after a quiet spell is synced at once, and shipped; the next sync is an interval away.
        try await spool.record(startedRow("req_first"))
        #expect(await eventually { spool.size == .init(rows: 0, bytes: 0) })
        #expect(spool.journalSyncs == 1)
        let rows = try await recordConcurrently(spool, callers: 20, perCaller: 10)
        #expect(spool.journalSyncs == 1)
        #expect(spool.size.rows == rows)
        #expect(spool.size.bytes > 0 && spool.unsyncedBytes == spool.size.bytes)  // nothing synced, so nothing shipped
        #expect(try await spool.record(for: "req_3_7") != nil)  // reads see a written row
        try await Task.sleep(for: .milliseconds(200))
        #expect(try await remoteRows(url).map(\.id) == ["req_first"])  // unsynced rows are never shipped
        try await shipper.stop()  // its last pass syncs what is written and ships it
        #expect(spool.journalSyncs == 2 && spool.unsyncedBytes == 0 && spool.size == .init(rows: 0, bytes: 0))
        #expect(try await remoteRows(url).count == rows + 1)

        // Rows written with no shipper running: closing syncs them, and the next process replays and ships them.
        let late = try await recordConcurrently(spool, callers: 5, perCaller: 4, prefix: "late")
        await spool.close()
        #expect(spool.journalSyncs == 3 && spool.unsyncedBytes == 0)
        let reopened = try await reopenSpool(directory.spool, remote: try await openStores(url).audit)
        #expect(reopened.recovery == .init(rows: late, tornBytes: 0, damagedRecords: 0))
        let reshipper = RunningShipper(reopened)
        #expect(await eventually { reopened.size == .init(rows: 0, bytes: 0) })
        try await reshipper.stop()
        #expect(try await remoteRows(url).count == rows + late + 1)
        await reopened.close()
    }

    @Test("background syncs: at most one per interval, each covering every row written since the one before")
    func backgroundSyncs() async throws {
        let directory = try SpoolDirectory()
        defer { directory.remove() }
        let url = try await freshSchema()
        var settings = SpooledAuditStore.Settings()
        settings.syncInterval = .milliseconds(20)
        let spool = try await SpooledAuditStore.open(directory: directory.spool, remote: try await openStores(url).audit, settings: settings)
        let started = ContinuousClock.now
        let rows = try await recordConcurrently(spool, callers: 50, perCaller: 40)
        #expect(await eventually { spool.unsyncedBytes == 0 })
        let elapsed = ContinuousClock.now - started
        let syncs = spool.journalSyncs
        print("audit spool: \(rows) rows from 50 callers, \(syncs) background fsyncs in \(elapsed)")
        #expect(syncs >= 1)
        #expect(Double(syncs) <= elapsed / settings.syncInterval + 1)
        #expect(spool.journalSyncFailures == 0)
        await spool.close()
        let reopened = try await reopenSpool(directory.spool, remote: try await openStores(url).audit)
        #expect(reopened.recovery == .init(rows: rows, tornBytes: 0, damagedRecords: 0))
        await reopened.close()
    }

    /// `callers` tasks each recording `perCaller` started rows (`req_<caller>_<n>`) one after another; the rows.
    private func recordConcurrently(_ spool: SpooledAuditStore, callers: Int, perCaller: Int, prefix: String = "req") async throws -> Int {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    for n in 0..<perCaller { try await spool.record(startedRow("\(prefix)_\(caller)_\(n)")) }
                }
            }
            try await group.waitForAll()
        }
        return callers * perCaller
    }

    @Test("the spool's files are 0600 in a 0700 directory; shipping compacts the journal to what is unshipped")
    func modesAndCompaction() async throws {
        let directory = try SpoolDirectory()
        defer { directory.remove() }
        let url = try await freshSchema()
        var settings = SpooledAuditStore.Settings()
        settings.compactAfterBytes = 0
        let spool = try await SpooledAuditStore.open(directory: directory.spool, remote: try await openStores(url).audit, settings: settings)
        for n in 0..<30 { try await spool.record(startedRow("req_\(n)")) }
        #expect(spool.size.rows == 30)
        let unshipped = try FileManager.default.attributesOfItem(atPath: spool.journalPath)[.size] as? Int
        #expect(unshipped == spool.size.bytes)
        #expect(spool.gauges.map(\.value) == [30, Double(spool.size.bytes)])

        let shipper = RunningShipper(spool)
        #expect(await eventually { spool.size == .init(rows: 0, bytes: 0) })
        #expect(await eventually { spool.compactions >= 1 })
        try await shipper.stop()
        #expect(try await remoteRows(url).count == 30)
        #expect(directory.journals() == [URL(fileURLWithPath: spool.journalPath).lastPathComponent])
        #expect(spool.journalPath.hasSuffix("journal.1") == false)
        #expect(try FileManager.default.attributesOfItem(atPath: spool.journalPath)[.size] as? Int == 0)
        for name in [URL(fileURLWithPath: spool.journalPath).lastPathComponent, "shipped", "lock"] {
            #expect(mode(directory.spool + "/" + name) == 0o600, "\(name)")
        }
        #expect(mode(directory.spool) == 0o700)
        await spool.close()
        // Nothing to replay after a restart: the shipped mark moved with the compaction.
        let reopened = try await reopenSpool(directory.spool, remote: try await openStores(url).audit)
        #expect(reopened.recovery.rows == 0)
        await reopened.close()
    }

    @Test("appends from many tasks go on while the journal is shipped and compacted under them: every request arrives once, with its final row, and nothing is left to replay")
    func appendsDuringCompaction() async throws {
        let directory = try SpoolDirectory()
        defer { directory.remove() }
        let url = try await freshSchema()
        var settings = SpooledAuditStore.Settings()
        settings.compactAfterBytes = 0  // compact after every shipped batch that leaves a short tail
        settings.maxBatchRows = 16
        let spool = try await SpooledAuditStore.open(directory: directory.spool, remote: try await openStores(url).audit, settings: settings)
        let shipper = RunningShipper(spool)
        let (callers, perCaller) = (8, 150)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    for n in 0..<perCaller {
                        let started = startedRow("req_\(caller)_\(n)")
                        try await spool.record(started)
                        try await spool.record(endedRow(started, finalStatus(n)))
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await eventually { spool.size == .init(rows: 0, bytes: 0) })
        try await shipper.stop()
        #expect(spool.compactions >= 2)
        let rows = try await remoteRows(url)
        #expect(rows.count == callers * perCaller)
        #expect(Set(rows.map(\.id)).count == callers * perCaller)
        let statuses = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.status) })
        for caller in 0..<callers {
            for n in 0..<perCaller where statuses["req_\(caller)_\(n)"] != finalStatus(n).rawValue {
                Issue.record("req_\(caller)_\(n): \(statuses["req_\(caller)_\(n)"] ?? "missing"), not \(finalStatus(n).rawValue)")
            }
        }
        #expect(directory.journals() == [URL(fileURLWithPath: spool.journalPath).lastPathComponent])
        await spool.close()
        let reopened = try await reopenSpool(directory.spool, remote: try await openStores(url).audit)
        #expect(reopened.recovery.rows == 0)
        await reopened.close()
    }

    @Test("a journal that cannot be written makes record throw; once writable again, it records")
    func unwritableJournal() async throws {
        let directory = try SpoolDirectory()
        defer { directory.remove() }
        let remote = try await freshStores().audit
        // No directory can be made for the spool: it cannot be opened at all.
        _ = FileManager.default.createFile(atPath: directory.path + "/file", contents: Data())
        #expect(throws: SpoolError.self) { try SpooledAuditStore(directory: directory.path + "/file/audit-spool", remote: remote) }

        // An open journal that refuses writes (immutable): each record throws, none is half-written.
        guard canMakeImmutable else {
            print("audit spool: skipping the immutable journal case (cannot set FS_IMMUTABLE_FL here)")
            return
        }
        let spool = try await SpooledAuditStore.open(directory: directory.spool, remote: remote)
        try await spool.record(startedRow("req_before"))
        let path = spool.journalPath
        #expect(setImmutable(path, true))
        await #expect(throws: SpoolError.self) { try await spool.record(startedRow("req_refused")) }
        await #expect(throws: SpoolError.self) { try await spool.record(startedRow("req_refused_too")) }
        #expect(spool.size.rows == 1)
        #expect(try await spool.record(for: "req_refused") == nil)
        #expect(setImmutable(path, false))
        try await spool.record(startedRow("req_after"))
        #expect(spool.size.rows == 2)
        await spool.close()
        let reopened = try await reopenSpool(directory.spool, remote: remote)
        #expect(reopened.recovery == .init(rows: 2, tornBytes: 0, damagedRecords: 0))
        await reopened.close()
    }

    @Test("closeInterrupted closes waiting started rows of its instance only, in journal order, here and remotely")
    func closeInterrupted() async throws {
        let directory = try SpoolDirectory()
        defer { directory.remove() }
        let url = try await freshSchema()
        let spool = try await SpooledAuditStore.open(directory: directory.spool, remote: try await openStores(url).audit)
        try await spool.record(startedRow("req_a1", instance: "gw_a"))
        try await spool.record(startedRow("req_a2", instance: "gw_a"))
        try await spool.record(endedRow(startedRow("req_a3", instance: "gw_a"), .ok))
        try await spool.record(startedRow("req_b1", instance: "gw_b"))
        #expect(try await spool.closeInterrupted(instance: "gw_a") == 2)  // shipped at once: the remote count
        try await spool.record(startedRow("req_a4", instance: "gw_a"))    // after the close: stays open
        let shipper = RunningShipper(spool)
        #expect(await eventually { spool.size.rows == 0 })
        try await shipper.stop()
        let statuses = Dictionary(uniqueKeysWithValues: try await remoteRows(url).map { ($0.id, $0.status) })
        #expect(statuses == ["req_a1": "interrupted", "req_a2": "interrupted", "req_a3": "ok", "req_b1": "started", "req_a4": "started"])
        #expect(try await spool.recent(limit: 2).map(\.requestId) == ["req_a4", "req_b1"])
        await spool.close()
    }
}

private func mode(_ path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_mode) & 0o777 : -1
}
