@testable import AssistUnderstanding
import Testing

/// The thirty-seventh written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside
/// the reading it must not take.
@Suite("Travel phrasing: the thirty-seventh set")
struct TravelThirtySeventhSetTests {
    let parser = SearchParser(today: DateResolver(today: "2056-08-23")!)  // a Wednesday

    @Test("carriers whose names hold a shorter one's: Denver Air Connection, Grand Canyon Airlines, American Jet, Azul Conecta")
    func longerCarriers() {
        #expect(parser.parse("denver air connection to show low 9/12").airline == "Denver Air Connection")
        #expect(parser.parse("grand canyon airlines to page 9/12").airline == "Grand Canyon Airlines")
        #expect(parser.parse("american jet neuquen to zapala 9/12").airline == "American Jet")
        #expect(parser.parse("cheap american flights to paris 9/12").airline == nil)
        #expect(parser.parse("azul conecta to porto seguro 9/12").airline == "Azul Conecta")
    }

    @Test("a carrier named as a word, with a Turkish case after an apostrophe or before a verb of flying")
    func turkishCarrierCases() {
        #expect(parser.parse("gelecek ay Condor'da 2 kişilik yer var mı").airline == "Condor")
        #expect(parser.parse("bu hafta sonu Marabu uçuyorsa 3 kişi").airline == "Marabu Airlines")
        #expect(parser.parse("Mekong Deltası'nda tatil, gelecek ay").airline == nil)
    }

    @Test("'starting in X' is the origin; 'anywhere with sunshine' is warm, 'on air sunshine' names a carrier, no climate")
    func startAndSunshine() {
        let start = parser.parse("starting in denver, want sun in october")
        #expect(start.origin == "Denver" && start.destination == nil)
        #expect(parser.parse("in denver on 9/12").destination == "Denver")
        #expect(parser.parse("anywhere with sunshine from denver 9/12").climate == "warm")
        #expect(parser.parse("charlotte to road town tomorrow on air sunshine").climate == nil)
    }

    @Test("a Turkish month with an ending in an English request is no month: 'san martin peru' names no March")
    func turkishMonthInEnglish() {
        #expect(parser.parse("tarapoto san martin peru on star peru 9/27, 2 adults").departure
                == DateResolver.Range(from: "2056-09-27", to: "2056-09-27"))
        #expect(parser.parse("istanbul'dan ankaraya martta").departure == DateResolver.Range(from: "2057-03-01", to: "2057-03-31"))
        #expect(parser.parse("boston to denver on martin luther king day").departure == DateResolver.Range(from: "2057-01-15", to: "2057-01-15"))
    }
}
