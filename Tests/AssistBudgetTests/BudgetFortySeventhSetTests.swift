import AssistBudget
import AssistUnderstanding
import Testing

/// The forty-seventh written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the forty-seventh set")
struct BudgetFortySeventhSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2058-01-14")  // a Monday

    @Test("Turkish month spans: 'eylül başı ile kasım sonu arasında', 'haziranla ekim arasında', 'kasım ayı başladığından beri'")
    func monthSpans() {
        let ends = ask("eylül başı ile kasım sonu arasında restoranlara giden para")
        #expect(ends.period == span("2057-09-01", "2057-11-30") && ends.otherPeriod == nil && ends.intent == .totalSpent)
        #expect(ask("haziranla ekim arasında migrosta en pahalı alışverişim").period == span("2057-06-01", "2057-10-31"))
        #expect(ask("kasım ayı başladığından beri kaç kez kafeye gittim").period == span("2057-11-01", "2058-01-14"))
        // Two months joined by "ile" without "arası" are still two, compared.
        let compared = ask("eylül ile kasım restoran harcamam farklı mı")
        #expect(compared.otherPeriod != nil)
    }

    @Test("follow-ups: a week on ('one week on from that', 'bir hafta sonrasına'), 'nasıldı', '<month> için'")
    func followUps() {
        #expect(after("How much did I spend on cafes the week of Halloween?", "and one week on from that").period == span("2057-11-05", "2057-11-11"))
        #expect(after("3 Kasım haftasında restoranlara ne kadar harcadım?", "bir hafta sonrasına bakalım").period
                == span("2057-11-05", "2057-11-11"))
        #expect(after("2057'de kitaplara ne kadar harcadım?", "üç yıl öncesi, 2054 nasıldı").category == "books")
        let january = after("Aralıkta faturalara ne kadar harcadım?", "ocak için şimdiye dek ne kadar ödendi")
        #expect(january.category == "bills" && january.period == span("2058-01-01", "2058-01-14"))
        #expect(after("Aralıkta faturalara ne kadar harcadım?", "Ocakta kitaplara ne kadar harcadım?").category == "books")
    }

    @Test("intents: 'what does one … cost', 'bölünce', 'kinds of spending', 'hangi üç kalemde', 'yan yana koy', 'beş firması'")
    func intents() {
        #expect(ask("starbucks since november, roughly what does one coffee run cost me").intent == .average)
        #expect(after("Son 3 ayda Migros'a ne kadar harcadım?", "bunu alışveriş sayısına bölünce ne çıkıyor").intent == .average)
        let kinds = ask("which three kinds of spending were biggest in december")
        #expect(kinds.intent == .topCategories && kinds.limit == 3)
        let lines = ask("bu yıl en çok hangi üç kalemde para harcamışım")
        #expect(lines.intent == .topCategories && lines.limit == 3)
        let sideBySide = after("Kasımda restoranlara ne kadar harcadım?", "ekimle yan yana koy")
        #expect(sideBySide.intent == .comparePeriods && sideBySide.otherPeriod == span("2057-10-01", "2057-10-31"))
        #expect(ask("geçen yıl en çok para bıraktığım dört firması hangileri").limit == 4)
    }

    @Test("categories and names: 'book spending', 'internet siparişim'; 'en çok tutan' is no shop")
    func categoriesAndNames() {
        #expect(ask("book spending in december, roughly").category == "books")
        #expect(ask("book spending in december, roughly").merchant == nil)
        #expect(ask("ekimden beri kaç internet siparişim var").category == "shopping")
        let largest = ask("aralıkta en çok tutan siparişim hangisiydi")
        #expect(largest.merchant == nil && largest.intent == .largest)
    }

    @Test("a Turkish average's unit that is a category's word is the category when no shop is named ('kafe başına')")
    func unitAsCategory() {
        #expect(ask("aralıkta restoran başına ortalama ne ödedim").category == "restaurants")
        #expect(ask("son 3 ayda fatura başına ortalama ne ödedim").category == "bills")
        #expect(ask("bu ay alışveriş başına ortalama ne harcadım").category == nil)
        #expect(ask("starbucks'ta bu ay kahve başına ortalama ne ödedim").category == nil)
        #expect(after("How much did I spend at Starbucks this year?", "so what's that per coffee").merchant == "Starbucks")
    }

    @Test("payees no data names: 'X payment', a name then a period of five words, 'son 6 ayın X faturaları', a Turkish question opening on its payee")
    func payeesNamedInLowerCase() {
        #expect(ask("every patreon payment so far this year").merchant == "Patreon")
        #expect(ask("my biggest payment last month").merchant == nil)
        let billed = ask("xfinity for all of last year, total billed")
        #expect(billed.merchant == "Xfinity" && billed.category == nil)
        #expect(ask("son 6 ayın iski faturalarını ay ay dök").merchant == "İski")
        let opening = ask("türknet geçen yıl toplam ne kadar fatura çıkardı")
        #expect(opening.merchant == "Türknet" && opening.category == nil && opening.period == span("2057-01-01", "2057-12-31"))
        // A word a reader knows, or one with a case ending the other shapes read, is not taken so.
        #expect(ask("annem geçen ay ne kadar harcadı").merchant == nil)
        #expect(ask("hakmardan geçen ay ne kadar").merchant == "Hakmar")
    }

    @Test("follow-ups naming the next payee: 'now X, same week'; 'did they … too' keeps the last one")
    func followUpPayees() {
        #expect(after("How much did I spend at Migros last week?", "now wegmans, same week").merchant == "Wegmans")
        #expect(after("How much did I spend at Migros last week?", "now in march").merchant == "Migros")
        let they = after("How much did I spend at Starbucks in December?", "did they get much from me in november too")
        #expect(they.merchant == "Starbucks" && they.period == span("2057-11-01", "2057-11-30"))
        // Without a pronoun pointing back, a longer question ending in "too" is a question of its own.
        #expect(after("How much did I spend at Starbucks in December?", "how much did i spend on groceries in november too").merchant == nil)
    }
}
