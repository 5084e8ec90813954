import AssistGateway
import AssistSQLite
import AssistStores
import AssistWire
import Foundation
import Testing

func temporaryDatabase() throws -> (SQLiteDatabase, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-stores-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return (try SQLiteDatabase(path: directory.appendingPathComponent("test.sqlite").path), directory)
}

@Suite("SQLite stores")
struct SQLiteStoreTests {
    let day = UTCDay(containing: Date(timeIntervalSince1970: 1_790_000_000))

    @Test("the database runs in WAL mode with synchronous=NORMAL")
    func pragmas() throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try database.query("PRAGMA journal_mode").first?.first?.text == "wal")
        #expect(try database.query("PRAGMA synchronous").first?.first?.int == 1)
    }

    @Test("reserve admits within both limits, reports what is left, then refuses without counting")
    func reserveAndRefuse() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteQuotaStore(database: database)
        let key = QuotaKey(user: "u1", feature: "f", day: day)
        let limits = QuotaLimits(requests: 2, tokens: 1000)
        #expect(try await store.reserve(key, tokens: 400, limits: limits) == .admitted(remainingRequests: 1, remainingTokens: 600))
        #expect(try await store.reserve(key, tokens: 700, limits: limits) == .exceeded)
        #expect(try await store.reserve(key, tokens: 600, limits: limits) == .admitted(remainingRequests: 0, remainingTokens: 0))
        #expect(try await store.reserve(key, tokens: 1, limits: limits) == .exceeded)
        #expect(try store.usage(for: key) == (2, 1000))
        // Other users, features and days are separate windows.
        #expect(try await store.reserve(QuotaKey(user: "u2", feature: "f", day: day), tokens: 1, limits: limits) != .exceeded)
        #expect(try await store.reserve(QuotaKey(user: "u1", feature: "g", day: day), tokens: 1, limits: limits) != .exceeded)
        #expect(try await store.reserve(QuotaKey(user: "u1", feature: "f", day: UTCDay(containing: day.end)), tokens: 1, limits: limits) != .exceeded)
        // A reservation larger than the whole budget is refused before touching the table.
        #expect(try await store.reserve(QuotaKey(user: "u3", feature: "f", day: day), tokens: 1001, limits: limits) == .exceeded)
        #expect(try store.usage(for: QuotaKey(user: "u3", feature: "f", day: day)) == (0, 0))
    }

    @Test("settle replaces the reservation by the real usage, never below zero")
    func settle() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteQuotaStore(database: database)
        let key = QuotaKey(user: "u1", feature: "f", day: day)
        let limits = QuotaLimits(requests: 10, tokens: 1000)
        _ = try await store.reserve(key, tokens: 800, limits: limits)
        try await store.settle(key, reservedTokens: 800, actualTokens: 120)
        #expect(try store.usage(for: key).tokens == 120)
        #expect(try await store.reserve(key, tokens: 800, limits: limits) != .exceeded)
        try await store.settle(key, reservedTokens: 5000, actualTokens: 0)
        #expect(try store.usage(for: key).tokens == 0)
    }

    @Test("200 concurrent reservations against a limit of 37 admit exactly 37, across two connections to one file")
    func atomicUnderConcurrency() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let second = try SQLiteDatabase(path: directory.appendingPathComponent("test.sqlite").path)
        let stores = [try SQLiteQuotaStore(database: database), try SQLiteQuotaStore(database: second)]
        let key = QuotaKey(user: "u1", feature: "f", day: day)
        let admitted = try await withThrowingTaskGroup(of: Bool.self) { group in
            for i in 0..<200 {
                group.addTask { try await stores[i % 2].reserve(key, tokens: 10, limits: QuotaLimits(requests: 37, tokens: 100_000)) != .exceeded }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(admitted == 37)
        #expect(try stores[0].usage(for: key) == (37, 370))
    }

    @Test("audit rows round-trip, newest first, and the table has no column for content")
    func audit() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteAuditStore(database: database)
        var first = AuditRecord(requestId: "req_1", time: Date(timeIntervalSince1970: 100), user: "u1", feature: "itinerary_summary",
                                promptVersion: "v1", model: "local-small", trust: "untrusted", status: .ok, inputTokens: 42,
                                outputTokens: 7, timeToFirstTokenMs: 12.5, totalMs: 80, trustReason: "counter_not_increased",
                                maskedValues: 2, traceId: "4bf92f3577b34da6a3ce929d0e0e4736")
        (first.target, first.attempts, first.costMicros) = ("anthropic:claude-haiku-4-5", 2, 1_234)
        let second = AuditRecord(requestId: "req_2", time: Date(timeIntervalSince1970: 200), user: "", status: .rejected,
                                 reason: "unauthenticated:expired", totalMs: 0.3)
        try await store.record(first)
        try await store.record(second)
        #expect(try await store.recent(limit: 10) == [second, first])
        #expect(try await store.recent(limit: 1) == [second])
        let columns = try database.query("SELECT name FROM pragma_table_info('audit_log')").compactMap { $0.first?.text }
        #expect(columns == ["request_id", "time", "user", "feature", "prompt_version", "model", "trust", "status", "reason",
                            "input_tokens", "output_tokens", "ttft_ms", "total_ms", "trust_reason", "instance", "masked_values", "trace_id",
                            "target", "attempts", "cost_micros"])
        // A request's row is replaced by its end, never doubled; an instance closes only its own open rows.
        var ended = first
        ended.status = .upstreamFailed
        ended.outputTokens = 3
        ended.time = Date(timeIntervalSince1970: 999)
        try await store.record(ended)
        #expect(try await store.recent(limit: 10).count == 2)
        var expected = ended
        expected.time = first.time  // the row keeps the time it was first written at (admission)
        #expect(try await store.record(for: "req_1") == expected)
        var open = AuditRecord(requestId: "req_3", time: Date(timeIntervalSince1970: 300), status: .started)
        open.instance = "gw_a"
        try await store.record(open)
        #expect(try await store.closeInterrupted(instance: "gw_b") == 0)
        #expect(try await store.closeInterrupted(instance: "gw_a") == 1)
        let closed = try await store.record(for: "req_3")
        #expect(closed?.status == .interrupted && closed?.instance == "gw_a")
    }

    @Test("a bad statement is an error naming the SQL, not a crash")
    func badSQL() throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: SQLiteDatabase.Error.self) { try database.query("SELEC 1") }
        #expect(throws: SQLiteDatabase.Error.self) { try SQLiteDatabase(path: "/nonexistent-dir/x/y.sqlite") }
    }
}

