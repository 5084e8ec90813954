import AssistUnderstanding
public import Foundation

/// Where the budget app keeps each user's transactions and the hashes of the bank messages they imported: the
/// only data a budget answer is computed from. One per storage mode, so that an answer is the same whichever
/// replica computes it: `SQLiteBudgetStore` in the gateway's file (one box), `PostgresBudgetStore` shared by
/// replicas (issue 29).
///
/// Whatever decides between two writers is done by the store atomically per user: seeding the demo spending, and
/// an import's duplicates and room (`SMSImport.plan`, the one rule both stores apply).
public protocol BudgetStore: Sendable {
    /// Gives `user` these transactions when they hold none, atomically: two first questions at once, on one replica
    /// or two, seed once. Returns whether this call seeded.
    @discardableResult
    func seed(user: String, with transactions: [Transaction]) async throws -> Bool

    /// Imports `messages` for `user` as `SMSImport.plan` decides from the user's count and the hashes they already
    /// hold, read and written in one transaction under the user's lock, so concurrent imports (on any replica) never
    /// store a message twice or pass `maxTransactions`. With `dryRun`, decides and writes nothing.
    func importMessages(user: String, _ messages: [SMSCandidate], maxTransactions: Int, dryRun: Bool) async throws -> [SMSDecision]

    /// Each merchant the user has paid, with the category of their latest transaction there.
    func merchantCategories(user: String) async throws -> [(merchant: String, category: String)]

    /// The user's transactions in [from, to] (inclusive ISO dates), optionally one merchant or category, oldest
    /// first. A row an import would not accept today (`Transaction.isWithinBounds`) throws `BudgetDataError`.
    func transactions(user: String, from: String, to: String, merchant: String?, category: String?) async throws -> [Transaction]

    /// The user's merchants, the most often paid first (ties by name): the order the model's choices are trimmed in.
    func merchantsByFrequency(user: String) async throws -> [String]
}

extension BudgetStore {
    public func transactions(user: String, from: String, to: String) async throws -> [Transaction] {
        try await transactions(user: user, from: from, to: to, merchant: nil, category: nil)
    }
}

/// The budget conversations (`conversationId` of `budget_question`): each one's last question, as understood, so
/// that the next can be a follow-up. Kept per (user, conversation) for `retentionSeconds` after its last question;
/// another user's id is not found. One per storage mode, as `BudgetStore`.
public protocol BudgetConversationStore: Sendable {
    /// The conversation's last question, or nil (never issued, expired, or another user's).
    func last(user: String, id: String, now: Date) async throws -> FinanceQuestion?
    /// Remembers `question` as the conversation's last, and forgets conversations past their retention.
    func remember(_ question: FinanceQuestion, user: String, id: String, now: Date) async throws
}

public enum BudgetConversationRetention {
    /// How long a conversation is remembered after its last question.
    public static let seconds: Double = 86_400
}

/// The budget app's two stores, of one storage mode.
public struct BudgetStores: Sendable {
    public let transactions: any BudgetStore
    public let conversations: any BudgetConversationStore

    public init(transactions: any BudgetStore, conversations: any BudgetConversationStore) {
        self.transactions = transactions
        self.conversations = conversations
    }
}

/// One readable bank message on its way into the store: its transaction and the SHA-256 of its text.
public struct SMSCandidate: Sendable, Equatable {
    public var hash: String
    public var transaction: Transaction

    public init(hash: String, transaction: Transaction) {
        self.hash = hash
        self.transaction = transaction
    }
}

/// What an import does with one readable message.
public enum SMSDecision: Sendable, Equatable {
    case store
    /// Imported before, or earlier in this batch.
    case duplicate
    /// The user holds the most transactions they may.
    case full
}

extension SMSImport {
    /// The one rule both stores apply, inside their per-user transaction: a message whose hash the user holds, or
    /// that came earlier in the batch, is a duplicate; the others are stored while there is room under
    /// `maxTransactions` (counted from `count`), and refused past it.
    public static func plan(_ messages: [SMSCandidate], known: Set<String>, count: Int, maxTransactions: Int) -> [SMSDecision] {
        var seen = known
        var room = maxTransactions - count
        return messages.map { message in
            guard seen.insert(message.hash).inserted else { return .duplicate }
            guard room > 0 else { return .full }
            room -= 1
            return .store
        }
    }
}
