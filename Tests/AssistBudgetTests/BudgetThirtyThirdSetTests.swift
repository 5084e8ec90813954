import AssistBudget
import AssistUnderstanding
import Testing

/// The thirty-third written-after set's misses (`golden/written-after/README.md`), read by general rules. Each beside
/// the reading it must not take.
@Suite("Budget: the thirty-third set")
struct BudgetThirtyThirdSetTests {
    let friday = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2055-07-16")

    func ask(_ text: String) -> FinanceQuestion { friday.understand(text) }
    func span(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }

    @Test("'the past two weeks', 'son iki haftada': fourteen days, today the last; 'two weeks ago' is still a calendar week")
    func pastWeeks() {
        #expect(ask("how much went on groceries over the past two weeks").period == span("2055-07-03", "2055-07-16"))
        #expect(ask("son iki haftada markete ne kadar gitti").period == span("2055-07-03", "2055-07-16"))
        #expect(ask("last 3 weeks at starbucks").period == span("2055-06-26", "2055-07-16"))
        #expect(ask("how much did i spend 2 weeks ago").period == span("2055-06-28", "2055-07-04"))
        // A count no one means as weeks of spending is no span of days (and cannot overflow).
        #expect(ask("past 99999999999999999 weeks").period != span("2055-07-16", "2055-07-16"))
    }

    @Test("after 'this week', 'the week prior' is the whole week before; after a whole week, the week before it")
    func weekBefore() {
        let thisWeek = ask("How much did I spend on entertainment this week?")
        let prior = friday.understand("what was it the week prior", previous: thisWeek)
        #expect(prior.period == span("2055-07-05", "2055-07-11") && prior.category == "entertainment")
        let before = friday.understand("and the week before?", previous: ask("how much did i spend last week"))
        #expect(before.period == span("2055-06-28", "2055-07-04"))
    }

    @Test("a short question opening with a month is a follow-up: 'may was how much?' keeps the shop")
    func opensWithMonth() {
        let may = friday.understand("may was how much?", previous: ask("How much did I spend at Pottery Barn in June?"))
        #expect(may.merchant == "Pottery Barn" && may.period == span("2055-05-01", "2055-05-31"))
        // "may" as a verb opens no follow-up.
        #expect(!FinanceUnderstander.isFollowUp("may i see my june spending"))
    }

    @Test("'typical' asks an average; 'worse than' and 'better than' compare the last period with the one named")
    func typicalAndWorseThan() {
        let typical = friday.understand("what's the typical ticket there", previous: ask("What did I spend at Huddle House since Memorial Day?"))
        #expect(typical.intent == .average && typical.merchant == "Huddle House")
        let worse = friday.understand("worse than june of last year?", previous: ask("What were my electric bills in June?"))
        #expect(worse.intent == .comparePeriods && worse.category == "bills")
        #expect(worse.period == span("2055-06-01", "2055-06-30") && worse.otherPeriod == span("2054-06-01", "2054-06-30"))
    }

    @Test("who was paid, as where: 'did I pay National Grid', 'paid to Verizon', 'spend with Southwest'; 'with' alone names none")
    func paidTo() {
        #expect(ask("How much did I pay National Grid this year?").merchant == "National Grid")
        #expect(ask("How much have I paid SiriusXM since March?").merchant == "SiriusXM")
        // A word of how often ends the name.
        #expect(ask("how much have I paid Peacock Monthly since june").merchant != "Peacock Monthly")
        #expect(ask("How much have I paid to Verizon since March?").merchant == "Verizon")
        #expect(ask("What did I spend with Southwest in the last 6 months?").merchant == "Southwest")
        #expect(ask("What did I spend with My Card last month?").merchant != "Southwest")
        #expect(ask("How much did I spend with friends in June?").merchant == nil)
    }

    @Test("Turkish: a passive participle is no name ('çekilen abonelik'); after 'kaç' a word is what is counted; 'depo doldur' is fuel")
    func turkishShapes() {
        let fees = ask("bu çeyrek çekilen abonelik ücretlerini listele")
        #expect(fees.merchant == nil && fees.category == "subscriptions")
        let visits = friday.understand("kaç ziyarette harcamışım bunu", previous: ask("Bu ay Hünkar'da ne kadar harcadım?"))
        #expect(visits.merchant == "Hünkar" && visits.intent == .count)
        #expect(ask("haziranda kaç kez depo doldurdum").category == "fuel")
        // A grill house's name before its kind ("ocakbaşı"); the kind alone is none.
        #expect(ask("babalar gününde zübeyir ocakbaşı'nda hesap ne tuttu").merchant == "Zübeyir Ocakbaşı")
        #expect(ask("geçen ay ocakbaşı'nda ne harcadım").merchant == nil)
    }

    @Test("what is bought from a shop, after its name: 'rental', 'tix'; alone they name none")
    func rentalsAndTix() {
        #expect(ask("enterprise rental from may 3 to may 17, total").merchant == "Enterprise")
        #expect(ask("priciest jetblue tix since jan 1").merchant == "JetBlue")
        #expect(ask("car rental last month").merchant == nil)
        #expect(ask("movie tix last month").merchant == nil)
    }

    @Test("a bill after a category's word written with a slip is that category's: 'resturant bill' is restaurants")
    func misspeltCategoryBill() {
        #expect(ask("avg resturant bill since april").category == "restaurants")
        #expect(ask("avg restaurant bill since april").category == "restaurants")
        #expect(ask("avg utility bill since april").category == "bills")
    }
}
