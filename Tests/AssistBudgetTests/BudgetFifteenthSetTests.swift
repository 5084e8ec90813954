import AssistBudget
import AssistUnderstanding
import Testing

/// The fifteenth written-after set's misses (`golden/written-after/README.md`): days named by a holiday or an ordinal
/// ("the 4th of july", "columbus day", "the day before thanksgiving"), days from one to another ("jul 1 - aug 15",
/// "yesterday + today", "between the 10th and 12th", "ayın 10undan beri"), "ytd", "the year before last", "two weeks
/// back", follow-ups moving a year ("rewind a year", "bi yıl öncesinde"), intents (the unit of an average, receipts,
/// "line by line", "dökümünü", "top spots", "which restaurant", "en yükseği", "yediye çıkarsana"), categories and shops
/// ("barnes & noble", "utilty", "ulta haul", "went to petco", "nusr-ete", "özsüte", "Colin's'ten", "digiturk
/// aboneliğime", "saray muhallebicisinde hesap"), beside the readings they must not take.
@Suite("Budget: the fifteenth set's days, spans, follow-ups, intents and shops")
struct BudgetFifteenthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Sushico", "Nusr-Et", "Köfteci Yusuf", "Shell", "Opet", "D&R",
                                                       "Pegasus", "Mopaş"],
                                           today: "2031-10-16")  // a Thursday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
    func ask(_ text: String, after previous: String? = nil) -> FinanceQuestion {
        understander.understand(text, previous: previous.map { understander.understand($0) })
    }

    @Test("'the 4th of july', Columbus Day, the day before or after a holiday are days; 'the 4th' and 'the day before' keep their readings")
    func holidaysAndOrdinalDays() {
        let july = ask("what did sushico cost us on the 4th of july")
        #expect(july.period == range("2031-07-04", "2031-07-04"))
        #expect(july.merchant == "Sushico")
        #expect(ask("spending on 4th of july").period == range("2031-07-04", "2031-07-04"))
        #expect(ask("most expensive purchase on columbus day").period == range("2031-10-13", "2031-10-13"))
        #expect(ask("what did i spend the day before thanksgiving").period == range("2030-11-27", "2030-11-27"))
        #expect(ask("what did i spend the day after christmas").period == range("2030-12-26", "2030-12-26"))
        // "the 4th" alone is this month's; "the day before yesterday" two days back; "the day before" after a question moves it.
        #expect(ask("what did i spend on the 4th").period == range("2031-10-04", "2031-10-04"))
        #expect(ask("what did i spend the day before yesterday").period == range("2031-10-14", "2031-10-14"))
        #expect(ask("and the day before?", after: "what did i spend yesterday").period == range("2031-10-14", "2031-10-14"))
        #expect(ask("how much in july").period == range("2031-07-01", "2031-07-31"))
    }

    @Test("Days joined by a dash or a plus, or an ordinal after 'between the 10th and': the days between; 'vs' and 'and' alone stay two")
    func daySpans() {
        let months = ask("pegasus tix jul 1 - aug 15 total?")
        #expect(months.intent == .totalSpent)
        #expect(months.period == range("2031-07-01", "2031-08-15"))
        #expect(months.otherPeriod == nil)
        #expect(months.merchant == "Pegasus")
        #expect(ask("how much went into the tank oct 1 - oct 12").period == range("2031-10-01", "2031-10-12"))
        #expect(ask("how much went into the tank oct 1 - oct 12").category == "fuel")
        let days = ask("migros yesterday + today, how much altogether")
        #expect(days.period == range("2031-10-15", "2031-10-16"))
        #expect(days.intent == .totalSpent)
        let ordinals = ask("online shopping between the 10th and 12th, how much")
        #expect(ordinals.period == range("2031-10-10", "2031-10-12"))
        #expect(ordinals.category == "shopping")
        #expect(ask("spending from the 3rd to 9th").period == range("2031-10-03", "2031-10-09"))
        // Set against each other, they stay two days.
        let compared = ask("compare jul 1 and aug 15")
        #expect(compared.intent == .comparePeriods)
        #expect(compared.otherPeriod == range("2031-08-15", "2031-08-15"))
        #expect(ask("yesterday vs today").otherPeriod == range("2031-10-16", "2031-10-16"))
        #expect(ask("compare the 10th and 12th").intent == .comparePeriods)
    }

    @Test("'ytd', 'year to date', 'the year before last', 'ayın 10undan beri'; 'the year before' after a question still moves it")
    func yearsAndSince() {
        let ytd = ask("whats my typical spend per visit at kofteci yusuf, ytd")
        #expect(ytd.period == range("2031-01-01", "2031-10-16"))
        #expect(ytd.intent == .average)
        #expect(ytd.merchant == "Köfteci Yusuf")
        #expect(ask("spending year to date").period == range("2031-01-01", "2031-10-16"))
        let beforeLast = ask("who were my top spots the year before last, just curious")
        #expect(beforeLast.period == range("2029-01-01", "2029-12-31"))
        #expect(beforeLast.intent == .topMerchants)
        #expect(ask("spending the month before last").period == range("2031-08-01", "2031-08-31"))
        #expect(ask("and the year before?", after: "how much did i spend in 2030").period == range("2029-01-01", "2029-12-31"))
        #expect(ask("how much did i spend last year").period == range("2030-01-01", "2030-12-31"))
        let since = ask("ayın 10undan beri kac kere starbucksa ugradim")
        #expect(since.period == range("2031-10-10", "2031-10-16"))
        #expect(since.intent == .count)
        #expect(ask("ayın 10'undan beri ne harcadım").period == range("2031-10-10", "2031-10-16"))
        // "ayın 10'unda" is that day alone.
        #expect(ask("ayın 10'unda ne harcadım").period == range("2031-10-10", "2031-10-10"))
    }

    @Test("'rewind a year', 'go back a month', 'bi yıl öncesinde' move the last period; 'two weeks back' is the week two before this one")
    func movesAndWeeksBack() {
        let rewound = ask("rewind a year", after: "How much did I spend at Shell in August?")
        #expect(rewound.period == range("2030-08-01", "2030-08-31"))
        #expect(rewound.merchant == "Shell")
        #expect(ask("go back a month", after: "How much did I spend at Shell in August?").period == range("2031-07-01", "2031-07-31"))
        let turkish = ask("bi yıl öncesinde ne kadarmış", after: "Ağustosta Opet'e ne kadar ödedim?")
        #expect(turkish.period == range("2030-08-01", "2030-08-31"))
        #expect(turkish.merchant == "Opet")
        let back = ask("two weeks back?", after: "What was my biggest purchase last week?")
        #expect(back.period == range("2031-09-29", "2031-10-05"))
        #expect(back.intent == .largest)
        #expect(ask("iki hafta önceki?", after: "Geçen haftaki en büyük harcamam neydi?").period == range("2031-09-29", "2031-10-05"))
        #expect(ask("spending 3 weeks ago").period == range("2031-09-22", "2031-09-28"))
        // "a week back" after a question moves its week by one; "iki gün önce" stays a day of its own.
        #expect(ask("a week back?", after: "What was my biggest purchase last week?").period == range("2031-09-29", "2031-10-05"))
        #expect(ask("iki hafta").period == range("2031-10-01", "2031-10-16"))
    }

    @Test("The unit of an average asks for one ('per visit', 'per cup', 'hesap başı', 'ort.'); 'per month', 'ay başı' and 'avg utility bill' do not change")
    func averages() {
        let cup = ask("so what's that per cup, roughly", after: "How much have I spent at Starbucks this week?")
        #expect(cup.intent == .average)
        #expect(cup.merchant == "Starbucks")
        #expect(cup.period == range("2031-10-13", "2031-10-16"))
        let bill = ask("whats the avg bill", after: "How many times did I eat at Sushico this year?")
        #expect(bill.intent == .average)
        #expect(bill.merchant == "Sushico")
        #expect(bill.category == nil)
        #expect(bill.period == range("2031-01-01", "2031-10-16"))
        let turkish = ask("köfteci yusufta bu sene hesap başı ort. ne ödüyorum")
        #expect(turkish.intent == .average)
        #expect(turkish.merchant == "Köfteci Yusuf")
        // A rate or a breakdown is no unit; a bill after another word is still the bills.
        #expect(ask("how much per month on coffee").intent != .average)
        #expect(ask("spending per category this year").intent == .topCategories)
        #expect(ask("ay başından beri ne harcadım").intent == .totalSpent)
        let utility = ask("avg utility bill in q3")
        #expect(utility.category == "bills")
        #expect(ask("average grocery bill in april").category == "groceries")
    }

    @Test("Receipts, 'line by line', 'dökümünü çıkar' list; 'top spots' and 'which restaurant' are top lists; 'en yükseği' the largest; 'yediye çıkarsana' seven")
    func intents() {
        let receipts = ask("d&r receipts since sept 1st pls")
        #expect(receipts.intent == .listTransactions)
        #expect(receipts.merchant == "D&R")
        #expect(ask("how many d&r receipts this year").intent == .count)
        #expect(ask("line by line?", after: "What did fuel cost me last week?").intent == .listTransactions)
        #expect(ask("line by line?", after: "What did fuel cost me last week?").category == "fuel")
        #expect(ask("dökümünü çıkar", after: "Geçen hafta yakıta ne kadar verdim?").intent == .listTransactions)
        let which = ask("which restaurant has eaten most of my budget since june")
        #expect(which.intent == .topMerchants)
        #expect(which.category == "restaurants")
        #expect(ask("which categories cost the most this year").intent == .topCategories)
        let highest = ask("en yükseği ne kadardı", after: "Bu yıl D&R'dan ne kadarlık alışveriş yaptım?")
        #expect(highest.intent == .largest)
        #expect(highest.merchant == "D&R")
        let seven = ask("yediye çıkarsana", after: "3. çeyrekte en çok harcadığım 5 yer")
        #expect(seven.limit == 7)
        #expect(seven.intent == .topMerchants)
        // "beşe indir" lowers it; a count with no verb changing it is none.
        #expect(ask("beşe indir", after: "3. çeyrekte en çok harcadığım 7 yer").limit == 5)
        #expect(ask("yediye kadar ne harcadım").limit == nil)
    }

    @Test("Categories: haircuts and skincare, kuaför and kozmetik are personal care; 'bu yazı' is this summer, 'yazı' alone no season")
    func categoriesAndSeasons() {
        #expect(ask("haircuts, skincare etc in august - total?").category == "personal care")
        #expect(ask("ağustosta kuaför, kozmetik falan ne tuttu").category == "personal care")
        let seasons = ask("bu ilkbaharla bu yazı karşılaştır")
        #expect(seasons.intent == .comparePeriods)
        #expect(seasons.period == range("2031-03-01", "2031-05-31"))
        #expect(seasons.otherPeriod == range("2031-06-01", "2031-08-31"))
        #expect(ask("yazı için ne kadar ödedim").period == range("2031-10-01", "2031-10-16"))
    }

    @Test("Shops never paid: 'barnes & noble', 'ulta haul', 'went to petco', 'nusr-ete', 'özsüte', 'Colin's'ten', 'digiturk aboneliğime', 'saray muhallebicisinde hesap'")
    func shops() {
        #expect(ask("list my barnes & noble purchases from this spring").merchant == "Barnes & Noble")
        #expect(ask("largest ulta haul in september??").merchant == "Ulta")
        #expect(ask("how much went to petco in q3 (dog food mostly lol)").merchant == "Petco")
        #expect(ask("nusr-ete 2. çeyrekte mi 3. çeyrekte mi daha çok para gitti").merchant == "Nusr-Et")
        #expect(ask("özsüte bu hafta ne kadar gitti ya").merchant == "Özsüt")
        #expect(ask("yılın ilk yarısında Colin's'ten aldığım en pahalı şey").merchant == "Colin's")
        let digiturk = ask("2030da digiturk aboneligime toplam ne odedim")
        #expect(digiturk.merchant == "Digiturk")
        #expect(digiturk.period == range("2030-01-01", "2030-12-31"))
        #expect(ask("cumartesi saray muhallebicisinde hesap ne tuttu").merchant == "Saray Muhallebicisi")
        // A misspelt common word is no shop; nor a period's word before "abonelik"; nor a common word after "went to".
        let utility = ask("Average utilty bill so far this year?")
        #expect(utility.merchant == nil)
        #expect(utility.category == "bills")
        let september = ask("Eylül ayındaki abonelik çekimlerini gösterir misiniz?")
        #expect(september.merchant == nil)
        #expect(september.category == "subscriptions")
        #expect(ask("2028'in ilk yarısında aboneliklere ne ödedim").merchant == nil)
        #expect(ask("how much went to rent this month").merchant == nil)
        #expect(ask("how much went into the tank last week").merchant == nil)
        // A "t" ending after a voiceless consonant still comes off: "mopaşta" is Mopaş's.
        #expect(ask("geçen ay mopaşta ne kadar harcadım").merchant == "Mopaş")
        #expect(ask("annemin evinde hesap ne tuttu").merchant == nil)
    }
}
