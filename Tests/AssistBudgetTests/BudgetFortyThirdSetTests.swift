import AssistBudget
import AssistUnderstanding
import Testing

/// The forty-third written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the forty-third set")
struct BudgetFortyThirdSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2057-07-12")  // a Thursday

    @Test("periods: the first N months of a year, 'h2 2056', and 'the same stretch of' another year set against them")
    func periods() {
        #expect(ask("starbucks in the first four months of 2056").period == span("2056-01-01", "2056-04-30"))
        #expect(ask("dining, the first 3 months of this year").period == span("2057-01-01", "2057-03-31"))
        #expect(ask("the first 4 months of this year, top 3 shops").limit == 3)
        #expect(ask("h2 2056 total").period == span("2056-07-01", "2056-12-31"))
        let stretch = ask("q2 2057 vs the same stretch of 2056, groceries")
        #expect(stretch.intent == .comparePeriods && stretch.period == span("2057-04-01", "2057-06-30")
                && stretch.otherPeriod == span("2056-04-01", "2056-06-30"))
        // Two years named alone still compare whole years.
        #expect(ask("2056 vs 2055 dining").otherPeriod == span("2055-01-01", "2055-12-31"))
    }

    @Test("since last month, week or year is from that span's first day to today: 'geçen aydan bu yana', 'since last week'")
    func sinceTheLastSpan() {
        #expect(ask("geçen aydan bu yana market harcamam").period == span("2057-06-01", "2057-07-12"))
        #expect(ask("since last week, starbucks total").period == span("2057-07-02", "2057-07-12"))
        #expect(ask("geçen yıldan beri seyahate ne gitti").period == span("2056-01-01", "2057-07-12"))
        // Without "since", the span alone.
        #expect(ask("geçen ay market harcamam").period == span("2057-06-01", "2057-06-30"))
        #expect(ask("last week, starbucks total").period == span("2057-07-02", "2057-07-08"))
    }

    @Test("a weekday beside a date that falls on it names that date: 'monday, july 2nd', '1 temmuz pazar'")
    func weekdayBesideItsDate() {
        let monday = after("How much did I spend on Independence Day?", "and monday, july 2nd?")
        #expect(monday.period == span("2057-07-02", "2057-07-02") && monday.otherPeriod == nil)
        let sunday = after("4 Temmuz'da ne kadar harcadım?", "ya 1 temmuz pazar?")
        #expect(sunday.period == span("2057-07-01", "2057-07-01") && sunday.otherPeriod == nil)
        // A weekday the date does not fall on is a day of its own.
        #expect(ask("compare tuesday and july 2nd").otherPeriod != nil)
    }

    @Test("ways of asking: 'count of', 'en çok para tutan', a count of 'kalem', 'N biggest payees'")
    func intents() {
        #expect(ask("count of my starbucks visits in june").intent == .count)
        #expect(ask("en çok para tutan market alışverişim neydi").intent == .largest)
        let items = ask("son 2 ayda cebimi en çok yakan üç kalem")
        #expect(items.intent == .topCategories && items.limit == 3)
        #expect(ask("tek kalemde en çok ne ödedim").intent == .largest)
        #expect(ask("who were my 3 biggest payees in june").limit == 3)
    }

    @Test("no shop: 'hesabımdan' is my account, 'aynı mekana' the place before")
    func notShops() {
        #expect(ask("geçen hafta hesabımdan ne çıktı").merchant == nil)
        let same = after("Haziranda Starbucks'a ne kadar ödedim?", "peki mayısta aynı mekana ne gitmiş")
        #expect(same.merchant == "Starbucks" && same.period == span("2057-05-01", "2057-05-31"))
    }

    @Test("follow-ups: 'go back to 2054 for that' keeps the slice; 'shift it back 14 days' moves the period")
    func followUps() {
        let year = after("What did dining cost me in 2056?", "go back to 2054 for that")
        #expect(year.category == "restaurants" && year.period == span("2054-01-01", "2054-12-31"))
        let back = after("What did I spend on fuel the week of July 4th?", "shift it back seven days")
        #expect(back.category == "fuel" && back.period == span("2057-06-25", "2057-07-01"))
        // A count after "back" to a whole phrase of its own is still read as before: "a week back".
        #expect(after("What did I spend on fuel the week of July 4th?", "go a week back").period == span("2057-06-25", "2057-07-01"))
    }
}
