@testable import AssistUnderstanding
import AssistWire
import Testing

/// The thirty-second written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside
/// the reading it must not take.
@Suite("Travel phrasing: the thirty-second set")
struct TravelThirtySecondSetTests {
    let parser = SearchParser(today: DateResolver(today: "2054-08-12")!)  // a Wednesday

    @Test("a town an airport serves keeps its name where a larger city of that name has no airport: Claremont, NH")
    func airportTownsNamedLikeUnkeptCities() {
        let search = parser.parse("Butler PA to Claremont NH 9/4, 2 adults")
        #expect(search.origin == "Butler" && search.destination == "Claremont")
        #expect(Gazetteer.builtin.city(named: "Claremont")?.region == "NH")
        // A kept place still owns its name: Atlanta is Georgia's, not Texas's small town.
        #expect(Gazetteer.builtin.city(named: "Atlanta")?.region == "GA")
    }

    @Test("where the travellers live is the origin ('we live in boone iowa'); where someone else lives is not")
    func whereWeLive() {
        let home = parser.parse("our daughter just started college out in king city ca and we want to go see her, we live in boone iowa")
        #expect(home.origin == "Boone" && home.destination == "King City")
        let dad = parser.parse("my dad lives in owando, so nkayi → owando on father's day")
        #expect(dad.origin == "Nkayi" && dad.destination == "Owando")
    }

    @Test("'seaplanes' after a name is a carrier's last word, as 'air' is: 'seair seaplanes'; 'seaplanes' alone is none")
    func seaplanes() {
        #expect(parser.parse("seair seaplanes to powell river bc next weekend, 2 adults").airline == "Seair Seaplanes")
        #expect(parser.parse("Alaska Seaplanes to Juneau on friday").airline == "Alaska Seaplanes")
        #expect(parser.parse("seaplanes to juneau on friday").airline == nil)
    }

    @Test("a region after its town pins the town and is no second place: 'pembroke ontario', 'canavieiras bahia'")
    func regionAfterItsTown() {
        let pembroke = parser.parse("flights into pembroke ontario (not the one in wales) 9/25, 2 adults 1 child")
        #expect(pembroke.origin == nil && pembroke.destination == "Pembroke")
        let canavieiras = parser.parse("to canavieiras bahia 12/28 returning 1/4, 2 adults 2 kids")
        #expect(canavieiras.origin == nil && canavieiras.destination == "Canavieiras")
        #expect(parser.parse("campinas sao paulo to miami on friday").origin == "Campinas")
        // A region the first town is not in is the route's other end: Recife is in Pernambuco.
        let pair = parser.parse("recife sao paulo flights friday")
        #expect(pair.origin == "Recife" && pair.destination == "Sao Paulo")
        // A region named as its city is that city said again: "Busan" after "Air Busan Busan" is the origin.
        #expect(parser.parse("Air Busan Busan to Yanji on July 3").origin == "Busan")
        #expect(Gazetteer.builtin.qualifier(in: ["ontario"], at: 0)?.pins.contains { $0.country == "CA" } == true)
        // A region's name that is a common word is none: "central" pins nothing.
        #expect(Gazetteer.builtin.qualifier(in: ["central"], at: 0) == nil)
    }

    @Test("a US state's code in capitals after a town the gazetteer lacks is its state, no place: 'Chelan WA' names no Wa")
    func stateCodeAfterUnknownTown() {
        // Chelan, not the set's Kelso: Kelso joined the gazetteer when towns an airport's city field names did.
        let search = parser.parse("Chelan WA (not the one in Scotland lol) to Somerset KY 2/8 returning 2/15")
        #expect(search.origin == nil && search.destination == "Somerset")
        // After "to", the same letters are read as before.
        #expect(parser.parse("flights to WA on friday").destination == "Wa")
        #expect(parser.parse("Butler PA to Claremont NH 9/4").origin == "Butler")
    }

    @Test("the model path's spans: a comma ends a name, and what follows a span and a comma is its country; 'somewhere' is none")
    func modelPathSpans() {
        let gazetteer = Gazetteer.builtin
        #expect(PlaceSpans.candidates(in: "ski trip to Teyateyaneng, Lesotho 29/8 - 5/9", gazetteer: gazetteer) == ["Teyateyaneng"])
        #expect(!PlaceSpans.candidates(in: "from greencastle in to somewhere warm in january", gazetteer: gazetteer).contains("somewhere"))
        // Two capitalised words with no comma between are still one span.
        #expect(PlaceSpans.candidates(in: "ski trip to Upper Teyateyaneng 29/8", gazetteer: gazetteer) == ["Upper Teyateyaneng"])
    }

    @Test("one span the model gives both ends keeps the end its travel word says, or neither")
    func modelGivesBothEndsOnePlace() async {
        func answered(_ answer: JSONValue, _ text: String) async -> SmartSearch.Result {
            let model = ScriptedModel([.success(answer)])
            return await SmartSearch(model: GuardedModel(model: model, isEnabled: { true }, isAvailable: { true }))
                .extract(text, today: DateResolver(today: "2054-08-12")!)
        }
        let to = await answered(["origin": "Teyateyaneng", "destination": "Teyateyaneng"], "ski trip to Teyateyaneng, Lesotho 29/8 - 5/9")
        #expect(to.filters.destination == "Teyateyaneng" && to.filters.origin == nil)
        #expect(to.dropped.map(\.field) == ["origin"])
        let bare = await answered(["origin": "Teyateyaneng", "destination": "Teyateyaneng"], "Teyateyaneng ski trip 29/8 - 5/9")
        #expect(bare.filters.destination == nil && bare.filters.origin == nil)
    }
}
