public import AssistSQLite
import Foundation

/// One card transaction in the user's own data: the only source of every number a budget reply contains.
public struct Transaction: Sendable, Equatable {
    public var date: String  // YYYY-MM-DD
    public var merchant: String
    public var category: String
    /// Kuruş (TRY cents), so sums are exact.
    public var amountMinor: Int

    public init(date: String, merchant: String, category: String, amountMinor: Int) {
        self.date = date
        self.merchant = merchant
        self.category = category
        self.amountMinor = amountMinor
    }

    /// Whether the amount is within ±`LiraAmount.maxMinor` and the date a calendar day: what an import accepts.
    public var isWithinBounds: Bool {
        guard amountMinor.magnitude <= UInt(LiraAmount.maxMinor) else { return false }
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        guard date.utf8.count == 10, parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return false }
        return BankSMS.isCalendarDay(year: y, month: m, day: d)
    }
}

/// The budget app's data in SQLite: transactions per user.
///
/// Rows are read back only when they hold what an import accepts today: an amount within ±`LiraAmount.maxMinor` and a
/// date that is a calendar day (`BankSMS.isCalendarDay`). A row that does not (written before those bounds, or by
/// hand) makes the read throw `BudgetDataError.outOfRange`, so the question that reads it fails alone.
public final class TransactionStore: Sendable {
    /// At most this many transactions per user: an import past it refuses the lines that do not fit.
    public static let maxTransactionsPerUser = 100_000

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

    public func replace(user: String, with transactions: [Transaction]) throws {
        try database.transaction { query in
            _ = try query("DELETE FROM budget_transactions WHERE user = ?", [.text(user)])
            for t in transactions {
                _ = try query("INSERT INTO budget_transactions VALUES (?, ?, ?, ?, ?)",
                              [.text(user), .text(t.date), .text(t.merchant), .text(t.category), .integer(Int64(t.amountMinor))])
            }
        }
    }

    public func add(user: String, _ t: Transaction) throws {
        try database.query("INSERT INTO budget_transactions VALUES (?, ?, ?, ?, ?)",
                           [.text(user), .text(t.date), .text(t.merchant), .text(t.category), .integer(Int64(t.amountMinor))])
    }

    /// Stores a transaction imported from an SMS with the message's hash, in one transaction (`SMSImport`).
    public func add(user: String, _ t: Transaction, messageHash: String) throws {
        try database.transaction { query in
            _ = try query("INSERT INTO budget_sms VALUES (?, ?)", [.text(user), .text(messageHash)])
            _ = try query("INSERT INTO budget_transactions VALUES (?, ?, ?, ?, ?)",
                          [.text(user), .text(t.date), .text(t.merchant), .text(t.category), .integer(Int64(t.amountMinor))])
        }
    }

    /// Whether the message with this hash was imported for `user` before.
    public func hasMessage(user: String, hash: String) throws -> Bool {
        !(try database.query("SELECT 1 FROM budget_sms WHERE user = ? AND hash = ?", [.text(user), .text(hash)])).isEmpty
    }

    /// How many transactions `user` holds.
    public func count(user: String) throws -> Int {
        try database.query("SELECT COUNT(*) FROM budget_transactions WHERE user = ?", [.text(user)]).first?[0].int ?? 0
    }

    /// Each merchant the user has paid, with the category of their latest transaction there.
    public func merchantCategories(user: String) throws -> [(merchant: String, category: String)] {
        try database.query("SELECT merchant, category FROM budget_transactions WHERE user = ? ORDER BY date, rowid", [.text(user)])
            .compactMap { row in row[0].text.flatMap { merchant in row[1].text.map { (merchant, $0) } } }
    }

    /// The user's transactions in [from, to] (inclusive ISO dates), optionally one merchant or category.
    public func transactions(user: String, from: String, to: String, merchant: String? = nil, category: String? = nil) throws -> [Transaction] {
        var sql = "SELECT date, merchant, category, amount_minor FROM budget_transactions WHERE user = ? AND date >= ? AND date <= ?"
        var parameters: [SQLiteDatabase.Value] = [.text(user), .text(from), .text(to)]
        if let merchant { sql += " AND merchant = ?"; parameters.append(.text(merchant)) }
        if let category { sql += " AND category = ?"; parameters.append(.text(category)) }
        sql += " ORDER BY date, rowid"
        return try database.query(sql, parameters).map { row throws(BudgetDataError) -> Transaction in
            let transaction = Transaction(date: row[0].text ?? "", merchant: row[1].text ?? "", category: row[2].text ?? "", amountMinor: row[3].int ?? 0)
            guard transaction.isWithinBounds else { throw .outOfRange("a stored transaction of \(transaction.date)") }
            return transaction
        }
    }

    /// The user's merchants, the most often paid first (ties by name): the order the model's choices are trimmed in.
    public func merchantsByFrequency(user: String) throws -> [String] {
        try database.query("SELECT merchant FROM budget_transactions WHERE user = ? GROUP BY merchant ORDER BY COUNT(*) DESC, merchant",
                           [.text(user)]).compactMap { $0[0].text }
    }

    /// Every merchant the user has paid (the candidates a question may name).
    public func merchants(user: String) throws -> [String] {
        try database.query("SELECT DISTINCT merchant FROM budget_transactions WHERE user = ? ORDER BY merchant", [.text(user)]).compactMap { $0[0].text }
    }
}
