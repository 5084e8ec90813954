public import AssistSQLite
import AssistUnderstanding
public import AssistWire
public import Foundation

/// The budget conversations in the gateway's SQLite file (`BudgetConversationStore`): the last question of each
/// (user, conversation), as understood, with the time it was asked.
public final class SQLiteBudgetConversations: BudgetConversationStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.execute("""
            CREATE TABLE IF NOT EXISTS budget_conversations (
                user TEXT NOT NULL, id TEXT NOT NULL, question TEXT NOT NULL, updated REAL NOT NULL, PRIMARY KEY (user, id));
            """)
    }

    public func last(user: String, id: String, now: Date) async throws -> FinanceQuestion? {
        let rows = try await database.perform("SELECT question, updated FROM budget_conversations WHERE user = ? AND id = ?", [.text(user), .text(id)])
        return try FinanceQuestion(stored: rows.first?[0].text, updated: rows.first?[1].double, now: now)
    }

    public func remember(_ question: FinanceQuestion, user: String, id: String, now: Date) async throws {
        let text = JSONWriter.string(question.json), time = now.timeIntervalSince1970
        try await database.perform { statements in
            try statements.query("INSERT OR REPLACE INTO budget_conversations VALUES (?, ?, ?, ?)", [.text(user), .text(id), .text(text), .real(time)])
            try statements.query("DELETE FROM budget_conversations WHERE updated < ?", [.real(time - BudgetConversationRetention.seconds)])
        }
    }
}

extension FinanceQuestion {
    /// A conversation's stored question: nil when there is none or it is past its retention; one that is not a
    /// question (written by hand, or by another version) throws, so the request fails rather than reads it afresh.
    package init?(stored text: String?, updated: Double?, now: Date) throws(BudgetDataError) {
        guard let text, let updated, now.timeIntervalSince1970 - updated < BudgetConversationRetention.seconds else { return nil }
        guard let json = try? JSONParser.parse(text), let question = FinanceQuestion(json: json) else {
            throw .outOfRange("a stored conversation")
        }
        self = question
    }

    /// The question from its `json` (nil when it is not one).
    public init?(json: JSONValue) {
        func range(_ value: JSONValue?) -> DateResolver.Range? {
            guard let from = value?["from"]?.stringValue, let to = value?["to"]?.stringValue else { return nil }
            return DateResolver.Range(from: from, to: to)
        }
        guard let intent = json["intent"]?.stringValue.flatMap(Intent.init(rawValue:)), let period = range(json["period"]) else { return nil }
        self.init(intent: intent, period: period, otherPeriod: range(json["otherPeriod"]), merchant: json["merchant"]?.stringValue,
                  category: json["category"]?.stringValue, limit: json["limit"]?.intValue)
    }
}
