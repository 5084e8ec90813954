import AssistUnderstanding
import Foundation

/// Bank card SMS notifications, English and Turkish, into transactions.
///
///     "Your card ending 1234 was charged 245.50 TRY at MIGROS on 12/11/2026."
///     "1234 ile biten kartınızdan 12.11.2026 tarihinde MIGROS işyerinden 245,50 TL harcama yapılmıştır."
///
/// A message in one of these formats whose amount or date cannot be a card payment's is refused with the reason:
/// an amount that is not a lira amount, zero, or beyond `LiraAmount.maxMinor`; a date that is not a calendar day
/// of the years 2000–2099 (31/02/2026, 0/0/0000, 99/99/9999). Nothing is clamped, wrapped or guessed.
public enum BankSMS {
    static let english = try! NSRegularExpression(  // Force-try is safe: a constant, exercised by the tests.
        pattern: #"card ending \d{4} was charged ([0-9.,]+) (TRY|TL) at (.+?) on (\d{1,2})/(\d{1,2})/(\d{4})"#, options: [.caseInsensitive])
    static let turkish = try! NSRegularExpression(  // Force-try is safe: a constant, exercised by the tests.
        pattern: #"(\d{1,2})\.(\d{1,2})\.(\d{4}) tarihinde (.+?) (?:işyerinden|isyerinden) ([0-9.,]+) (?:TL|TRY) harcama"#, options: [.caseInsensitive])

    /// The years a message's date may fall in.
    public static let years = 2000...2099

    /// What a message says: a transaction, or why a message in a known format cannot be one.
    public enum Reading: Sendable, Equatable {
        case transaction(Transaction)
        case refused(reason: String)
    }

    /// The reading of `sms` (category "other" unless the merchant is known), or nil when it is in no known format.
    public static func read(_ sms: String, categories: [String: String] = [:]) -> Reading? {
        let range = NSRange(sms.startIndex..., in: sms)
        func group(_ match: NSTextCheckingResult, _ index: Int) -> String { Range(match.range(at: index), in: sms).map { String(sms[$0]) } ?? "" }
        if let m = english.firstMatch(in: sms, range: range) {
            return make(merchant: group(m, 3), amount: group(m, 1), decimalComma: false, day: group(m, 4), month: group(m, 5), year: group(m, 6),
                        categories: categories)
        }
        if let m = turkish.firstMatch(in: sms, range: range) {
            return make(merchant: group(m, 4), amount: group(m, 5), decimalComma: true, day: group(m, 1), month: group(m, 2), year: group(m, 3),
                        categories: categories)
        }
        return nil
    }

    /// The transaction `sms` reports, or nil when it reports none (an unknown format, or a refused amount or date).
    public static func parse(_ sms: String, categories: [String: String] = [:]) -> Transaction? {
        if case .transaction(let transaction)? = read(sms, categories: categories) { transaction } else { nil }
    }

    static func make(merchant: String, amount: String, decimalComma: Bool, day: String, month: String, year: String,
                     categories: [String: String]) -> Reading {
        let minor: Int
        do {
            minor = try LiraAmount.minor(amount, decimalComma: decimalComma)
        } catch {
            return .refused(reason: error.reason)
        }
        // The patterns capture 1–2 and 4 digits, so these conversions cannot fail or overflow.
        guard let d = Int(day), let m = Int(month), let y = Int(year), isCalendarDay(year: y, month: m, day: d) else {
            return .refused(reason: "the date \(day)/\(month)/\(year) is not a calendar day of the years \(years.lowerBound)–\(years.upperBound)")
        }
        let name = merchant.trimmingCharacters(in: .whitespaces)
        let known = categories.first { TextMatching.fold($0.key) == TextMatching.fold(name) }
        return .transaction(Transaction(date: String(format: "%04d-%02d-%02d", y, m, d), merchant: known?.key ?? name,
                                        category: known?.value ?? "other", amountMinor: minor))
    }

    /// Whether day/month/year names a day of the Gregorian calendar within `years`.
    public static func isCalendarDay(year: Int, month: Int, day: Int) -> Bool {
        guard years.contains(year), (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }
}
