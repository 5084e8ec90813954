import AssistBudget
import AssistUnderstanding
import Testing

/// The thirty-seventh written-after set's misses (`golden/written-after/README.md`), read by general rules. Each beside
/// the reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the thirty-seventh set")
struct BudgetThirtySeventhSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2056-10-17")  // a Tuesday

    @Test("averages said otherwise: 'usually', 'in a normal week', 'divide by'; the largest: 'heaviest', 'steepest', 'fattest'")
    func averagesAndLargest() {
        #expect(ask("what does a target run usually come to").intent == .average)
        #expect(ask("in a normal week what do i spend on fuel").intent == .average)
        #expect(after("How much did I spend at Orangetheory this year?", "divide by classes for me").intent == .average)
        #expect(ask("heaviest single fuel bill last month").intent == .largest)
        #expect(ask("steepest hotel charge this year").intent == .largest)
        #expect(ask("how much did i spend on fuel last month").intent == .totalSpent)
    }

    @Test("lists: 'individual', 'break it out by charge'; categories: 'spending buckets'; counts: 'the visit count'")
    func listsCategoriesCounts() {
        #expect(ask("what were the individual fuel purchases in may").intent == .listTransactions)
        #expect(after("How much did I spend at Delta in 2055?", "break it out by charge").intent == .listTransactions)
        let buckets = ask("top 4 spending buckets this year")
        #expect(buckets.intent == .topCategories && buckets.limit == 4)
        let visits = after("How much have I spent at Orangetheory this year?", "and the visit count?")
        #expect(visits.intent == .count && visits.merchant == "Orangetheory")
    }

    @Test("words that name no shop: 'they', 'check', superlatives, 'ayrı'; 'dollar' still begins a name")
    func noShopWords() {
        #expect(ask("netflix, what have they charged me this year").merchant != "They")
        #expect(ask("typical check size at chipotle this year").merchant == "Chipotle")
        #expect(ask("cumartesi kaç ayrı ödeme yaptım").merchant == nil)
        #expect(ask("how much at dollar tree last month").merchant == "Dollar Tree")
    }
}
