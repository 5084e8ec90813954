import AssistBudget
import AssistUnderstanding
import Testing

/// The thirty-fourth written-after set's misses (`golden/written-after/README.md`), read by general rules. Each beside
/// the reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the thirty-fourth set")
struct BudgetThirtyFourthSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2055-11-23")  // a Tuesday

    @Test("an English month's abbreviation takes no ending glued on: 'septa' and 'nova' are no months; 'sept', 'juneda' and 'ekimde' are")
    func abbreviationWithEnding() {
        #expect(DateResolver.month("septa") == nil)
        #expect(DateResolver.month("nova") == nil)
        #expect(DateResolver.month("octa") == nil)
        #expect(DateResolver.month("sept") == 9)
        #expect(DateResolver.month("juneda") == 6)
        #expect(DateResolver.month("ekimde") == 10)
        let rides = ask("count my septa trips since the 10th")
        #expect(rides.period == span("2055-11-10", "2055-11-23") && rides.merchant == "Septa")
        #expect(ask("how much did i spend in sept").period == span("2055-09-01", "2055-09-30"))
    }

    @Test("follow-ups: 'rewind one more month', '… too', 'swap that for …', 'durum ne' keep what they do not restate")
    func followUps() {
        let rewound = after("How much did I spend at Crate & Barrel in August?", "rewind one more month")
        #expect(rewound.period == span("2055-07-01", "2055-07-31") && rewound.merchant == "Crate & Barrel")
        // Capitalised words "&" joins are one name after "at"; a lower-case word after "&" is not part of it.
        #expect(ask("How much did I spend at Bed Bath & Beyond in August?").merchant == "Bed Bath & Beyond")
        #expect(ask("How much did I spend at Target & elsewhere in August?").merchant == "Target")
        let too = after("How much went to books last year?", "do 2052 too")
        #expect(too.category == "books" && too.period == span("2052-01-01", "2052-12-31"))
        let swapped = after("What did my fuel come to last week?", "swap that for groceries")
        #expect(swapped.category == "groceries" && swapped.period == span("2055-11-15", "2055-11-21"))
        let there = after("Eylülde Kahve Dünyası'na ne kadar verdim?", "tchibo'da durum ne")
        #expect(there.merchant == "Tchibo" && there.period == span("2055-09-01", "2055-09-30"))
        // A question of its own with "too" in it is not one.
        #expect(!FinanceUnderstander.isFollowUp("how much did i spend on coffee this month, is that too much"))
    }

    @Test("'did that beat …', 'geçmiş mi' compare the last period with the one named; 'by merchant' lists where; 'sırayla' lists")
    func comparesAndLists() {
        let beat = after("What did books cost me in September?", "did that beat august?")
        #expect(beat.intent == .comparePeriods && beat.period == span("2055-09-01", "2055-09-30") && beat.otherPeriod == span("2055-08-01", "2055-08-31"))
        let passed = after("Eylülde kitaba ne kadar para gitti?", "ağustosu geçmiş mi")
        #expect(passed.intent == .comparePeriods && passed.otherPeriod == span("2055-08-01", "2055-08-31"))
        #expect(after("Which categories did I spend the most on last month?", "now by store").intent == .topMerchants)
        #expect(ask("dün neye ne ödedim sırayla yaz").intent == .listTransactions)
        #expect(ask("how much did i spend last month").intent == .totalSpent)
    }

    @Test("'kaç liramı' asks how much, not how many; 'konser' is entertainment; a category qualifying the unit of an average is the category")
    func amountsAndCategories() {
        #expect(ask("market geçen ay kaç liramı yedi").intent == .totalSpent)
        #expect(ask("markete geçen ay kaç kez gittim").intent == .count)
        #expect(ask("bu yıl konsere ne kadar verdim").category == "entertainment")
        #expect(ask("average spend per grocery trip this month").category == "groceries")
        #expect(ask("average spend per purchase this month").category == nil)
        // A category after "per" alone is still the unit of the average ("per category" a breakdown).
        #expect(ask("average per coffee this month").category == nil)
    }

    @Test("'30'unda' alone is a day of the month, as 'ayın 30'unda' is")
    func dayInLocative() {
        #expect(ask("12'sinde ne kadar harcadım").period == span("2055-11-12", "2055-11-12"))
        let day = after("28 Ekim'de ne kadar harcadım?", "ya 31'inde?")
        #expect(day.period == span("2055-10-31", "2055-10-31"))
        #expect(ask("son 30 günde ne kadar harcadım").period == span("2055-10-25", "2055-11-23"))
    }

    @Test("a name opening the question as the subject of a verb of charging: 'hertz charged me', 'aygaz dün kaç lira çekti'")
    func subjectOfCharge() {
        #expect(ask("hertz charged me what last weekend").merchant == "Hertz")
        #expect(ask("xfinity went up in q3 compared to q2?").merchant == "Xfinity")
        #expect(ask("aygaz dün kaç lira çekti").merchant == "Aygaz")
        #expect(ask("spotify bu çeyrek kaç lira kesti").merchant == "Spotify")
        // A common word or a category is no name.
        #expect(ask("rent went up in q3 compared to q2?").merchant == nil)
        #expect(ask("groceries went up in october compared to september").merchant == nil)
        #expect(ask("who charged me the most last month").merchant == nil)
    }

    @Test("who was given money is where: 'have I given Frontier'; 'my Panda Express total'; 'of that was git & go'")
    func givenAndTotal() {
        #expect(ask("How much have I given Frontier this year?").merchant == "Frontier")
        #expect(ask("how much have i given frontier this year").merchant == "Frontier")
        #expect(ask("given the prices, how much did i spend this month").merchant == nil)
        #expect(ask("What's my Panda Express total for October?").merchant == "Panda Express")
        #expect(ask("what's my panda express total for october").merchant == "Panda Express")
        #expect(ask("what's my total for october").merchant == nil)
        let share = after("How much did I spend on fuel this month?", "what share of that was git & go")
        #expect(share.merchant == "Git & Go" && share.category == "fuel")
    }

    @Test("Turkish: 'the' before a name with a case ending is the name's; 'kiralaması' is what was bought there")
    func turkishNames() {
        #expect(ask("the coffee lab'e bu ay kaç kez gittim").merchant == "The Coffee Lab")
        #expect(ask("coffee lab'e bu ay kaç kez gittim").merchant == "Coffee Lab")
        #expect(ask("avis kiralaması geçen hafta bana kaça mal oldu").merchant == "Avis")
    }

    @Test("a part of the last answer at a name of two or three words; a name opening the question before 'total'")
    func namesOfCommonWords() {
        let part = after("How much did I spend on fuel this month?", "how much of that was quick chek")
        #expect(part.merchant == "Quick Chek" && part.category == "fuel")
        #expect(after("How much did I spend on fuel this month?", "how much of that was at quick chek").merchant == "Quick Chek")
        // A period or a category after "of that was" is none.
        #expect(after("How much did I spend on fuel this month?", "how much of that was last week").merchant == nil)
        // Nothing after "was", or only "at", is no name (and no trap).
        #expect(after("How much did I spend on fuel this month?", "how much of that was").merchant == nil)
        #expect(after("How much did I spend on fuel this month?", "how much of that was at").merchant == nil)
        #expect(after("How much did I spend in June?", "how much of that was eating out").merchant == nil)
        #expect(ask("zipcar total for q3").merchant == "Zipcar")
        #expect(ask("divvy bike total for q3").merchant == "Divvy Bike")
        // Two common words are no name.
        #expect(ask("lime bike total for q3").merchant == nil)
        #expect(ask("grocery total for q3").merchant == nil)
        #expect(ask("average grocery trip last quarter").merchant == nil)
    }
}
