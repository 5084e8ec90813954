import AssistUnderstanding
import Foundation

/// Computes the answer to a `FinanceQuestion` from the user's transactions and writes the reply from a
/// template. No model writes any sentence here: every number, merchant and date in a reply comes from the
/// query result, formatted by code. Every sum and difference is checked (`BudgetArithmetic`): data that cannot be
/// summed throws `BudgetDataError` for this question alone, never traps.
public struct BudgetAnswerer: Sendable {
    public struct Answer: Sendable, Equatable {
        public var reply: String
        /// The computed value behind the reply, for tests and `--json`.
        public var totalMinor: Int?
        /// How many of the user's transactions the question's period (and merchant or category) matched.
        public var transactions = 0
    }

    let store: any BudgetStore
    let user: String
    let turkish: Bool

    public init(store: any BudgetStore, user: String, locale: String) {
        self.store = store
        self.user = user
        self.turkish = locale.lowercased().hasPrefix("tr")
    }

    public func answer(_ question: FinanceQuestion) async throws -> Answer {
        let rows = try await store.transactions(user: user, from: question.period.from, to: question.period.to,
                                          merchant: question.merchant, category: question.category)
        var answer = try await compose(question, rows: rows)
        answer.transactions = rows.count
        return answer
    }

    private func compose(_ question: FinanceQuestion, rows: [Transaction]) async throws -> Answer {
        let subject = question.merchant ?? question.category.map { turkish ? Self.turkishCategory[$0] ?? $0 : $0 }
        let period = describe(question.period)
        let total = try BudgetArithmetic.total(rows)
        switch question.intent {
        case .totalSpent:
            return Answer(reply: turkish
                ? "\(period) \(subject.map { "\($0) için " } ?? "")toplam \(money(total)) harcadınız (\(rows.count) işlem)."
                : "You spent \(money(total))\(subject.map { " on \($0)" } ?? "") \(period) (\(rows.count) \(rows.count == 1 ? "transaction" : "transactions")).",
                          totalMinor: total)
        case .count:
            return Answer(reply: turkish
                ? "\(period) \(subject.map { "\($0) için " } ?? "")\(rows.count) işlem yaptınız."
                : "You made \(rows.count) \(rows.count == 1 ? "purchase" : "purchases")\(subject.map { " at \($0)" } ?? "") \(period).",
                          totalMinor: total)
        case .average:
            let average = rows.isEmpty ? 0 : total / rows.count
            return Answer(reply: turkish
                ? "\(period) \(subject.map { "\($0) için " } ?? "")işlem başına ortalama \(money(average)) harcadınız."
                : "You spent \(money(average)) per purchase on average\(subject.map { " at \($0)" } ?? "") \(period).", totalMinor: average)
        case .largest:
            guard let top = rows.max(by: { $0.amountMinor < $1.amountMinor }) else { return none(period) }
            return Answer(reply: turkish
                ? "\(period) en büyük harcamanız \(day(top.date)) tarihinde \(top.merchant): \(money(top.amountMinor))."
                : "Your largest purchase \(period) was \(money(top.amountMinor)) at \(top.merchant) on \(day(top.date)).", totalMinor: top.amountMinor)
        case .topMerchants, .topCategories:
            let ranked = try Self.ranked(rows, by: question.intent == .topMerchants ? \.merchant : \.category, limit: question.limit ?? 3)
            guard !ranked.isEmpty else { return none(period) }
            let list = ranked.map { name, sum in
                "\(question.intent == .topCategories && turkish ? Self.turkishCategory[name] ?? name : name) \(money(sum))"
            }.joined(separator: ", ")
            return Answer(reply: turkish ? "\(period) en çok harcama: \(list)." : "Where you spent most \(period): \(list).",
                          totalMinor: ranked.first?.value)
        case .listTransactions:
            guard !rows.isEmpty else { return none(period) }
            let shown = rows.suffix(Self.bounded(question.limit ?? 10)).map { "\(day($0.date)) \($0.merchant) \(money($0.amountMinor))" }
            return Answer(reply: (turkish ? "\(period) işlemleriniz: " : "Your transactions \(period): ") + shown.joined(separator: "; ") + ".",
                          totalMinor: total)
        case .comparePeriods:
            guard let other = question.otherPeriod else { return try await answer(FinanceQuestion(intent: .totalSpent, period: question.period,
                                                                                              merchant: question.merchant, category: question.category)) }
            let otherRows = try await store.transactions(user: user, from: other.from, to: other.to, merchant: question.merchant, category: question.category)
            let otherTotal = try BudgetArithmetic.total(otherRows)
            let difference = try BudgetArithmetic.difference(total, otherTotal)
            return Answer(reply: turkish
                ? "\(period): \(money(total)); \(describe(other)): \(money(otherTotal)); fark \(money(magnitude: difference.magnitude)) \(difference >= 0 ? "daha fazla" : "daha az")."
                : "\(period.capitalizedFirst): \(money(total)); \(describe(other)): \(money(otherTotal)); \(money(magnitude: difference.magnitude)) \(difference >= 0 ? "more" : "less").",
                          totalMinor: difference)
        }
    }

