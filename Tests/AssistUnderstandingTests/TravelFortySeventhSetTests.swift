@testable import AssistUnderstanding
import Testing

/// The forty-seventh written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The places and wordings here are not the set's.
@Suite("Travel phrasing: the forty-seventh set")
struct TravelFortySeventhSetTests {
    let parser = SearchParser(today: DateResolver(today: "2058-01-18")!)  // a Friday

    @Test("'in 2 wks' is two weeks from today, as 'in 2 weeks' is")
    func weeksShortened() {
        #expect(parser.parse("ames ia in 3 wks, 1 adult").departure == DateResolver.Range(from: "2058-02-08", to: "2058-02-08"))
        #expect(parser.parse("ames ia for 3 wks from monday").departure != DateResolver.Range(from: "2058-02-08", to: "2058-02-08"))
    }

    @Test("parties: 'me and my boss', 'me and the baby', 'our little one'; 'little ones' counts no one")
    func parties() {
        #expect(parser.parse("ames ia tmrw 7am, me and my coworker").adults == 2)
        let parent = parser.parse("ames ia sunday, me and the baby")
        #expect(parent.adults == 1 && parent.infants == 1)
        #expect(parser.parse("ames ia sunday, 2 adults and our little one (5)").children == 1)
        #expect(parser.parse("ames ia sunday, 2 adults, cheap, the little ones stay home").children == nil)
        #expect(parser.parse("ames ia sunday, a little one way ticket").children == nil)
        #expect(parser.parse("nisanda cocuklarimizla (3 tane) antalya, 2 yetiskin").children == 3)
    }

    @Test("Turkish: snow where one goes ('kar olan bir yer'); 'bin dolar üst sınır' a most of a thousand dollars")
    func snowAndCap() {
        #expect(parser.parse("münihten kar olan bir yere, haftaya, 2 kişi").climate == "cold")
        #expect(parser.parse("cuma iki bilet, bin dolar üst sınır").maxPrice == SearchFilters.Price(amount: 1000, currency: "USD"))
        #expect(parser.parse("cuma iki bilet, 800 euro üst limit").maxPrice == SearchFilters.Price(amount: 800, currency: "EUR"))
        #expect(parser.parse("cuma iki bilet, bin dolar civarı").maxPrice == nil)
    }

    @Test("places: 'X il - Y ia' (Illinois's code, a Turkish word, in an English request); 'wherever's cheapest' leaves from the one place")
    func placesAndOpenEnds() {
        let dashed = parser.parse("dwight il - sheldon ia on friday, 1 adult")
        #expect(dashed.origin == "Dwight" && dashed.destination == "Sheldon")
        // In a Turkish request "il" is a province, no state's code.
        #expect(parser.parse("konya il merkezinden izmire cuma").origin == "Konya")
        let open = parser.parse("ames ia, leaving thursday night, 1 adult, wherevers cheapest")
        #expect(open.origin == "Ames" && open.destination == nil)
        #expect(parser.parse("ames ia or wherever, leaving thursday").destination == "Ames")
    }

    @Test("a town read only with its state, after the state's name in the Turkish '-ki' locative ('Oklahoma'daki Antlers'a')")
    func townAfterItsStateInTurkish() {
        let pinned = parser.parse("Oklahoma'daki Antlers'a 2 şubatta")
        #expect(pinned.destination == "Antlers" && pinned.origin == nil)
        // Without a case ending of its own the town names nothing here ("a meeting of antlers in Oklahoma").
        #expect(parser.parse("Oklahoma'daki antlers toplantısına 2 şubatta").destination != "Antlers")
    }
}
