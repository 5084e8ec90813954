@testable import AssistUnderstanding
import Testing

/// The fortieth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The places, carriers and wordings here are not the set's.
@Suite("Travel phrasing: the fortieth set")
struct TravelFortiethSetTests {
    let parser = SearchParser(today: DateResolver(today: "2056-12-09")!)  // a Saturday

    func day(_ date: String) -> DateResolver.Range { DateResolver.Range(from: date, to: date) }

    @Test("a small town whose name is a common word is a place with its state's code after it: 'needles ca to', 'tomahawk wi - …'")
    func townsPinnedByTheirState() {
        let needles = parser.parse("needles ca to phoenix on the 20th")
        #expect(needles.origin == "Needles" && needles.destination == "Phoenix")
        let capitals = parser.parse("Jackpot NV to Boise next friday")
        #expect(capitals.origin == "Jackpot" && capitals.destination == "Boise")
        let dashed = parser.parse("tomahawk wi - wink tx on the 20th")
        #expect(dashed.origin == "Tomahawk" && dashed.destination == "Wink")
        // Without its state's code the word is a word: no place.
        #expect(parser.parse("needles to phoenix on the 20th").origin == nil)
        #expect(parser.parse("the salmon special to boise").origin == nil)
    }

    @Test("where the traveller is held or lives is the origin: 'snowed in up in X', 'X'ta oturuyoruz'; a stay there is not")
    func whereTheTravellerIs() {
        let snowed = parser.parse("snowed in up in bemidji mn, anything warm next week?")
        #expect(snowed.origin == "Bemidji" && snowed.destination == nil && snowed.climate == "warm")
        let living = parser.parse("Kiruna'da oturuyoruz, ocakta sıcak bir yere gidelim")
        #expect(living.origin == "Kiruna" && living.destination == nil)
        #expect(parser.parse("Kiruna'da yaşıyorum, şubatta güneşli bir yer").origin == "Kiruna")
        // A hotel there, or the parents' home, is where the trip goes.
        #expect(parser.parse("Kiruna'da bir otel, ocakta").origin == nil)
        #expect(parser.parse("annemler Kiruna'da oturuyor, ocakta gidelim").origin == nil)
    }

    @Test("Turkish: 'yalnızım', 'yarından sonrası için', a return after 'gidip … dönüyoruz'")
    func turkish() {
        #expect(parser.parse("ankara'dan izmir'e cuma, yalnızım").adults == 1)
        #expect(parser.parse("ankara'dan izmir'e yarından sonrası için").departure == day("2056-12-11"))
        let trip = parser.parse("ankara'dan izmir'e 20 aralıkta gidip 2 ocakta dönüyoruz")
        #expect(trip.departure == day("2056-12-20") && trip.return == day("2057-01-02"))
    }

    @Test("national days of Australia and New Zealand: Australia Day, Waitangi Day, Anzac Day")
    func nationalDays() {
        #expect(parser.parse("Sydney to Perth on Australia Day").departure == day("2057-01-26"))
        #expect(parser.parse("Auckland to Kerikeri for Waitangi Day").departure == day("2057-02-06"))
        #expect(parser.parse("Sydney to Canberra on Anzac Day").departure == day("2057-04-25"))
    }

    @Test("a sight is no time to fly, 'the polar night'; 'with sun' asks for warm weather")
    func sightsAndSun() {
        let polar = parser.parse("to see the polar night in tromso, 12/28, 2 adults")
        #expect(polar.departureTimeOfDay == nil && polar.destination == "Tromsø")
        #expect(parser.parse("boston to denver, 12/28 at night").departureTimeOfDay == "night")
        #expect(parser.parse("leaving boston, anywhere with sun in january?").climate == "warm")
    }

    @Test("a weak carrier shape in lower case as one item of a list of the request's parts: ', air creebec, 1 adult'")
    func carriersAsListItems() {
        #expect(parser.parse("montreal to chibougamau 1/8, air creebec, 1 adult").airline == "Air Creebec")
        #expect(parser.parse("vancouver to victoria 1/8, 2 adults, harbour air").airline == "Harbour Air")
        // What else a list holds stays no carrier.
        #expect(parser.parse("boston to denver, by air, 2 adults").airline == nil)
        #expect(parser.parse("somewhere with fresh air, 2 adults").airline == nil)
    }

    @Test("a weak carrier shape in lower case before where it goes ('into', 'out to'), or of two words after a cue ('on …')")
    func carriersBeforeWhereTheyGo() {
        #expect(parser.parse("harbour air into tofino on the 20th, 2 adults").airline == "Harbour Air")
        #expect(parser.parse("kenmore air out to friday harbor the 22nd").airline == "Kenmore Air")
        #expect(parser.parse("anything on great lakes air into duluth on the 20th?").airline == "Great Lakes Air")
        // A weekday after the cue is the date's, no carrier's word.
        #expect(parser.parse("anything on friday star air into duluth").airline != "Friday Star Air")
    }
}

