@testable import AssistUnderstanding
import Testing

/// The twenty-fourth written-after set's wrong destination (`golden/written-after/README.md`), fixed by general rules:
/// no glued Turkish ending is cut to reach a one-word name that is only an alias ("guyane" is no "Guyan", Guiyang, with
/// "-e"); "air" and a word opening the request before "ile" are a carrier in any case ("air guyane ile …"), never "air"
/// and "ile" themselves.
@Suite("Travel phrasing: the twenty-fourth set")
struct TravelTwentyFourthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2043-06-03")!)  // a Wednesday

    @Test("no glued ending is cut to reach a one-word alias; a place's own or shortened name keeps its endings")
    func aliasEndings() {
        let guyane = parser.parse("air guyane ile saint-laurent-du-maroni'ye cumartesi, tek kişi")
        #expect(guyane.airline == "Air Guyane" && guyane.destination == "Saint-Laurent-du-Maroni" && guyane.origin == nil)
        #expect(parser.parse("guyane'ye cumartesi").destination == nil)
        // Ho Chi Minh, the city's name shortened, and a place's own name still take a glued ending.
        #expect(parser.parse("pacific airlines ile ho chi minhden vinhe 18 mart aktarmasiz").origin == "Ho Chi Minh City")
        #expect(parser.parse("istanbuldan lizbona 18 mart").destination == "Lisbon")
    }

    @Test("'air' and a word opening the request before 'ile' are a carrier; 'air ile' names none")
    func airBeforeWith() {
        #expect(parser.parse("air guyane ile cayenne'den 5 temmuz").airline == "Air Guyane")
        let bare = parser.parse("air ile istanbul'dan ankara'ya")
        #expect(bare.airline == nil && bare.origin == "Istanbul")
    }

    @Test("a word written before an apostrophe is a whole name: 'martı'yla' is no March; 'mart'ta' and 'martta' are")
    func nameBeforeApostropheIsNoMonth() {
        let resolver = DateResolver(today: "2043-06-03")!
        #expect(resolver.resolve("martı'yla havalimanına cuma gideceğim").departure == DateResolver.Range(from: "2043-06-05", to: "2043-06-05"))
        #expect(resolver.resolve("5 mart'ta ankara'ya").departure == DateResolver.Range(from: "2044-03-05", to: "2044-03-05"))
        #expect(resolver.resolve("martta ankara'ya").departure == DateResolver.Range(from: "2044-03-01", to: "2044-03-31"))
    }

    @Test("a glued carrier's ending opening an all lower-case request before 'ile'; a figure inside a capitalised name")
    func gluedCarriers() {
        let iberojet = parser.parse("iberojet ile sabadell'den la romana'ya 1 temmuz, ekonomi")
        #expect(iberojet.airline == "Iberojet" && iberojet.origin == "Sabadell" && iberojet.destination == "La Romana")
        #expect(parser.parse("World2Fly ile Segovia'dan Matanzas'a cuma, 2 yetişkin").airline == "World2Fly")
        // English words made with the ending and a person before "ile" stay no carrier.
        #expect(parser.parse("butterfly ile istanbul'dan ankara'ya").airline == nil)
        #expect(parser.parse("ahmet ile istanbul'dan ankara'ya").airline == nil)
    }

    @Test("a capitalised designation right after the generic word ends the carrier's name; in lower case it is the flight's")
    func designationAfterGenericWord() {
        let myanmar = parser.parse("Myanmar Airways International ile Meiktila'dan Taungoo'ya yarın akşam")
        #expect(myanmar.airline == "Myanmar Airways International" && myanmar.origin == "Meiktila" && myanmar.destination == "Taungoo")
        #expect(parser.parse("Silver Airways international flights from Miami").airline == "Silver Airways")
    }
}
