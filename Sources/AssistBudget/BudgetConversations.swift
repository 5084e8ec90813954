public import AssistSQLite
import AssistUnderstanding
public import AssistWire
public import Foundation

/// The budget app's conversations in the gateway (`conversationId` of `budget_question`): the last question each
/// conversation asked, as understood, so that the next one can be a follow-up. Kept per (user, conversation) in
/// the budget tables, for a day: a conversation older than that starts afresh. Another user's id is simply not found.
public final class BudgetConversations: Sendable {
    /// How long a conversation is remembered after its last question.
    public static let retentionSeconds: Double = 86_400

    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.execute("""
            CREATE TABLE IF NOT EXISTS budget_conversations (
                user TEXT NOT NULL, id TEXT NOT NULL, question TEXT NOT NULL, updated REAL NOT NULL, PRIMARY KEY (user, id));
            """)
    }

    /// The conversation's last question, or nil (new, unknown or expired).
    public func last(user: String, id: String, now: Date = Date()) throws -> FinanceQuestion? {
        let rows = try database.query("SELECT question, updated FROM budget_conversations WHERE user = ? AND id = ?", [.text(user), .text(id)])
        guard let row = rows.first, let text = row[0].text, let updated = row[1].double,
              now.timeIntervalSince1970 - updated < Self.retentionSeconds, let json = try? JSONParser.parse(text) else { return nil }
        return FinanceQuestion(json: json)
    }

    /// Remembers `question` as the conversation's last, and forgets conversations past their retention.
    public func remember(_ question: FinanceQuestion, user: String, id: String, now: Date = Date()) throws {
        try database.transaction { query in
            _ = try query("INSERT OR REPLACE INTO budget_conversations VALUES (?, ?, ?, ?)",
                          [.text(user), .text(id), .text(JSONWriter.string(question.json)), .real(now.timeIntervalSince1970)])
            _ = try query("DELETE FROM budget_conversations WHERE updated < ?", [.real(now.timeIntervalSince1970 - Self.retentionSeconds)])
        }
    }
}

extension FinanceQuestion {
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
