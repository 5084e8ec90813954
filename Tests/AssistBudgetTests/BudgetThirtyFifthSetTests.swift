import AssistBudget
import AssistUnderstanding
import Testing

/// The thirty-fifth written-after set's misses (`golden/written-after/README.md`), read by general rules. Each beside
/// the reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the thirty-fifth set")
struct BudgetThirtyFifthSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2056-03-05")  // a Sunday

    @Test("'the quarter before that', 'bir çeyrek geriye': the span of whole months before the last one; a quarter after keeps it")
    func quarterBefore() {
        #expect(after("What did I spend at Zara in Q3?", "and the quarter before that").period == span("2055-04-01", "2055-06-30"))
        #expect(after("Üçüncü çeyrekte Zara'ya ne kadar ödedim?", "bir çeyrek geriye git").period == span("2055-04-01", "2055-06-30"))
        #expect(after("What did I spend at Zara in Q3?", "and the following quarter").period == span("2055-07-01", "2055-09-30"))
    }

    @Test("'up or down from …' compares; 'one at a time' and 'dök' list; 'the first 2' is no day; '4 harcama kalemim' is a count")
    func intents() {
        let upOrDown = after("How much did I spend on books in February?", "up or down from december?")
        #expect(upOrDown.intent == .comparePeriods && upOrDown.category == "books")
        #expect(upOrDown.period == span("2056-02-01", "2056-02-29") && upOrDown.otherPeriod == span("2055-12-01", "2055-12-31"))
        #expect(after("How much did I pay Verizon in 2055?", "show them one at a time").intent == .listTransactions)
        #expect(ask("geçen ayki restoran harcamalarımı dök").intent == .listTransactions)
        let firstTwo = after("What were my top 5 spending categories in 2055?", "just the first 2")
        #expect(firstTwo.period == span("2055-01-01", "2055-12-31") && firstTwo.limit == 2)
        #expect(ask("how much did i spend on the first").period == span("2056-03-01", "2056-03-01"))
        let lines = ask("geçen ay en büyük 4 harcama kalemim neydi")
        #expect(lines.intent == .topCategories && lines.limit == 4)
        #expect(ask("kırtasiyeden aldığım kalemlere ne kadar verdim").limit == nil)
    }

    @Test("an average of single payments is an average; a superlative is still the largest")
    func averageInOneGo() {
        #expect(ask("bu yıl kahveciye bir seferde ortalama ne bırakıyorum").intent == .average)
        #expect(ask("bu yıl kahveciye tek seferde en çok ne bıraktım").intent == .largest)
    }

    @Test("'en çok para verdiğim alışveriş' is the largest purchase; the place paid most ('… yer', '… alışveriş yerleri') is still where")
    func mostPaidForOne() {
        #expect(ask("bu yıl koton'da en çok para verdiğim alışveriş").intent == .largest)
        #expect(ask("geçen ay en fazla harcadığım tek sipariş ne kadardı").intent == .largest)
        #expect(ask("bu yıl en çok para verdiğim yer").intent == .topMerchants)
        #expect(ask("bu yıl en çok para verdiğim alışveriş yerleri").intent == .topMerchants)
    }

    @Test("'bir de 2054'ü görelim' (let us also see) compares nothing: 'göre' takes no ending; 'geçen yıla göre' still compares")
    func seeingIsNoComparison() {
        let seen = after("Geçen yıl kitaba ne kadar harcadım?", "bir de 2052'yi görelim")
        #expect(seen.intent == .totalSpent && seen.category == "books" && seen.period == span("2052-01-01", "2052-12-31") && seen.otherPeriod == nil)
        let compared = after("Bu yıl kitaba ne kadar harcadım?", "geçen yıla göre nasıl")
        #expect(compared.intent == .comparePeriods && compared.otherPeriod == span("2055-01-01", "2055-12-31"))
    }

    @Test("categories: 'for transit', 'order online', 'book order'; a purchase of another category's thing is that category's")
    func categories() {
        #expect(after("How much did I spend on fuel this week?", "same thing for transit").category == "transport")
        #expect(ask("what did i order online last week").category == "shopping")
        let book = ask("my priciest book order this year")
        #expect(book.category == "books" && book.merchant == nil)
        #expect(ask("bu yıl en pahalı kitap alışverişim ne kadardı").category == "books")
        #expect(ask("şubatta her market alışverişim ortalama kaç lira tuttu").category == "groceries")
        #expect(ask("geçen ay alışverişe ne kadar gitti").category == "shopping")
    }

    @Test("names: a possessive's share of the last answer, 'the' and 'of' joining capitalised words, four capitalised words before an ending")
    func names() {
        #expect(after("How much did I spend on gas this month?", "sheetz's share of that?").merchant == "Sheetz")
        #expect(ask("How much have I paid Bowl of Heaven this year?").merchant == "Bowl of Heaven")
        #expect(ask("How much did I spend at Kohl's of all places last month?").merchant == "Kohl's")
        #expect(ask("zaxbys in january - number of visits?").merchant == "Zaxbys")
        #expect(ask("Bu yıl Sultanahmet Köftecisi Selim Usta'ya ne kadar ödedim?").merchant == "Sultanahmet Köftecisi Selim Usta")
    }
}
