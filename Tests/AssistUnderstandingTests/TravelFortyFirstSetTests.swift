@testable import AssistUnderstanding
import Testing

/// The forty-first written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The places, carriers and wordings here are not the set's.
@Suite("Travel phrasing: the forty-first set")
struct TravelFortyFirstSetTests {
    let parser = SearchParser(today: DateResolver(today: "2057-02-13")!)  // a Tuesday

    @Test("a common-word town with its own state's code in lower case: 'denver to meeker co'; not after a connective code ('or')")
    func townsPinnedByAWordCode() {
        #expect(parser.parse("denver to meeker co next friday").destination == "Meeker")
        let pair = parser.parse("jasper al to meeker co on the 20th")
        #expect(pair.origin == "Jasper" && pair.destination == "Meeker")
        // "or" is a conjunction before the next word, not Oregon's code.
        #expect(parser.parse("to burns or baker next week").destination == nil)
        // A code that is not the town's state pins nothing.
        #expect(parser.parse("denver to meeker ca next friday").destination == nil)
    }

    @Test("where the travellers say they are is the origin: 'we're in X', 'i am in X'")
    func whereTheTravellersAre() {
        let here = parser.parse("we're in fargo nd, beach trip over spring break, 2 adults")
        #expect(here.origin == "Fargo" && here.destination == nil && here.climate == "warm")
        #expect(parser.parse("i am currently in bismarck, flights to phoenix in march").origin == "Bismarck")
        // Going to a place is still going there.
        #expect(parser.parse("we're flying to fargo in march").destination == "Fargo")
    }

    @Test("a companion named without 'my': 'me and dad', 'mum and me'; not with a third after them")
    func companionsWithoutMy() {
        #expect(parser.parse("me and dad to phoenix on father's day, economy").adults == 2)
        #expect(parser.parse("mum and me to malaga in april").adults == 2)
        #expect(parser.parse("me and dad and grandma to phoenix in march").adults != 2)
    }

    @Test("a carrier alone as one part of a list: 'frontier', 'homer air' (a place's name before 'air'); 'Air Inuit'")
    func carriersInAList() {
        #expect(parser.parse("boise to reno 6/3, southwest, 2 adults").airline == "Southwest Airlines")
        #expect(parser.parse("2 adults, boise to reno 6/3, frontier").airline == "Frontier Airlines")
        let homer = parser.parse("anchorage to seldovia 6/3, homer air, 1 adult")
        #expect(homer.airline == "Homer Air" && homer.origin == "Anchorage")
        #expect(parser.parse("air inuit seats to kuujjuaq on 3/12").airline == "Air Inuit")
        // Not a list's part: a word of the route.
        #expect(parser.parse("trip to the delta region, 2 adults").airline == nil)
    }

    @Test("Turkish prices: 'en fazla 900 real' (Brazil's), 'bütçem 400 euro'; English 'real' before another currency is an adjective")
    func prices() {
        #expect(parser.parse("Manaus'a mart sonunda, en fazla 900 real").maxPrice == SearchFilters.Price(amount: 900, currency: "BRL"))
        #expect(parser.parse("haziranda sıcak bir yer, bütçem 400 euro").maxPrice == SearchFilters.Price(amount: 400, currency: "EUR"))
        #expect(parser.parse("miami under 500 real dollars").maxPrice?.currency != "BRL")
    }

    @Test("a capitalised 'New' before a name it is not part of in the gazetteer makes no place of the rest: 'New Bremen'a'")
    func newBeforeAName() {
        #expect(parser.parse("5 haziranda New Bremen'e gideceğiz").destination == nil)
        #expect(parser.parse("5 haziranda New York'a gideceğiz").destination == "New York")
        #expect(parser.parse("5 haziranda Bremen'e gideceğiz").destination == "Bremen")
    }
}
