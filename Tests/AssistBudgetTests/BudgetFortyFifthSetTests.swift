import AssistBudget
import AssistUnderstanding
import Testing

/// The forty-fifth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the forty-fifth set")
struct BudgetFortyFifthSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2057-09-05")  // a Wednesday

    @Test("a list asked for: 'one per line', 'each item'; 'per visit' still an average")
    func lists() {
        #expect(after("How much did I pay EZPass in the last 3 months?", "put the tolls one per line").intent == .listTransactions)
        #expect(ask("groceries last week, each item").intent == .listTransactions)
        #expect(ask("movies last month, every item").intent == .listTransactions)
        #expect(ask("starbucks in july, what's that per visit").intent == .average)
    }

    @Test("kinds of spending: 'stuff online', 'dışarıda yediklerimiz', 'depo dolumlarım'")
    func categories() {
        #expect(ask("how much did i buy stuff online in august").category == "shopping")
        #expect(ask("geçen ay dışarıda yediklerimiz ne tuttu").category == "restaurants")
        #expect(ask("ağustostaki depo dolumlarım toplam ne kadar").category == "fuel")
    }

    @Test("periods: 'cuma gününden bu yana'; follow-ups: 'onu takip eden hafta', 'izleyen hafta'")
    func periods() {
        #expect(ask("cuma gününden bu yana markete ne verdim").period == span("2057-08-31", "2057-09-05"))
        #expect(ask("cuma günü markete ne verdim").period == span("2057-08-31", "2057-08-31"))
        let following = after("5-11 Ağustos haftasında markete ne kadar harcadım?", "peki onu takip eden hafta")
        #expect(following.period == span("2057-08-12", "2057-08-18") && following.category == "groceries")
        let next = after("5-11 Ağustos haftasında markete ne kadar harcadım?", "izleyen hafta ne kadar")
        #expect(next.period == span("2057-08-12", "2057-08-18"))
    }

    @Test("days of a month in the genitive: 'ağustosun 3'ü ile 9'u arasında', 'temmuzun 2'sinden 6'sına kadar'")
    func genitiveDays() {
        #expect(ask("ağustosun 3'ü ile 9'u arasında kahveye ne verdim").period == span("2057-08-03", "2057-08-09"))
        #expect(ask("ayın 1'i ile 4'ü arasında markete ne gitti").period == span("2057-09-01", "2057-09-04"))
        #expect(ask("temmuzun 2'sinden 6'sına kadar yemeğe ne harcadım").period == span("2057-07-02", "2057-07-06"))
        #expect(ask("ayın 1'inden 4'üne kadar markete ne verdim").period == span("2057-09-01", "2057-09-04"))
        #expect(ask("temmuzun 2sinden beri markete ne verdim").period == span("2057-07-02", "2057-09-05"))
        // A month in the locative before a count is the month: "in August, 10 of them".
        #expect(ask("ağustosta 10'u markete gitti, toplam ne kadar").period == span("2057-08-01", "2057-08-31"))
    }

    @Test("no shop: 'run us' and a closing 'did … run' are a cost; 'hit harder'; 'her gidişimde'; 'aynı dükkan'")
    func notShops() {
        #expect(ask("what did the party box run us in july").merchant == nil)
        #expect(ask("how much did the whole outing run").merchant == nil)
        #expect(ask("how much was my costco run in july").merchant == "Costco")
        let harder = ask("groceries: july or august, which hit harder")
        #expect(harder.merchant == nil && harder.category == "groceries")
        #expect(ask("how many times did i hit up torchys in august").merchant != nil)
        let visits = ask("ağustosta markete her gidişimde ortalama kaç lira gitti")
        #expect(visits.merchant == nil && visits.category == "groceries" && visits.intent == .average)
        let same = after("Ağustosta Migros'a ne kadar verdim?", "ya temmuzda, aynı mağaza?")
        #expect(same.intent == .totalSpent && same.merchant == "Migros" && same.period == span("2057-07-01", "2057-07-31"))
    }
}