    /// The `limit` names (merchants or categories) with the most spent, with their sums: largest first, ties by name.
    static func ranked(_ rows: [Transaction], by key: (Transaction) -> String, limit: Int) throws(BudgetDataError) -> [(key: String, value: Int)] {
        var sums: [String: Int] = [:]
        for (name, group) in Dictionary(grouping: rows, by: key) { sums[name] = try BudgetArithmetic.total(group) }
        return Array(sums.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(bounded(limit)))
    }

    /// A list's length within 1...50, whatever a stored conversation or a caller asks for (`suffix` and `prefix` trap
    /// on a negative count).
    static func bounded(_ limit: Int) -> Int { min(max(limit, 1), 50) }

    private func none(_ period: String) -> Answer {
        Answer(reply: turkish ? "\(period) bu soruya uyan bir harcama yok." : "There is no spending matching that \(period).", totalMinor: 0)
    }

    /// "1.234,50 TL" in Turkish, "TRY 1,234.50" in English.
    func money(_ minor: Int) -> String { money(magnitude: minor.magnitude, negative: minor < 0) }

    /// The same for an amount given as its magnitude (Int.min has none as an Int).
    func money(magnitude: UInt, negative: Bool = false) -> String {
        let lira = magnitude / 100, kurus = magnitude % 100
        var digits = String(lira)
        var grouped: [String] = []
        while digits.count > 3 {
            grouped.insert(String(digits.suffix(3)), at: 0)
            digits = String(digits.dropLast(3))
        }
        grouped.insert(digits, at: 0)
        let sign = negative ? "-" : ""
        let cents = (kurus < 10 ? "0" : "") + String(kurus)
        return turkish ? "\(sign)\(grouped.joined(separator: ".")),\(cents) TL"
                       : "TRY \(sign)\(grouped.joined(separator: ",")).\(cents)"
    }

    static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    static let turkishMonths = ["Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım", "Aralık"]

    func day(_ iso: String) -> String {
        let parts = iso.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]) else { return iso }
        return turkish ? "\(parts[2]) \(Self.turkishMonths[parts[1] - 1])" : "\(Self.englishMonths[parts[1] - 1]) \(parts[2])"
    }

    func describe(_ range: DateResolver.Range) -> String {
        let from = range.from.split(separator: "-").compactMap { Int($0) }, to = range.to.split(separator: "-").compactMap { Int($0) }
        if from.count == 3, to.count == 3, from[2] == 1, from[0] == to[0], from[1] == to[1], (1...12).contains(from[1]) {
            return turkish ? "\(Self.turkishMonths[from[1] - 1]) \(from[0])" : "in \(Self.englishMonths[from[1] - 1]) \(from[0])"
        }
        return turkish ? "\(day(range.from)) – \(day(range.to)) arasında" : "from \(day(range.from)) to \(day(range.to))"
    }

    static let turkishCategory = ["restaurants": "restoranlar", "groceries": "market", "cafes": "kafeler", "fuel": "yakıt",
                                  "transport": "ulaşım", "subscriptions": "abonelikler", "bills": "faturalar", "clothing": "giyim",
                                  "shopping": "alışveriş", "travel": "seyahat", "entertainment": "eğlence", "books": "kitap",
                                  "personal care": "kişisel bakım"]
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
