import AssistBudget
import AssistUnderstanding
import Testing

/// The twenty-second written-after set's misses (`golden/written-after/README.md`), fixed by general rules: Halloween by
/// its Turkish name ("cadılar bayramı"), "since the 4th of july" from that day to today, where one's money went ("where
/// has my paycheck gone"), one outing's largest payment ("most i spent at … in one visit"), a category's kind of shop
/// ("now do coffee shops") no ranking, and shops by where they stand ("paid Cricket Wireless", "jiffy lube total aug
/// through oct", "thing from best buy", "tatlıcı safa"). Each beside the reading it must not take.
@Suite("Budget: the twenty-second set's periods, intents and shops")
struct BudgetTwentySecondSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Netflix", "Shell"], today: "2039-11-09")  // a Wednesday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
    func ask(_ text: String, after previous: String? = nil) -> FinanceQuestion {
        understander.understand(text, previous: previous.map { understander.understand($0) })
    }

    @Test("'cadılar bayramı' is Halloween; 'since the 4th of july' runs from that day to today")
    func holidaysAndSince() {
        #expect(ask("cadılar bayramından beri köşebaşı'nda ödediğim en büyük hesap").period == range("2039-10-31", "2039-11-09"))
        #expect(ask("cadılar bayramında eğlenceye ne kadar verdim").period == range("2039-10-31", "2039-10-31"))
        #expect(ask("where has my paycheck gone since the 4th of july").period == range("2039-07-04", "2039-11-09"))
        // "bayram" alone names no Halloween; "on the 4th of july" is the day.
        #expect(ask("bayramından beri ne kadar harcadım").period.from != "2039-10-31")
        #expect(ask("how much did i spend on the 4th of july").period == range("2039-07-04", "2039-07-04"))
    }

    @Test("where one's money went, one outing's largest, a category's kind of shop: each asks its intent")
    func intentShapes() {
        #expect(ask("where has my paycheck gone since the 4th of july").intent == .topMerchants)
        #expect(ask("where did my salary go last month").intent == .topMerchants)
        #expect(ask("where has my package gone since monday").intent != .topMerchants)
        #expect(ask("most i spent at massage envy in one visit this fall").intent == .largest)
        #expect(ask("how much do i spend in one visit on average").intent == .average)
        let coffee = ask("now do coffee shops", after: "How much have I spent on restaurants this month?")
        #expect(coffee.intent == .totalSpent && coffee.category == "cafes")
        // A count asks for a ranking of them.
        #expect(ask("my top 3 coffee shops last month").intent == .topMerchants)
    }

    @Test("shops by where they stand: 'paid Cricket Wireless', 'jiffy lube total aug through oct', 'thing from best buy'")
    func englishShops() {
        #expect(ask("How much have I paid Cricket Wireless since June?").merchant == "Cricket Wireless")
        #expect(ask("how much have I paid Peacock Monthly since june").merchant != "Peacock Monthly")
        #expect(ask("jiffy lube total aug through oct").merchant == "Jiffy Lube")
        #expect(ask("my total aug through oct").merchant == nil)
        #expect(ask("priciest thing from best buy in the second quarter").merchant == "Best Buy")
        #expect(ask("priciest thing from last month").merchant == nil)
    }

    @Test("a trade's noun before a name before 'harcama…' is the name's first word: 'tatlıcı safa'; another word is not")
    func turkishTradeNoun() {
        #expect(ask("eylülde tatlıcı safa harcamalarımı listele").merchant == "Tatlıcı Safa")
        #expect(ask("eylülde güzel safa harcamalarımı listele").merchant != "Güzel Safa")
        // An ordinal ends like a trade's noun and is none.
        #expect(ask("eylülde ikinci safa harcamalarımı listele").merchant != "İkinci Safa")
    }
}
