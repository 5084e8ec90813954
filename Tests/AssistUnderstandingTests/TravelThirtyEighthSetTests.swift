@testable import AssistUnderstanding
import Testing

/// The thirty-eighth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside
/// the reading it must not take. Its towns are of 1,000 people or more, the gazetteer's floor since.
@Suite("Travel phrasing: the thirty-eighth set")
struct TravelThirtyEighthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2056-10-05")!)  // a Thursday

    @Test("towns of 1,000 to 5,000 people an airport serves are read: 'vancouver to tofino', 'anchorage to valdez'")
    func smallAirportTowns() {
        let tofino = parser.parse("vancouver to tofino saturday")
        #expect(tofino.origin == "Vancouver" && tofino.destination == "Tofino")
        #expect(parser.parse("anchorage to valdez on friday").destination == "Valdez")
    }

    @Test("below 5,000 people, a town named by a common word is left out: 'Fly Blue Crane Mossel Bay to Welkom'")
    func commonWordTownsLeftOut() {
        let crane = parser.parse("Fly Blue Crane Mossel Bay to Welkom 24/11")
        #expect(crane.airline == "Fly Blue Crane" && crane.origin == "Mossel Bay" && crane.destination == "Welkom")
    }

    @Test("a place before 'air' with a whole route after it is the carrier's word: 'nome air kotzebue to anchorage'")
    func placeBeforeAirThenRoute() {
        let nome = parser.parse("nome air kotzebue to anchorage")
        #expect(nome.airline == "Nome Air" && nome.origin == "Kotzebue" && nome.destination == "Anchorage")
        // No route after: by air from Boston to Denver.
        let boston = parser.parse("boston air denver")
        #expect(boston.airline == nil && boston.origin == "Boston" && boston.destination == "Denver")
    }
}
