import AssistUnderstanding
import Foundation

/// Bank card SMS notifications, English and Turkish, into transactions.
///
///     "Your card ending 1234 was charged 245.50 TRY at MIGROS on 12/11/2026."
///     "1234 ile biten kartınızdan 12.11.2026 tarihinde MIGROS işyerinden 245,50 TL harcama yapılmıştır."
public enum BankSMS {
    static let english = try! NSRegularExpression(  // Force-try is safe: a constant, exercised by the tests.
        pattern: #"card ending \d{4} was charged ([0-9.,]+) (TRY|TL) at (.+?) on (\d{1,2})/(\d{1,2})/(\d{4})"#, options: [.caseInsensitive])
    static let turkish = try! NSRegularExpression(  // Force-try is safe: a constant, exercised by the tests.
        pattern: #"(\d{1,2})\.(\d{1,2})\.(\d{4}) tarihinde (.+?) (?:işyerinden|isyerinden) ([0-9.,]+) (?:TL|TRY) harcama"#, options: [.caseInsensitive])

    /// The transaction an SMS reports (category "other" unless the merchant is known), or nil.
    public static func parse(_ sms: String, categories: [String: String] = [:]) -> Transaction? {
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

    static func make(merchant: String, amount: String, decimalComma: Bool, day: String, month: String, year: String,
                     categories: [String: String]) -> Transaction? {
        let normalized = decimalComma ? amount.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
                                      : amount.replacingOccurrences(of: ",", with: "")
        guard let value = Decimal(string: normalized), let d = Int(day), let m = Int(month), let y = Int(year) else { return nil }
        let minor = NSDecimalNumber(decimal: value * 100).intValue
        let name = merchant.trimmingCharacters(in: .whitespaces)
        let known = categories.first { TextMatching.fold($0.key) == TextMatching.fold(name) }
        return Transaction(date: String(format: "%04d-%02d-%02d", y, m, d), merchant: known?.key ?? name,
                           category: known?.value ?? "other", amountMinor: minor)
    }
}
