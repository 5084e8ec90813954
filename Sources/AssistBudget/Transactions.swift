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
