import AssistGateway
import AssistSQLite
import AssistTestSupport
@testable import AssistStores
import Foundation
import Testing

@Suite("Coalesced journal entries")
struct CoalescedEntriesTests {
    let day = UTCDay(containing: Date(timeIntervalSince1970: 1_790_000_000))

    private func row(_ id: String, _ status: AuditStatus, at seconds: Double, tokens: Int = 0) -> AuditRecord {
        AuditRecord(requestId: id, time: Date(timeIntervalSince1970: 1_790_000_000 + seconds), user: "u1", feature: "support_chat",
                    status: status, inputTokens: tokens, outputTokens: tokens * 2, totalMs: seconds)
    }

    @Test("a request's reservations, settlements and rows fold to one row and one upsert per window")
    func oneRequest() {
        let key = QuotaKey(user: "u1", feature: "support_chat", day: day)
        let started = row("req_1", .started, at: 1)
        var ended = row("req_1", .ok, at: 9, tokens: 40)
        let folded = CoalescedEntries([
            .reserve(key, tokens: 300), .reserve(key.cost, tokens: 5000), .row(started),
            .settle(key, reserved: 300, actual: 40), .settle(key.cost, reserved: 5000, actual: 700), .row(ended),
        ])
        ended.time = started.time
        #expect(folded.rows == [ended])
        #expect(folded.windows.map(\.key) == [key, key.cost])
        let change = folded.windows[0].change
        #expect(change.before == nil && change.requests == 1)
        #expect(change.counted.map { $0.applied(to: 0) } == 40)
        #expect(change.counted.map { $0.applied(to: 100) } == 140)
    }

    @Test("request ids are compared as bytes, as SQLite's key does: two spellings of 'é' are two requests")
    func idsAsBytes() {
        let folded = CoalescedEntries([.row(row("req_caf\u{E9}", .started, at: 1)), .row(row("req_cafe\u{301}", .ok, at: 2))])
        #expect(folded.rows.count == 2)
    }

    @Test("settlements compose with their floor at zero, as applying them one by one does")
    func tokenChanges() {
        typealias Change = CoalescedEntries.TokenChange
        let add = Change(shift: 10)
        let settleDown = Change.settlement(reserved: 50, actual: 0)
        // 30 + 10 = 40, then max(40 - 50, 0) = 0, then 0 + 10 = 10.
        #expect(add.then(settleDown).then(add).applied(to: 30) == 10)
        #expect(settleDown.applied(to: 30) == 0)
        #expect(Change().applied(to: 7) == 7)
        // Values a damaged journal could hold saturate rather than trap.
        #expect(Change.settlement(reserved: .min, actual: .max).shift == .max)
        #expect(Change(shift: .max).then(Change(shift: .max)).applied(to: .max) == .max)
    }

    @Test("seeded random batches leave SQLite exactly as applying each entry one by one does")
    func sameAsOneByOne() throws {
        let directory = try journalDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folded = try Database(directory.appendingPathComponent("folded.sqlite").path)
        let oneByOne = try Database(directory.appendingPathComponent("one.sqlite").path)
        let keys = ["u1", "u2", "u3"].map { QuotaKey(user: $0, feature: "f", day: day) }
        var random = SplitMix64(seed: 0x5EED)  // the same batches on every run
        var clamped = 0
        for batch in 0..<300 {
            var entries: [RequestJournalEntry] = []
            for index in 0..<Int.random(in: 0...12, using: &random) {
                let key = keys.randomElement(using: &random)!
                switch Int.random(in: 0..<3, using: &random) {
                case 0: entries.append(.reserve(key, tokens: Int.random(in: 0...100, using: &random)))
                case 1: entries.append(.settle(key, reserved: Int.random(in: 0...150, using: &random), actual: Int.random(in: 0...60, using: &random)))
                default:
                    let status: AuditStatus = Bool.random(using: &random) ? .started : .ok
                    entries.append(.row(row("req_\(Int.random(in: 0..<8, using: &random))", status, at: Double(batch) + Double(index) / 16,
                                            tokens: Int.random(in: 0...9, using: &random))))
                }
            }
            try folded.database.transaction { try RequestJournalApplier.apply(numbered(entries), $0) }
            try oneByOne.database.transaction { run in
                for entry in entries { try Self.applyAlone(entry, run) }
            }
            #expect(try folded.quota() == oneByOne.quota(), "batch \(batch)")
            #expect(try folded.audit() == oneByOne.audit(), "batch \(batch)")
            clamped += try oneByOne.database.query("SELECT count(*) FROM quota_usage WHERE tokens = 0").first?.first?.int ?? 0
        }
        // The batches did reach the floor, so the fold was held to it.
        #expect(clamped > 0)
    }

    private func numbered(_ entries: [RequestJournalEntry]) -> [RequestJournal.Numbered] {
        entries.enumerated().map { RequestJournal.Numbered(sequence: UInt64($0 + 1), entry: $1) }
    }

    /// Each entry as its own statement: what the shipper ran before batches were folded.
    private static func applyAlone(_ entry: RequestJournalEntry, _ run: SQLiteQuotaStore.Run) throws {
        switch entry {
        case .reserve(let key, let tokens):
            _ = try run("""
                INSERT INTO quota_usage (user, feature, day, requests, tokens) VALUES (?1, ?2, ?3, 1, ?4)
                ON CONFLICT (user, feature, day) DO UPDATE SET requests = requests + 1, tokens = tokens + ?4
                """, [.text(key.user), .text(key.feature), .integer(Int64(key.day.index)), .integer(Int64(tokens))])
        case .settle(let key, let reserved, let actual):
            try SQLiteQuotaStore.settle(key, reservedTokens: reserved, actualTokens: actual, run)
        case .row(let record):
            try SQLiteAuditStore.write(record, run)
        }
    }

    /// A database with the stores' tables, read back whole.
    private struct Database {
        let database: SQLiteDatabase

        init(_ path: String) throws {
            database = try SQLiteDatabase(path: path)
            _ = try SQLiteAuditStore(database: database)
            _ = try SQLiteQuotaStore(database: database)
            try database.execute(RequestJournalApplier.schema)
        }

        func quota() throws -> [String] {
            try database.query("SELECT user, requests, tokens FROM quota_usage ORDER BY user").map { "\($0)" }
        }

        /// Every column, in rowid order (the order `recent` breaks ties by).
        func audit() throws -> [String] {
            try database.query("SELECT rowid, * FROM audit_log ORDER BY rowid").map { "\($0)" }
        }
    }
}
