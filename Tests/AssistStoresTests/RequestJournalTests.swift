import AssistGateway
import AssistSQLite
@testable import AssistStores
import Foundation
import Testing

@Suite("Request journal")
struct RequestJournalTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_790_000_000))
    var day: UTCDay { UTCDay(containing: clock.now()) }

    private func row(_ id: String, _ status: AuditStatus = .started) -> AuditRecord {
        AuditRecord(requestId: id, time: clock.now(), user: "u1", feature: "support_chat", status: status, inputTokens: 10, outputTokens: 20,
                    totalMs: 1.5, traceId: "0af7651916cd43dd8448eb211c80319c")
    }

    @Test("an entry is a checksummed line that reads back as written; a damaged line reads as nothing")
    func entryLines() throws {
        var record = row("req_1", .ok)
        record.instance = "i1"
        (record.target, record.attempts, record.costMicros, record.timeToFirstTokenMs) = ("openai:m", 2, 1234, 3.25)
        let key = QuotaKey(user: "ü\u{1F}", feature: "f\u{1F}cost", day: day)
        for entry in [RequestJournalEntry.row(record), .reserve(key, tokens: 77), .settle(key, reserved: 77, actual: 5)] {
            var line = entry.line(sequence: 42)
            #expect(line.last == UInt8(ascii: "\n"))
            line.removeLast()
            let decoded = RequestJournalEntry.decode(line: line)
            #expect(decoded?.map(\.sequence) == [42])
            #expect(decoded?.map(\.entry) == [entry])
            line[line.count / 2] ^= 0x01
            #expect(RequestJournalEntry.decode(line: line) == nil)
        }
    }

    @Test("rows and quota changes reach SQLite only when shipped; a read ships first")
    func shipping() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = try JournaledDirectory(directory, clock: clock)
        let key = QuotaKey(user: "u1", feature: "support_chat", day: day)
        let limits = QuotaLimits(requests: 5, tokens: 1000)
        #expect(try await stores.quota.reserve(key, tokens: 300, limits: limits) == .admitted(remainingRequests: 4, remainingTokens: 700))
        try await stores.audit.record(row("req_1"))
        // Nothing is in SQLite yet: the request's path wrote the journal only.
        #expect(try stores.sqliteRow("req_1") == nil)
        #expect(try stores.sqliteUsage(key) == (0, 0))
        #expect(stores.journal.backlog == 2)
        // A read ships what is waiting first, so it sees it.
        #expect(try await stores.audit.record(for: "req_1")?.status == .started)
        #expect(try stores.sqliteUsage(key) == (1, 300))
        try await stores.quota.settle(key, reservedTokens: 300, actualTokens: 40)
        try await stores.audit.record(row("req_1", .ok))
        #expect(try await stores.audit.recent(limit: 10).map(\.status) == [.ok])
        #expect(try stores.sqliteUsage(key) == (1, 40))
        #expect(stores.quota.usage(for: key) == (1, 40))
        #expect(stores.journal.backlog == 0)
    }

    @Test("entries a process left unshipped are applied once at the next open, a torn last line dropped")
    func replay() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = QuotaKey(user: "u1", feature: "support_chat", day: day)
        let limits = QuotaLimits(requests: 5, tokens: 1000)
        do {
            let stores = try JournaledDirectory(directory, clock: clock)
            _ = try await stores.quota.reserve(key, tokens: 100, limits: limits)
            try await stores.audit.record(row("req_1"))
            try await stores.shipper.ship()  // these two are in SQLite
            _ = try await stores.quota.reserve(key, tokens: 200, limits: limits)
            try await stores.audit.record(row("req_2"))
            try await stores.quota.settle(key, reservedTokens: 100, actualTokens: 30)
            try await stores.audit.record(row("req_1", .ok))
            // The process dies: nothing more is shipped, and a write was cut short.
            stores.journal.close()
            let handle = try FileHandle(forWritingTo: directory.appendingPathComponent("requests.journal"))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("0000abcd {\"seq\": 99, \"kind\": \"row\"".utf8))
            try handle.close()
        }
        let reopened = try JournaledDirectory(directory, clock: clock)
        #expect(reopened.journal.replayed == 4)
        #expect(try reopened.sqliteRow("req_1") == "ok")
        #expect(try reopened.sqliteRow("req_2") == "started")
        #expect(try reopened.sqliteUsage(key) == (2, 230))
        // The in-memory authority starts from SQLite after the replay.
        #expect(reopened.quota.usage(for: key) == (2, 230))
        #expect(try await reopened.quota.reserve(key, tokens: 770, limits: limits) == .admitted(remainingRequests: 2, remainingTokens: 0))
        reopened.journal.close()
        // Everything was applied and the file emptied: a third open applies nothing twice.
        let third = try JournaledDirectory(directory, clock: clock)
        #expect(third.journal.replayed == 1)  // the reservation just made, never shipped
        #expect(try third.sqliteUsage(key) == (3, 1000))
        third.journal.close()
        let fourth = try JournaledDirectory(directory, clock: clock)
        #expect(fourth.journal.replayed == 0)
        #expect(try fourth.sqliteUsage(key) == (3, 1000))
    }

    @Test("one process owns a data directory's journal")
    func ownership() throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try JournaledDirectory(directory, clock: clock)
        #expect(throws: RequestJournal.Failure.self) { try RequestJournal(directory: directory, database: first.database) }
        first.journal.close()
        let second = try RequestJournal(directory: directory, database: first.database)
        second.close()
    }

    @Test("past its backlog limit an append fails and nothing is counted; shipping makes room")
    func backlogLimit() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RequestJournal.Settings()
        settings.maxBacklog = 3
        let stores = try JournaledDirectory(directory, clock: clock, settings: settings)
        let key = QuotaKey(user: "u1", feature: "f", day: day)
        let limits = QuotaLimits(requests: 10, tokens: 1000)
        for _ in 0..<3 { _ = try await stores.quota.reserve(key, tokens: 10, limits: limits) }
        await #expect(throws: RequestJournal.Failure.self) { try await stores.quota.reserve(key, tokens: 10, limits: limits) }
        await #expect(throws: RequestJournal.Failure.self) { try await stores.audit.record(row("req_x")) }
        #expect(stores.quota.usage(for: key) == (3, 30))
        try await stores.shipper.ship()
        #expect(try await stores.quota.reserve(key, tokens: 10, limits: limits) != .exceeded)
        try await stores.shipper.ship()
        #expect(try stores.sqliteUsage(key) == (4, 40))
    }

    @Test("the file is rewritten with only the entries still waiting once it has grown, and replays from there")
    func rewrite() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var settings = RequestJournal.Settings()
        settings.rewriteBytes = 4096
        do {
            let stores = try JournaledDirectory(directory, clock: clock, settings: settings)
            for index in 0..<100 { try await stores.audit.record(row("req_\(index)")) }
            try await stores.shipper.ship()
            #expect(stores.journal.fileBytes == 0)
            for index in 100..<103 { try await stores.audit.record(row("req_\(index)")) }
            #expect(stores.journal.fileBytes > 0)
            stores.journal.close()
        }
        let reopened = try JournaledDirectory(directory, clock: clock, settings: settings)
        #expect(reopened.journal.replayed == 3)
        #expect(try reopened.database.query("SELECT count(*) FROM audit_log").first?.first?.int == 103)
    }

    @Test("concurrent reservations against a limit of K admit exactly K, and SQLite counts the same")
    func exactUnderConcurrency() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = try JournaledDirectory(directory, clock: clock)
        let key = QuotaKey(user: "u1", feature: "f", day: day)
        let limits = QuotaLimits(requests: 100, tokens: 1_000_000)
        let admitted = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<300 { group.addTask { (try? await stores.quota.reserve(key, tokens: 7, limits: limits)) != .exceeded } }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(admitted == 100)
        try await stores.shipper.ship()
        #expect(try stores.sqliteUsage(key) == (100, 700))
    }

    @Test("the shipper's service ships in the background and, on shutdown, ships the rest and gives the directory up")
    func service() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = try JournaledDirectory(directory, clock: clock)
        let run = Task { try await stores.shipper.run() }
        try await stores.audit.record(row("req_1"))
        try await waitUntil { try stores.sqliteRow("req_1") != nil }
        #expect(try stores.sqliteRow("req_1") == "started")
        try await stores.audit.record(row("req_1", .ok))
        stores.shipper.shutdown()
        try await run.value
        #expect(try stores.sqliteRow("req_1") == "ok")
        await #expect(throws: RequestJournal.Failure.self) { try await stores.audit.record(row("req_2")) }
        let next = try RequestJournal(directory: directory, database: stores.database)
        #expect(next.replayed == 0)
        next.close()
    }

    @Test("an idle shipper sleeps until an append, with no round per interval, and then ships it within about an interval")
    func idleShipperSleeps() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = try JournaledDirectory(directory, clock: clock, interval: .milliseconds(5))
        let run = Task { try await stores.shipper.run() }
        try await Task.sleep(for: .milliseconds(300))
        // Sixty intervals have passed: a shipper woken by its interval would have made about sixty rounds.
        #expect(stores.shipper.rounds <= 1)
        try await stores.audit.record(row("req_1"))
        try await waitUntil { try stores.sqliteRow("req_1") != nil }
        #expect(try stores.sqliteRow("req_1") == "started")
        #expect(stores.shipper.batches == 1)
        stores.shipper.shutdown()
        try await run.value
    }

    @Test("entries reaching the wake backlog are shipped before the interval is up; fewer wait for it")
    func wakeBacklogShipsEarly() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = try JournaledDirectory(directory, clock: clock, interval: .seconds(30), wakeBacklog: 4)
        let run = Task { try await stores.shipper.run() }
        try await Task.sleep(for: .milliseconds(50))  // the shipper asleep with nothing waiting: the first append wakes it
        for index in 1...3 { try await stores.audit.record(row("req_\(index)")) }
        try await Task.sleep(for: .milliseconds(200))
        #expect(stores.shipper.batches == 0, "three entries wait for the 30-s interval")
        try await stores.audit.record(row("req_4"))
        try await waitUntil { stores.shipper.batches > 0 }
        #expect(stores.shipper.batches == 1 && stores.journal.backlog == 0)
        #expect(try stores.sqliteRow("req_4") == "started")
        stores.shipper.shutdown()
        try await run.value
    }

    /// Polls `condition` every 10 ms for up to 5 s: the shipper works on its own task, and the test's expectations
    /// after this say what must hold.
    private func waitUntil(_ condition: () throws -> Bool) async throws {
        var polls = 0
        while try !condition(), polls < 500 {
            try await Task.sleep(for: .milliseconds(10))
            polls += 1
        }
    }
}
