public import AssistBudget
public import AssistPostgres
import AssistWire
public import Foundation

/// The budget conversations in PostgreSQL (`BudgetSchema`), shared by every replica: a follow-up is read against the
/// same last question whichever replica the previous turn was on, or one that has since been killed.
public final class PostgresBudgetConversations: BudgetConversationStore {
    private let client: PostgresClient

    public init(client: PostgresClient) { self.client = client }

    public func last(user: String, id: String, now: Date) async throws -> FinanceQuestion? {
        let row = try await client.query("SELECT question, updated FROM budget_conversations WHERE user_id = $1 AND id = $2",
                                         [.text(user), .text(id)]).first
        return try FinanceQuestion(stored: row?.text(0), updated: row?.double(1), now: now)
    }

    public func remember(_ question: FinanceQuestion, user: String, id: String, now: Date) async throws {
        let text = JSONWriter.string(question.json), time = now.timeIntervalSince1970
        try await client.perform { statements in
            try await statements.query("""
                INSERT INTO budget_conversations (user_id, id, question, updated) VALUES ($1, $2, $3, $4)
                ON CONFLICT (user_id, id) DO UPDATE SET question = excluded.question, updated = excluded.updated
                """, [.text(user), .text(id), .text(text), .double(time)])
            try await statements.query("DELETE FROM budget_conversations WHERE updated < $1", [.double(time - BudgetConversationRetention.seconds)])
        }
    }
}
