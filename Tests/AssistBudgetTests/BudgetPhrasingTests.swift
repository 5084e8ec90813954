import AssistBudget
import AssistUnderstanding
import Testing

/// Budget phrasings the written-after sets found missing (`golden/written-after/README.md`): this week, since a month,
/// the most paid at once, where most of the money went, akaryakıt; from the fifth, a count before its noun, a new
/// count after a top list, one payment's size, "kaç lira" as an amount, alışveriş as one purchase, and a comparison
/// with the last question; from the sixth, "A or B?" between periods, last weekend, since the start of the year,
/// "temmuzdan bu yana", a meal out, "avg", a filler before a follow-up and "peki" at its end. Each beside the reading
/// it must not take.
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

    /// The fifth set's day: a Wednesday.
    let august = FinanceUnderstander(merchants: ["Migros", "Gratis", "Kahve Dünyası"], today: "2027-08-11")
    let thisMonth = DateResolver.Range(from: "2027-08-01", to: "2027-08-11")
    let lastMonth = DateResolver.Range(from: "2027-07-01", to: "2027-07-31")

    @Test("a count before its noun, past words that qualify it, is the limit; a count of months is not")
    func countBeforeNoun() {
        #expect(august.understand("what are my 3 biggest spending categories this year?").limit == 3)
        #expect(august.understand("top 5 categories last month").limit == 5)
        #expect(august.understand("my 4 main spending categories").limit == 4)
        #expect(august.understand("which categories did I spend most on in the last 3 months?").limit == nil)
        #expect(august.understand("son 3 ayda kategoriler").limit == nil)
    }

    @Test("after a top list, a new count with a display verb changes the count and keeps the list; alone, show is a list of payments")
    func newCountAfterTopList() {
        let top = august.understand("what were my top 3 categories last month?")
        let six = august.understand("show me 6 instead", previous: top)
        #expect(six.intent == .topCategories && six.limit == 6 && six.period == lastMonth)
        let merchants = august.understand("bu yıl en çok harcadığım 5 mağaza")
        let turkish = august.understand("6 tane göster", previous: merchants)
        #expect(turkish.intent == .topMerchants && turkish.limit == 6)
        let spent = august.understand("how much did I spend at Migros last month?")
        #expect(august.understand("show me those", previous: spent).intent == .listTransactions)
    }

    @Test("the most spent in one go, in a single purchase, tek seferde, is the largest payment; in one month is not")
    func oneGo() {
        #expect(august.understand("most I've spent on travel in one go this year").intent == .largest)
        #expect(august.understand("the most I spent in a single purchase last month").intent == .largest)
        #expect(august.understand("bu yıl tek seferde en çok ne harcadım?").intent == .largest)
        #expect(august.understand("how much did I spend in one month on average?").intent == .average)
        #expect(august.understand("how much did I spend in one month?").intent == .totalSpent)
    }

    @Test("kaç before money or a currency asks an amount; kaç kez and kaç işlem stay counts")
    func howMuchMoney() {
        for text in ["bu ay Migros'a kaç para bıraktım?", "geçen ay eğlenceye kaç lira gitti", "bu ay kaç TL harcadım?"] {
            #expect(august.understand(text).intent == .totalSpent, "\(text)")
        }
        #expect(august.understand("bu ay Migros'a kaç kez gittim?").intent == .count)
        #expect(august.understand("bu ay kaç işlem yaptım?").intent == .count)
    }

    @Test("alışveriş after en pahalı, en büyük or son is one purchase; as a noun of its own it is the shopping category")
    func purchase() {
        #expect(august.understand("son 3 ayda en pahalı alışverişim neydi?").category == nil)
        #expect(august.understand("en büyük alışverişim neydi?").category == nil)
        #expect(august.understand("son alışverişim ne kadardı?").category == nil)
        #expect(august.understand("son 3 ayda alışverişe ne kadar harcadım?").category == "shopping")
    }

    @Test("a comparison with one period after a question compares that question's period with it, keeping the merchant")
    func compareWithLast() {
        let gratis = august.understand("bu ay Gratis'e ne kadar gitti?")
        let compared = august.understand("geçen ayla kıyasla", previous: gratis)
        #expect(compared.intent == .comparePeriods && compared.period == thisMonth && compared.otherPeriod == lastMonth)
        #expect(compared.merchant == "Gratis")
        let english = august.understand("compared with last month", previous: august.understand("how much on cafes this month?"))
        #expect(english.intent == .comparePeriods && english.period == thisMonth && english.otherPeriod == lastMonth && english.category == "cafes")
        let july = august.understand("temmuzda Migros'a ne kadar harcadım?")
        let before = august.understand("önceki ayla karşılaştır", previous: july)
        #expect(before.period == lastMonth && before.otherPeriod == DateResolver.Range(from: "2027-06-01", to: "2027-06-30"))
        #expect(august.isFollowUp("geçen ayla kıyasla", after: gratis))
        // Both periods named: a comparison of its own, not of the last question.
        let own = august.understand("compare last month with the month before", previous: gratis)
        #expect(own.period == lastMonth && own.otherPeriod == DateResolver.Range(from: "2027-06-01", to: "2027-06-30"))
    }

    // The sixth set's shapes, against its anchor day, a Wednesday.
    let october = FinanceUnderstander(merchants: ["Migros", "BİM", "BiTaksi", "Big Chefs"], today: "2027-10-20")
    var september: DateResolver.Range { DateResolver.Range(from: "2027-09-01", to: "2027-09-30") }
    var yearToDate: DateResolver.Range { DateResolver.Range(from: "2027-01-01", to: "2027-10-20") }

    @Test("a period or the one before it, set against each other with 'or', is a comparison; 'or' between other things is not")
    func orComparison() {
        let which = october.understand("did I spend more last month or the month before?")
        #expect(which.intent == .comparePeriods && which.period == september)
        #expect(which.otherPeriod == DateResolver.Range(from: "2027-08-01", to: "2027-08-31"))
        #expect(october.understand("ağustos mu eylül mü daha masraflıydı?").intent == .comparePeriods)
        #expect(october.understand("how much on cafes or restaurants last month?").intent == .totalSpent)
        #expect(october.understand("how much did I spend the month before last?").intent == .totalSpent)
    }

    @Test("last weekend is the Saturday and Sunday of last week; last week stays Monday to Sunday")
    func lastWeekend() {
        let weekend = DateResolver.Range(from: "2027-10-16", to: "2027-10-17")
        #expect(october.understand("list all my BiTaksi rides from last weekend").period == weekend)
        #expect(october.understand("geçen hafta sonu BiTaksi yolculuklarımı göster").period == weekend)
        #expect(october.understand("geçen haftasonu ne kadar harcadım").period == weekend)
        #expect(october.understand("geçen hafta ne kadar harcadım").period == DateResolver.Range(from: "2027-10-11", to: "2027-10-17"))
        let sunday = FinanceUnderstander(merchants: [], today: "2027-10-24")
        #expect(sunday.understand("how much did I spend last weekend?").period == weekend)
    }

    @Test("since the start of the year, yılbaşından beri: the year so far; of the month, the month so far; the start alone, nothing")
    func sinceTheStart() {
        #expect(october.understand("how much have I spent on books since the start of the year").period == yearToDate)
        #expect(october.understand("spending since the beginning of this year").period == yearToDate)
        #expect(october.understand("yılbaşından beri kitaplara ne kadar para gitti").period == yearToDate)
        #expect(october.understand("yıl başından bu yana ne kadar harcadım").period == yearToDate)
        #expect(october.understand("since the start of the month").period == DateResolver.Range(from: "2027-10-01", to: "2027-10-20"))
        #expect(october.understand("ay başından beri Migros'a ne kadar").period == DateResolver.Range(from: "2027-10-01", to: "2027-10-20"))
        #expect(october.understand("yılbaşı alışverişim ne kadardı").period != yearToDate)
    }

    @Test("a month before beri, bu yana or itibaren runs from its first day to today; the month alone is that month")
    func sinceAMonth() {
        let sinceJuly = DateResolver.Range(from: "2027-07-01", to: "2027-10-20")
        #expect(october.understand("temmuzdan bu yana en çok para harcadığım 3 yer").period == sinceJuly)
        #expect(october.understand("temmuzdan itibaren Migros'a ne kadar").period == sinceJuly)
        #expect(october.understand("top 3 merchants since july").period == sinceJuly)
        #expect(october.understand("temmuzda ne kadar harcadım").period == DateResolver.Range(from: "2027-07-01", to: "2027-07-31"))
        #expect(october.understand("temmuzdan eylüle ne kadar harcadım").period == DateResolver.Range(from: "2027-07-01", to: "2027-09-30"))
    }

    @Test("a meal out is the restaurants category; avg asks the average; a meal kit is no restaurant")
    func mealOutAndAvg() {
        #expect(october.understand("most expensive meal out in august").category == "restaurants")
        #expect(october.understand("meals out this month").category == "restaurants")
        #expect(october.understand("meal kit subscription this month").category != "restaurants")
        let avg = october.understand("avg spend per Migros trip last month")
        #expect(avg.intent == .average && avg.merchant == "Migros" && avg.period == september)
    }

    @Test("a filler before a follow-up's opener, and Turkish peki at its end, keep the last question")
    func fillersAndPeki() {
        let travel = october.understand("what was my biggest travel expense this year?")
        let lastYear = october.understand("ok and for last year?", previous: travel)
        #expect(lastYear.intent == .largest && lastYear.category == "travel")
        #expect(lastYear.period == DateResolver.Range(from: "2026-01-01", to: "2026-12-31"))
        let septemberQuestion = october.understand("eylülde Migros'a ne kadar harcadım?")
        let bim = october.understand("BİM'de ne kadar peki?", previous: septemberQuestion)
        #expect(bim.merchant == "BİM" && bim.period == september)
        // A question of its own after a filler still starts afresh.
        let fresh = october.understand("ok, how much did I spend at Big Chefs in August and September together this year?", previous: travel)
        #expect(fresh.category == nil && fresh.intent != .largest)
    }
}
