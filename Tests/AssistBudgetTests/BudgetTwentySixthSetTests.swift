import AssistBudget
import AssistUnderstanding
import Testing

/// The twenty-sixth written-after set's misses (`golden/written-after/README.md`), read by general rules: "the" opening
/// the period after a shop's name, a common word in the possessive naming a shop before what it is, a category's word
/// opening a two-word name after "at", and a payment's noun that is no name's word. Each beside the reading it must not
/// take.
@Suite("Budget: the twenty-sixth set")
struct BudgetTwentySixthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2045-06-15")  // a Thursday

    func ask(_ text: String) -> FinanceQuestion { understander.understand(text) }
    func day(_ iso: String) -> DateResolver.Range { DateResolver.Range(from: iso, to: iso) }

    @Test("a shop's name, then 'the' opening its period: 'walmart, the day before yesterday'")
    func theOpensPeriod() {
        let question = ask("walmart, the day before yesterday")
        #expect(question.merchant == "Walmart" && question.period == day("2045-06-13"))
        #expect(ask("target the week before last").merchant == "Target")
        #expect(ask("groceries the day before yesterday").merchant == nil)
        #expect(ask("coffee the day before yesterday").category == "cafes")
    }

    @Test("a common word in the possessive names the shop before what it is ('at scooter's coffee'); a person's does not")
    func possessiveOfCommonWord() {
        let question = ask("avg order at scooter's coffee over the last 3 months")
        #expect(question.merchant == "Scooter's Coffee" && question.category == nil)
        #expect(ask("how much at mom's place last month").merchant == nil)
        #expect(ask("how much at brother's bar last month").merchant == nil)
    }

    @Test("a payment's noun with the possessive and a case is no name's word: 'mubi aboneliğime' has no shop 'Mubi Aboneliğim'")
    func paymentNounIsNoName() {
        #expect(ask("mubi aboneliğime ilk çeyrekte ne kadar verdim").merchant == nil)
        #expect(ask("exxen üyeliğime ne kadar ödedim").merchant == "Exxen")
        #expect(ask("superonline faturalarım ne kadar").merchant == "Superonline")
    }

    @Test("after 'at', a category's word opening a two-word name: 'at market basket'; 'at gas stations' is the category")
    func categoryWordOpeningName() {
        let question = ask("how much did i spend at market basket last month")
        #expect(question.merchant == "Market Basket" && question.category == nil)
        #expect(ask("spent at coffee bean this week").merchant == "Coffee Bean")
        for (text, category) in [("how much at gas stations last month", "fuel"), ("how much at grocery stores in may", "groceries"),
                                 ("how much at the gas station last month", "fuel"), ("spent at market stalls", "groceries"),
                                 ("how much at coffee places", "cafes")] {
            let question = ask(text)
            #expect(question.merchant == nil && question.category == category, "\(text)")
        }
    }
}
