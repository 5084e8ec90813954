import AssistBudget
import AssistUnderstanding
import Testing

/// The twenty-third written-after set's misses (`golden/written-after/README.md`), fixed by general rules: a period
/// compared with "the same month last year" is set against that month a year back, not the whole of last year; the
/// Turkish holidays Nevruz and Paskalya (Easter) are their latest day. Each beside the reading it must not take.
@Suite("Budget: the twenty-third set's periods")
struct BudgetTwentyThirdSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Netflix", "Shell"], today: "2039-11-09")  // a Wednesday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
    func ask(_ text: String) -> FinanceQuestion { understander.understand(text) }

    @Test("'compare this month to the same month last year': this month so far against that month a year back")
    func sameMonthLastYear() {
        for text in ["compare this month to the same month last year", "bu ayı geçen yılın aynı ayıyla kıyasla"] {
            let question = ask(text)
            #expect(question.intent == .comparePeriods, "\(text)")
            #expect(question.period == range("2039-11-01", "2039-11-09"), "\(text)")
            #expect(question.otherPeriod == range("2038-11-01", "2038-11-30"), "\(text)")
        }
        // "last year" alone is the whole year.
        #expect(ask("compare this month to last year").otherPeriod == range("2038-01-01", "2038-12-31"))
    }

    @Test("'nevruzda' is March 21 and 'paskalyada' Easter Sunday, their latest day")
    func turkishHolidays() {
        #expect(ask("nevruzda ne kadar harcadım").period == range("2039-03-21", "2039-03-21"))
        // Easter 2039 was April 10.
        #expect(ask("paskalyada ne kadar harcadım").period == range("2039-04-10", "2039-04-10"))
        #expect(ask("paskalyadan beri Migros'ta ne kadar harcadım").period == range("2039-04-10", "2039-11-09"))
    }
}
