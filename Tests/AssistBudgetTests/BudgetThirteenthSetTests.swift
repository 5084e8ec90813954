import AssistBudget
import AssistUnderstanding
import Testing

/// The thirteenth written-after set's misses (`golden/written-after/README.md`): periods ("last wk", "evvelsi hafta",
/// "son 14 gündeki", "2032de", a holiday of last year, "the one before", "bir gün önce", "the same month in 2032"),
/// follow-ups ("only need 2", "break it down ride by ride", "geçen yaz" after "bu yaz", "hepsi toplam kaç tuttu", "ne
/// kadarı migrostaydı"), merchants ("kahve dunyasi" with a category's word in it, "starbukstan" with a slip) and shops
/// never paid written in lower case ("walgreens last month - total?", "wendy's runs", "at lowe's", "superonline
/// faturalarım", "pasaport pizzaya", "idefixten"), beside the readings they must not take.
@Suite("Budget: the thirteenth set's periods, follow-ups and lowercase shops")
struct BudgetThirteenthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "BİM", "Starbucks", "Kahve Dünyası", "Trendyol", "Spotify", "BiTaksi"],
                                           today: "2033-10-12")  // a Wednesday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
    func ask(_ text: String, after previous: String? = nil) -> FinanceQuestion {
        understander.understand(text, previous: previous.map { understander.understand($0) })
    }
    func merchant(_ text: String) -> String? { ask(text).merchant }

    @Test("'wk' is a week: 'last wk', 'this wk'; alone it names no period")
    func weekAbbreviated() {
        let question = ask("migros last wk, how much?")
        #expect(question.period == range("2033-10-03", "2033-10-09"))
        #expect(question.merchant == "Migros")
        #expect(ask("how much did i spend this wk").period == range("2033-10-10", "2033-10-12"))
        #expect(ask("how much do i spend per wk").period == range("2033-10-01", "2033-10-12"))
    }

    @Test("A holiday beside a year is that year's holiday, in both languages; not the holiday against the year")
    func holidayOfAYear() {
        let english = ask("how much online shopping did i do on black friday last year")
        #expect(english.intent == .totalSpent)
        #expect(english.period == range("2032-11-26", "2032-11-26"))
        #expect(english.otherPeriod == nil)
        #expect(english.category == "shopping")
        let turkish = ask("geçen yılki black friday'de internet alışverişine ne harcadım")
        #expect(turkish.intent == .totalSpent)
        #expect(turkish.period == range("2032-11-26", "2032-11-26"))
        #expect(turkish.otherPeriod == nil)
        #expect(ask("how much did i spend on christmas 2031").period == range("2031-12-25", "2031-12-25"))
        #expect(ask("since black friday last year how much").period == range("2032-11-26", "2033-10-12"))
        // Set against each other with "and", they stay two; a holiday alone is its latest day.
        let compared = ask("compare black friday and last year")
        #expect(compared.intent == .comparePeriods)
        #expect(compared.otherPeriod == range("2032-01-01", "2032-12-31"))
        #expect(ask("how much on black friday").period == range("2032-11-26", "2032-11-26"))
    }

    @Test("Turkish periods: 'son 14 gündeki', 'evvelsi hafta', 'evvelki ay', '2032de'")
    func turkishPeriods() {
        #expect(ask("son 14 gündeki market masrafım ne kadar").period == range("2033-09-29", "2033-10-12"))
        #expect(ask("son 14 günde ne kadar harcadım").period == range("2033-09-29", "2033-10-12"))
        #expect(ask("evvelsi hafta sinemaya konsere falan ne kadar verdim").period == range("2033-09-26", "2033-10-02"))
        #expect(ask("evvelki ay ne kadar harcadım").period == range("2033-08-01", "2033-08-31"))
        #expect(ask("evvelki yıl ne kadar harcadım").period == range("2031-01-01", "2031-12-31"))
        #expect(ask("evvelki gün kaç işlem yapmışım").period == range("2033-10-10", "2033-10-10"))
        let year = ask("2032de en çok hangi mağazalara para verdim")
        #expect(year.period == range("2032-01-01", "2032-12-31"))
        #expect(year.intent == .topMerchants)
        #expect(ask("2031deki harcamalarımı göster").period == range("2031-01-01", "2031-12-31"))
        // An amount ("more than 2000") and a year to come are no year.
        #expect(ask("2000den fazla harcama").period == range("2033-10-01", "2033-10-12"))
        #expect(ask("2040ta ne kadar harcadım").period == range("2033-10-01", "2033-10-12"))
    }

}
