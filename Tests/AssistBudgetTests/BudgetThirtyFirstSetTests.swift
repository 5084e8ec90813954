import AssistBudget
import AssistUnderstanding
import Testing

/// The thirty-first written-after set's misses (`golden/written-after/README.md`), read by general rules. Each beside
/// the reading it must not take.
@Suite("Budget: the thirty-first set")
struct BudgetThirtyFirstSetTests {
    let saturday = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2053-03-22")

    func ask(_ text: String) -> FinanceQuestion { saturday.understand(text) }
    func span(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }

    @Test("a word no reader knows, then 'coffee', is a coffee house's name; 'coffee runs' alone is the category")
    func nameEndingInCoffee() {
        let philz = ask("avg per visit at philz coffee last month")
        #expect(philz.merchant == "Philz Coffee" && philz.category == nil)
        #expect(ask("total at pj's coffee on st patrick's day").merchant == "PJ's Coffee")
        let biggby = ask("how many biggby coffee runs so far this year")
        #expect(biggby.merchant == "Biggby Coffee" && biggby.intent == .count)
        let runs = ask("how many coffee runs so far this year")
        #expect(runs.merchant == nil && runs.category == "cafes")
        #expect(ask("how much at work coffee last month").merchant == nil)
    }

    @Test("a payee after 'what did i pay'; a name before a comma and 'what's my avg'; 'X rentals'")
    func payeeAndTopic() {
        #expect(ask("what did i pay carrabba's in the past 30 days").merchant == "Carrabba's")
        #expect(ask("what did i pay for gas in the past 30 days").merchant == nil)
        let smash = ask("smashburger, what's my avg order the last 3 months")
        #expect(smash.merchant == "Smashburger" && smash.intent == .average)
        #expect(ask("turo rentals in the past 90 days - how many?").merchant == "Turo")
        #expect(ask("honestly, what's my avg order the last 3 months").merchant == nil)
    }

    @Test("Turkish: 'yok,' corrects a period; a night's noun is no name's word; a Turkish name before 'siparişlerimi'")
    func turkish() {
        let hgs = ask("hgs'ye cuma... yok, perşembe günü ne kadar gitti")
        #expect(hgs.period == span("2053-03-20", "2053-03-20") && hgs.intent == .totalSpent && hgs.otherPeriod == nil)
        #expect(ask("yılbaşı gecesi kitapsepeti'nden aldıklarım ne tuttu").merchant == "Kitapsepeti")
        #expect(ask("bu ay incehesap siparişlerimi listele").merchant == "İncehesap")
    }

    @Test("'train and subway fares' is transport")
    func transportFares() {
        #expect(ask("train and subway fares in february").category == "transport")
    }

    @Test("a category's English word takes a plural, not another word's letters: 'cabs' is transport, 'cabelas' and 'cabin' are not")
    func englishCategoryWords() {
        #expect(ask("cabs last month").category == "transport")
        #expect(ask("buses in february").category == "transport")
        #expect(ask("how much at cabelas last month").category == nil)
        #expect(ask("how much did i spend at the cabin last weekend").category == nil)
        #expect(ask("cinemark last month, how much").category == nil)
        // Turkish endings glued on stay read: "taksiye", "aboneliklerimi".
        #expect(ask("taksiye ne kadar verdim").category == "transport")
        #expect(ask("ocak ayı aboneliklerimi listeler misin").category == "subscriptions")
    }
}
