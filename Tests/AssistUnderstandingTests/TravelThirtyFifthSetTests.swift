@testable import AssistUnderstanding
import Testing

/// The thirty-fifth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside
/// the reading it must not take.
@Suite("Travel phrasing: the thirty-fifth set")
struct TravelThirtyFifthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2056-01-20")!)  // a Thursday

    @Test("regional carriers of Canada and Central and South America; no place is read inside a carrier's name")
    func regionalCarriers() {
        #expect(parser.parse("pascan to sept-iles 2/2").airline == "Pascan Aviation")
        #expect(parser.parse("la costena managua to bluefields 2/15").airline == "La Costeña")
        let panama = parser.parse("air panama to bocas del toro 3/3")
        #expect(panama.airline == "Air Panama" && panama.origin == nil)
        #expect(parser.parse("trans guyana georgetown to lethem 3/5").airline == "Trans Guyana Airways")
        // "perimeter" is a word too: a carrier only where the text makes it one.
        #expect(parser.parse("perimeter to thompson 2/7").airline == "Perimeter Aviation")
        #expect(parser.parse("hotels near the perimeter of the park, flying to thompson 2/7").airline == nil)
    }

    @Test("a carrier named as a word is one before 'flights'; a nationality before 'flights' is none")
    func carrierBeforeFlights() {
        #expect(parser.parse("any spirit flights to tampa this weekend").airline == "Spirit Airlines")
        #expect(parser.parse("cheap american flights to paris this weekend").airline == nil)
        #expect(parser.parse("team spirit trip to tampa this weekend").airline == nil)
    }

    @Test("'had a baby' is someone's news, no infant travelling; 'with a baby' is one")
    func babyNews() {
        #expect(parser.parse("my brother just had a baby in omaha so we're flying from denver on 2/12").infants == nil)
        #expect(parser.parse("denver to omaha on 2/12 with a baby").infants == 1)
    }

    @Test("what a trip is for after 'to' is no place the model may choose: 'to hike the track', 'to ski'")
    func purposeAfterTo() {
        let spans = PlaceSpans.candidates(in: "flying into kokoda png to hike the track 6/12", gazetteer: Gazetteer.builtin)
        #expect(!spans.contains("hike"))
        #expect(!PlaceSpans.candidates(in: "off to ski in february", gazetteer: Gazetteer.builtin).contains("ski"))
        // A name after "to" is still one.
        #expect(PlaceSpans.candidates(in: "flying into kokoda to teyateyaneng 6/12", gazetteer: Gazetteer.builtin).contains("teyateyaneng"))
    }

    @Test("a region's or a country's name is no span the model may choose: 'Cromwell, Central Otago' offers no Otago")
    func regionIsNoSpan() {
        let spans = PlaceSpans.candidates(in: "Cromwell, Central Otago 10/3 for a fortnight", gazetteer: Gazetteer.builtin)
        #expect(!spans.contains { $0.contains("Otago") })
        // A town the gazetteer lacks is still one.
        #expect(PlaceSpans.candidates(in: "flying to Teyateyaneng 10/3", gazetteer: Gazetteer.builtin) == ["Teyateyaneng"])
    }
}
