@testable import AssistUnderstanding
import Testing

/// The forty-eighth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The places and wordings here are not the set's.
@Suite("Travel phrasing: the forty-eighth set")
struct TravelFortyEighthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2058-03-06")!)  // a Wednesday

    @Test("English parties: 'me + my daughter (7)', 'me and my 5 month old', 'our 5 yr old'; 'kids (2)' stays a count")
    func englishParties() {
        let daughter = parser.parse("ames ia friday, me + my daughter (7)")
        #expect(daughter.adults == 1 && daughter.children == 1)
        #expect(parser.parse("ames ia friday, my son 10 days").children == nil)
        let baby = parser.parse("ames ia friday, me and my 5 month old, window seat")
        #expect(baby.adults == 1 && baby.infants == 1)
        #expect(parser.parse("ames ia next month, 2 of us + our 5 yr old, somewhere quiet").children == 1)
        #expect(parser.parse("ames ia friday, 2 adults, taking the kids (2)").children == 2)
    }

    @Test("Turkish parties: students, friends counted bare, seats after a cabin, 'çocuklar 2 tane', a holiday alone")
    func turkishParties() {
        #expect(parser.parse("cuma izmire 5 ogrenci icin en ucuzu").adults == 5)
        #expect(parser.parse("üç arkadaş gelecek ay için antalyaya bakıyoruz").adults == 3)
        #expect(parser.parse("ben ve 2 arkadaşım cuma antalyaya").adults == 3)
        #expect(parser.parse("cuma antalyaya ekonomide üç yer").adults == 3)
        #expect(parser.parse("cuma antalyaya ekonomide bir yer").adults == nil)
        let counted = parser.parse("nisanda antalyaya, çocuklar 2 tane, biz 2 yetişkiniz")
        #expect(counted.children == 2 && counted.adults == 2)
        #expect(parser.parse("haziranda yalnız bir gezi planlıyorum, neresi olursa").adults == 1)
        #expect(parser.parse("haziranda yalnız değiliz, bir gezi planlıyoruz").adults == nil)
    }

    @Test("climate, dates, cabin and price: 'need sun', 'kar göstermek', 'st paddys day', 'premium eco', 'tops out at'")
    func wordsOfTheRest() {
        #expect(parser.parse("2 adults friday, need sun badly").climate == "warm")
        #expect(parser.parse("oğluma kar göstermek istiyorum, haftaya").climate == "cold")
        #expect(parser.parse("boston on st paddys day, 1 adult").departure == DateResolver.Range(from: "2058-03-17", to: "2058-03-17"))
        #expect(parser.parse("ames ia friday, premium eco for two").cabin == "premium_economy")
        #expect(parser.parse("ames ia friday, budget tops out at $1500").maxPrice == SearchFilters.Price(amount: 1500, currency: "USD"))
        #expect(parser.parse("ames ia friday, tank tops at $15 each").maxPrice == nil)
    }

    @Test("a state's name in the Turkish '-ki' locative before a town with its own ending is no place ('Bahia'daki Ilhéus'a')")
    func stateBeforeTown() {
        let inState = parser.parse("Bahia'daki Ilhéus'a cuma")
        #expect(inState.destination == "Ilheus" && inState.origin == nil)
    }

    @Test("a town an airport's city field names joins it, though a larger town holds the airport by its code (Luqa, Panglao)")
    func townsOfASharedAirport() {
        #expect(parser.parse("Luqa'dan cuma, 2 kişi").origin == "Luqa")
        #expect(parser.parse("panglao to manila friday").origin == "Panglao")
        // The airport stays the larger town's: a code names the place that held it before.
        #expect(Gazetteer.builtin.city(ofAirport: "MLA")?.name == "Valletta")
        #expect(Gazetteer.builtin.city(ofAirport: "TAG")?.name == "Tagbilaran City")
        #expect(Gazetteer.builtin.city(named: "Luqa")?.airports == ["MLA"])
    }
}
