import AssistBudget
import AssistUnderstanding
import Testing

/// The twenty-eighth written-after set's misses (`golden/written-after/README.md`), read by general rules: a holiday
/// written with an apostrophe after a shop's name, Turkish "kara cuma" (Black Friday), "n" and Spanish "y" joining a
/// name's two words, and the clothing category with Turkish case endings. Each beside the reading it must not take.
@Suite("Budget: the twenty-eighth set")
struct BudgetTwentyEighthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2050-01-08")  // a Saturday

    func ask(_ text: String) -> FinanceQuestion { understander.understand(text) }
    func day(_ iso: String) -> DateResolver.Range { DateResolver.Range(from: iso, to: iso) }

    @Test("a shop's name before a holiday written with an apostrophe: 'trader joe's on new year's eve'")
    func holidayWithApostrophe() {
        let question = ask("trader joe's on new year's eve")
        #expect(question.merchant == "Trader Joe's" && question.period == day("2049-12-31"))
        #expect(ask("what did i spend on valentine's day").merchant == nil)
        #expect(ask("groceries on new year's eve").category == "groceries")
    }

    @Test("'kara cuma' is Black Friday, no shop 'Kar'; 'kıyafete' is clothing")
    func karaCuma() {
        let question = ask("kara cumadan beri kıyafete yaptığım en büyük harcama")
        #expect(question.merchant == nil && question.category == "clothing" && question.intent == .largest)
        #expect(question.period == DateResolver.Range(from: "2049-11-26", to: "2050-01-08"))
        #expect(ask("kara cuma harcamalarım").period == day("2049-11-26"))
        // "kara" alone is a word ("black", or the land), no holiday.
        #expect(ask("kara harcamalarım geçen ay").period == DateResolver.Range(from: "2049-12-01", to: "2049-12-31"))
    }

    @Test("'n' and Spanish 'y' join a name's two words after 'at', kept as written: 'at guzman y gomez'")
    func joinedByLetter() {
        #expect(ask("how much did i spend at guzman y gomez last week").merchant == "Guzman y Gomez")
        #expect(ask("at zorp n blik last month").merchant == "Zorp n Blik")
        #expect(ask("how much at dave & buster's in one night").merchant == "Dave & Buster's")
        // Two shops with "and" between are no one name.
        #expect(ask("at target and walmart last month").merchant != "Target and Walmart")
    }
}
