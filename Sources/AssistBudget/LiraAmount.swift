/// An amount of Turkish lira as a bank SMS writes it, read into kuruş (hundredths) within a documented bound.
///
/// English messages group thousands with commas and mark decimals with a point ("1,245.50"); Turkish ones the
/// other way round ("1.245,50"). Digits may also be written ungrouped ("1245.50", "1245,50"); at most two decimal
/// digits. Anything else is refused with its reason, never guessed, and never wrapped: the integer part is read
/// digit by digit with checked arithmetic and stops at the bound.
public enum LiraAmount {
    /// The largest amount one transaction may hold: 100,000,000.00 TRY (10¹⁰ kuruş). A card payment is far below it,
    /// and any sum of the rows a user can hold (at most `maxTransactionsPerUser`) stays far inside Int's range.
    public static let maxMinor = 10_000_000_000

    /// Why an amount was refused (the SMS import reports it by line).
    public enum Refusal: Error, Sendable, Equatable {
        case notANumber
        case beyondBound
        case zero

        public var reason: String {
            switch self {
            case .notANumber: "the amount is not written as a lira amount (e.g. 1,245.50 or 1.245,50)"
            case .beyondBound: "the amount is beyond the largest a transaction may hold, 100,000,000.00 TRY"
            case .zero: "the amount is zero"
            }
        }
    }

    /// `text` in kuruş; `decimalComma` is Turkish writing ("1.245,50").
    public static func minor(_ text: String, decimalComma: Bool) throws(Refusal) -> Int {
        let decimalMark: UInt8 = decimalComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
        let groupMark: UInt8 = decimalComma ? UInt8(ascii: ".") : UInt8(ascii: ",")
        let bytes = Array(text.utf8)
        let decimalAt = bytes.lastIndex(of: decimalMark)
        let integerPart = bytes[..<(decimalAt ?? bytes.endIndex)]
        let fraction = decimalAt.map { bytes[($0 + 1)...] } ?? []
        guard !integerPart.isEmpty, fraction.count <= 2, decimalAt == nil || !fraction.isEmpty,
              fraction.allSatisfy(isDigit), !fraction.contains(decimalMark) else { throw .notANumber }
        let groups = integerPart.split(separator: groupMark, omittingEmptySubsequences: false)
        // Grouped: a first group of 1–3 digits, then groups of exactly 3; ungrouped: digits only.
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }),
              groups.count == 1 || (groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 }) else { throw .notANumber }
        var lira = 0
        for digit in groups.joined() {
            let (shifted, overflowShift) = lira.multipliedReportingOverflow(by: 10)
            let (next, overflowAdd) = shifted.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            guard !overflowShift, !overflowAdd, next <= maxMinor / 100 else { throw .beyondBound }
            lira = next
        }
        var kurus = 0
        for (index, digit) in fraction.enumerated() { kurus += Int(digit - UInt8(ascii: "0")) * (index == 0 ? 10 : 1) }
        let minor = lira * 100 + kurus  // lira ≤ maxMinor / 100, so this cannot overflow
        guard minor <= maxMinor else { throw .beyondBound }
        guard minor > 0 else { throw .zero }
        return minor
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
