import AssistBudget
import AssistUnderstanding
import Testing

/// Budget phrasings the second written-after set found missing (`golden/written-after/README.md`): this week, since
/// a month, the most paid at once, where most of the money went, akaryakıt. Each beside the reading it must not take.
@Suite("Budget phrasing: weeks, since a month, the most paid")
struct BudgetPhrasingTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Nusr-Et", "Opet"], today: "2026-12-02")  // a Wednesday

    @Test("this week is Monday to today; since January and ocaktan beri run to today; a month alone is that month")
    func periods() {
        #expect(understander.understand("where did I spend the most this week?").period == DateResolver.Range(from: "2026-11-30", to: "2026-12-02"))
        #expect(understander.understand("bu hafta ne kadar harcadım?").period == DateResolver.Range(from: "2026-11-30", to: "2026-12-02"))
        #expect(understander.understand("how much on fuel since January?").period == DateResolver.Range(from: "2026-01-01", to: "2026-12-02"))
        #expect(understander.understand("ocaktan beri akaryakıta ne kadar harcadım?").period == DateResolver.Range(from: "2026-01-01", to: "2026-12-02"))
        #expect(understander.understand("martan beri Migros'a ne kadar harcadım?").period == DateResolver.Range(from: "2026-03-01", to: "2026-12-02"))
        #expect(understander.understand("how much on fuel in January?").period == DateResolver.Range(from: "2026-01-01", to: "2026-01-31"))
    }

    @Test("the most paid at once is the largest payment; where most of the money went is the top merchants")
    func intents() {
        #expect(understander.understand("what's the most I paid at Nusr-Et this year?").intent == .largest)
        #expect(understander.understand("bu yıl Nusr-Et'te en fazla ne ödedim?").intent == .largest)
        #expect(understander.understand("where did most of my money go last month?").intent == .topMerchants)
        #expect(understander.understand("geçen ay paramın çoğu nereye gitti?").intent == .topMerchants)
        #expect(understander.understand("geçen ay en fazla nereye harcadım?").intent == .topMerchants)
        #expect(understander.understand("where did I spend the most last month?").intent == .topMerchants)
    }

    @Test("the third set's phrasings: dinner, count my, make it N, the month before in a comparison, an explicit year, alışveriş as an act")
    func thirdSet() {
        let monday = FinanceUnderstander(merchants: ["Spotify", "Shell", "Zara"], today: "2027-02-15")
        #expect(monday.understand("my most expensive dinner in January").category == "restaurants")
        #expect(monday.understand("ocak ayındaki en pahalı akşam yemeğim").category == "restaurants")
        #expect(monday.understand("count my Spotify payments since October").intent == .count)
        let top = monday.understand("top 3 places last month")
        #expect(monday.understand("make it 5", previous: top).limit == 5 && monday.understand("5 olsun", previous: top).limit == 5)
        let compared = monday.understand("compare last month with the month before")
        #expect(compared.intent == .comparePeriods && compared.otherPeriod == DateResolver.Range(from: "2026-12-01", to: "2026-12-31"))
        #expect(monday.understand("geçen ayı bir önceki ayla karşılaştır").otherPeriod == DateResolver.Range(from: "2026-12-01", to: "2026-12-31"))
        #expect(monday.understand("how much went on books in 2026?").period == DateResolver.Range(from: "2026-01-01", to: "2026-12-31"))
        #expect(monday.understand("2027'de kitaplara ne kadar harcadım?").period == DateResolver.Range(from: "2027-01-01", to: "2027-02-15"))
        #expect(monday.understand("2000 TL üstü harcamalarım").period == DateResolver.Range(from: "2027-02-01", to: "2027-02-15"))
        let cafes = monday.understand("bu yıl kafelere ne kadar harcadım?")
        let count = monday.understand("bu kaç alışveriş ediyor?", previous: cafes)
        #expect(count.intent == .count && count.category == "cafes" && count.period == cafes.period)
        #expect(monday.understand("geçen ay alışverişe ne kadar harcadım?").category == "shopping")
        let january = monday.understand("ocakta Shell'e ne kadar harcadım?")
        #expect(monday.understand("ya bir önceki yıl?", previous: january).period == DateResolver.Range(from: "2026-01-01", to: "2026-01-31"))
    }

    @Test("the fourth set's phrasings: the same month last year, which merchant, bu haftaki")
    func fourthSet() {
        let wednesday = FinanceUnderstander(merchants: ["Zara", "Migros"], today: "2027-05-19")
        let clothing = wednesday.understand("how much did I spend on clothing last month?")
        let sameMonth = wednesday.understand("what about the same month last year?", previous: clothing)
        #expect(sameMonth.period == DateResolver.Range(from: "2026-04-01", to: "2026-04-30") && sameMonth.category == "clothing")
        let giyim = wednesday.understand("geçen ay giyime ne kadar harcadım?")
        let ayniAy = wednesday.understand("peki geçen yılın aynı ayı?", previous: giyim)
        #expect(ayniAy.period == DateResolver.Range(from: "2026-04-01", to: "2026-04-30") && ayniAy.category == "clothing")
        // Last year alone, after a month, is the whole of last year.
        #expect(wednesday.understand("and last year?", previous: clothing).period == DateResolver.Range(from: "2026-01-01", to: "2026-12-31"))
        #expect(wednesday.understand("which merchant took the most money in April?").intent == .topMerchants)
        #expect(wednesday.understand("hangi işyeri en çok para aldı?").intent == .topMerchants)
        #expect(wednesday.understand("bu haftaki en büyük restoran hesabı").period == DateResolver.Range(from: "2027-05-17", to: "2027-05-19"))
        #expect(wednesday.understand("geçen haftaki market harcamam").period == DateResolver.Range(from: "2027-05-10", to: "2027-05-16"))
    }

    @Test("akaryakıt is fuel")
    func fuel() {
        #expect(understander.understand("geçen ay akaryakıta ne kadar gitti?").category == "fuel")
    }
}
