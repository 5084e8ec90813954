import AssistBudget
import AssistBudgetPostgres
import AssistPostgres
import AssistSQLite
import AssistWire
import Foundation
import Testing

/// The budget app's stores held to one contract in both storage modes (issue 29): what a question computes from must
/// not depend on which store, or which replica's client, holds it.
@Suite("Budget stores: one contract in SQLite and PostgreSQL")
struct BudgetStoreContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
    }

    /// Two handles on one store's data, as two replicas hold them (for SQLite, one file's two connections), and a way
    /// to write a row as it is, unchecked.
    struct Opened {
        let stores: [BudgetStores]
        let addUnchecked: @Sendable (String, Transaction) async throws -> Void
    }

    func open(_ kind: Kind) async throws -> Opened {
        switch kind {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString).sqlite").path
            let databases = try (0..<2).map { _ in try SQLiteDatabase(path: path, workQueue: SQLiteWorkQueue.Settings()) }
            let stores = try databases.map { try BudgetApp.stores(database: $0) }
            let raw = try SQLiteBudgetStore(database: databases[0])
            return Opened(stores: stores, addUnchecked: { user, t in try raw.add(user: user, t) })
        case .postgres:
            let url = try await freshSchema()
            let clients = (0..<2).map { _ in PostgresClient(url: url) }
            try await PostgresMigrator.migrate(clients[0], PostgresSchema.migrations + BudgetSchema.migrations)
            return Opened(stores: clients.map { BudgetStores.postgres($0) }, addUnchecked: { user, t in
                try await clients[0].query("INSERT INTO budget_transactions (user_id, date, merchant, category, amount_minor) VALUES ($1, $2, $3, $4, $5)",
                                           [.text(user), .text(t.date), .text(t.merchant), .text(t.category), .integer(Int64(t.amountMinor))])
            })
        }
    }

    static func message(_ n: Int, amountMinor: Int = 1_000) -> SMSCandidate {
        SMSCandidate(hash: String(format: "%064x", n), transaction: Transaction(date: "2026-11-\(String(format: "%02d", n % 28 + 1))",
                                                                              merchant: "Shop \(n % 3)", category: "other", amountMinor: amountMinor))
    }

    @Test("ten first questions at once, on two replicas, seed a user once", arguments: Kind.allCases)
    func seedsOnce(_ kind: Kind) async throws {
        let opened = try await open(kind)
        let demo = DemoData.transactions(for: "u2")
        let seeded = try await withThrowingTaskGroup(of: Bool.self) { group in
            for i in 0..<10 { group.addTask { try await opened.stores[i % 2].transactions.seed(user: "u2", with: demo) } }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(seeded == 1)
        let all = try await opened.stores[1].transactions.transactions(user: "u2", from: "2000-01-01", to: "2099-12-31")
        #expect(all.count == demo.count)
        #expect(all == demo, "every row, oldest first")
        #expect(try await opened.stores[0].transactions.transactions(user: "u3", from: "2000-01-01", to: "2099-12-31").isEmpty)
    }

    @Test("an import stores a message once, across batches and replicas, and stops at the user's most", arguments: Kind.allCases)
    func importsOnce(_ kind: Kind) async throws {
        let opened = try await open(kind)
        let (a, b) = (opened.stores[0].transactions, opened.stores[1].transactions)
        let batch = [Self.message(1), Self.message(2), Self.message(1), Self.message(3)]
        #expect(try await a.importMessages(user: "u", batch, maxTransactions: 3, dryRun: true) == [.store, .store, .duplicate, .store])
        #expect(try await a.transactions(user: "u", from: "2026-01-01", to: "2026-12-31").isEmpty, "a dry run writes nothing")
        #expect(try await a.importMessages(user: "u", batch, maxTransactions: 2, dryRun: false) == [.store, .store, .duplicate, .full])
        #expect(try await b.importMessages(user: "u", batch, maxTransactions: 10, dryRun: false) == [.duplicate, .duplicate, .duplicate, .store])
        #expect(try await b.importMessages(user: "someone else", batch, maxTransactions: 10, dryRun: false) == [.store, .store, .duplicate, .store])

        // The same 40 messages imported by both replicas at once: each stored once, the limit held.
        let many = (10..<50).map { Self.message($0) }
        let decisions = try await withThrowingTaskGroup(of: [SMSDecision].self) { group in
            for store in [a, b, a, b] { group.addTask { try await store.importMessages(user: "v", many, maxTransactions: 30, dryRun: false) } }
            return try await group.reduce(into: [SMSDecision]()) { $0 += $1 }
        }
        #expect(decisions.filter { $0 == .store }.count == 30)
        #expect(try await a.transactions(user: "v", from: "2026-01-01", to: "2026-12-31").count == 30)
    }

    @Test("reads filter by period, merchant and category; merchants come most paid first; a row out of bounds fails the read",
          arguments: Kind.allCases)
    func reads(_ kind: Kind) async throws {
        let opened = try await open(kind)
        let store = opened.stores[0].transactions
        _ = try await store.importMessages(user: "u", (0..<9).map { Self.message($0, amountMinor: 100 * ($0 + 1)) }, maxTransactions: 100, dryRun: false)
        let other = opened.stores[1].transactions
        #expect(try await other.transactions(user: "u", from: "2026-11-02", to: "2026-11-05").map(\.amountMinor) == [200, 300, 400, 500])
        #expect(try await other.transactions(user: "u", from: "2026-11-01", to: "2026-11-30", merchant: "Shop 1", category: nil).count == 3)
        #expect(try await other.transactions(user: "u", from: "2026-11-01", to: "2026-11-30", merchant: nil, category: "food").isEmpty)
        #expect(try await other.merchantsByFrequency(user: "u") == ["Shop 0", "Shop 1", "Shop 2"])
        #expect(try await other.merchantCategories(user: "u").count == 9)

        try await opened.addUnchecked("u", Transaction(date: "2026-11-20", merchant: "SHOP", category: "other", amountMinor: Int.max))
        await #expect(throws: BudgetDataError.self) { try await other.transactions(user: "u", from: "2026-11-01", to: "2026-11-30") }
        #expect(try await other.transactions(user: "u", from: "2026-11-01", to: "2026-11-10").count == 9, "rows outside the period are not read")
    }

    @Test("a conversation is read on the other replica, kept a day after its last question, and never another user's",
          arguments: Kind.allCases)
    func conversations(_ kind: Kind) async throws {
        let opened = try await open(kind)
        let (a, b) = (opened.stores[0].conversations, opened.stores[1].conversations)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try #require(FinanceQuestion(json: ["intent": "totalSpent", "period": ["from": "2026-11-01", "to": "2026-11-30"]]))
        let second = try #require(FinanceQuestion(json: ["intent": "count", "period": ["from": "2026-10-01", "to": "2026-10-31"], "merchant": "Migros"]))
        try await a.remember(first, user: "u1", id: "cv_1", now: start)
        #expect(try await b.last(user: "u1", id: "cv_1", now: start.addingTimeInterval(86_399)) == first)
        #expect(try await b.last(user: "u1", id: "cv_1", now: start.addingTimeInterval(86_400)) == nil)
        #expect(try await b.last(user: "u2", id: "cv_1", now: start) == nil)
        #expect(try await b.last(user: "u1", id: "cv_never", now: start) == nil)
        try await b.remember(second, user: "u1", id: "cv_1", now: start.addingTimeInterval(60))
        #expect(try await a.last(user: "u1", id: "cv_1", now: start.addingTimeInterval(86_459)) == second)
        // Remembering another conversation two days on forgets this one for good.
        try await a.remember(first, user: "u1", id: "cv_2", now: start.addingTimeInterval(2 * 86_400))
        #expect(try await b.last(user: "u1", id: "cv_1", now: start) == nil)
    }
}
