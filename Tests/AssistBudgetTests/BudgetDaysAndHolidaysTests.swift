import AssistBudget
import AssistUnderstanding
import Testing

/// What the ninth written-after set (`golden/written-after/README.md`) found missing in budget periods: the last few
/// days, since a day of the month, since the start of a named month, "yr", and holidays (their latest day, as a
/// question about spending looks back). Each beside the reading it must not take.
@Suite("Budget periods: the last few days, since a day or a month's start, holidays")
struct BudgetDaysAndHolidaysTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Opet"], today: "2029-02-21")  // a Wednesday

    func period(_ text: String) -> DateResolver.Range { understander.understand(text).period }
    func span(_ from: String, _ to: String? = nil) -> DateResolver.Range { DateResolver.Range(from: from, to: to ?? from) }

    @Test("the past N days end today; 'last 3 months' is still whole months")
    func lastDays() {
        #expect(period("number of Opet payments in the past 10 days") == span("2029-02-12", "2029-02-21"))
        #expect(period("son 10 günde kaç kez Opet'e gittim") == span("2029-02-12", "2029-02-21"))
        #expect(period("what did I spend the last three days") == span("2029-02-19", "2029-02-21"))
        #expect(period("how much in the last 3 months") == span("2028-11-01", "2029-01-31"))
    }

    @Test("since a holiday: from its latest day to today ('since easter', 'sevgililer gününden beri'); the holiday alone is its day")
    func sinceHoliday() {
        // Easter 2028 was April 16.
        #expect(period("total at Opet since easter") == span("2028-04-16", "2029-02-21"))
        #expect(period("sevgililer gününden beri Opet'e ne kadar verdim") == span("2029-02-14", "2029-02-21"))
        #expect(period("how much did I spend on easter") == span("2028-04-16"))
    }

    @Test("since the 1st, since the start of November, kasım başından beri; 'the first half' is no day")
    func since() {
        #expect(period("how much have i spent since the 1st") == span("2029-02-01", "2029-02-21"))
        #expect(period("utility bills since the start of november, total?") == span("2028-11-01", "2029-02-21"))
        #expect(period("kasım başından beri faturalara ne kadar ödedim") == span("2028-11-01", "2029-02-21"))
        #expect(period("spending on clothes so far this yr") == span("2029-01-01", "2029-02-21"))
        #expect(period("since the first half of the year") != span("2029-02-01", "2029-02-21"))
    }

    @Test("a holiday is its latest day on or before today, in either language")
    func holidays() {
        #expect(period("how many Migros runs on valentines day") == span("2029-02-14"))
        #expect(period("sevgililer gününde Migros'ta kaç işlem yapmışım") == span("2029-02-14"))
        #expect(period("what did I spend on Christmas Eve") == span("2028-12-24"))
        #expect(period("how much did I spend at Halloween") == span("2028-10-31"))
    }

    @Test("'the month after', 'the following week', 'bir sonraki ay' move the last period one unit on; 'before' still back")
    func forward() {
        let november = understander.understand("biggest single purchase in november?")
        #expect(understander.understand("and the month after?", previous: november).period == span("2028-12-01", "2028-12-31"))
        #expect(understander.understand("and the month after?", previous: november).intent == .largest)
        let kasim = understander.understand("kasım ayında en çok para verdiğim tek harcama neydi")
        #expect(understander.understand("bir sonraki ay?", previous: kasim).period == span("2028-12-01", "2028-12-31"))
        #expect(understander.understand("and the month before?", previous: november).period == span("2028-10-01", "2028-10-31"))
        let week = understander.understand("how much did I spend last week?")
        #expect(understander.understand("what about the following week?", previous: week).period == span("2029-02-19", "2029-02-25"))
    }

    @Test("words the ninth set used: movies, book purchases, kahveciler, dışarıda yemeğe; harcama kalemleri, add up, break down")
    func words() {
        #expect(understander.understand("how many times did i go to the movies last summer").category == "entertainment")
        #expect(understander.understand("show all the book purchases I made in 2028").category == "books")
        #expect(understander.understand("what did the hotel I booked cost").category == nil)  // "book" alone is no category
        #expect(understander.understand("evvelsi gün kahvecilere ne kadar verdim").category == "cafes")
        #expect(understander.understand("aralıkta mı ocakta mı dışarıda yemeğe daha çok para verdim").category == "restaurants")
        #expect(understander.understand("geçen çeyrekte paramı en çok hangi harcama kalemleri götürdü").intent == .topCategories)
        let visits = understander.understand("how many times did I go to Migros last month?")
        #expect(understander.understand("what did all those visits add up to", previous: visits).intent == .totalSpent)
        let groceries = understander.understand("what did groceries cost me last week?")
        #expect(understander.understand("break that down into the individual transactions", previous: groceries).intent == .listTransactions)
    }

    @Test("the week or weekend of a day; a Turkish span from an ablative day to a dative one; ocağa and aralığın are months")
    func weeksAndSpans() {
        #expect(period("what were my top 3 merchants the week of feb 5") == span("2029-02-05", "2029-02-11"))
        #expect(period("total for the weekend of feb 10") == span("2029-02-10", "2029-02-11"))
        #expect(period("total for the week of 14 February") == span("2029-02-12", "2029-02-18"))
        #expect(period("24 aralıktan 2 ocağa kadar ne kadar harcadım") == span("2028-12-24", "2029-01-02"))
        #expect(period("aralığın 24'ünde ne kadar harcadım") == span("2028-12-24"))
        #expect(period("2 ocağa kadar ne kadar harcadım") == span("2029-01-02"))  // one day alone: no span to join
        #expect(period("how much in the week of") == span("2029-02-01", "2029-02-21"))  // no day named: the month
    }
}
