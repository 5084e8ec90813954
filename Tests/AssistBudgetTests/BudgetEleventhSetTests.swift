import AssistBudget
import AssistUnderstanding
import Testing

/// The eleventh written-after set's other shapes (`golden/written-after/README.md`): intents written loosely, two
/// months set against each other, a day "since", a season compared with itself, a merchant swapped in a short
/// question, a share of the last answer, a bare count.
@Suite("Budget: the eleventh set's intents, periods and follow-ups")
struct BudgetEleventhSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "BİM", "A101", "Shell"], today: "2031-05-14")  // a Wednesday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }

    @Test("Intents: 'hw many', 'pull up', 'each one', a misspelt 'categories', 'en çok hangi', 'kategorilere göre'")
    func intents() {
        #expect(understander.understand("hw many times did i go to migros in april").intent == .count)
        #expect(understander.understand("pull up my shell payments for 2030").intent == .listTransactions)
        #expect(understander.understand("top 4 categries this year").intent == .topCategories)
        #expect(understander.understand("top 4 categries this year").limit == 4)
        #expect(understander.understand("how much did i spend in total this year").intent == .totalSpent)  // no slip in "total"
        let topRestaurant = understander.understand("bu yıl en çok hangi restorana harcadım")
        #expect(topRestaurant.intent == .topMerchants)
        #expect(topRestaurant.category == "restaurants")
        let previous = understander.understand("what did i spend on fuel in april")
        #expect(understander.understand("can i see each one", previous: previous).intent == .listTransactions)
        let tr = understander.understand("nisanda param en çok nereye gitti?")
        #expect(understander.understand("kategorilere göre ayır", previous: tr).intent == .topCategories)
        #expect(understander.understand("nisanı marta göre karşılaştır").intent == .comparePeriods)  // "göre" alone still compares
    }

    @Test("Categories: 'filling up', 'dışarıda yemeye'")
    func categories() {
        #expect(understander.understand("what did filling up cost me in april").category == "fuel")
        #expect(understander.understand("nisanda dışarıda yemeye ne kadar harcadım").category == "restaurants")
    }

    @Test("Periods: 'compare march to april' is two months; '10 marttan beri' and 'since march 10' run to today")
    func periods() {
        let compared = understander.understand("compare april to march")
        #expect(compared.period == range("2031-04-01", "2031-04-30"))
        #expect(compared.otherPeriod == range("2031-03-01", "2031-03-31"))
        #expect(understander.understand("how much from january to march").period == range("2031-01-01", "2031-03-31"))  // still a span
        #expect(understander.understand("10 marttan beri ne kadar harcadım").period == range("2031-03-10", "2031-05-14"))
        #expect(understander.understand("how much since march 10").period == range("2031-03-10", "2031-05-14"))
        #expect(understander.understand("10 martta ne kadar harcadım").period == range("2031-03-10", "2031-03-10"))  // a day alone
        let weeks = understander.understand("geçen haftayla ondan önceki haftayı karşılaştır")
        #expect(weeks.period == range("2031-05-05", "2031-05-11"))
        #expect(weeks.otherPeriod == range("2031-04-28", "2031-05-04"))
    }

    @Test("Follow-ups: a season compared with itself is the year before's; a short merchant swap; a share; a bare count")
    func followUps() {
        let winter = understander.understand("how much did I spend on cafes this winter?")
        let compared = understander.understand("how does that compare with last winter", previous: winter)
        #expect(compared.period == range("2030-12-01", "2031-02-28"))
        #expect(compared.otherPeriod == range("2029-12-01", "2030-02-28"))
        let bim = understander.understand("geçen hafta BİM'e ne kadar verdim?")
        let swapped = understander.understand("a101'e ne kadar?", previous: bim)
        #expect(swapped.merchant == "A101")
        #expect(swapped.period == bim.period)
        let groceries = understander.understand("nisanda markete ne kadar harcadım?")
        let share = understander.understand("migros'un payı ne kadar", previous: groceries)
        #expect(share.category == "groceries")
        #expect(share.period == groceries.period)
        let top = understander.understand("top 5 categories this year")
        #expect(understander.understand("just give me 2", previous: top).limit == 2)
        #expect(understander.understand("give me 2 reasons", previous: nil).limit == nil)
    }
}
