import AssistBudget
import AssistSQLite
import AssistUnderstanding
import Foundation
import Testing

/// Issue 26: no SMS and no stored row can trap the process. Amounts are read within a bound and refused past it,
/// impossible dates are refused, and rows that hold values no import accepts make that one question fail.
@Suite("Budget bounds: amounts, dates and sums that cannot trap")
struct BudgetBoundsTests {
    static func english(_ amount: String, date: String = "12/11/2026") -> String {
        "Your card ending 1234 was charged \(amount) TRY at SHOP on \(date)."
    }

    static func turkish(_ amount: String, date: String = "12.11.2026") -> String {
        "1234 ile biten kartınızdan \(date) tarihinde SHOP işyerinden \(amount) TL harcama yapılmıştır."
    }

    static let beyond = LiraAmount.Refusal.beyondBound.reason

    @Test("amounts past 100,000,000.00 TRY are refused with the reason, never wrapped or cut", arguments: [
        english("92233720368547758.08"), english("1000000000000000000000000000000"), english("92000000000000000"),
        english("100,000,000.01"), english("100000000.01"), turkish("99999999999999999999,99"), turkish("100.000.000,01"),
    ])
    func amountsPastTheBound(_ sms: String) {
        #expect(BankSMS.read(sms) == .refused(reason: Self.beyond), "\(sms)")
        #expect(BankSMS.parse(sms) == nil)
    }

    @Test("the bound itself, and ordinary amounts in both writings, are read to the kuruş")
    func amountsWithinTheBound() {
        #expect(BankSMS.parse(Self.english("100,000,000.00"))?.amountMinor == LiraAmount.maxMinor)
        #expect(BankSMS.parse(Self.turkish("100.000.000,00"))?.amountMinor == LiraAmount.maxMinor)
        #expect(BankSMS.parse(Self.english("1,245.5"))?.amountMinor == 124_550)
        #expect(BankSMS.parse(Self.english("1245"))?.amountMinor == 124_500)
        #expect(BankSMS.parse(Self.turkish("85,25"))?.amountMinor == 8_525)
        #expect(BankSMS.parse(Self.turkish("1.085"))?.amountMinor == 108_500)
    }

    @Test("amounts that are no lira amount, or zero, are refused with their reasons", arguments: [
        (english("1,2,3.45"), LiraAmount.Refusal.notANumber), (english("1.245,50"), .notANumber), (english("12.345"), .notANumber),
        (english("1,2345.00"), .notANumber), (english("."), .notANumber), (english("10."), .notANumber), (turkish("1,245.50"), .notANumber),
        (english("0.00"), .zero), (turkish("0"), .zero),
    ])
    func amountsThatAreNotAmounts(_ sms: String, refusal: LiraAmount.Refusal) {
        #expect(BankSMS.read(sms) == .refused(reason: refusal.reason), "\(sms)")
    }

    @Test("impossible dates are refused with the reason", arguments: [
        english("10.00", date: "99/99/9999"), english("10.00", date: "0/0/0000"), english("10.00", date: "31/02/2026"),
        english("10.00", date: "29/02/2100"), english("10.00", date: "12/13/2026"), turkish("10,00", date: "00.11.2026"),
        turkish("10,00", date: "31.04.2026"), english("10.00", date: "1/1/1999"),
    ])
    func impossibleDates(_ sms: String) {
        guard case .refused(let reason)? = BankSMS.read(sms) else {
            Issue.record("\(sms) was not refused: \(String(describing: BankSMS.read(sms)))")
            return
        }
        #expect(reason.contains("is not a calendar day of the years 2000–2099"), "\(reason)")
    }

    @Test("a leap day is a day")
    func leapDay() {
        #expect(BankSMS.parse(Self.english("10.00", date: "29/02/2028"))?.date == "2028-02-29")
        #expect(BankSMS.parse(Self.english("10.00", date: "29/02/2000"))?.date == "2000-02-29")
    }

    @Test("the import reports each refused line by number with its reason and stores none of them")
    func importReportsRefusals() async throws {
        let store = try SQLiteBudgetStore(database: SQLiteDatabase(path: ":memory:"))
        let lines = [Self.english("92233720368547758.08"), Self.english("92233720368547758.08", date: "13/11/2026"),
                     Self.turkish("99999999999999999999,99"), Self.english("10.00", date: "31/02/2026"), Self.english("10.00")]
        let outcome = try await SMSImport(store: store).run(lines, user: "attacker", dryRun: false)
        #expect(outcome.map(\.number) == [1, 2, 3, 4, 5])
        #expect(outcome[0].outcome == .rejected(reason: Self.beyond) && outcome[1].outcome == .rejected(reason: Self.beyond))
        #expect(outcome[2].outcome == .rejected(reason: Self.beyond))
        #expect(outcome[3].outcome == .rejected(reason: "the date 31/02/2026 is not a calendar day of the years 2000–2099"))
        #expect(outcome[4].outcome == .stored(Transaction(date: "2026-11-12", merchant: "SHOP", category: "other", amountMinor: 1_000)))
        #expect(try store.count(user: "attacker") == 1)
    }

