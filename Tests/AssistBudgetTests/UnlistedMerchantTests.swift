import AssistBudget
import AssistSQLite
import AssistUnderstanding
import Testing

/// What the ninth written-after set (`golden/written-after/README.md`) showed: a merchant the user never paid was
/// dropped, so "how much at IKEA this month?" got the month's whole total. A name is now read by its shape (a
/// Turkish case ending after an apostrophe, "at" and capitalised words) and answered from the data (nothing spent
/// there), beside the readings it must not take: periods, holidays, numbers, categories, places, pronouns.
@Suite("Budget: a merchant the user never paid is read, not dropped")
struct UnlistedMerchantTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Kahve Dünyası", "Opet"], today: "2029-02-21")  // a Wednesday

    func merchant(_ text: String) -> String? { understander.understand(text).merchant }

    @Test("Turkish: a name with a case ending after an apostrophe, capitalised words before a capitalised one joining it")
    func turkish() {
        #expect(merchant("ayın 1'inden beri getir'e ne kadar para gitti") == "Getir")
        #expect(merchant("kasımdan bu yana Burger King'de ortalama hesabım ne kadar") == "Burger King")
        #expect(merchant("son üç ayda amazon'dan verdiğim en pahalı sipariş") == "Amazon")
        #expect(merchant("geçen yıl disney+'a ne kadar ödedim") == "Disney+")
        #expect(merchant("peki sadece Petrol Ofisi'nde?") == "Petrol Ofisi")  // "Petrol" alone would be the fuel category
        #expect(merchant("bu ay Migros'ta ne kadar harcadım") == "Migros")  // the user's own still wins
    }

    @Test("English: 'at' and up to three capitalised words, a possessive ending the name")
    func english() {
        #expect(merchant("how much have i spent at IKEA this quarter") == "IKEA")
        #expect(merchant("how much have I spent at Whole Foods") == "Whole Foods")
        #expect(merchant("how often did i fuel up at BP in jan") == "BP")
        #expect(merchant("how much did I spend at Trader Joe's last month") == "Trader Joe's")
        #expect(merchant("how much at Starbucks in january") == "Starbucks")
    }

    @Test("English (tenth set): 'about' and capitalised words, or a capitalised name before what is bought there")
    func aboutAndBoughtThere() {
        let previous = understander.understand("how much have I spent at Starbucks since april?")
        #expect(understander.understand("what about Mavi?", previous: previous).merchant == "Mavi")
        #expect(understander.understand("what about March?", previous: previous).merchant == "Starbucks")  // a month, not a name
        #expect(merchant("how many Lyft rides did I take in may") == "Lyft")
        #expect(merchant("what did my Deliveroo orders cost last month") == "Deliveroo")
        #expect(merchant("how much went on Uber Eats orders") == "Uber Eats")
        // Not a name: the first word, a lower-case word, a category, a month.
        for text in ["Lyft rides in may?", "how many taxi rides did I take", "how many Taxi rides did I take", "my bus rides in May",
                     "how many rides did I take", "what about last month?", "how about groceries?"] {
            #expect(merchant(text) == nil, "\(text)")
        }
    }

    @Test("never a period, a holiday, a number, a category, a place or a pronoun")
    func notNames() {
        for text in ["Ocak'ta ne kadar harcadım", "ayın 5'inde ne kadar harcadım", "2028'de ne kadar harcadım", "Pazartesi'den beri ne kadar",
                     "Yılbaşı'nda ne kadar harcadım", "Ramazan Bayramı'nda ne kadar", "İstanbul'da geçen ay ne kadar harcadım",
                     "Berlin'de ne kadar harcadım", "Kahve'ye ne kadar verdim", "bu'na ne kadar verdim",
                     "how much did I spend at Christmas", "what did I spend at New Year", "how much did I spend at least",
                     "how much at the weekend", "what's my total this month", "I've spent how much on groceries?"] {
            #expect(merchant(text) == nil, "\(text)")
        }
        // A few names are tried per question, not every word of a long list.
        #expect(merchant("Ocak'ta Şubat'ta Mart'ta Nisan'da getir'e ne kadar") == nil)
        #expect(merchant("Ocak'ta Şubat'ta Mart'ta getir'e ne kadar") == "Getir")
        // A contraction or possessive is no Turkish case ending.
        #expect(merchant("what's the most i've paid") == nil)
    }

    @Test("the answer is about the named merchant: nothing spent there, not the month's whole total")
    func answered() async throws {
        let store = try SQLiteBudgetStore(database: SQLiteDatabase(path: ":memory:"))
        try store.replace(user: "u1", with: [
            Transaction(date: "2029-02-03", merchant: "Migros", category: "groceries", amountMinor: 123_450),
            Transaction(date: "2029-02-10", merchant: "Opet", category: "fuel", amountMinor: 90_000),
        ])
        let question = understander.understand("how much did I spend at IKEA this month")
        #expect(question.merchant == "IKEA" && question.category == nil)
        #expect(question.period == DateResolver.Range(from: "2029-02-01", to: "2029-02-21"))
        let answer = try await BudgetAnswerer(store: store, user: "u1", locale: "en-US").answer(question)
        #expect(answer.totalMinor == 0 && answer.transactions == 0)
        #expect(answer.reply.contains("IKEA") && answer.reply.contains("TRY 0.00"), "\(answer.reply)")
        let turkish = try await BudgetAnswerer(store: store, user: "u1", locale: "tr-TR")
            .answer(understander.understand("bu ay getir'e ne kadar para gitti"))
        #expect(turkish.totalMinor == 0 && turkish.reply.contains("Getir"), "\(turkish.reply)")
    }

    @Test("'of that' narrows the last question, as 'bunun' does: its category and period stay, the merchant is added")
    func partOfLast() {
        let previous = understander.understand("fuel spending in the last 3 months")
        let narrowed = understander.understand("how much of that was at Petrol Ofisi", previous: previous)
        #expect(narrowed.merchant == "Petrol Ofisi" && narrowed.category == "fuel" && narrowed.period == previous.period)
    }

    @Test("a question that ends on 'at' or 'about' reads no name and does not trap (the budget fuzzer found this)")
    func endsOnTheWordBeforeAName() {
        for text in ["how much did I spend at", "what about", "and at", "about", "spent at home"] {
            #expect(merchant(text) == nil, "\(text)")
        }
    }
}
