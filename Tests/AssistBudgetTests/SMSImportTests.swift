import AssistBudget
import AssistSQLite
import Foundation
import Testing

@Suite("Bank SMS import")
struct SMSImportTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/bank-sms/sample.txt")

    func lines() throws -> [String] { try String(contentsOf: Self.sample, encoding: .utf8).components(separatedBy: "\n") }

    @Test("each message becomes a categorised transaction; unreadable lines are reported by number; a repeat is stored once")
    func importsOnce() async throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let store = try SQLiteBudgetStore(database: database)
        let importer = SMSImport(store: store)
        let dry = try await importer.run(try lines(), user: "u7", dryRun: true)
        #expect(try store.count(user: "u7") == 0, "a dry run stores nothing")
        let first = try await importer.run(try lines(), user: "u7", dryRun: false)
        #expect(first == dry)
        #expect(first.map(\.number) == [1, 2, 3, 5, 6, 7])  // the blank line 4 is skipped, not reported
        #expect(first[0].outcome == .stored(Transaction(date: "2026-11-12", merchant: "Migros", category: "groceries", amountMinor: 124_550)))
        #expect(first[1].outcome == .stored(Transaction(date: "2026-11-03", merchant: "Kahve Dünyası", category: "cafes", amountMinor: 8_525)))
        #expect(first[2].outcome == .rejected(reason: "not a card payment message in a known format"))
        #expect(first[3].outcome == .stored(Transaction(date: "2026-11-05", merchant: "ÖZ KÖFTE RESTORAN", category: "restaurants", amountMinor: 41_200)))
        #expect(first[4].outcome == .duplicate(Transaction(date: "2026-11-12", merchant: "Migros", category: "groceries", amountMinor: 124_550)))
        #expect(first[5].outcome == .stored(Transaction(date: "2026-11-14", merchant: "SHELL PETROL KADIKOY", category: "fuel", amountMinor: 6_490)))

        let again = try await importer.run(try lines(), user: "u7", dryRun: false)
        #expect(again.filter { if case .duplicate = $0.outcome { true } else { false } }.count == 5)
        #expect(try await store.transactions(user: "u7", from: "2026-01-01", to: "2026-12-31").count == 4)
        // Another user's import of the same messages is theirs alone.
        #expect(try await importer.run(try lines(), user: "u8", dryRun: false).filter { if case .stored = $0.outcome { true } else { false } }.count == 4)
    }

    @Test("no card number is stored: not the last digits the formats carry, not a number hidden in a merchant's name")
    func noCardNumbers() async throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let store = try SQLiteBudgetStore(database: database)
        let lines = try lines() + ["Your card ending 4242 was charged 10.00 TRY at SHOP 4111 1111 1111 1111 on 15/11/2026."]
        _ = try await SMSImport(store: store).run(lines, user: "u7", dryRun: false)
        let rows = try database.query("SELECT * FROM budget_transactions").flatMap { $0.compactMap(\.text) }
        #expect(!rows.isEmpty)
        // Of a message, only its SHA-256 is kept.
        let hashes = try database.query("SELECT hash FROM budget_sms").compactMap { $0[0].text }
        #expect(hashes.count == 5 && hashes.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        for text in rows {
            #expect(!text.contains("4111 1111 1111 1111") && !text.contains("1234") && !text.contains("9876") && !text.contains("4242"), "\(text)")
        }
    }
}
