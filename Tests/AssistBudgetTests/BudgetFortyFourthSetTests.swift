import AssistBudget
import AssistUnderstanding
import Testing

/// The forty-fourth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the forty-fourth set")
struct BudgetFortyFourthSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2057-07-24")  // a Tuesday

    @Test("periods: 'up to today' ends the period before it; 'friday the 13th'; 'the week of the 1st of june'")
    func periods() {
        #expect(ask("groceries from may up to today").period == span("2057-05-01", "2057-07-24"))
        #expect(ask("may through today, starbucks").period == span("2057-05-01", "2057-07-24"))
        #expect(ask("groceries in may").period == span("2057-05-01", "2057-05-31"))
        let july = after("How much did I spend on transport in May?", "and july up to today?")
        #expect(july.period == span("2057-07-01", "2057-07-24") && july.otherPeriod == nil)
        // The latest 13th that fell on a Friday (this month's did); the latest 20th that fell on a Monday (months back).
        #expect(ask("and friday the 13th?").period == span("2057-07-13", "2057-07-13"))
        #expect(ask("and monday the 20th?").period == span("2056-11-20", "2056-11-20"))
        #expect(ask("groceries the week of the 1st of june").period == span("2057-05-28", "2057-06-03"))
    }

    @Test("follow-ups: 'shift it to the following week', 'that weekend', 'o hafta sonu' in a longer question")
    func followUpPeriods() {
        let moved = after("What did I spend on groceries the week of the 1st of june?", "shift it to the following week")
        #expect(moved.period == span("2057-06-04", "2057-06-10") && moved.category == "groceries")
        let weekend = after("How much did I spend at Starbucks last weekend?", "and what went on fuel that weekend")
        #expect(weekend.period == span("2057-07-21", "2057-07-22") && weekend.category == "fuel")
        let turkish = after("Geçen hafta sonu kafelere ne kadar verdim?", "peki o hafta sonu markete toplamda ne kadar para gitti acaba")
        #expect(turkish.period == span("2057-07-21", "2057-07-22") && turkish.category == "groceries")
    }

    @Test("comparisons: 'is that ahead of april?', 'nisanla kıyaslayınca', 'bir önceki haftadakini geçti mi'")
    func comparisons() {
        let ahead = after("What did groceries cost me this month?", "is that ahead of april?")
        #expect(ahead.intent == .comparePeriods && ahead.period == span("2057-07-01", "2057-07-24")
                && ahead.otherPeriod == span("2057-04-01", "2057-04-30"))
        let turkish = after("Bu ay marketlere ne kadar verdim?", "nisanla kıyaslayınca nasıl")
        #expect(turkish.intent == .comparePeriods && turkish.otherPeriod == span("2057-04-01", "2057-04-30"))
        let weeks = ask("starbucks geçen hafta, bir önceki haftadakini geçti mi")
        #expect(weeks.intent == .comparePeriods && weeks.period == span("2057-07-16", "2057-07-22")
                && weeks.otherPeriod == span("2057-07-09", "2057-07-15"))
    }

    @Test("ways of asking: an average after 'what's', '- count?' last, 'the three biggest' after a top list, 'tek parça'")
    func intents() {
        #expect(ask("coffee shops, past 90 days: what's a stop running me on average").intent == .average)
        #expect(ask("what coffee shops did i go to most").intent == .topMerchants)
        #expect(ask("starbucks visits in may - count?").intent == .count)
        let three = after("Who were my top 6 merchants this year?", "keep just the three biggest")
        #expect(three.intent == .topMerchants && three.limit == 3)
        let two = after("What were my top 5 categories in June?", "only the two largest")
        #expect(two.intent == .topCategories && two.limit == 2)
        #expect(ask("tek parça olarak en pahalı market alışverişim").intent == .largest)
    }

    @Test("the last question's slice: its merchant spelt another way, its bills, 'bunu … bölünce'")
    func lastSlice() {
        let listed = after("How much did I pay PSEG in the first half of the year?", "list every pseg bill one by one")
        #expect(listed.intent == .listTransactions && listed.merchant == "PSEG" && listed.period == span("2057-01-01", "2057-06-30"))
        let bills = after("Yılın ilk yarısında İSKİ'ye ne kadar ödedim?", "faturaları ay ay listele")
        #expect(bills.merchant == "İSKİ" && bills.category == nil && bills.period == span("2057-01-01", "2057-06-30"))
        let divided = after("Geçen ay Starbucks'a ne kadar ödedim?", "bunu ziyaret sayısına bölünce ortalama ne ediyor")
        #expect(divided.intent == .average && divided.merchant == "Starbucks" && divided.period == span("2057-06-01", "2057-06-30"))
        // A question of its own about bills starts afresh.
        #expect(after("Yılın ilk yarısında İSKİ'ye ne kadar ödedim?", "bu ay faturalara ne kadar ödedim").merchant == nil)
    }

    @Test("shops: a conditional verb, a season, 'şimdiye kadarki' are no name's words; a name bare before 'siparişlerim'")
    func shops() {
        #expect(ask("son 6 ayı hesaba katarsak kuzuköy'e aylık ortalama ne ödüyorum").merchant == "Kuzuköy")
        #expect(ask("bu kış taşfırını'nda ödediğim en yüksek hesap").merchant == "Taşfırını")
        #expect(ask("kuzuka siparişlerim mart ayında kaç lira tuttu").merchant == "Kuzuka")
        #expect(ask("temmuzda şimdiye kadarki harcamam haziranı geçti mi").merchant == nil)
        #expect(ask("dart fares for june").merchant == "Dart")
    }
}
