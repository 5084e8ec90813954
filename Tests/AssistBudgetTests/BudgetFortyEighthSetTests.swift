import AssistBudget
import AssistUnderstanding
import Testing

/// The forty-eighth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the forty-eighth set")
struct BudgetFortyEighthSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2058-04-09")  // a Tuesday

    @Test("Turkish periods: 'yılın ilk üç ayında', 'son on gün', 'mart ayı başından beri', 'salı itibarıyla' names no day")
    func turkishPeriods() {
        #expect(ask("yılın ilk dört ayında restoranlara ne gitti").period == span("2058-01-01", "2058-04-09"))
        // Six of them are still the year's first half.
        #expect(ask("bu yılın ilk altı ayında kafelere ne gitti").period == span("2058-01-01", "2058-04-09"))
        #expect(ask("son on günde kafelere ne kadar verdim").period == span("2058-03-31", "2058-04-09"))
        #expect(ask("şubat ayı başından beri kaç sipariş verdim").period == span("2058-02-01", "2058-04-09"))
        let asOf = ask("kafelere bu ay giden, pazartesi itibarıyla ne kadar")
        #expect(asOf.period == span("2058-04-01", "2058-04-09") && asOf.otherPeriod == nil && asOf.merchant == nil && asOf.category == "cafes")
    }

    @Test("Turkish comparisons: 'bir önceki haftanın üstünde mi', 'bu son hafta sonu bir öncekinden pahalı mı'; 'ayın dokuzu' is no list")
    func turkishComparisons() {
        let above = ask("geçen hafta kafelere giden, bir önceki haftanın altında mı")
        #expect(above.intent == .comparePeriods && above.otherPeriod == span("2058-03-25", "2058-03-31"))
        let weekend = ask("migrosta bu son hafta sonu bir öncekinden ucuz mu geçti")
        #expect(weekend.intent == .comparePeriods && weekend.period == span("2058-04-06", "2058-04-07")
                && weekend.otherPeriod == span("2058-03-30", "2058-03-31"))
        // "ayın N'i" without a comparison's words stays the day it names.
        #expect(ask("ayın üçünde kafelere ne verdim").intent != .comparePeriods)
        #expect(ask("starbucks'a bu mart geçen marttan az mı verdim, daha ayın dokuzu ama").intent == .comparePeriods)
    }

    @Test("intents: 'her birini ayrı görmek istiyorum', 'hepsini görmek istiyorum', 'most … on a single … order'")
    func intents() {
        #expect(ask("geçen ayki kafe harcamalarım, her birini ayrı görmek istiyorum").intent == .listTransactions)
        #expect(ask("dünkü harcamaların hepsini görmek istiyorum").intent == .listTransactions)
        #expect(ask("dünkü harcamaların hepsini topla").intent != .listTransactions)
        #expect(ask("the most i've spent on a single starbucks order this year").intent == .largest)
        #expect(ask("the most i've spent at starbucks this year").intent != .largest)
    }

    @Test("limits: 'which 3 did i …', 'give me four, not ten', 'dört tanesini göster'; 'which one' is no list")
    func limits() {
        #expect(ask("2057 by category: which 4 got the most").limit == 4)
        #expect(ask("which one cost the most last month").limit == nil)
        #expect(ask("which 2 months cost the most").limit == nil)
        #expect(after("Who were my top 10 merchants this year?", "give me three, not ten").limit == 3)
        let turkish = after("Bu yıl en çok harcama yaptığım 10 yer hangileri?", "üç tanesini göster, gerisi kalsın")
        #expect(turkish.limit == 3 && turkish.intent == .topMerchants)
    }

    @Test("follow-ups: 'go N years back from there', 'bump it a week later', 'bir hafta evveline', 'aynı hafta', 'at X market'")
    func followUps() {
        #expect(after("How much did I spend on books in 2057?", "go three years back from there").period == span("2054-01-01", "2054-12-31"))
        #expect(after("How much did I spend on cafes the week of March 13?", "push it a week later").period == span("2058-03-18", "2058-03-24"))
        #expect(after("13 Mart haftasında kafelere ne kadar harcadım?", "bir hafta evveline bakalım").period == span("2058-03-04", "2058-03-10"))
        let same = after("Geçen hafta Starbucks'a ne kadar harcadım?", "kahve dünyası'na peki, aynı hafta")
        #expect(same.period == span("2058-04-01", "2058-04-07"))
        let market = after("How much did I spend at Starbucks last week?", "same week but at eastside market")
        #expect(market.merchant == "Eastside Market" && market.category == nil && market.period == span("2058-04-01", "2058-04-07"))
        #expect(ask("how much at the farmers market last week").merchant == nil)
    }

    @Test("categories and cues: 'at the pump', 'nails and waxing', 'book haul'; 'show' as a noun; '(today included)'; 'X count since'")
    func categoriesAndCues() {
        #expect(ask("biggest amount i paid at the pump in march").category == "fuel")
        #expect(ask("nails and waxing since january, typical visit").category == "personal care")
        let haul = ask("december book haul, total")
        #expect(haul.category == "books" && haul.merchant == nil)
        #expect(ask("comedy club show on friday, what did we pay for that").intent != .listTransactions)
        #expect(ask("show me my purchases from friday").intent == .listTransactions)
        let counted = ask("blue bottle count since monday (today included)")
        #expect(counted.intent == .count && counted.merchant == "Blue Bottle" && counted.otherPeriod == nil
                && counted.period == span("2058-04-08", "2058-04-09"))
        #expect(ask("8 Nisan Dünya Romanlar Günü'nde ne harcadım?").merchant == nil)
    }

    @Test("follow-ups: 'per show' after 'at the X', 'was january higher or lower', 'X's part in that total', 'bir sene öncesini', 'o zamandan beri'")
    func moreFollowUps() {
        let perShow = after("What did I spend at the Comedy Cellar in the last 3 months?", "per show, what's that come to")
        #expect(perShow.intent == .average && perShow.merchant == "Comedy Cellar")
        let compared = after("How much did I spend on cafes in March?", "was january higher or lower")
        #expect(compared.intent == .comparePeriods && compared.category == "cafes" && compared.period == span("2058-03-01", "2058-03-31")
                && compared.otherPeriod == span("2058-01-01", "2058-01-31"))
        #expect(after("2056 yılında kafelere ne kadar harcadım?", "bir sene öncesini, 2055'i de merak ettim").category == "cafes")
        let part = after("How much did I spend on cafes in March?", "philz's part in that total?")
        #expect(part.merchant == "Philz" && part.category == "cafes" && part.period == span("2058-03-01", "2058-03-31"))
        #expect(after("How much did I spend on cafes in March?", "and in that month, restaurants?").merchant == nil)
        let since = after("Sevgililer Günü'nden beri Starbucks'a ne kadar ödedim?", "kaç kere uğrayıp kahve almışız o zamandan beri")
        #expect(since.period == span("2058-02-14", "2058-04-09"))
    }

    @Test("a number a colon ends closes a label, no day of the month after it: 'super 8: april so far'; 'april 5:' stays a day")
    func numberBeforeAColon() {
        #expect(ask("super 8: april so far vs all of last april").period == span("2058-04-01", "2058-04-09"))
        #expect(ask("april 5: how much at starbucks").period == span("2058-04-05", "2058-04-05"))
        #expect(ask("5 april, how much at starbucks").period == span("2058-04-05", "2058-04-05"))
    }
}
