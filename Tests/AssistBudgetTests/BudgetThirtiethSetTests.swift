import AssistBudget
import AssistUnderstanding
import Testing

/// The thirtieth written-after set's misses (`golden/written-after/README.md`), read by general rules. Each beside the
/// reading it must not take.
@Suite("Budget: the thirtieth set")
struct BudgetThirtiethSetTests {
    let sunday = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2052-09-08")
    let wednesday = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2052-09-04")

    func ask(_ text: String, after previous: String? = nil) -> FinanceQuestion {
        sunday.understand(text, previous: previous.map { sunday.understand($0) })
    }
    func span(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }

    @Test("'this weekend' on a Saturday or Sunday is this weekend so far")
    func thisWeekend() {
        #expect(ask("starbucks this weekend").period == span("2052-09-07", "2052-09-08"))
        #expect(ask("bu hafta sonu migros'a ne kadar harcadım").period == span("2052-09-07", "2052-09-08"))
        #expect(sunday.understand("starbucks last weekend").period == span("2052-08-31", "2052-09-01"))
        // On a weekday, "this weekend" is read as before (not this weekend so far, which has not begun).
        #expect(wednesday.understand("starbucks this weekend").period != span("2052-09-07", "2052-09-08"))
    }

    @Test("a period after a correction replaces the one before it")
    func correctedPeriod() {
        let walmart = ask("how much at walmart on friday, no wait, thursday")
        #expect(walmart.period == span("2052-09-05", "2052-09-05") && walmart.intent == .totalSpent && walmart.otherPeriod == nil)
        #expect(ask("geçen ay değil bu ay martı'ya kaç kez ödeme yaptım").period == span("2052-09-01", "2052-09-08"))
        // Two periods with no correction between them are still compared.
        #expect(ask("walmart friday vs thursday").intent == .comparePeriods)
    }

    @Test("follow-ups: 'try 2050' and 'higher than july?' name no shop; 'bunun ne kadarını' is a part of the last answer")
    func followUps() {
        let year = ask("try 2050", after: "Restaurants last year - what did that run me?")
        #expect(year.merchant == nil && year.category == "restaurants" && year.period == span("2050-01-01", "2050-12-31"))
        let higher = ask("higher than july?", after: "Clothes spending in August?")
        #expect(higher.merchant == nil && higher.intent == .comparePeriods && higher.otherPeriod == span("2052-07-01", "2052-07-31"))
        let part = ask("peki bunun ne kadarını akpet'te ödemişim", after: "Ağustosta akaryakıta ne kadar ödedim?")
        #expect(part.merchant == "Akpet" && part.category == "fuel" && part.period == span("2052-08-01", "2052-08-31"))
    }
}
