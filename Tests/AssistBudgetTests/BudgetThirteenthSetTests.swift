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

    @Test("'every spotify charge from 2032' asks for each one; with a cue of its own, the cue wins")
    func everyOne() {
        let question = ask("every spotify charge from 2032 pls")
        #expect(question.intent == .listTransactions)
        #expect(question.period == range("2032-01-01", "2032-12-31"))
        #expect(question.merchant == "Spotify")
        #expect(ask("each uber ride last week").intent == .listTransactions)
        #expect(ask("how much was every spotify charge in 2032").intent == .totalSpent)
        #expect(ask("how much did i spend each month this year").intent == .totalSpent)
        #expect(ask("how many rides did I take each week").intent == .count)
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

    @Test("'the one before' is the span before the named one, of its kind: a weekend's weekend, a month's month")
    func theOneBefore() {
        let weekends = ask("spent more last weekend or the one before?")
        #expect(weekends.intent == .comparePeriods)
        #expect(weekends.period == range("2033-10-08", "2033-10-09"))
        #expect(weekends.otherPeriod == range("2033-10-01", "2033-10-02"))
        let months = ask("how much did i spend last month or the one before")
        #expect(months.intent == .comparePeriods)
        #expect(months.otherPeriod == range("2033-08-01", "2033-08-31"))
        #expect(ask("and the one before that?", after: "how much in q2").period == range("2033-01-01", "2033-03-31"))
        #expect(ask("and the one before?", after: "how much this year").period == range("2032-01-01", "2032-12-31"))
        // Without "or", one period; without a period, nothing to go before.
        let alone = ask("how much did i spend last weekend")
        #expect(alone.intent == .totalSpent)
        #expect(alone.otherPeriod == nil)
        #expect(ask("and the one before?").period == range("2033-10-01", "2033-10-12"))
    }

    @Test("'was last week more expensive than the week before?' compares, as 'or' does; 'more than 500 lira' does not")
    func moreThan() {
        let question = ask("was last week more expensive than the week before?")
        #expect(question.intent == .comparePeriods)
        #expect(question.otherPeriod == range("2033-09-26", "2033-10-02"))
        #expect(ask("more than 500 lira last month?").intent == .totalSpent)
    }

    @Test("A bare count in a short follow-up after a top list is its new count ('only need 2', 'ikisi yeter')")
    func bareCountAfterTopList() {
        let question = ask("only need 2", after: "top 5 stores this year")
        #expect(question.intent == .topMerchants)
        #expect(question.limit == 2)
        #expect(question.period == range("2033-01-01", "2033-10-12"))
        #expect(ask("ikisi yeter", after: "bu yıl en çok harcadığım 5 kategori").limit == 2)
        // A year is a period, not a count; after a total there is no list to count.
        let year = ask("what about 2031", after: "top 5 stores this year")
        #expect(year.limit == 5)
        #expect(year.period == range("2031-01-01", "2031-12-31"))
        #expect(ask("only 2", after: "how much at migros last month").limit == nil)
    }

    @Test("'break it down ride by ride' lists the last slice; a verb's particle is no shop")
    func breakItDown() {
        let question = ask("break it down ride by ride", after: "how much did I spend on transport last week?")
        #expect(question.intent == .listTransactions)
        #expect(question.merchant == nil)
        #expect(question.category == "transport")
        #expect(question.period == range("2033-10-03", "2033-10-09"))
        #expect(merchant("how much did i spend at best buy") == "Best Buy")
    }

    @Test("A merchant's name holding a category's word names the merchant alone ('kahve dunyasi' is no cafe)")
    func categoryWordInAName() {
        let question = ask("and kahve dunyasi?", after: "how much did I spend at Trendyol last month?")
        #expect(question.merchant == "Kahve Dünyası")
        #expect(question.category == nil)
        #expect(question.period == range("2033-09-01", "2033-09-30"))
        // A category's word outside the name still names it.
        let outside = ask("and coffee at migros?", after: "how much did I spend at Trendyol last month?")
        #expect(outside.merchant == "Migros")
        #expect(outside.category == "cafes")
    }

    @Test("A long merchant of the user's with one slip, or with a case ending and a copula, is that merchant")
    func listedMerchantWithSlip() {
        let question = ask("bu hafta starbukstan kaç kahve aldım")
        #expect(question.merchant == "Starbucks")
        #expect(question.intent == .count)
        #expect(merchant("how much at spotfy this year") == "Spotify")
        let part = ask("ne kadarı migrostaydı", after: "geçen ay markete ne kadar verdim?")
        #expect(part.merchant == "Migros")
        #expect(part.category == "groceries")
        #expect(part.period == range("2033-09-01", "2033-09-30"))
        // Short names take no slip; other words are not a merchant's slip.
        #expect(merchant("how much at migro this year") != "Migros")
        #expect(merchant("bu hafta startuplara ne kadar harcadım") != "Starbucks")
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

    @Test("Follow-ups: 'geçen yaz' after 'bu yaz', 'bir gün önce', the same month in a year, 'kaç tuttu'")
    func turkishFollowUps() {
        let summer = ask("geçen yaz ne kadardı", after: "bu yaz restoranlara ne kadar harcadım?")
        #expect(summer.period == range("2032-06-01", "2032-08-31"))
        #expect(summer.category == "restaurants")
        // Naming another slice, the same season is asked again.
        #expect(ask("migrosta geçen yaz ne kadardı", after: "geçen yaz restoranlara ne kadar harcadım?").period == range("2033-06-01", "2033-08-31"))
        #expect(ask("ya bir gün önce?", after: "pazar günü ne kadar harcadım?").period == range("2033-10-08", "2033-10-08"))
        #expect(ask("iki gün önce?", after: "pazar günü ne kadar harcadım?").period != range("2033-10-08", "2033-10-08"))
        let total = ask("hepsi toplam kaç tuttu", after: "geçen ay kaç kez BiTaksi'ye bindim?")
        #expect(total.intent == .totalSpent)
        #expect(total.merchant == "BiTaksi")
        #expect(ask("toplam kaç işlem", after: "geçen ay kaç kez BiTaksi'ye bindim?").intent == .count)
    }

    @Test("'the same month in 2032', '2032'nin aynı ayıyla': the last period in that year")
    func sameMonthInAYear() {
        for text in ["vs the same month in 2032?", "2032'nin aynı ayıyla kıyasla"] {
            let question = ask(text, after: "geçen ay kafelere ne kadar harcadım?")
            #expect(question.intent == .comparePeriods)
            #expect(question.period == range("2033-09-01", "2033-09-30"))
            #expect(question.otherPeriod == range("2032-09-01", "2032-09-30"))
            #expect(question.category == "cafes")
        }
        // Alone, this month (so far) against that month of the year named, whole.
        let alone = ask("compare this month with the same month in 2031")
        #expect(alone.period == range("2033-10-01", "2033-10-12"))
        #expect(alone.otherPeriod == range("2031-10-01", "2031-10-31"))
        // A year without "the same" is that year.
        #expect(ask("and 2032?", after: "geçen ay kafelere ne kadar harcadım?").period == range("2032-01-01", "2032-12-31"))
    }

    @Test("Counts with a Turkish noun in a case: 'hangi 4 kategoriye', 'hangi 3 yere'; a count of times is none")
    func turkishCountNouns() {
        #expect(ask("bu yıl param en çok hangi 4 kategoriye gitti").limit == 4)
        #expect(ask("bu ay en çok hangi 3 mağazaya para verdim").limit == 3)
        #expect(ask("bu ay en çok hangi 3 yere para verdim").limit == 3)
        #expect(ask("bu ay kafeye 4 kez gittim mi").limit == nil)
    }

    @Test("English shops never paid in lower case: 'walgreens last month - total?', 'wendy's runs', 'at lowe's'")
    func englishShops() {
        #expect(merchant("walgreens last month - total?") == "Walgreens")
        #expect(merchant("uber last week, how much?") == "Uber")
        #expect(merchant("how many wendy's runs this week") == "Wendy's")
        #expect(merchant("biggest thing i bought at lowe's this year") == "Lowe's")
        // A category, a period's word, a person's home, a day's possessive are no shop.
        let eating = ask("eating out in february, total?")
        #expect(eating.merchant == nil)
        #expect(eating.category == "restaurants")
        #expect(merchant("expenses last month total?") == nil)
        #expect(merchant("since christmas how much") == nil)
        #expect(merchant("around christmas how much") == nil)
        #expect(merchant("how much did i spend at my mom's this year") == nil)
        #expect(merchant("how many of today's purchases") == nil)
    }

    @Test("Turkish shops never paid in lower case: 'superonline faturalarım', 'pasaport pizzaya', 'watsons fişlerimi'")
    func turkishShops() {
        let bills = ask("superonline faturalarımın son 6 aydaki ortalaması")
        #expect(bills.merchant == "Superonline")
        #expect(bills.category == nil)
        #expect(bills.intent == .average)
        #expect(merchant("kasım ayı vodafone faturam ne kadar tuttu") == "Vodafone")
        #expect(merchant("ocaktaki watsons fişlerimi göster") == "Watsons")
        #expect(merchant("geçen hafta sonu pasaport pizzaya ne kadar verdim") == "Pasaport Pizza")
        // What a bill is for, a period's postposition, a person or a possession in the genitive are no shop.
        #expect(ask("cep telefonu faturalarımın ortalaması").merchant == nil)
        #expect(ask("elektrik faturam ne kadar").category == "bills")
        let between = ask("15 nisan ile 15 mayıs arası faturalara ne kadar ödedim")
        #expect(between.merchant == nil)
        #expect(between.category == "bills")
        #expect(merchant("geçen hafta sonu arkadaşım aliye ne kadar verdim") == nil)
        #expect(merchant("geçen ay annemin evine ne kadar harcadım") == nil)
        #expect(merchant("geçen ay tavuk dünyasından ne kadar harcadım") == "Tavuk Dünyası")
    }

    @Test("'lokantalara' is the restaurants category with a case ending, never a shop")
    func lokanta() {
        let question = ask("bu hafta lokantalara ne kadar para bıraktım")
        #expect(question.category == "restaurants")
        #expect(question.merchant == nil)
        #expect(ask("geçen ay lokantada kaç kez yedim").category == "restaurants")
    }

    @Test("A name read with a Turkish case ending is capitalised as Turkish writes it ('idefixten' → 'İdefix'); English keeps 'I'")
    func turkishCapitals() {
        #expect(merchant("geçen yıl idefixten verdiğim en pahalı sipariş") == "İdefix")
        #expect(merchant("bu ay instagram'dan ne kadar aldım") == "İnstagram")
        #expect(merchant("geçen ay getir'e ne kadar verdim") == "Getir")
        #expect(merchant("how much at ikea this year") == "Ikea")
        #expect(merchant("geçen ay kfc'ye ne kadar harcadım") == "KFC")
    }
}
