public import Foundation

/// A deterministic first layer that masks personal numbers before text leaves the device (or reaches a
/// model): payment cards (Luhn), IBANs (ISO 7064 mod 97), Turkish identity numbers (their checksum),
/// passport numbers, e-mail addresses and phone numbers (Turkish and international forms).
///
/// Checksums decide wherever a number has one, so an order number that merely looks like a card is left
/// alone. Cards keep their last four digits (`**** **** **** 1234`) and IBANs their country and last
/// four, so an agent can tell which card or account the customer means.
public struct PIIMasker: Sendable {
    public enum Kind: String, Sendable, CaseIterable, Equatable {
        case paymentCard = "payment_card", iban, turkishIdentity = "turkish_identity", passport, email, phone
    }

    public struct Finding: Sendable, Equatable {
        public var kind: Kind
        /// The finding's range in UTF-16 offsets (NSRange) for interop: in the original text, or for a value found on
        /// a later pass (see `mask`), in the text as the earlier passes masked it.
        public var range: NSRange
    }

    public struct Result: Sendable, Equatable {
        public var masked: String
        public var findings: [Finding]
        /// A card, IBAN, identity, passport or phone number was found (an e-mail address is personal data
        /// but not a number).
        public var containsSensitiveNumbers: Bool { findings.contains { $0.kind != .email } }
        public var containsPersonalData: Bool { !findings.isEmpty }
    }

    public init() {}

    /// The masked text and what was found. Masking runs again on its own output until nothing more is found (at
    /// most `maxPasses` times): a value whose first characters another finding took (a card whose first digit is
    /// an IBAN's last, found by fuzzing) is only seen once that neighbour is masked. Such a later finding's range
    /// is in the text as the passes before it left it.
    ///
    /// Text that still yields a new value after `maxPasses` (only a crafted run of overlapping numbers does) has every
    /// digit and "@" starred out instead, which no shape can match: the masked text is always a fixed point, and
    /// the work per text stays bounded.
    public func mask(_ text: String) -> Result {
        var result = maskOnce(text)
        var passes = 1
        while !result.findings.isEmpty {
            let again = maskOnce(result.masked)
            guard !again.findings.isEmpty else { break }
            guard passes < Self.maxPasses else {
                let starred = String(result.masked.map { $0.isASCII && ($0.isNumber || $0 == "@") ? "*" : $0 })
                return Result(masked: starred, findings: result.findings + again.findings)
            }
            result = Result(masked: again.masked, findings: result.findings + again.findings)
            passes += 1
        }
        return result
    }

    /// Each pass masks at least one more value, and the placeholders match no shape: ordinary text settles in one
    /// or two passes.
    static let maxPasses = 4

    private func maskOnce(_ text: String) -> Result {
        // Every shape needs a digit or an "@": most text has neither and costs one scan instead of six patterns.
        guard text.utf8.contains(where: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "@") }) else {
            return Result(masked: text, findings: [])
        }
        var findings: [(Finding, String)] = []
        var taken = IndexSet()
        func consider(_ kind: Kind, _ pattern: NSRegularExpression, replace: (String) -> String?) {
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let range = match.range
                guard !taken.intersects(integersIn: range.location..<(range.location + range.length)),
                      let swiftRange = Range(range, in: text), let replacement = replace(String(text[swiftRange])) else { continue }
                taken.insert(integersIn: range.location..<(range.location + range.length))
                findings.append((Finding(kind: kind, range: range), replacement))
            }
        }
        // Order matters: the most specific shapes first, so a card is not read as a phone number.
        consider(.email, Patterns.email) { _ in "[email]" }
        consider(.iban, Patterns.iban) { Checks.isIBAN($0) ? Masks.iban($0) : nil }
        consider(.paymentCard, Patterns.card) { Checks.luhn(Checks.digits($0)) ? Masks.card($0) : nil }
        consider(.turkishIdentity, Patterns.elevenDigits) { Checks.isTurkishIdentity($0) ? "***********" : nil }
        consider(.passport, Patterns.passport) { match in
            // Keep the words that introduced the number ("Pasaport no:"); mask the number itself.
            Patterns.passportNumber.stringByReplacingMatches(in: match, range: NSRange(match.startIndex..., in: match), withTemplate: "[passport]")
        }
        consider(.phone, Patterns.phone) { Checks.isPhone($0) ? "[phone]" : nil }

        var masked = text
        for (finding, replacement) in findings.sorted(by: { $0.0.range.location > $1.0.range.location }) {
            if let range = Range(finding.range, in: masked) { masked.replaceSubrange(range, with: replacement) }
        }
        return Result(masked: masked, findings: findings.map(\.0).sorted { $0.range.location < $1.range.location })
    }
}

