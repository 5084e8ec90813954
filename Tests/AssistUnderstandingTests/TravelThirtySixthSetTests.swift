@testable import AssistUnderstanding
import AssistWire
import Testing

/// The thirty-sixth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside
/// the reading it must not take.
@Suite("Travel phrasing: the thirty-sixth set")
struct TravelThirtySixthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2056-05-10")!)  // a Wednesday

    @Test("a place that only says where another is, is no end: in parentheses, after 'near', before 'tarafındaki'")
    func asides() {
        let bracketed = parser.parse("Marbella (Malaga) 8/7")
        #expect(bracketed.destination == "Marbella" && bracketed.origin == nil)
        let near = parser.parse("Marbella near Malaga 6/2, just me")
        #expect(near.destination == "Marbella" && near.origin == nil)
        let side = parser.parse("Muğla tarafındaki Bodrum'a 6 haziran")
        #expect(side.destination == "Bodrum" && side.origin == nil)
        // With a role of its own, it is an end: "(from Malaga)".
        let from = parser.parse("Marbella (from Malaga) 8/7")
        #expect(from.destination == "Marbella" && from.origin == "Malaga")
    }

    @Test("regional carriers; Aurora only where the text makes it one; a listed name takes only a Turkish ending glued on")
    func carriers() {
        #expect(parser.parse("boutique air to ely nv 6/2").airline == "Boutique Air")
        #expect(parser.parse("harbor air to vancouver 6/3").airline == "Harbour Air")
        #expect(parser.parse("afrijet to port-gentil 6/4").airline == "Afrijet")
        #expect(parser.parse("Magadan'dan Severstal ile 3 temmuz").airline == "Severstal Air Company")
        #expect(parser.parse("Aurora uçuşu Yujno-Sahalinsk'e var mı, 22 mayıs").airline == "Aurora")
        let town = parser.parse("Aurora to Denver 6/3")
        #expect(town.airline == nil && town.origin == "Aurora")
        #expect(parser.parse("porto alegreden tapese 3 haziran").airline == nil)
        #expect(parser.parse("porto'dan lizbona tapla 6 haziran").airline == "TAP Air Portugal")
    }

    @Test("'in bend or, anywhere warm': the state's 'or' offers no other end; 'to boise or somewhere warm' does")
    func stateCodeOr() {
        let stuck = parser.parse("stuck in bend or, anywhere warm in june")
        #expect(stuck.origin == "Bend" && stuck.destination == nil)
        #expect(parser.parse("flights to boise or somewhere warm").destination == "Boise")
    }

    @Test("an Australian state's or a Canadian province's abbreviation after a town pins it, as a US state's code does")
    func provinceAbbreviations() {
        #expect(parser.parse("dauphin mb 6/12, 2 adults").destination == "Dauphin")
        let moree = parser.parse("moree nsw to sydney 6/12")
        #expect(moree.origin == "Moree" && moree.destination == "Sydney")
        // Another region's abbreviation pins no town of that name elsewhere.
        #expect(parser.parse("dauphin qld 6/12").destination == nil)
    }

    @Test("'a week in X from D': a stay's length before the place; 'a week in advance' is none")
    func stayBeforePlace() {
        let stay = parser.parse("10 days in denver from 6/13")
        #expect(stay.departure == DateResolver.Range(from: "2056-06-13", to: "2056-06-13"))
        #expect(stay.return == DateResolver.Range(from: "2056-06-23", to: "2056-06-23"))
        #expect(parser.parse("booking a week in advance, denver on 6/13").return == nil)
    }

    @Test("the model path offers no country by its Turkish name, no purpose after 'for', no night that is counted, no aside")
    func modelPathChoices() {
        let search = SmartSearch()
        func choices(_ text: String, _ field: String) -> [JSONValue] {
            search.schema(for: text, missing: SearchFilters()).jsonSchema["properties"]?[field]?["anyOf"]?.arrayValue ?? []
        }
        #expect(choices("Polonya'daki Smallvillea'ya 25 mayıs", "origin") == [["const": "Smallvillea"]])
        #expect(!choices("smallvillea next week for work, business class", "origin").contains(["const": "work"]))
        #expect(choices("Smallvillea 10/15 for 4 nights, 2 adults", "departureTimeOfDay").isEmpty)
        #expect(choices("Smallvillea'ya 8 temmuzda gidip 10 gece kalacağız", "departureTimeOfDay").isEmpty)
        #expect(choices("Smallvillea 10/15, a night flight", "departureTimeOfDay") == [["const": "night"]])
        // Where an activity is, after "at", is no choice; a place after "at" alone still is.
        #expect(!choices("Smallvillea 4/2 - 11/2 for skiing at Bigtownia, 2 adults", "origin").contains(["const": "Bigtownia"]))
        #expect(choices("Flights at Bigtownia on 4/2", "origin").contains(["const": "Bigtownia"]))
        #expect(choices("Flying out of Bigtownia, landing at Smalltownia on 4/2", "destination").contains(["const": "Smalltownia"]))
        // A place that only says where another is, is no choice either.
        var marbella = SearchFilters()
        marbella.destination = "Marbella"
        #expect(search.schema(for: "Marbella near Malaga 6/2", missing: marbella).jsonSchema["properties"]?["origin"] == nil)
        #expect(search.schema(for: "Marbella to Malaga 6/2", missing: SearchFilters()).jsonSchema["properties"]?["origin"] != nil)
    }
}