    /// Rows written before the bounds existed (as the attack left them), or by hand.
    func storeWithRows(_ rows: [(amount: Int, date: String)]) throws -> SQLiteBudgetStore {
        let store = try SQLiteBudgetStore(database: SQLiteDatabase(path: ":memory:"))
        for row in rows { try store.add(user: "attacker", Transaction(date: row.date, merchant: "SHOP", category: "other", amountMinor: row.amount)) }
        try store.add(user: "neighbour", Transaction(date: "2026-11-12", merchant: "Migros", category: "groceries", amountMinor: 12_345))
        return store
    }

    static let november = DateResolver.Range(from: "2026-11-01", to: "2026-11-30")

    @Test("stored rows past the bound, or whose sum leaves Int's range, fail the question with BudgetDataError, for every intent",
          arguments: FinanceQuestion.Intent.allCases)
    func storedRowsFailTheQuestion(_ intent: FinanceQuestion.Intent) async throws {
        for rows in [[(Int.max, "2026-11-12"), (Int.max, "2026-11-13")], [(Int.max / 2, "2026-11-12")],
                     [(Int.min, "2026-11-12")], [(100, "2026-11-1x")]] as [[(Int, String)]] {
            let store = try storeWithRows(rows)
            let question = FinanceQuestion(intent: intent, period: Self.november, otherPeriod: .init(from: "2026-10-01", to: "2026-10-31"))
            for locale in ["en-US", "tr-TR"] {
                await #expect(throws: BudgetDataError.self, "\(rows) \(intent) \(locale)") {
                    try await BudgetAnswerer(store: store, user: "attacker", locale: locale).answer(question)
                }
            }
            // Another user's questions are untouched.
            let theirs = try await BudgetAnswerer(store: store, user: "neighbour", locale: "en-US").answer(FinanceQuestion(intent: .totalSpent, period: Self.november))
            #expect(theirs.totalMinor == 12_345)
        }
    }

    @Test("rows at the bound are read and summed exactly")
    func rowsAtTheBound() async throws {
        let store = try storeWithRows([(LiraAmount.maxMinor, "2026-11-12"), (LiraAmount.maxMinor, "2026-11-13")])
        let answer = try await BudgetAnswerer(store: store, user: "attacker", locale: "en-US").answer(FinanceQuestion(intent: .totalSpent, period: Self.november))
        #expect(answer.totalMinor == 2 * LiraAmount.maxMinor)
        #expect(answer.reply == "You spent TRY 200,000,000.00 in November 2026 (2 transactions).")
    }

    @Test("a list's length is held within 1...50, whatever a stored conversation asks for")
    func boundedLimits() async throws {
        let store = try storeWithRows([(1_000, "2026-11-12"), (2_000, "2026-11-13")])
        for limit in [-5, 0, 1_000_000, Int.min, Int.max] {
            for intent in [FinanceQuestion.Intent.listTransactions, .topMerchants, .topCategories] {
                let answer = try await BudgetAnswerer(store: store, user: "attacker", locale: "en-US")
                    .answer(FinanceQuestion(intent: intent, period: Self.november, limit: limit))
                #expect(!answer.reply.isEmpty)
            }
        }
    }

    @Test("an import stops at the most transactions a user may hold, refusing the lines past it")
    func importBound() async throws {
        #expect(SMSImport.maxTransactionsPerUser == 100_000)
        let store = try SQLiteBudgetStore(database: SQLiteDatabase(path: ":memory:"))
        try store.replace(user: "u", with: (0..<3).map { Transaction(date: "2026-11-01", merchant: "M\($0)", category: "other", amountMinor: 100) })
        let importer = SMSImport(store: store, maxTransactions: 4)
        let outcome = try await importer.run([Self.english("1.00"), Self.english("2.00"), Self.english("1.00")], user: "u", dryRun: false)
        #expect(outcome[0].outcome == .stored(Transaction(date: "2026-11-12", merchant: "SHOP", category: "other", amountMinor: 100)))
        #expect(outcome[1].outcome == .rejected(reason: "the budget holds 4 transactions, the most it may"))
        #expect(outcome[2].outcome == .duplicate(Transaction(date: "2026-11-12", merchant: "SHOP", category: "other", amountMinor: 100)))
        #expect(try store.count(user: "u") == 4)
    }
}
