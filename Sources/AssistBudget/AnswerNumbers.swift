import AssistUnderstanding
import Foundation

/// The numbers a model's free answer writes, read as values, and the contact details it must not carry: what
/// `AskAnything` holds an answer to before anyone sees it.
///
/// A number is an *amount* when a currency stands beside it (TRY, TL, ₺, lira) or it has decimals ("1.245,50",
/// "1,245.50"); its value is in kuruş. Any other number is a *count*: a number of transactions, or a part of a date.
/// A separator followed by one or two digits is the decimal mark, by three a thousands mark, so both the Turkish and
/// the English writing read the same value. A number written any other way is unreadable, which fails the check.
enum AnswerNumbers {
    enum Reading: Equatable {
        case amount(minor: Int)
        case count(Int)
        /// "30.11.2026", "30/11/2026": a date's parts.
        case date([Int])
        case unreadable
    }

    struct Found: Equatable {
        var written: String
        var reading: Reading
    }

    /// Every number in `text`, in order.
    static func read(_ text: String) -> [Found] {
        let characters = Array(text)
        var found: [Found] = []
        var index = 0
        while index < characters.count {
            guard characters[index].isASCII, characters[index].isNumber else { index += 1; continue }
            var end = index
            // Digits, and a separator only between digits.
            while end < characters.count {
                let c = characters[end]
                if c.isASCII, c.isNumber { end += 1; continue }
                if [".", ",", "/"].contains(c), end + 1 < characters.count, characters[end + 1].isASCII, characters[end + 1].isNumber { end += 1; continue }
                break
            }
            let written = String(characters[index..<end])
            let currency = hasCurrency(before: characters[..<index]) || hasCurrency(after: characters[end...])
            found.append(Found(written: written, reading: reading(written, currency: currency)))
            index = end
        }
        return found
    }

    static func reading(_ written: String, currency: Bool) -> Reading {
        let dateParts = written.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "/" })
        if !written.contains(","), dateParts.count == 3, dateParts[0].count <= 2, dateParts[1].count <= 2, dateParts[2].count == 4 {
            return .date(dateParts.compactMap { Int($0) })
        }
        guard !written.contains("/") else { return .unreadable }
        let separators = written.indices.filter { written[$0] == "." || written[$0] == "," }
        var integerDigits = written[...], fraction = ""[...]
        if let last = separators.last {
            let after = written[written.index(after: last)...]
            if after.count <= 2 {
                integerDigits = written[..<last]
                fraction = after
                // Thousands marks are the other character, in groups of three.
                let mark: Character = written[last] == "." ? "," : "."
                guard groupsOfThree(integerDigits, mark: mark) else { return .unreadable }
            } else if after.count == 3 {
                guard groupsOfThree(written[...], mark: written[last]) else { return .unreadable }
            } else {
                return .unreadable
            }
        }
        guard let whole = checkedValue(integerDigits.filter(\.isNumber)) else { return .unreadable }
        if fraction.isEmpty, !currency { return .count(whole) }
        let cents = fraction.isEmpty ? 0 : (Int(fraction) ?? 0) * (fraction.count == 1 ? 10 : 1)
        let (hundreds, overflowMultiply) = whole.multipliedReportingOverflow(by: 100)
        let (minor, overflowAdd) = hundreds.addingReportingOverflow(cents)
        return overflowMultiply || overflowAdd ? .unreadable : .amount(minor: minor)
    }

    /// "1.245.300" with `.`: a first group of 1–3 digits, then groups of exactly three, and no other mark.
    static func groupsOfThree(_ text: Substring, mark: Character) -> Bool {
        let groups = text.split(separator: mark, omittingEmptySubsequences: false)
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return false }
        return groups.count == 1 || (groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 })
    }

    static func checkedValue(_ digits: String) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        return Int(digits)
    }

    static let currencyWords: Set<String> = ["try", "tl", "₺", "lira", "lirası", "liralık"]

    static func hasCurrency(before text: ArraySlice<Character>) -> Bool {
        let word = String(text.reversed().drop(while: \.isWhitespace).prefix(while: { !$0.isWhitespace && !$0.isNumber }).reversed())
        return currencyWords.contains(word.lowercased()) || word.hasSuffix("₺")
    }

    static func hasCurrency(after text: ArraySlice<Character>) -> Bool {
        let word = String(text.drop(while: \.isWhitespace).prefix(while: { $0.isLetter || $0 == "₺" }))
        return currencyWords.contains(word.lowercased())
    }

    /// A link ("https://…", "www.…", "evil.example/login", "shop.com"), an e-mail address or a phone number in
    /// `text`: the first one's kind, or nil. No fact is one, so an answer that carries one is withheld.
    static func contact(in text: String) -> String? {
        // An address first: its domain would read as a link.
        let findings = PIIMasker().mask(text).findings
        if findings.contains(where: { $0.kind == .email }) { return "email" }
        if findings.contains(where: { $0.kind == .phone }) { return "phone" }
        return link.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil ? "link" : nil
    }

    static let link = try! NSRegularExpression(  // Force-try is safe: a constant, exercised by the tests.
        pattern: #"[a-z][a-z0-9+.-]*://|\bwww\.|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}/|\b[a-z0-9-]+\.(com|net|org|info|biz|io|co|app|dev|xyz|site|online|shop|example|tr|ru|cn|me|ly|link|click)\b"#,
        options: [.caseInsensitive])
}
