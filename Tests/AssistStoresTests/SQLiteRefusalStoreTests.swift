import AssistGateway
import AssistSQLite
import AssistStores
import Foundation
import Testing

@Suite("SQLite refusal store")
struct SQLiteRefusalStoreTests {
    func key(_ minute: Int, _ address: String = "203.0.113.1", reason: String = "unauthenticated:missing") -> RefusalKey {
        RefusalKey(minute: minute, endpoint: "/v1/assist/stream", reason: reason, address: address)
    }

    @Test("batches add to their rows, counts read back by minute, and a new store on the same file sees them")
    func roundTrip() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteRefusalStore(database: database)
        try await store.add([key(100): 3, key(100, "203.0.113.2"): 1, key(101, reason: "invalid_input"): 2])
        try await store.add([key(100): 4, key(102): 1])
        #expect(try await store.counts(since: 0) == [key(100): 7, key(100, "203.0.113.2"): 1, key(101, reason: "invalid_input"): 2, key(102): 1])
        #expect(try await store.counts(since: 101) == [key(101, reason: "invalid_input"): 2, key(102): 1])
        try await store.removeCounts(before: 102)
        #expect(try await SQLiteRefusalStore(database: database).counts(since: 0) == [key(102): 1])
    }

    @Test("a minute's rows are its distinct keys however many refusals they count")
    func rowsAreKeys() async throws {
        let (database, directory) = try temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteRefusalStore(database: database)
        for _ in 0..<50 { try await store.add([key(5): 1_000, key(5, "other"): 20]) }
        #expect(try database.query("SELECT COUNT(*) FROM refusal_counts").first?.first?.int == 2)
        #expect(try await store.counts(since: 5) == [key(5): 50_000, key(5, "other"): 1_000])
    }
}
