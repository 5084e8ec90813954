import AssistBudget
import AssistUnderstanding
import Testing

/// The twenty-ninth written-after set's misses (`golden/written-after/README.md`), read by general rules. Each beside
/// the reading it must not take.
@Suite("Budget: the twenty-ninth set")
struct BudgetTwentyNinthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2051-05-26")  // a Friday

    func ask(_ text: String, after previous: String? = nil) -> FinanceQuestion {
        understander.understand(text, previous: previous.map { understander.understand($0) })
    }
    func span(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }

    @Test("a shop before 'trips', 'visit(s)' or 'transactions'; a kind of trip or place is none, and 'Kwik Trip' is never cut to 'Kwik'")
    func tripsAndVisits() {
        #expect(ask("number of costco trips since april").merchant == "Costco")
        #expect(ask("king soopers trips this week, how many").merchant == "King Soopers")
        #expect(ask("average spend per chipotle visit, last 7 days").merchant == "Chipotle")
        #expect(ask("cheesecake factory transactions in march please").merchant == "Cheesecake Factory")
        #expect(ask("how much on road trips this year").merchant == nil)
        #expect(ask("vet visits since january").merchant == nil)
        let coffee = ask("how many coffee shop visits this week?")
        #expect(coffee.merchant == nil && coffee.category == "cafes")
        #expect(ask("kwik trip: september vs october").merchant != "Kwik")
        #expect(ask("how much of that was kwik trip", after: "How much did I spend on fuel in October?").merchant != "Kwik")
    }

    @Test("'been to', 'did … get from me', a name before a comma and 'average', and 'home' opening a name")
    func moreShapes() {
        #expect(ask("how many times have i been to harkins this month").merchant == "Harkins")
        #expect(ask("how much did ralphs get from me last month").merchant == "Ralphs")
        #expect(ask("how much did i get back last month").merchant == nil)
        let pollo = ask("el pollo loco, average order, last 3 months")
        #expect(pollo.merchant == "El Pollo Loco" && pollo.intent == .average)
        #expect(ask("home depot on presidents' day").merchant == "Home Depot")
        #expect(ask("home depot purchases this year").merchant == "Home Depot")
        #expect(ask("home since january").merchant == nil)
        // After "at" too (the same check, `opensName`): "at home depot in june" is the shop, "at home since january" none.
        #expect(ask("how much at home depot in june").merchant == "Home Depot")
        #expect(ask("how much at home since january").merchant == nil)
    }

    @Test("intents and categories: 'averaging', 'cost the most', 'salon and barber'; 'every fill-up from june' compares nothing")
    func intentsAndCategories() {
        #expect(ask("what's my internet bill averaging over the last 6 months").intent == .average)
        #expect(ask("which hilton stay last summer cost the most").intent == .largest)
        #expect(ask("salon and barber spending in q4").category == "personal care")
        #expect(ask("show me every valero fill-up from june").intent == .listTransactions)
    }

    @Test("follow-ups: another shop 'instead', 'now 2049', 'is that up from february?', 'o ay', 'her alışverişte'")
    func followUps() {
        let kroger = ask("kroger instead?", after: "How much did I spend at King Soopers in April?")
        #expect(kroger.merchant == "Kroger" && kroger.period == span("2051-04-01", "2051-04-30"))
        let year = ask("now 2049", after: "What did I spend on groceries in 2050?")
        #expect(year.merchant == nil && year.category == "groceries" && year.period == span("2049-01-01", "2049-12-31"))
        let up = ask("is that up from february?", after: "How much did I spend on clothing in March?")
        #expect(up.intent == .comparePeriods && up.period == span("2051-03-01", "2051-03-31") && up.otherPeriod == span("2051-02-01", "2051-02-28"))
        let thatMonth = ask("a101'de ne kadar bırakmışım o ay", after: "Nisanda Seç Market'e ne kadar harcadım?")
        #expect(thatMonth.merchant == "A101" && thatMonth.period == span("2051-04-01", "2051-04-30"))
        let each = ask("her alışverişte ortalama ne bırakmışım", after: "2050'de Ebebek'e ne kadar ödedim?")
        #expect(each.intent == .average && each.merchant == "Ebebek" && each.category == nil && each.period == span("2050-01-01", "2050-12-31"))
        // "alışveriş" alone is still the shopping category.
        #expect(ask("geçen ay alışverişe ne kadar harcadım").category == "shopping")
    }

    @Test("'son 3 aylık' is the last three whole months")
    func lastMonthsAdjective() {
        let question = ask("lescon alışverişlerimin son 3 aylık ortalaması")
        #expect(question.period == span("2051-02-01", "2051-04-30") && question.merchant == "Lescon")
        #expect(ask("son 3 ayda migros").period == span("2051-02-01", "2051-04-30"))
    }
}
