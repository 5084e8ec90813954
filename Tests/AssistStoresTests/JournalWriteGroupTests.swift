import AssistGateway
import AssistSQLite
@testable import AssistStores
import Foundation
import Testing

/// A request step's journal entries held in a `JournalWriteGroup` and appended as one line: all of them durable or
/// none, reservations counted at once and undone by a failed commit, settlements counted once committed.
@Suite("Request journal: write groups")
struct JournalWriteGroupTests {
    let clock = ManualWallClock(Date(timeIntervalSince1970: 1_790_000_000))
    var day: UTCDay { UTCDay(containing: clock.now()) }
    var key: QuotaKey { QuotaKey(user: "u1", feature: "support_chat", day: day) }
    let limits = QuotaLimits(requests: 5, tokens: 1000)

    private func row(_ id: String, _ status: AuditStatus = .started) -> AuditRecord {
        AuditRecord(requestId: id, time: clock.now(), user: "u1", feature: "support_chat", status: status, inputTokens: 10, outputTokens: 20)
    }

    /// Runs `body` with a new group of `stores` bound, then commits it.
    private func together(_ stores: JournaledDirectory, _ body: () async throws -> Void) async throws {
        let group = stores.shipper.makeGroup()
        try await DurableWrites.$current.withValue(group) { try await body() }
        try group.commit()
    }

    @Test("a group is one line written once: a replay applies all of it, and a line a crash tore, none of it")
    func oneLine() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let stores = try JournaledDirectory(directory, clock: clock)
            try await together(stores) {
                _ = try await stores.quota.reserve(key, tokens: 100, limits: limits)
                try await stores.audit.record(row("req_1"))
            }
            #expect(stores.journal.writes == 1)
            #expect(stores.journal.backlog == 2)
            let file = try Data(contentsOf: directory.appendingPathComponent("requests.journal"))
            #expect(file.filter { $0 == UInt8(ascii: "\n") }.count == 1)
            // A second group, torn by a crash: its line is cut short before its newline.
            try await together(stores) {
                try await stores.quota.settle(key, reservedTokens: 100, actualTokens: 30)
                try await stores.audit.record(row("req_1", .ok))
            }
            stores.journal.close()
            let handle = try FileHandle(forUpdating: directory.appendingPathComponent("requests.journal"))
            try handle.truncate(atOffset: try handle.seekToEnd() - 2)
            try handle.close()
        }
        let reopened = try JournaledDirectory(directory, clock: clock)
        #expect(reopened.journal.replayed == 2)
        #expect(try reopened.sqliteRow("req_1") == "started")
        #expect(try reopened.sqliteUsage(key) == (1, 100))
        reopened.journal.close()
    }

    @Test("a group's line reads back as its entries in order; one damaged member loses the whole line")
    func groupLines() throws {
        let entries = [RequestJournalEntry.reserve(key, tokens: 7), .row(row("req_1")), .settle(key, reserved: 7, actual: 3)]
        var line = RequestJournalEntry.line(entries, first: 10)
        line.removeLast()
        let decoded = try #require(RequestJournalEntry.decode(line: line))
        #expect(decoded.map(\.sequence) == [10, 11, 12])
        #expect(decoded.map(\.entry) == entries)
        line[line.count / 2] ^= 0x01
        #expect(RequestJournalEntry.decode(line: line) == nil)
    }

    @Test("held reservations count at once and a failed commit undoes them; held settlements count only once committed")
    func failedCommit() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = try JournaledDirectory(directory, clock: clock)
        let group = stores.shipper.makeGroup()
        try await DurableWrites.$current.withValue(group) {
            #expect(try await stores.quota.reserve(key, tokens: 100, limits: limits) == .admitted(remainingRequests: 4, remainingTokens: 900))
            try await stores.audit.record(row("req_1"))
        }
        #expect(stores.quota.usage(for: key) == (1, 100))
        #expect(stores.journal.writes == 0)
        stores.journal.close()  // the journal refuses every append from here on
        #expect(throws: RequestJournal.Failure.self) { try group.commit() }
        #expect(stores.quota.usage(for: key) == (0, 0))
        #expect(try group.commit() == false)  // once: nothing is left to do

        let next = try JournaledDirectory(directory, clock: clock)
        #expect(next.journal.replayed == 0)
        _ = try await next.quota.reserve(key, tokens: 100, limits: limits)
        let settling = next.shipper.makeGroup()
        try await DurableWrites.$current.withValue(settling) {
            try await next.quota.settle(key, reservedTokens: 100, actualTokens: 30)
        }
        #expect(next.quota.usage(for: key) == (1, 100))
        try settling.commit()
        #expect(next.quota.usage(for: key) == (1, 30))
        next.journal.close()
    }

    @Test("a write made after its group's commit is the store's own again, appended at once")
    func afterCommit() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = try JournaledDirectory(directory, clock: clock)
        let group = stores.shipper.makeGroup()
        try await DurableWrites.$current.withValue(group) {
            try await stores.audit.record(row("req_1"))
            try group.commit()
            try await stores.audit.record(row("req_1", .ok))
        }
        #expect(stores.journal.writes == 2)
        try await stores.shipper.ship()
        #expect(try stores.sqliteRow("req_1") == "ok")
    }

    @Test("reservations held in concurrent groups against a limit of K admit exactly K, and SQLite counts the same")
    func exactUnderConcurrency() async throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = try JournaledDirectory(directory, clock: clock)
        let key = self.key
        let limits = QuotaLimits(requests: 100, tokens: 1_000_000)
        let admitted = await withTaskGroup(of: Bool.self) { tasks in
            for index in 0..<300 {
                tasks.addTask {
                    let group = stores.shipper.makeGroup()
                    let decision = await DurableWrites.$current.withValue(group) {
                        let decision = try? await stores.quota.reserve(key, tokens: 7, limits: limits)
                        if decision != .exceeded { try? await stores.audit.record(row("req_\(index)")) }
                        return decision
                    }
                    do { try group.commit() } catch { return false }
                    return decision != nil && decision != .exceeded
                }
            }
            return await tasks.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(admitted == 100)
        #expect(stores.journal.writes == 100)
        try await stores.shipper.ship()
        #expect(try stores.sqliteUsage(key) == (100, 700))
        #expect(try stores.database.query("SELECT count(*) FROM audit_log").first?.first?.int == 100)
    }
}
