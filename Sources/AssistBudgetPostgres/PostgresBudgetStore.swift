public import AssistBudget
public import AssistPostgres
import Foundation

/// The budget app's data in PostgreSQL, shared by every replica (`storage.kind: "shared"`; tables of
/// `BudgetSchema`): an SMS imported on one replica is counted by a question on another, and a demo user's spending
/// is seeded once whichever replica they first ask.
///
/// Seeding and imports take the user's transaction-scoped advisory lock first (`pg_advisory_xact_lock` on
/// `lockSpace` and the user's hash), so two replicas deciding for one user take turns; other users are not held.
/// Reads check rows as `SQLiteBudgetStore` does.
public final class PostgresBudgetStore: BudgetStore {
    /// The first key of the per-user advisory locks ("Bu"), apart from the migrations' lock (`PostgresMigrator.lockKey`).
    static let lockSpace = 0x4275
    /// Rows in one multi-row INSERT (5 parameters each, well inside the protocol's 65,535).
    static let rowsPerInsert = 500

    private let client: PostgresClient

    public init(client: PostgresClient) { self.client = client }

    static func lockUser(_ user: String, _ statements: PostgresStatements) async throws {
        try await statements.query("SELECT pg_advisory_xact_lock(\(lockSpace), hashtext($1))", [.text(user)])
    }

    /// Inserts `transactions` for `user`, a few hundred rows per statement.
    static func insert(_ transactions: [Transaction], user: String, _ statements: PostgresStatements) async throws {
        var start = 0
        while start < transactions.count {
            let chunk = transactions[start..<min(start + rowsPerInsert, transactions.count)]
            var values: [String] = []
            var parameters: [PostgresValue] = []
            for t in chunk {
                let n = parameters.count
                values.append("($\(n + 1), $\(n + 2), $\(n + 3), $\(n + 4), $\(n + 5))")
                parameters += [.text(user), .text(t.date), .text(t.merchant), .text(t.category), .integer(Int64(t.amountMinor))]
            }
            try await statements.query("INSERT INTO budget_transactions (user_id, date, merchant, category, amount_minor) VALUES "
                                 + values.joined(separator: ", "), parameters)
            start += chunk.count
        }
    }

    @discardableResult
    public func seed(user: String, with transactions: [Transaction]) async throws -> Bool {
        try await client.perform { statements in
            try await Self.lockUser(user, statements)
            guard try await statements.query("SELECT 1 FROM budget_transactions WHERE user_id = $1 LIMIT 1", [.text(user)]).isEmpty else { return false }
            try await Self.insert(transactions, user: user, statements)
            return true
        }
    }

    public func importMessages(user: String, _ messages: [SMSCandidate], maxTransactions: Int, dryRun: Bool) async throws -> [SMSDecision] {
        // Hashes are lowercase hex, so they need no quoting inside an array literal.
        let hashes = "{" + messages.map(\.hash).filter { $0.allSatisfy(\.isHexDigit) }.joined(separator: ",") + "}"
        return try await client.perform { statements in
            try await Self.lockUser(user, statements)
            let count = try await statements.query("SELECT COUNT(*) FROM budget_transactions WHERE user_id = $1", [.text(user)]).first?.int(0) ?? 0
            let known = Set(try await statements.query("SELECT hash FROM budget_sms WHERE user_id = $1 AND hash = ANY($2::text[])",
                                                 [.text(user), .text(hashes)]).compactMap { $0.text(0) })
            let decisions = SMSImport.plan(messages, known: known, count: count, maxTransactions: maxTransactions)
            guard !dryRun else { return decisions }
            let stored = zip(messages, decisions).filter { $0.1 == .store }.map(\.0)
            for message in stored {
                try await statements.query("INSERT INTO budget_sms (user_id, hash) VALUES ($1, $2)", [.text(user), .text(message.hash)])
            }
            try await Self.insert(stored.map(\.transaction), user: user, statements)
            return decisions
        }
    }

    public func merchantCategories(user: String) async throws -> [(merchant: String, category: String)] {
        try await client.query("SELECT merchant, category FROM budget_transactions WHERE user_id = $1 ORDER BY date, id", [.text(user)])
            .compactMap { row in row.text(0).flatMap { merchant in row.text(1).map { (merchant, $0) } } }
    }

    public func transactions(user: String, from: String, to: String, merchant: String?, category: String?) async throws -> [Transaction] {
        var sql = "SELECT date, merchant, category, amount_minor FROM budget_transactions WHERE user_id = $1 AND date >= $2 AND date <= $3"
        var parameters: [PostgresValue] = [.text(user), .text(from), .text(to)]
        if let merchant { parameters.append(.text(merchant)); sql += " AND merchant = $\(parameters.count)" }
        if let category { parameters.append(.text(category)); sql += " AND category = $\(parameters.count)" }
        sql += " ORDER BY date, id"
        return try await client.query(sql, parameters).map { row throws(BudgetDataError) -> Transaction in
            try Transaction.checked(date: row.text(0), merchant: row.text(1), category: row.text(2), amountMinor: row.int(3))
        }
    }

    public func merchantsByFrequency(user: String) async throws -> [String] {
        try await client.query("SELECT merchant FROM budget_transactions WHERE user_id = $1 GROUP BY merchant ORDER BY COUNT(*) DESC, merchant",
                               [.text(user)]).compactMap { $0.text(0) }
    }
}
