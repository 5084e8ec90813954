import AssistBudget
import AssistUnderstanding
import Testing

/// What the eighth written-after set (`golden/written-after/README.md`) found missing in budget questions: seasons,
/// halves of a year, the week before last, a day of this month, the days between two days, since a weekday; and in
/// follow-ups "same thing for…", "stack up against", the weekend before, "the average per bill", "bunun ne kadarı",
/// a question about the same slice with no period; and wordings (top ten, a misspelt category, "fill the tank", a
/// cab, "kaça"). Each beside the reading it must not take.
@Suite("Budget phrasing: seasons, halves, spans of days, and follow-ups on the same slice")
struct BudgetSpansTests {
    let september = FinanceUnderstander(merchants: ["Turkcell", "Opet", "Shell", "Starbucks", "Migros", "İGDAŞ"], today: "2028-09-13")  // a Wednesday

    func span(_ from: String, _ to: String? = nil) -> DateResolver.Range { DateResolver.Range(from: from, to: to ?? from) }

    @Test("seasons are the latest that has begun, to today while under way; 'last' while one lasts is a year back; yaz alone is no season")
    func seasons() {
        #expect(september.understand("which categories did I spend the most on over the summer").period == span("2028-06-01", "2028-08-31"))
        #expect(september.understand("yaz boyunca en çok hangi kategorilere para harcadım").period == span("2028-06-01", "2028-08-31"))
        #expect(september.understand("how much did I spend this autumn?").period == span("2028-09-01", "2028-09-13"))
        #expect(september.understand("how much did I spend last autumn?").period == span("2027-09-01", "2027-11-30"))
        #expect(september.understand("how much last winter?").period == span("2027-12-01", "2028-02-29"))
        #expect(september.understand("kışın ne kadar harcadım").period == span("2027-12-01", "2028-02-29"))
        #expect(september.understand("harcamalarımı yaz").period == span("2028-09-01", "2028-09-13"))  // "yaz": write
    }

    @Test("a half of the year, alone or with a year; the first named after 'the' is no day of the month")
    func halves() {
        #expect(september.understand("what did İGDAŞ cost me in the first half of the year").period == span("2028-01-01", "2028-06-30"))
        #expect(september.understand("yılın ilk yarısında İGDAŞ'a ne ödedim").period == span("2028-01-01", "2028-06-30"))
        #expect(september.understand("spending in the second half of 2027").period == span("2027-07-01", "2027-12-31"))
        #expect(september.understand("how much this year so far").period == span("2028-01-01", "2028-09-13"))
    }

    @Test("the week before last; a day of this month; a day of a month in the genitive; since a weekday")
    func daysAndWeeks() {
        let weekBeforeLast = span("2028-08-28", "2028-09-03")
        #expect(september.understand("where did I shop the most the week before last").period == weekBeforeLast)
        #expect(september.understand("where did I shop the most the week before last").intent == .topMerchants)
        #expect(september.understand("geçen haftadan bir önceki hafta en çok nerelere harcadım").period == weekBeforeLast)
        #expect(september.understand("what did i spend at Migros on the 5th").period == span("2028-09-05"))
        #expect(september.understand("ayın 5'inde Migros'ta ne kadar harcadım").period == span("2028-09-05"))
        #expect(september.understand("what did I spend on the 20th").period == span("2028-08-20"))  // this month's 20th has not come
        #expect(september.understand("eylülün 1'inde ne harcadım").period == span("2028-09-01"))
        #expect(september.understand("list everything I've bought since monday").period == span("2028-09-11", "2028-09-13"))
        #expect(september.understand("pazartesiden beri yaptığım tüm harcamaları listele").period == span("2028-09-11", "2028-09-13"))
        #expect(september.understand("how much did I spend on monday").period == span("2028-09-11"))
    }

    @Test("the days between two days, or from one to another of a month; two days compared stay two")
    func spansOfDays() {
        let days = span("2028-08-20", "2028-08-27")
        #expect(september.understand("total spent between aug 20 and aug 27").period == days)
        #expect(september.understand("20-27 ağustos arası ne kadar harcadım").period == days)
        #expect(september.understand("spending from 20 to 27 August").period == days)
        let compared = september.understand("compare aug 20 and aug 27")
        #expect(compared.period == span("2028-08-20") && compared.otherPeriod == span("2028-08-27"))
    }

    @Test("follow-ups: same thing for, stack up against, the weekend before, average per bill, bunun ne kadarı, the same slice, ne kadardı")
    func followUps() {
        let categories = september.understand("which categories took the biggest share last month")
        let now = september.understand("same thing for this month", previous: categories)
        #expect(now.intent == .topCategories && now.period == span("2028-09-01", "2028-09-13"))
        #expect(september.understand("aynısını bu ay için yap", previous: categories).intent == .topCategories)
        let restaurants = september.understand("what did I spend on restaurants last month?")
        let july = september.understand("how does that stack up against july?", previous: restaurants)
        #expect(july.intent == .comparePeriods && july.period == span("2028-08-01", "2028-08-31") && july.otherPeriod == span("2028-07-01", "2028-07-31"))
        #expect(july.category == "restaurants")
        let weekend = september.understand("and the weekend before that?", previous: september.understand("what did I spend last weekend?"))
        #expect(weekend.period == span("2028-09-02", "2028-09-03"))
        let turkcell = september.understand("Turkcell payments in 2027, how much total?")
        let perBill = september.understand("what was the average per bill", previous: turkcell)
        #expect(perBill.intent == .average && perBill.merchant == "Turkcell" && perBill.category == nil && perBill.period == span("2027-01-01", "2027-12-31"))
        #expect(september.understand("fatura başına ortalama kaç", previous: turkcell).merchant == "Turkcell")
        #expect(september.understand("how much on bills last month?").category == "bills")
        let fuel = september.understand("temmuzda yakıta ne harcadım")
        let opet = september.understand("bunun ne kadarı Opet'e gitti", previous: fuel)
        #expect(opet.merchant == "Opet" && opet.category == "fuel" && opet.period == span("2028-07-01", "2028-07-31"))
        let market = september.understand("ağustosta markete kaç para verdim")
        let visits = september.understand("kaç kere markete gitmişim", previous: market)
        #expect(visits.intent == .count && visits.period == span("2028-08-01", "2028-08-31"))
        let cafes = september.understand("kaç kere kafeye gitmişim", previous: market)  // another slice: a question of its own
        #expect(cafes.period == span("2028-09-01", "2028-09-13"))
        let starbucks = september.understand("geçen ay starbucks'a ne kadar para gitti")
        #expect(september.understand("2027 ağustosunda ne kadardı", previous: starbucks).merchant == "Starbucks")
    }

    @Test("top ten and ilk on; a category misspelt by a letter or two; fill the tank; a cab; kaça asks an amount")
    func wordings() {
        #expect(september.understand("gimme my top ten merchants this year").limit == 10)
        #expect(september.understand("bu yıl ilk on mağaza").limit == 10)
        #expect(september.understand("compare my restaraunt spending july vs august").category == "restaurants")
        #expect(september.understand("how much did I spend on groceires").category == "groceries")
        #expect(september.understand("were you stopping by Migros").category == nil)  // not "shopping"
        #expect(september.understand("how often did I fill the tank up in august").category == "fuel")
        #expect(september.understand("most I've paid for a single cab ride this year").category == "transport")
        #expect(september.understand("most I've paid for a single cab ride this year").intent == .largest)
        #expect(september.understand("toplam kaça patladı").intent == .totalSpent)
        #expect(september.understand("işlemleri görebilir miyim").intent == .listTransactions)
    }
}
