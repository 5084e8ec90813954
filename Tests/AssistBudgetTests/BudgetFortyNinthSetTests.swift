import AssistBudget
import AssistUnderstanding
import Testing

/// The forty-ninth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the forty-ninth set")
struct BudgetFortyNinthSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2058-09-29")  // a Sunday

    @Test("intents: 'en kazık', 'cost me most', 'hangisine en çok', 'ortalasana', 'her bir ödemeyi', 'tarihiyle', 'by spending category'")
    func intents() {
        #expect(ask("migrostan bu yaz yaptığım en kazık alışveriş").intent == .largest)
        #expect(ask("which starbucks order this month cost me most").intent == .largest)
        #expect(after("İkinci çeyrekte kafelere ne kadar harcadım?", "bu ödemelerden hangisine en çok para gitti").intent == .largest)
        #expect(ask("son 6 ayın su faturalarını ortalasana").intent == .average)
        #expect(ask("eylülde migrosa yaptığım her bir ödemeyi yaz").intent == .listTransactions)
        #expect(ask("geçen ayki kafe harcamalarım tarihiyle").intent == .listTransactions)
        #expect(after("Which stores did I spend the most at this year?", "show it by spending category rather than by store").intent == .topCategories)
    }

    @Test("a tally ending the question counts what was named before it ('top-ups … - tally?'); 'tally up my spending' is a total")
    func tallies() {
        #expect(ask("starbucks refills over the past 30 days - tally?").intent == .count)
        #expect(ask("tally up my spending at starbucks this month").intent != .count)
    }

    @Test("follow-ups: 'N is enough', 'did may beat that?', 'aynı iki günde'")
    func followUps() {
        #expect(after("Which 10 merchants got the most from me this year?", "4 is enough, drop the rest").limit == 4)
        let beat = after("How much did I spend on groceries in August?", "did june beat that?")
        #expect(beat.intent == .comparePeriods && beat.period == span("2058-08-01", "2058-08-31") && beat.otherPeriod == span("2058-06-01", "2058-06-30"))
        let same = after("Bu hafta sonu kafelere ne kadar ödedim?", "aynı iki günde markete giden ne kadar")
        #expect(same.period == span("2058-09-28", "2058-09-29") && same.category == "groceries")
    }

    @Test("periods: 'son otuz gün', 'the past ninety days', 'from july on', 'X bayramı tatilinden beri'")
    func periods() {
        #expect(ask("son otuz günde kafelere ne verdim").period == span("2058-08-31", "2058-09-29"))
        #expect(ask("what did starbucks get from me the past sixty days").period == span("2058-08-01", "2058-09-29"))
        #expect(ask("starbucks spending, from june on").period == span("2058-06-01", "2058-09-29"))
        #expect(ask("starbucks spending in june").period == span("2058-06-01", "2058-06-30"))
        #expect(ask("kurban bayramı tatilinden beri kafelere giden").period == span("2058-06-02", "2058-09-29"))
    }

    @Test("a weekday before 'pazarı' names a market, no day: 'moda salı pazarı'ndan bu hafta'")
    func weekdayMarkets() {
        let market = ask("moda salı pazarı'ndan bu hafta aldıklarım ne tuttu")
        #expect(market.merchant == "Moda Salı Pazarı" && market.period == span("2058-09-23", "2058-09-29") && market.otherPeriod == nil)
        #expect(ask("salı migrosa ne verdim").period == span("2058-09-24", "2058-09-24"))
    }

    @Test("names: a relative's home ('teyzemlere gittik') and 'günkü' are no shop; a shop's name still is")
    func notShops() {
        let home = ask("teyzemlere gittik, bu hafta sonu benzine giden para ne")
        #expect(home.merchant == nil && home.category == "fuel")
        #expect(ask("cuma gunku harcamalarin dokumu").merchant == nil)
        #expect(ask("cumartesi teyzemler'den dönerken Migros'a ne verdim").merchant == "Migros")
    }

    @Test("an average 'göre' (by) the one period: 'günlük ortalamam ne, son üç haftaya göre'; a comparison with 'göre' stays one")
    func averageByGöre() {
        let average = ask("günlük ortalamam ne, son üç haftaya göre")
        #expect(average.intent == .average && average.period == span("2058-09-09", "2058-09-29") && average.otherPeriod == nil)
        let compared = ask("bu hafta kafelere son üç haftaya göre çok mu verdim")
        #expect(compared.intent == .comparePeriods && compared.otherPeriod == span("2058-09-09", "2058-09-29"))
    }
}

