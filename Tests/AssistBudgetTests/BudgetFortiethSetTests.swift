import AssistBudget
import AssistUnderstanding
import Testing

/// The fortieth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the fortieth set")
struct BudgetFortiethSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2057-03-06")  // a Tuesday

    @Test("periods: 'the week of valentine's day' is Monday to Sunday, and moves as a week; 'yeni yıldan beri'")
    func periods() {
        #expect(ask("groceries the week of valentine's day").period == span("2057-02-12", "2057-02-18"))
        #expect(after("How much went on groceries the week of Valentine's Day?", "and the week before?").period
                == span("2057-02-05", "2057-02-11"))
        // The day alone stays the day.
        #expect(ask("groceries on valentine's day").period == span("2057-02-14", "2057-02-14"))
        #expect(ask("yeni yıldan beri migros harcamam").period == span("2057-01-01", "2057-03-06"))
    }

    @Test("ways of asking: 'the usual', 'a normal', 'big-ticket', 'just the number', 'all in', 'işletme', 'harcama türlerine göre'")
    func intents() {
        #expect(ask("what's the usual bill at starbucks these days").intent == .average)
        #expect(ask("what does a normal migros run cost me lately").intent == .average)
        #expect(ask("which was the big-ticket starbucks purchase in 2056").intent == .largest)
        #expect(ask("starbucks visits in january, just the number").intent == .count)
        #expect(ask("starbucks charges since january, all in").intent == .totalSpent)
        #expect(ask("ocaktan beri en çok para bıraktığım beş işletme").intent == .topMerchants)
        #expect(after("Ocakta en çok hangi mağazalara harcadım?", "şimdi harcama türlerine göre ayır").intent == .topCategories)
        // Plural payments with no other cue are still listed.
        #expect(ask("starbucks charges since january").intent == .listTransactions)
    }

    @Test("counts: 'the leading three', 'en üstteki üç tanesi'")
    func limits() {
        #expect(after("Who were my top 8 merchants last year?", "the leading three will do").limit == 3)
        #expect(after("Geçen yıl en çok harcadığım 8 mağaza hangisi?", "en üstteki üç tanesi yeter").limit == 3)
    }

    @Test("follow-ups: the last merchant's payments by a category's word keep its period; 'swap the year', a long '… instead', 'come in under'")
    func followUps() {
        let migros = after("How much did I pay Migros last year?", "line up each migros grocery purchase")
        #expect(migros.period == span("2056-01-01", "2056-12-31") && migros.merchant == "Migros" && migros.category == nil)
        let turkish = after("Geçen yıl Migros'a ne kadar ödedim?", "migros'taki market alışverişlerini sırala")
        #expect(turkish.period == span("2056-01-01", "2056-12-31") && turkish.merchant == "Migros")
        let swapped = after("What did I spend on groceries in 2056?", "swap the year to 2054")
        #expect(swapped.merchant == nil && swapped.category == "groceries" && swapped.period == span("2054-01-01", "2054-12-31"))
        let instead = after("Fuel so far this month, what have I paid?", "give me january's whole total instead")
        #expect(instead.category == "fuel" && instead.period == span("2057-01-01", "2057-01-31"))
        let under = after("How much did I spend on fuel in February?", "did december come in under that?")
        #expect(under.intent == .comparePeriods && under.period == span("2057-02-01", "2057-02-28")
                && under.otherPeriod == span("2056-12-01", "2056-12-31") && under.category == "fuel")
    }

    @Test("Turkish: 'geçtiğimiz kış' is last winter; 'ertesi günün toplamı kaçtı' the next day's total; a holiday's words name no shop; 'üstüme başıma'")
    func turkish() {
        #expect(ask("geçtiğimiz kış migros harcamam").period == span("2056-12-01", "2057-02-28"))
        #expect(ask("geçtiğimiz kış migros harcamam").merchant == "Migros")
        let next = after("Anneler Günü'nde ne kadar harcadım?", "ertesi günün toplamı kaçtı")
        #expect(next.period == span("2056-05-15", "2056-05-15") && next.intent == .totalSpent && next.merchant == nil)
        #expect(ask("Anneler Günü'nde ne kadar harcadım?").merchant == nil)
        #expect(ask("Anneler Günü'nde Migros'a ne kadar harcadım?").merchant == "Migros")
        // "kaç" of a count stays one.
        #expect(ask("ertesi gün kaç işlem yapmışım").intent == .count)
        let clothes = ask("şubatta üstüme başıma ne kadar verdim")
        #expect(clothes.category == "clothing" && clothes.merchant == nil)
    }

    @Test("a compound's possessive second word keeps its first word, a place's name or a weekday's look-alike: 'kadıköy pazarı'na'")
    func compounds() {
        #expect(ask("kadıköy pazarı'na bu şubat ne kadar ödedim").merchant == "Kadıköy Pazarı")
        #expect(ask("kadıköy pazarı'na bu şubat ne kadar ödedim").period == span("2057-02-01", "2057-02-28"))
        #expect(ask("Bu yıl Çemberlitaş Hamamı'na ne kadar ödedim?").merchant == "Çemberlitaş Hamamı")
        // A weekday named before a shop stays the day.
        let monday = ask("pazartesi migros'a ne kadar verdim")
        #expect(monday.merchant == "Migros" && monday.period == span("2057-03-05", "2057-03-05"))
    }

    @Test("Turkish: 'bir önceki hafta sonundan fazla mı' compares; 'en çok para bayıldığım etkinlik' is the largest; an amount compares nothing")
    func turkishComparisonsAndLargest() {
        let weekend = ask("geçen hafta sonu migros'ta bir önceki hafta sonundan fazla mı harcadık")
        #expect(weekend.intent == .comparePeriods && weekend.period == span("2057-03-03", "2057-03-04")
                && weekend.otherPeriod == span("2057-02-24", "2057-02-25"))
        #expect(ask("geçen ay markete bir önceki aydan daha az mı verdim").intent == .comparePeriods)
        #expect(ask("500 liradan fazla mı harcadım geçen hafta").intent == .totalSpent)
        #expect(ask("geçen çeyrekte en çok para bayıldığım etkinlik hangisiydi").intent == .largest)
        // "en çok" alone still asks where most went.
        #expect(ask("geçen çeyrekte en çok nereye para bayıldım").intent == .topMerchants)
    }

    @Test("a capitalised name after 'spent on' is who was paid, and a follow-up keeps it; a category's or a holiday's word is none")
    func spentOnAName() {
        #expect(ask("How much have I spent on Audible this year?").merchant == "Audible")
        #expect(after("How much have I spent on Audible this year?", "per book that works out to what").merchant == "Audible")
        let groceries = ask("How much have I spent on Groceries this year?")
        #expect(groceries.merchant == nil && groceries.category == "groceries")
        #expect(ask("How much have I spent on Christmas this year?").merchant == nil)
    }

    @Test("'the X slice of that': the payee's part of the last answer; 'the biggest part of that' names none")
    func partOfTheLastAnswer() {
        let kroger = after("What did I spend on groceries in February?", "and the kroger slice of that?")
        #expect(kroger.merchant == "Kroger" && kroger.period == span("2057-02-01", "2057-02-28"))
        #expect(after("What did I spend on groceries in February?", "and the trader joes part of it").merchant == "Trader Joes")
        #expect(after("What did I spend on groceries in February?", "and the biggest part of that?").merchant == nil)
    }
}

