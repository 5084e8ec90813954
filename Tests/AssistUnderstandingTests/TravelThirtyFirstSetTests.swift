@testable import AssistUnderstanding
import Testing

/// The thirty-first written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside
/// the reading it must not take; and the spans the model path no longer offers as a second place.
@Suite("Travel phrasing: the thirty-first set")
struct TravelThirtyFirstSetTests {
    let parser = SearchParser(today: DateResolver(today: "2053-03-22")!)  // a Saturday
    func day(_ iso: String) -> DateResolver.Range { DateResolver.Range(from: iso, to: iso) }

    @Test("'april, first class' is April and the first cabin, no 1 April; 'april first' is still the day")
    func cabinNotDay() {
        let search = parser.parse("need to be in vredendal sometime in april, first class")
        #expect(search.departure == DateResolver.Range(from: "2053-04-01", to: "2053-04-30") && search.cabin == "first")
        #expect(parser.parse("to vredendal april first").departure == day("2053-04-01"))
    }

    @Test("a lone place after a correction takes the role of the one end named before it")
    func correctedLonePlace() {
        let search = parser.parse("flights to penedo 4/26... no wait, patos, paraiba")
        #expect(search.destination == "Patos" && search.origin == nil)
        // Two ends before the correction: a lone place after it is not guessed into either.
        #expect(parser.parse("Boston to Denver, no wait, Austin").origin == "Boston")
    }

    @Test("'not the one in mexico city' takes the place back, as 'not X' does")
    func notTheOneIn() {
        let search = parser.parse("flights to benito juarez argentina (not the one in mexico city) on good friday")
        #expect(search.origin == nil && search.departure == day("2053-04-04"))
        #expect(parser.parse("to Madrid, not to Paris").destination == "Madrid")
    }

    @Test("the early May bank holiday's 'early' is no morning; 'early tomorrow' and 'erkenden' still are")
    func earlyHoliday() {
        #expect(parser.parse("to fort beaufort on the early may bank holiday").departureTimeOfDay == nil)
        #expect(parser.parse("Boston to Denver early in april").departureTimeOfDay == nil)
        #expect(parser.parse("Boston to Denver early tomorrow").departureTimeOfDay == "morning")
        #expect(parser.parse("İzmir'den Ankara'ya pazartesi erkenden").departureTimeOfDay == "morning")
    }

    @Test("right after a place it leaves from, a glued 'to' ending makes a common word's town the destination")
    func gluedAfterOrigin() {
        let search = parser.parse("caxiastan balsasa yarın sabah")
        #expect(search.origin == "Caxias" && search.destination == "Balsas")
        // Alone, a common word with an ending glued on stays another word.
        #expect(parser.parse("balsasa yarın").destination == nil)
    }

    @Test("a carrier's last word after 'Air': 'Hebridean Air Services', 'wright air service to …'; not 'air service' alone")
    func carrierLastWord() {
        #expect(parser.parse("Hebridean Air Services to Isoka, 14/4").airline == "Hebridean Air Services")
        #expect(parser.parse("wright air service to aweil next week").airline == "Wright Air Service")
        #expect(parser.parse("Tara Air Tikapur to Darchula").airline == "Tara Air")
    }

    @Test("the model path offers no qualifier, aside, holiday, verb, price, or place the rules took back")
    func spansOffered() {
        let gazetteer = Gazetteer.builtin
        func spans(_ text: String) -> [String] { PlaceSpans.candidates(in: text, gazetteer: gazetteer) }
        #expect(!spans("San Juan Airlines to San Clemente, Chile 4/22 evening").contains("Chile"))
        #expect(!spans("to Eshowe, KZN 25/4 - 2/5, 2 adults").contains("KZN"))
        #expect(!spans("Cáceres'e (Mato Grosso'daki) 20 nisan, ekonomi").contains("Mato Grosso"))
        #expect(!spans("From Derby to somewhere warm at Easter, 2 adults").contains("Easter"))
        #expect(spans("we want to catch the end of the grape harvest in garibaldi") == [])
        #expect(spans("alaska seaplanes to zambezi, zambia sometime in may").isEmpty)
        #expect(spans("can i still fly to christiana (za) tonight?").isEmpty)
        #expect(spans("to zeerust north west 4/28, under R3500").allSatisfy { !$0.contains("3500") })
        #expect(!spans("flights to penedo 4/26... no wait, patos, paraiba").contains("penedo"))
        #expect(!spans("Winburg'a... değil, pardon, Ladybrand'e; salı").contains("Winburg"))
        // A town the gazetteer lacks is still offered, after a travel word or before an apostrophed ending.
        #expect(spans("flights to smallvillea next friday") == ["smallvillea"])
        #expect(spans("Babaeski'den Edirne'ye yarın") == ["Babaeski"])
        #expect(spans("flights from Nanya to Luohu District tomorrow").contains("Nanya"))
    }
}
