import AssistBudget
import AssistUnderstanding
import Testing

/// The eighteenth written-after set's misses (`golden/written-after/README.md`): shops never paid, read by their shape
/// and place in the sentence, none added to a list of names: initials between hyphens ("h-e-b"), "&" inside a word
/// ("at&t bill", "pull&bear'dan"), a carrier's own spelling from the airline table ("ajet"), a possessive name before
/// "trips" or a comma ("sam's club trips", "trader joe's, was jan …"), a possessive and its noun after "at" ("at
/// peet's coffee"), "paid" and its payee ("paid planet fitness"), a name opening the question before "how many"; and
/// what is no shop: a participle ("verdiğim siparişleri"), a bus ("otobüse"); and a year in the genitive, which is the
/// next period's ("bu ocak geçen yılın ocağından"). Each beside the reading it must not take.
@Suite("Budget: the eighteenth set's shops")
struct BudgetEighteenthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Zara", "Turkcell", "Opet"],
                                           today: "2034-02-22")  // a Wednesday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
    func ask(_ text: String) -> FinanceQuestion { understander.understand(text) }

    @Test("single letters between hyphens are initials ('h-e-b' → H-E-B); a word after a letter is no initial ('e-bike')")
    func hyphenedInitials() {
        #expect(ask("how many times did we hit h-e-b over the weekend").merchant == "H-E-B")
        #expect(ask("e-bike purchases last month").merchant != "E-BIKE")
    }

    @Test("'&' inside a word joins a name's parts, two letters or fewer as initials ('at&t' → AT&T, 'pull&bear' → Pull&Bear)")
    func ampersand() {
        let phone = ask("what was my at&t bill in january")
        #expect(phone.merchant == "AT&T" && phone.category == nil)
        #expect(phone.period == range("2034-01-01", "2034-01-31"))
        #expect(ask("geçen ay pull&bear'dan ne kadarlık alışveriş yaptım").merchant == "Pull&Bear")
        #expect(ask("h&m orders last month").merchant == "H&M")
        // "&" between words is no name of one word: the bills stay a category.
        let bills = ask("gas & electric bill last month")
        #expect(bills.merchant == nil)
    }

    @Test("a carrier's own capitals from the airline table ('ajet' → AJet, 'sunexpress' → SunExpress); other words as written")
    func airlineSpelling() {
        #expect(ask("aralıkta ajet biletlerine ne kadar ödedim").merchant == "AJet")
        #expect(ask("sunexpress biletlerime ne kadar ödedim").merchant == "SunExpress")
        #expect(SearchParser.brandSpelling(of: "ajet") == "AJet")
        #expect(SearchParser.brandSpelling(of: "turkish") == nil)
        #expect(SearchParser.brandSpelling(of: "market") == nil)
    }

    @Test("a possessive name before 'trips', a comma, or after 'at' with its noun; 'paid' and a payee; a name before 'how many'")
    func possessiveNames() {
        #expect(ask("list my sam's club trips from last quarter").merchant == "Sam's Club")
        #expect(ask("list my road trips from last quarter").merchant == nil)
        #expect(ask("trader joe's, was jan pricier than dec?").merchant == "Trader Joe's")
        #expect(ask("groceries, was jan pricier than dec?").merchant == nil)
        let peets = ask("avg spend per visit at peet's coffee in january")
        #expect(peets.merchant == "Peet's Coffee" && peets.category == nil)
        let mom = ask("how much at mom's coffee in january")
        #expect(mom.merchant == nil && mom.category == "cafes")
        #expect(ask("how much have i paid planet fitness since christmas").merchant == "Planet Fitness")
        #expect(ask("how much have i paid so far this month").merchant == nil)
        #expect(ask("jersey mike's this week so far - how many times").merchant == "Jersey Mike's")
    }

    @Test("a year in the genitive is the next period's: 'bu ocak geçen yılın ocağından' sets this January against last year's")
    func genitiveYear() {
        let januaries = ask("bu ocak geçen yılın ocağından daha mı pahalı geçti")
        #expect(januaries.period == range("2034-01-01", "2034-01-31"))
        #expect(januaries.otherPeriod == range("2033-01-01", "2033-01-31"))
        // Alone, the genitive year still joins the month after it; a month before a bare year still joins it.
        #expect(ask("geçen yılın şubatında markete ne kadar harcadım").period == range("2033-02-01", "2033-02-28"))
        #expect(ask("how much did i spend in february last year").period == range("2033-02-01", "2033-02-28"))
    }

    @Test("no shop: a participle before 'sipariş…' ('verdiğim siparişleri'), a bus ('otobüse'), which is transport")
    func notShops() {
        #expect(ask("kasımda pazaramadan verdiğim siparişleri göster").merchant != "Verdiğim")
        let bus = ask("ocakta taksi ve otobüse ne kadar verdim")
        #expect(bus.merchant == nil && bus.category == "transport")
        #expect(ask("rossmann alışverişlerimin toplamı").merchant == "Rossmann")
    }
}
