import AssistBudget
import AssistUnderstanding
import Testing

/// The forty-sixth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the forty-sixth set")
struct BudgetFortySixthSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2057-11-17")  // a Saturday

    @Test("words that only look like a cue: 'i mean', 'kaç farklı', 'kategori olmadan', 'without categories'")
    func asides() {
        #expect(ask("groceries this month, list it all, the weekly shop i mean").intent == .listTransactions)
        #expect(ask("what's the mean of my cafe spending in october").intent == .average)
        #expect(ask("pazartesi kaç farklı harcama yaptım").intent == .count)
        #expect(ask("ekim ile eylül ne kadar farklı").intent == .comparePeriods)
        #expect(ask("son 2 haftanın toplamı, kategori olmadan").intent == .totalSpent)
        #expect(ask("son 2 haftayı kategorilere göre ayır").intent == .topCategories)
        #expect(ask("total for october without categories").intent == .totalSpent)
    }

    @Test("who was paid most: 'who took the most', 'beş firma'; 'just keep 5 of them'")
    func rankings() {
        let who = ask("who took the most from me in october, top 5")
        #expect(who.intent == .topMerchants && who.limit == 5)
        let firms = ask("bu yıl en çok para bıraktığım beş firma")
        #expect(firms.intent == .topMerchants && firms.limit == 5)
        #expect(after("Who were my top 8 merchants in October?", "just keep 5 of them").limit == 5)
    }

    @Test("averages and the largest: 'a usual visit', 'her seferinde ne düşüyor', 'tek bir … en çok'")
    func averagesAndLargest() {
        #expect(ask("groceries last month, what's a usual visit cost").intent == .average)
        #expect(after("Son 3 ayda sinemaya ne kadar harcadım?", "her seferinde ne düşüyor").intent == .average)
        #expect(ask("eylülde tek bir market alışverişinde en çok ne ödedim").intent == .largest)
        #expect(ask("geçen hafta lokantalarda ne kadar bıraktık").category == "restaurants")
    }

    @Test("periods: '… hafta sonundakinden pahalı mıydı', 'ekimdekilerden fazla mı', 'o cumartesi pazar', holiday weeks")
    func periods() {
        let weekends = ask("geçen hafta sonu yemeğe verdiğim, ondan önceki hafta sonundakinden az mıydı")
        #expect(weekends.intent == .comparePeriods && weekends.period == span("2057-11-10", "2057-11-11")
                && weekends.otherPeriod == span("2057-11-03", "2057-11-04"))
        let months = ask("kasım harcamam ekimdekilerden fazla mı")
        #expect(months.intent == .comparePeriods && months.otherPeriod == span("2057-10-01", "2057-10-31"))
        let pair = after("Geçen hafta sonu markete ne kadar harcadım?", "o cumartesi pazar kafeye ne gitti")
        #expect(pair.intent == .totalSpent && pair.period == span("2057-11-10", "2057-11-11") && pair.otherPeriod == nil)
        #expect(ask("cumartesi pazara ne harcadım").period != span("2057-11-10", "2057-11-11"))
        #expect(ask("halloween week entertainment total").period == span("2057-10-29", "2057-11-04"))
        #expect(ask("on halloween how much on candy").period == span("2057-10-31", "2057-10-31"))
        #expect(ask("Cumhuriyet Bayramı haftasında markete ne verdim").period == span("2057-10-29", "2057-11-04"))
        #expect(after("Cumhuriyet Bayramı haftasında markete ne kadar harcadım?", "geriye doğru bir hafta kaydır").period
                == span("2057-10-22", "2057-10-28"))
        #expect(after("Cumhuriyet Bayramı haftasında markete ne kadar harcadım?", "ileriye doğru bir hafta kaydır").period
                == span("2057-11-05", "2057-11-11"))
    }
}
