import AssistBudget
import AssistUnderstanding
import Testing

/// The thirty-ninth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the thirty-ninth set")
struct BudgetThirtyNinthSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2057-01-19")  // a Friday

    @Test("across the new year: 'from new year's eve on', 'nye'; 'on new year's eve' alone is that day")
    func newYear() {
        #expect(ask("starbucks from new year's eve on").period == span("2056-12-31", "2057-01-19"))
        #expect(ask("fuel on nye").period == span("2056-12-31", "2056-12-31"))
        #expect(ask("fuel on new year's eve").period == span("2056-12-31", "2056-12-31"))
    }

    @Test("ways of asking: 'mean weekly', 'hit my card hardest', 'cost me the most', 'count up', 'run me through', 'with dates', 'bill by bill'")
    func english() {
        #expect(ask("mean weekly grocery spend in q3").intent == .average)
        #expect(ask("which starbucks order hit my card hardest").intent == .largest)
        #expect(ask("which grocery purchase in june cost me the most").intent == .largest)
        #expect(ask("count up everything i paid for on tuesday").intent == .count)
        #expect(ask("run me through what i bought on monday").intent == .listTransactions)
        #expect(ask("what phone bills did i pay last year, with dates").intent == .listTransactions)
        #expect(after("How much did I pay for internet last year?", "list them bill by bill").intent == .listTransactions)
        #expect(ask("how much did i pay for internet last year").intent == .totalSpent)
    }

    @Test("Turkish: 'kimlere en çok', 'düşük müydü', 'ay ay', 'her ücreti', 'en çok para verdiğim ürün'")
    func turkish() {
        #expect(ask("kasımda kimlere en çok para ödemişim").intent == .topMerchants)
        let lower = after("Kasımda markete ne kadar harcadım?", "ekim bundan düşük müydü")
        #expect(lower.intent == .comparePeriods && lower.otherPeriod == span("2056-10-01", "2056-10-31"))
        #expect(ask("su faturalarımı 2056 için ay ay görmek istiyorum").intent == .listTransactions)
        #expect(ask("bu ay çekilen her ücreti göreyim").intent == .listTransactions)
        #expect(ask("aralıktan beri migros'ta en çok para verdiğim ürün").intent == .largest)
    }

    @Test("a category's phrase names no shop: 'personal care charges' is personal care, no 'Care'")
    func categoryPhraseNoShop() {
        let care = ask("give me the list of personal care charges from june to august")
        #expect(care.merchant == nil && care.category == "personal care")
        #expect(ask("starbucks charges from june to august").merchant == "Starbucks")
    }

    @Test("its leftovers: a long date word with a slip ('wendsday', 'thanksgving', 'decmber', 'thurdsay'); a common word stays one")
    func slips() {
        #expect(ask("fuel on wendsday").period == span("2057-01-17", "2057-01-17"))
        #expect(ask("starbucks since thanksgving").period == span("2056-11-23", "2057-01-19"))
        #expect(ask("groceries in decmber").period == span("2056-12-01", "2056-12-31"))
        #expect(ask("starbucks on thurdsay").period == span("2057-01-18", "2057-01-18"))
        // "christian" (a common word) is no Christmas: the question names no day, as with another name there.
        #expect(ask("spending at christian brothers automotive").period == ask("spending at acme brothers automotive").period)
        #expect(ask("spending at christian brothers automotive").period != span("2056-12-25", "2056-12-25"))
    }

    @Test("its leftovers: two days in a row joined, 'geçen cumartesi ve pazar', 'last saturday and sunday'; days apart stay apart")
    func twoDaysJoined() {
        #expect(ask("geçen cumartesi ve pazar migros harcamam").period == span("2057-01-13", "2057-01-14"))
        #expect(ask("starbucks last saturday and sunday").period == span("2057-01-13", "2057-01-14"))
        // Monday and Wednesday are not one span: the first is the period, as before.
        #expect(ask("starbucks on monday and wednesday").period == span("2057-01-15", "2057-01-15"))
    }
}
