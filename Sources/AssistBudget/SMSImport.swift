import AssistCrypto
import AssistUnderstanding
import Foundation

/// Bank SMS messages, one per line, into the user's transactions (`assist budget import-sms`, `POST /v1/budget/sms`).
///
/// Each line that `BankSMS` reads becomes a transaction with the merchant's category; a line it cannot read (no known
/// format, an amount or a date no card payment has) is reported by its number with the reason, never guessed; past
/// `maxTransactionsPerUser`, a line is refused rather than stored. The same message twice is stored once (its SHA-256 is kept, not its text).
/// No card number is stored: the formats carry only the card's last digits, which are not kept, and a merchant
/// name is masked like any text a user sends, in case a number hides in it.
public struct SMSImport: Sendable {
    public enum Outcome: Sendable, Equatable {
        case stored(Transaction)
        /// Already imported (the same message before, or earlier in this batch).
        case duplicate(Transaction)
        case rejected(reason: String)
    }

    public struct Line: Sendable, Equatable {
        /// From 1, counting every line of the input (blank ones are skipped, not reported).
        public var number: Int
        public var outcome: Outcome
    }

    /// At most this many messages in one import.
    public static let maxMessages = 500
    /// A bank SMS is short; a longer line is not one.
    public static let maxLineCharacters = 1_000
    /// At most this many transactions per user: an import past it refuses the lines that do not fit.
    public static let maxTransactionsPerUser = 100_000

    let store: any BudgetStore
    /// The most transactions a user may hold after an import.
    let maxTransactions: Int

    public init(store: any BudgetStore, maxTransactions: Int = SMSImport.maxTransactionsPerUser) {
        self.store = store
        self.maxTransactions = maxTransactions
    }

    /// Reads every line, then has the store decide and write the readable ones in one transaction (`BudgetStore
    /// .importMessages`); with `dryRun`, stores nothing and says what it would do.
    public func run(_ lines: [String], user: String, dryRun: Bool) async throws -> [Line] {
        let categories = MerchantCategories(own: try await store.merchantCategories(user: user))
        let masker = PIIMasker()
        var result: [Line] = []
        var readable: [(number: Int, candidate: SMSCandidate)] = []
        for (index, raw) in lines.enumerated() {
            let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            let number = index + 1
            guard text.count <= Self.maxLineCharacters else {
                result.append(Line(number: number, outcome: .rejected(reason: "longer than \(Self.maxLineCharacters) characters")))
                continue
            }
            var transaction: Transaction
            switch BankSMS.read(text) {
            case .transaction(let read)?: transaction = read
            case .refused(let reason)?:
                result.append(Line(number: number, outcome: .rejected(reason: reason)))
                continue
            case nil:
                result.append(Line(number: number, outcome: .rejected(reason: "not a card payment message in a known format")))
                continue
            }
            let (merchant, category) = categories.categorise(masker.mask(transaction.merchant).masked)
            transaction.merchant = merchant
            transaction.category = category
            let hash = Digest.sha256(Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
            readable.append((number, SMSCandidate(hash: hash, transaction: transaction)))
        }
        let decisions = try await store.importMessages(user: user, readable.map(\.candidate), maxTransactions: maxTransactions, dryRun: dryRun)
        for (item, decision) in zip(readable, decisions) {
            let transaction = item.candidate.transaction
            let outcome: Outcome = switch decision {
            case .store: .stored(transaction)
            case .duplicate: .duplicate(transaction)
            case .full: .rejected(reason: "the budget holds \(maxTransactions) transactions, the most it may")
            }
            result.append(Line(number: item.number, outcome: outcome))
        }
        return result.sorted { $0.number < $1.number }
    }
}
