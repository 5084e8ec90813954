@testable import AssistUnderstanding
import Testing

/// The thirty-third written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside
/// the reading it must not take.
@Suite("Travel phrasing: the thirty-third set")
struct TravelThirtyThirdSetTests {
    let parser = SearchParser(today: DateResolver(today: "2055-07-01")!)  // a Thursday

    @Test("a US state's code in lower case that is no word pins the town before it: 'parsons ks', 'fairmont mn'")
    func lowerCaseStateCodes() {
        #expect(parser.parse("parsons ks in 2 weeks, business").destination == "Parsons")
        #expect(parser.parse("somerville nj, the one in jersey not mass, next weekend 2 ppl").destination == "Somerville")
        #expect(Gazetteer.builtin.mentions(in: "fairmont mn tues evening").first?.city.region == "MN")
        // A code that is a word is read as one: "in" is no Indiana, "ne" is Turkish.
        #expect(Gazetteer.builtin.lowerCaseStateCode(["in"], Gazetteer.builtin.byName[["fairmont"]] ?? [], at: 0, apostrophes: []) == nil)
    }

    @Test("a region's name of two words holds no city of one: 'not west virginia' names no Virginia, Minnesota")
    func regionsOfTwoWords() {
        let search = parser.parse("fairmont mn (not west virginia) tues evening")
        #expect(search.destination == "Fairmont" && search.origin == nil)
        #expect(parser.parse("flights to new mexico next week").destination == nil)
        // A city named as its region is still the city.
        #expect(parser.parse("flights to new york next week").destination == "New York")
    }

    @Test("a region right after a place in it, an ending between, is that place's: 'Prado'ya (Bahia)' names no Salvador")
    func regionAfterEnding() {
        let prado = parser.parse("Prado'ya (Bahia) 2 hafta sonra")
        #expect(prado.destination == "Prado" && prado.origin == nil)
        // With an ending of its own, the region's name is a place: Irkutsk after Bratsk.
        let irkutsk = parser.parse("Bratsk'tan İrkutsk'a 10 kasım sabah uçuşu")
        #expect(irkutsk.origin == "Bratsk" && irkutsk.destination == "Irkutsk")
    }
}
