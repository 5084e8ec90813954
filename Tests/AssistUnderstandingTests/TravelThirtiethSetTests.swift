@testable import AssistUnderstanding
import Testing

/// The thirtieth written-after set's misses (`golden/written-after/README.md`), read by general rules: an end named
/// after a correction replaces the one named before it; a holiday's first word is no place ("columbus day"); "N gün
/// sonrasına". Each beside the reading it must not take.
@Suite("Travel phrasing: the thirtieth set")
struct TravelThirtiethSetTests {
    let parser = SearchParser(today: DateResolver(today: "2052-09-08")!)  // a Sunday
    func day(_ iso: String) -> DateResolver.Range { DateResolver.Range(from: iso, to: iso) }

    @Test("an end named after a correction replaces the one named before it")
    func correctedEnds() {
        let destination = parser.parse("Diapaga'dan Zabre'ye... pardon Zabre değil Bogande'ye, 1 ekim")
        #expect(destination.origin == "Diapaga" && destination.destination == "Bogande")
        let swapped = parser.parse("Mossendjo'dan Mouila'ya değil, pardon, Mouila'dan Mossendjo'ya; ayın 24'ünde")
        #expect(swapped.origin == "Mouila" && swapped.destination == "Mossendjo")
        let english = parser.parse("Boston to Denver, no wait, to Austin")
        #expect(english.origin == "Boston" && english.destination == "Austin")
        // A correction that names no end again leaves the ends as they were.
        let kept = parser.parse("Boston to Denver on friday, no wait, saturday")
        #expect(kept.origin == "Boston" && kept.destination == "Denver" && kept.departure == day("2052-09-14"))
    }

    @Test("a holiday's first word is no place: 'on columbus day'; 'Columbus to Boston' is still Columbus")
    func holidayNotPlace() {
        let search = parser.parse("flights from guarapuava to passo fundo on columbus day")
        #expect(search.departure == day("2052-10-14") && search.origin == "Guarapuava" && search.destination == "Passo Fundo")
        #expect(parser.parse("Columbus to Boston tomorrow").origin == "Columbus")
    }

    @Test("'10 gün sonrasına' is ten days on, as '10 gün sonra'")
    func daysLater() {
        #expect(parser.parse("10 gün sonrasına Zorgo'dan Tougan'a tek kişilik bilet").departure == day("2052-09-18"))
        #expect(parser.parse("2 hafta sonrasına Zorgo'dan Tougan'a").departure == day("2052-09-22"))
    }
}
