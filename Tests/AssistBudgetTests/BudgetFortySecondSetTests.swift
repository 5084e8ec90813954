import AssistBudget
import AssistUnderstanding
import Testing

/// The forty-second written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the forty-second set")
struct BudgetFortySecondSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2057-06-25")  // a Monday

    @Test("periods: a run of months of a named year; 'the year so far'; 'günü'nden bu yana'; 'geçen kışa göre'")
    func periods() {
        let months = ask("dining, feb to may of last year, total")
        #expect(months.period == span("2056-02-01", "2056-05-31") && months.otherPeriod == nil && months.intent == .totalSpent)
        let turkish = ask("geçen yılın şubat-mayıs dönemi market harcaması")
        #expect(turkish.period == span("2056-02-01", "2056-05-31") && turkish.otherPeriod == nil)
        // A run of months alone is still the latest one, and two years still compare.
        #expect(ask("dining, feb to may").period == span("2057-02-01", "2057-05-31"))
        #expect(ask("dining this year vs last year").intent == .comparePeriods)
        #expect(ask("starbucks for the year so far").period == span("2057-01-01", "2057-06-25"))
        let since = ask("anneler günü'nden bu yana market harcamalarım")
        #expect(since.period == span("2057-05-13", "2057-06-25"))
        let winter = ask("market harcamam bu bahar geçen kışa göre arttı mı")
        #expect(winter.period == span("2057-03-01", "2057-05-31") && winter.otherPeriod == span("2056-12-01", "2057-02-28"))
        // "bu kısa sürede" (in this short time) is no winter.
        #expect(ask("bu kısa sürede markete ne kadar harcadım").otherPeriod == nil)
    }

    @Test("ways of asking: 'heftiest', 'count please', 'category-wise', 'divide that by', 'kaç ediyor'")
    func intents() {
        #expect(ask("the heftiest thing i got at starbucks since april?").intent == .largest)
        #expect(ask("starbucks visits in may, count please").intent == .count)
        #expect(after("Which shops got the most from me in May?", "and category-wise?").intent == .topCategories)
        #expect(after("How much at Starbucks since Easter?", "divide that by the number of visits").intent == .average)
        #expect(ask("bu ay market harcamalarım toplam kaç ediyor").intent == .totalSpent)
        // "kaç kez" still counts.
        #expect(ask("bu ay markete kaç kez gittim").intent == .count)
        // The payments named last, with no verb, are listed; a total asked of them is still a total.
        #expect(ask("geçen ay migros'a yaptığım ödemeler").intent == .listTransactions)
        #expect(ask("geçen ay migros'a yaptığım ödemeler ne kadar").intent == .totalSpent)
    }

    @Test("a follow-up set against another period: 'is that above march's number?', 'marttakinden fazla mı az mı'")
    func comparedWithAnother() {
        let above = after("How much did I spend on dining in May?", "is that above march's number?")
        #expect(above.intent == .comparePeriods && above.period == span("2057-05-01", "2057-05-31")
                && above.otherPeriod == span("2057-03-01", "2057-03-31") && above.category == "restaurants")
        let turkish = after("Mayısta giyime ne kadar harcadım?", "marttakinden fazla mı az mı")
        #expect(turkish.intent == .comparePeriods && turkish.otherPeriod == span("2057-03-01", "2057-03-31") && turkish.category == "clothing")
    }

    @Test("a Turkish month takes a 'd' or 't' ending only as the locative or the ablative: 'nişantaşı' is no April")
    func monthEndings() {
        #expect(ask("geçen hafta nişantaşı kuaförüne ne verdik").otherPeriod == nil)
        #expect(ask("geçen hafta nişantaşı kuaförüne ne verdik").period == span("2057-06-18", "2057-06-24"))
        #expect(ask("nisandaki market harcamam").period == span("2057-04-01", "2057-04-30"))
        #expect(ask("marttan beri market harcamam").period == span("2057-03-01", "2057-06-25"))
    }

    @Test("a town of fewer than 1,000 people, in the gazetteer for its airfield, leaves its name to a shop; a city does not")
    func hamletsLeaveNamesToShops() {
        #expect(ask("how much at yakutat last month").merchant == "Yakutat")
        #expect(ask("how much at denver last month").merchant == nil)
    }

    @Test("follow-ups: 'only four of them, please'; 'slide it forward a week'; 'aynı yer'; 'ok now X'")
    func followUps() {
        #expect(after("Who were my top 10 shops this year?", "only three of them, please").limit == 3)
        let slid = after("What did I spend on fuel the week of Father's Day?", "push it forward a week")
        #expect(slid.period == span("2057-06-18", "2057-06-24") && slid.category == "fuel")
        let same = after("Mayısta Starbucks'a ne kadar ödedim?", "marta da bak, aynı yer")
        #expect(same.intent == .totalSpent && same.merchant == "Starbucks" && same.period == span("2057-03-01", "2057-03-31"))
        // Places ranked are still asked for.
        #expect(ask("en çok harcadığım 3 yer").intent == .topMerchants)
        #expect(after("How much did I spend at Starbucks in May?", "ok now wegmans").merchant == "Wegmans")
    }
}
