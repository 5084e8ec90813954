public import AssistSQLite
import Foundation

/// The budget app's data in the gateway's SQLite file (`storage.kind: "sqlite"`, and `assist budget`): transactions
/// per user and the hashes of the bank messages imported (`BudgetStore`).
///
/// Rows are read back only when they hold what an import accepts today: an amount within ±`LiraAmount.maxMinor` and a
/// date that is a calendar day (`BankSMS.isCalendarDay`). A row that does not (written before those bounds, or by
/// hand) makes the read throw `BudgetDataError.outOfRange`, so the question that reads it fails alone.
public final class SQLiteBudgetStore: BudgetStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.execute("""
            CREATE TABLE IF NOT EXISTS budget_transactions (
                user TEXT NOT NULL, date TEXT NOT NULL, merchant TEXT NOT NULL, category TEXT NOT NULL, amount_minor INTEGER NOT NULL);
            CREATE INDEX IF NOT EXISTS budget_transactions_user_date ON budget_transactions (user, date);
            CREATE TABLE IF NOT EXISTS budget_sms (user TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (user, hash));
            """)
    }

    static let insert = "INSERT INTO budget_transactions VALUES (?, ?, ?, ?, ?)"

    static func row(_ user: String, _ t: Transaction) -> [SQLiteDatabase.Value] {
        [.text(user), .text(t.date), .text(t.merchant), .text(t.category), .integer(Int64(t.amountMinor))]
    }

    // MARK: BudgetStore

    @discardableResult
    public func seed(user: String, with transactions: [Transaction]) async throws -> Bool {
        try await database.perform { statements in
            guard try statements.query("SELECT 1 FROM budget_transactions WHERE user = ? LIMIT 1", [.text(user)]).isEmpty else { return false }
            for t in transactions { try statements.query(Self.insert, Self.row(user, t)) }
            return true
        }
    }

    public func importMessages(user: String, _ messages: [SMSCandidate], maxTransactions: Int, dryRun: Bool) async throws -> [SMSDecision] {
        try await database.perform { statements in
            let count = try statements.query("SELECT COUNT(*) FROM budget_transactions WHERE user = ?", [.text(user)]).first?[0].int ?? 0
            var known: Set<String> = []
            for message in messages
            where !(try statements.query("SELECT 1 FROM budget_sms WHERE user = ? AND hash = ?", [.text(user), .text(message.hash)])).isEmpty {
                known.insert(message.hash)
            }
            let decisions = SMSImport.plan(messages, known: known, count: count, maxTransactions: maxTransactions)
            guard !dryRun else { return decisions }
            for (message, decision) in zip(messages, decisions) where decision == .store {
                try statements.query("INSERT INTO budget_sms VALUES (?, ?)", [.text(user), .text(message.hash)])
                try statements.query(Self.insert, Self.row(user, message.transaction))
            }
            return decisions
        }
    }

    public func merchantCategories(user: String) async throws -> [(merchant: String, category: String)] {
        try await database.perform("SELECT merchant, category FROM budget_transactions WHERE user = ? ORDER BY date, rowid", [.text(user)])
            .compactMap { row in row[0].text.flatMap { merchant in row[1].text.map { (merchant, $0) } } }
    }

    public func transactions(user: String, from: String, to: String, merchant: String?, category: String?) async throws -> [Transaction] {
        var sql = "SELECT date, merchant, category, amount_minor FROM budget_transactions WHERE user = ? AND date >= ? AND date <= ?"
        var parameters: [SQLiteDatabase.Value] = [.text(user), .text(from), .text(to)]
        if let merchant { sql += " AND merchant = ?"; parameters.append(.text(merchant)) }
        if let category { sql += " AND category = ?"; parameters.append(.text(category)) }
        sql += " ORDER BY date, rowid"
        return try await database.perform(sql, parameters).map { row throws(BudgetDataError) -> Transaction in
            try Transaction.checked(date: row[0].text, merchant: row[1].text, category: row[2].text, amountMinor: row[3].int)
        }
    }

    public func merchantsByFrequency(user: String) async throws -> [String] {
        try await database.perform("SELECT merchant FROM budget_transactions WHERE user = ? GROUP BY merchant ORDER BY COUNT(*) DESC, merchant",
                                   [.text(user)]).compactMap { $0[0].text }
    }

    // MARK: tools and tests (synchronous, on the caller's thread)

    /// Replaces every transaction of `user` (tests, and the CLI's own demo data).
    public func replace(user: String, with transactions: [Transaction]) throws {
        try database.transaction { query in
            _ = try query("DELETE FROM budget_transactions WHERE user = ?", [.text(user)])
            for t in transactions { _ = try query(Self.insert, Self.row(user, t)) }
        }
    }

    /// Adds one row as it is, unchecked: how tests write what an import would refuse.
    public func add(user: String, _ t: Transaction) throws {
        try database.query(Self.insert, Self.row(user, t))
    }

    /// How many transactions `user` holds.
    public func count(user: String) throws -> Int {
        try database.query("SELECT COUNT(*) FROM budget_transactions WHERE user = ?", [.text(user)]).first?[0].int ?? 0
    }
}

extension Transaction {
    /// A stored row as a transaction, or `BudgetDataError.outOfRange` when it holds what an import would refuse today.
    package static func checked(date: String?, merchant: String?, category: String?, amountMinor: Int?) throws(BudgetDataError) -> Transaction {
        let transaction = Transaction(date: date ?? "", merchant: merchant ?? "", category: category ?? "", amountMinor: amountMinor ?? 0)
        guard transaction.isWithinBounds else { throw .outOfRange("a stored transaction of \(transaction.date)") }
        return transaction
    }
}
