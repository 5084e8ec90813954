import AssistBudget
import AssistUnderstanding
import Testing

/// The twenty-first written-after set's closed-vocabulary misses (`golden/written-after/README.md`), fixed by general
/// rules: "last march" beside "this march" is the year before's, transport named by its kinds ("rideshares and
/// trains", "toplu taşıma") and shopping by the verb ("shop online"), a season's name before a shop no word of its name
/// ("bu kış başkentgaz'a"), and two words "&" joins before a Turkish ending ("marks & spencer'da"). Each beside the
/// reading it must not take.
@Suite("Budget: the twenty-first set's periods, categories and shops")
struct BudgetTwentyFirstSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Netflix", "Shell"], today: "2038-04-13")  // a Tuesday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
    func ask(_ text: String) -> FinanceQuestion { understander.understand(text, previous: nil) }

    @Test("'last march' beside 'this march' is the year before's; alone it is the latest March")
    func lastMonthBesideThisMonth() {
        let compared = ask("how does this march stack up against last march")
        #expect(compared.intent == .comparePeriods && compared.period == range("2038-03-01", "2038-03-31"))
        #expect(compared.otherPeriod == range("2037-03-01", "2037-03-31"))
        #expect(ask("how much did i spend last march").period == range("2038-03-01", "2038-03-31"))
        #expect(ask("this march vs last february").otherPeriod == range("2038-02-01", "2038-02-28"))
    }

    @Test("transport by its kinds and shopping by the verb: 'rideshares and trains', 'toplu taşıma', 'shop online'")
    func categoriesInWords() {
        #expect(ask("how much on rideshares and trains in march").category == "transport")
        let turkish = ask("martta toplu taşımaya ne kadar harcadım")
        #expect(turkish.category == "transport" && turkish.merchant == nil)
        #expect(ask("how much did i shop online 2 weeks ago").category == "shopping")
        // "training" is no train, "online" alone no shopping.
        #expect(ask("how much on personal training in march").category != "transport")
        #expect(ask("how much did i spend online gaming in march").category == nil)
    }

    @Test("a season's name before a lower-case shop is the period's: 'bu kış başkentgaz'a' → Başkentgaz")
    func seasonBeforeShop() {
        #expect(ask("bu kış başkentgaz'a ne kadar ödedim").merchant == "Başkentgaz")
        #expect(ask("geçen sonbahar mephisto'dan aldığım en pahalı kitap hangisiydi").merchant == "Mephisto")
        #expect(ask("geçen yaz biletinial'dan kaç bilet aldım").merchant == "Biletinial")
        // A word that is no season still joins the name ("madame coco'ya").
        #expect(ask("geçen ay madame coco'ya ne kadar harcadım").merchant == "Madame Coco")
    }

    @Test("two words '&' joins before a Turkish ending are one name: 'marks & spencer'da'; not a category's words")
    func ampersandBeforeEnding() {
        #expect(ask("sevgililer gününden beri marks & spencer'da yaptığım en büyük harcama").merchant == "Marks & Spencer")
        #expect(ask("geçen ay kahve & market'e ne kadar harcadım").merchant == nil)
    }
}
