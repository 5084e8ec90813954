import AssistUnderstanding
import Testing

/// What the tenth written-after set (`golden/written-after/README.md`) found missing besides dates: "coach" as a
/// cabin, more airlines (and a country's airline named by the country with a cue), and two named companions. Each
/// beside the reading it must not take.
@Suite("Travel phrasing: coach, airlines, companions")
struct TravelCabinsCarriersAndCompanionsTests {
    let parser = SearchParser(today: DateResolver(today: "2030-06-12")!)  // a Wednesday

    @Test("'coach' is economy as a cabin word; the bus is no cabin")
    func coach() {
        #expect(parser.parse("San Pedro Sula to Houston, 2 adults 3 kids, August 9, coach").cabin == "economy")
        #expect(parser.parse("fly coach from Houston to Denver").cabin == "economy")
        #expect(parser.parse("Houston to Denver in coach").cabin == "economy")
        #expect(parser.parse("London to Oxford by coach").cabin == nil)
        #expect(parser.parse("London to Oxford, then the coach to Bath").cabin == nil)
        #expect(parser.parse("Rome to Paris, near the coach station").cabin == nil)
    }

    @Test("Volotea, TAROM, Jazeera Airways, Cebu Pacific (its city no origin); Qatar with a cue only")
    func airlines() {
        #expect(parser.parse("Volotea Bastia to Nantes on Saturday").airline == "Volotea")
        #expect(parser.parse("Bükreş'ten İstanbul'a TAROM ile pazartesi").airline == "TAROM")
        #expect(parser.parse("Trabzon'a Jazeera Airways ile 11 temmuz").airline == "Jazeera Airways")
        let cebu = parser.parse("Cebu Pacific Manila to Denpasar")
        #expect(cebu.airline == "Cebu Pacific" && cebu.origin == "Manila")
        #expect(parser.parse("Cebu to Manila on Friday").origin == "Cebu City")  // the city alone is still a place
        #expect(parser.parse("Doha'dan Trabzon'a Qatar ile 5 ağustos").airline == "Qatar Airways")
        #expect(parser.parse("London to Doha with Qatar").airline == "Qatar Airways")
        #expect(parser.parse("London to Qatar on Friday").airline == nil)
        #expect(parser.parse("London to Bangkok via Qatar").airline == nil)
        #expect(parser.parse("Katar'dan İstanbul'a cuma").airline == nil)
    }

    @Test("two companions joined to one 'with' are three travellers; one companion two")
    func companions() {
        #expect(parser.parse("Dubai'den İstanbul'a annem ve babamla, 1 eylül").adults == 3)
        #expect(parser.parse("Dubai'den İstanbul'a annem, babam ve kardeşimle").adults == 4)
        #expect(parser.parse("Dubai'den İstanbul'a babamla").adults == 2)
        #expect(parser.parse("Boston to Rome with my mother and father").adults == 3)
        #expect(parser.parse("Boston to Rome with my mom and my dad").adults == 3)
        #expect(parser.parse("Boston to Rome with my wife and kids").adults == 2)
    }
}