@Suite("SQLite summary store")
struct SQLiteSummaryStoreTests {
    @Test("stored summaries survive a reopen, expire after the retention period and are purged")
    func retention() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteAnswerStore(database: database, retention: 86_400)
        let key = AnswerKey(feature: "itinerary_summary", data: "BK-2041@3", promptVersion: "p1", locale: "tr-TR")
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        try await store.store("özet", for: key, at: start)
        let reopened = try SQLiteAnswerStore(database: try SQLiteDatabase(path: directory.appendingPathComponent("test.sqlite").path),
                                              retention: 86_400)
        #expect(try await reopened.text(for: key, now: start + 3600) == "özet")
        #expect(try await reopened.text(for: key, now: start + 86_400) == nil)
        var other = key
        other.data = "BK-2041@4"
        try await store.store("yeni", for: other, at: start + 2 * 86_400)
        #expect(try database.query("SELECT count(*) FROM summary_cache").first?.first?.int == 1)
    }
}

@Suite("SQLite feedback store")
struct SQLiteFeedbackStoreTests {
    @Test("input and locale round-trip; a table from before they existed gains the columns and keeps its rows")
    func inputColumns() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try database.execute("""
            CREATE TABLE feedback (request_id TEXT NOT NULL, user TEXT NOT NULL, feature TEXT NOT NULL, prompt_version TEXT NOT NULL,
                verdict TEXT NOT NULL, reason TEXT, time REAL NOT NULL);
            INSERT INTO feedback VALUES ('old', 'u1', 'itinerary_summary', 'p1', 'report', NULL, 0);
            """)
        let store = try SQLiteFeedbackStore(database: database)
        try await store.record(Feedback(requestId: "new", user: "u1", feature: "itinerary_summary", promptVersion: "p1", verdict: .wrong,
                                        reason: "wrong time", time: Date(timeIntervalSince1970: 1), input: ["bookingId": "BK-2041"], locale: "tr-TR"))
        let rows = try await store.all()
        #expect(rows.map(\.requestId) == ["old", "new"])
        #expect(rows[0].input == nil && rows[0].locale == nil)
        #expect(rows[1].input == ["bookingId": "BK-2041"] && rows[1].locale == "tr-TR")
        _ = try SQLiteFeedbackStore(database: database)  // opening again changes nothing
        #expect(try await store.all().count == 2)
    }

    @Test("one verdict per request and user: a second replaces the first in place; users are bytes")
    func oneVerdictPerRequestAndUser() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteFeedbackStore(database: database)
        func verdict(_ id: String, _ user: String, _ verdict: Feedback.Verdict, _ reason: String?) -> Feedback {
            Feedback(requestId: id, user: user, feature: "f", promptVersion: "p", verdict: verdict, reason: reason, time: Date(timeIntervalSince1970: 1))
        }
        try await store.record(verdict("a", "u1", .wrong, "first"))
        try await store.record(verdict("b", "u1", .wrong, nil))
        try await store.record(verdict("a", "u1", .report, "second"))
        try await store.record(verdict("a", "ren\u{E9}", .wrong, "other user"))
        try await store.record(verdict("a", "rene\u{301}", .wrong, "another user"))
        let rows = try await store.all()
        #expect(rows.map(\.requestId) == ["a", "b", "a", "a"])
        #expect(rows.map(\.reason) == ["second", nil, "other user", "another user"])
        #expect(rows.first?.verdict == .report)
    }

    @Test("a data directory from before keeps, of several verdicts per request and user, the one written last")
    func duplicatesFromBefore() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        try database.execute("""
            CREATE TABLE feedback (request_id TEXT NOT NULL, user TEXT NOT NULL, feature TEXT NOT NULL, prompt_version TEXT NOT NULL,
                verdict TEXT NOT NULL, reason TEXT, time REAL NOT NULL, input TEXT, locale TEXT);
            INSERT INTO feedback VALUES ('a', 'u1', 'f', 'p', 'wrong', 'one', 1, NULL, NULL);
            INSERT INTO feedback VALUES ('b', 'u1', 'f', 'p', 'wrong', 'only', 2, NULL, NULL);
            INSERT INTO feedback VALUES ('a', 'u1', 'f', 'p', 'wrong', 'two', 3, NULL, NULL);
            INSERT INTO feedback VALUES ('a', 'u1', 'f', 'p', 'report', 'three', 4, NULL, NULL);
            """)
        let store = try SQLiteFeedbackStore(database: database)
        #expect(try await store.all().map(\.reason) == ["only", "three"])
        _ = try SQLiteFeedbackStore(database: database)  // opening again changes nothing
        try await store.record(Feedback(requestId: "a", user: "u1", feature: "f", promptVersion: "p", verdict: .wrong, reason: "four",
                                        time: Date(timeIntervalSince1970: 5)))
        #expect(try await store.all().map(\.reason) == ["only", "four"])
    }
}
