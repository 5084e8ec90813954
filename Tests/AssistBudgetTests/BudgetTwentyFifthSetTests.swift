import AssistBudget
import AssistUnderstanding
import Testing

/// The twenty-fifth written-after set's wrong values (`golden/written-after/README.md`), fixed by general rules: a
/// holiday's words are no shop's name, "gunde" (günde without diacritics) no name's word, a numeric date whose numbers
/// decide its order is read, a year after a day is that day's, "bir önceki ayda" moves a month back, Cyber Monday and
/// leap day. Each beside the reading it must not take.
@Suite("Budget: the twenty-fifth set")
struct BudgetTwentyFifthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2044-12-30")  // a Friday, the year's end

    func ask(_ text: String) -> FinanceQuestion { understander.understand(text) }
    func day(_ iso: String) -> DateResolver.Range { DateResolver.Range(from: iso, to: iso) }

    @Test("a holiday's words name no shop: 'black friday online orders' has no shop 'Black'")
    func holidayWordsAreNoName() {
        let question = ask("black friday online orders, total")
        #expect(question.merchant == nil && question.period == day("2044-11-25") && question.category == "shopping")
        #expect(ask("christmas eve target run, total").period == day("2044-12-24"))
    }

    @Test("'gunde' (günde typed without its diacritics) is the period's, not a name's first word")
    func dayWordWithoutDiacritics() {
        #expect(ask("son 30 gunde oses'e ne kadar gitti").merchant == "Oses")
        #expect(ask("son 30 günde oses'e ne kadar gitti").merchant == "Oses")
        #expect(ask("madame coco'ya ne kadar gitti").merchant == "Madame Coco")
    }

    @Test("numeric dates the numbers decide: '11.11'de', '20.07.2039'; a year after a day is that day's; '05.06' is not guessed")
    func numericDates() {
        #expect(ask("11.11'de internetten alışverişe ne kadar verdim").period == day("2044-11-11"))
        #expect(ask("20.07.2039'ta ne harcadım").period == day("2039-07-20"))
        let withYear = ask("20 temmuz 2039'da ne harcadım")
        #expect(withYear.period == day("2039-07-20") && withYear.otherPeriod == nil)
        #expect(ask("what did i spend on july 20 2039").period == day("2039-07-20"))
        #expect(ask("05.06'da ne harcadım").period != day("2044-06-05"))
        #expect(ask("spent 12.50 at starbucks").period != day("2044-12-12"))
    }

    @Test("'bir önceki ayda' after a month moves it one back; Cyber Monday; leap day, its latest")
    func followUpAndHolidays() {
        let november = ask("Geçen ay Migros'a ne kadar harcadım?")
        #expect(understander.understand("bir önceki ayda ne kadarmış", previous: november).period
            == DateResolver.Range(from: "2044-10-01", to: "2044-10-31"))
        #expect(ask("lululemon spend on cyber monday").period == day("2044-11-28"))
        #expect(ask("what did i spend on leap day").period == day("2044-02-29"))
        #expect(FinanceUnderstander(merchants: [], today: "2047-06-01").understand("what did i spend on leap day").period == day("2044-02-29"))
    }

    @Test("a kind of shop with the possessive after a name's word is the whole name ('hayal kahvesi'ne'); alone, the category")
    func possessiveShopKind() {
        #expect(ask("bu ay hayal kahvesi'ne kaç kez gittim").merchant == "Hayal Kahvesi")
        let alone = ask("kahvesi'ne kaç kez gittim")
        #expect(alone.merchant == nil)
        #expect(ask("kahve dünyası'na ne kadar").merchant == "Kahve Dünyası")
    }

    @Test("'average X spend per visit': the name before what is averaged, 'per' ending it as a period would")
    func averagePerVisit() {
        #expect(ask("average chipotle spend per visit this quarter").merchant == "Chipotle")
        #expect(ask("average grocery spend per visit this quarter").merchant == nil)
    }

    @Test("a question that is a name of two words and its period: 'trader joe's since halloween'; a category's words stay one")
    func twoWordNameAndPeriod() {
        #expect(ask("trader joe's since halloween").merchant == "Trader Joe's")
        #expect(ask("Morrisons so far this week?").merchant == "Morrisons")
        let eatingOut = ask("eating out since halloween")
        #expect(eatingOut.merchant == nil && eatingOut.category == "restaurants")
        #expect(ask("my spending since halloween").merchant == nil)
        #expect(ask("wht about 2032").merchant == nil)
    }
}