/// The shapes looked for; checksums in `Checks` decide.
enum Patterns {
    static func make(_ pattern: String) -> NSRegularExpression {
        // Force-try is safe: the patterns are constants, exercised by every masker test.
        try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
    }
    static let email = make(#"[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}"#)
    static let iban = make(#"\b[A-Z]{2}[0-9]{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b"#)
    static let card = make(#"(?<![0-9])[0-9](?:[ -]?[0-9]){12,18}(?![0-9])"#)
    static let elevenDigits = make(#"(?<![0-9])[1-9][0-9]{10}(?![0-9])"#)
    static let passport = make(#"(?:\b(?:passport|pasaport)(?:\s+(?:no|number|numaras[ıi]|num))?[:.]?\s*)([A-Z][0-9]{6,8}|[0-9]{7,9})\b|\b[A-Z][0-9]{8}\b"#)
    static let passportNumber = make(#"(?:[A-Z][0-9]{6,8}|[0-9]{7,9})$"#)
    static let phone = make(#"(?<![0-9+])(?:\+|00)?[0-9][0-9 ().-]{7,18}[0-9](?![0-9])"#)
}

enum Checks {
    static func digits(_ text: String) -> [Int] { text.compactMap { $0.wholeNumberValue } }

    static func luhn(_ digits: [Int]) -> Bool {
        guard (13...19).contains(digits.count) else { return false }
        var sum = 0
        for (index, digit) in digits.reversed().enumerated() {
            if index % 2 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
        }
        return sum % 10 == 0
    }

    /// ISO 13616: move the first four characters to the end, letters to numbers, mod 97 == 1.
    static func isIBAN(_ text: String) -> Bool {
        let compact = text.uppercased().filter { !$0.isWhitespace }
        guard (15...34).contains(compact.count), compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        if let length = ibanLengths[String(compact.prefix(2))], length != compact.count { return false }
        let rearranged = compact.dropFirst(4) + compact.prefix(4)
        var remainder = 0
        for character in rearranged {
            let value = character.isNumber ? Int(String(character))! : Int(character.asciiValue! - 55)
            for digit in String(value) { remainder = (remainder * 10 + digit.wholeNumberValue!) % 97 }
        }
        return remainder == 1
    }

    static let ibanLengths: [String: Int] = [
        "TR": 26, "DE": 22, "GB": 22, "FR": 27, "NL": 18, "ES": 24, "IT": 27, "PT": 25, "BE": 16, "AT": 20, "CH": 21, "IE": 22,
    ]

    /// T.C. Kimlik No: 11 digits, no leading zero; digit 10 = (7·(d1+d3+d5+d7+d9) − (d2+d4+d6+d8)) mod 10;
    /// digit 11 = (d1+…+d10) mod 10.
    static func isTurkishIdentity(_ text: String) -> Bool {
        let d = digits(text)
        guard d.count == 11, d[0] != 0 else { return false }
        let odd = d[0] + d[2] + d[4] + d[6] + d[8]
        let even = d[1] + d[3] + d[5] + d[7]
        let tenth = ((odd * 7 - even) % 10 + 10) % 10
        return d[9] == tenth && d[10] == d[0..<10].reduce(0, +) % 10
    }

    /// Phone numbers: Turkish (+90 / 0 then 10 digits starting 2–5) or international (+ or 00, then 8–15
    /// digits with a country code that does not start with 0).
    static func isPhone(_ text: String) -> Bool {
        let d = digits(text)
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("+") || trimmed.hasPrefix("00") {
            let international = trimmed.hasPrefix("00") ? Array(d.dropFirst(2)) : d
            guard (8...15).contains(international.count), international.first != 0 else { return false }
            if international.starts(with: [9, 0]) { return international.count == 12 && (2...5).contains(international[2]) }
            return true
        }
        if d.count == 11, d[0] == 0, (2...5).contains(d[1]) { return true }
        return d.count == 10 && d[0] == 5
    }
}

enum Masks {
    static func card(_ text: String) -> String {
        "**** **** **** " + String(Checks.digits(text).suffix(4).map(String.init).joined())
    }

    static func iban(_ text: String) -> String {
        let compact = text.uppercased().filter { !$0.isWhitespace }
        return String(compact.prefix(2)) + String(repeating: "*", count: compact.count - 6) + String(compact.suffix(4))
    }
}
