@testable import AssistUnderstanding
import Testing

/// The twenty-seventh written-after set's carriers (`golden/written-after/README.md`), read by general rules: one
/// unlisted word with Turkish "ile", or two with "-le", opening the request before the origin; a time of day's word
/// before a capitalised "Air"; one more word of "Air …" before "from" and the origin, and of "… Aviation …" before
/// "flights"; a carrier's words asking nothing of the flight; a plural's possessive apostrophe kept in a name. Each
/// beside the reading it must not take.
@Suite("Travel phrasing: the twenty-seventh set")
struct TravelTwentySeventhSetTests {
    let parser = SearchParser(today: DateResolver(today: "2048-10-26")!)  // a Monday

    @Test("one unlisted word with Turkish 'ile', or two with '-le', opening the request before the origin is the carrier")
    func unlistedWordsWithTurkishWith() {
        let search = parser.parse("Aerocardal ile Los Andes'ten Illapel'e haftaya salı")
        #expect(search.airline == "Aerocardal" && search.origin == "Los Andes" && search.destination == "Illapel")
        let two = parser.parse("Macair Jet'le Malargüe'den General Pico'ya 20 kasım")
        #expect(two.airline == "Macair Jet" && two.origin == "Malargue")
        // A common word is a person's name as often, with "ile" as with "-le".
        for text in ["Ahmet ile Ankara'dan İzmir'e yarın", "Annem ile Ankara'dan İzmir'e yarın", "Ayşe Hanım'la Ankara'dan İzmir'e yarın",
                     "Zeynep ile İstanbul'dan Roma'ya"] {
            #expect(parser.parse(text).airline == nil, "\(text)")
        }
    }

    @Test("a carrier's words ask nothing of the flight: 'Sabah Air' is no morning, 'Direktflyg' no nonstop")
    func carrierWordsAreNoFilters() {
        let sabah = parser.parse("Sabah Air ile Keningau'dan Ranau'ya perşembe, tek kişi")
        #expect(sabah.airline == "Sabah Air" && sabah.departureTimeOfDay == nil && sabah.origin == "Keningau")
        let direkt = parser.parse("Direktflyg ile Ludvika'dan Falköping'e 3 kasım")
        #expect(direkt.airline == "Direktflyg" && direkt.nonstop == nil)
        // Said outside the name, they still are.
        let both = parser.parse("Aerocardal ile Los Andes'ten Illapel'e sabah direkt")
        #expect(both.airline == "Aerocardal" && both.departureTimeOfDay == "morning" && both.nonstop == true)
        #expect(parser.parse("Sabah Ankara'dan İzmir'e").departureTimeOfDay == "morning")
    }

    @Test("opening the request, one more capitalised word of 'Air …' before 'from', and of '… Aviation …' before 'flights'")
    func oneMoreWordBeforeTheRoute() {
        let congo = parser.parse("Air Fast Congo from Boma to Inongo on 11/4, just me")
        #expect(congo.airline == "Air Fast Congo" && congo.origin == "Boma" && congo.destination == "Inongo")
        let fellowship = parser.parse("Mission Aviation Fellowship flights Port-de-Paix to Jeremie haiti 12/2")
        #expect(fellowship.airline == "Mission Aviation Fellowship" && fellowship.origin == "Port-de-Paix")
        // With the route's start right after "Air" and its word, there is no more word to take.
        #expect(parser.parse("Air France from Paris to Nice").airline == "Air France")
        #expect(parser.parse("Air Canada Montreal to Paris").airline == "Air Canada")
        #expect(parser.parse("Air Fast from Boma to Inongo").airline == "Air Fast")
    }

    @Test("a plural's possessive apostrophe is the carrier's own: 'Governors' Aviation'")
    func pluralPossessiveKept() {
        let search = parser.parse("Governors' Aviation ile Kisii'den Maralal'a bu hafta sonu, eşimle")
        #expect(search.airline == "Governors' Aviation" && search.origin == "Kisii")
        #expect(parser.parse("Travellers' Air from Leeds to Paris").airline == "Travellers' Air")
        // An apostrophe glued to a Turkish ending, or a singular's "'s", is no part of a name's written word.
        #expect(WrittenWord.split("Paris'ten Roma'ya").map(\.text) == ["Paris", "ten", "Roma", "ya"])
        #expect(WrittenWord.split("Mary's way").map(\.text) == ["Mary", "s", "way"])
        #expect(WrittenWord.split("the Jones' house").map(\.text) == ["the", "Jones'", "house"])
    }

    @Test("Family Day is the third Monday of February (the twenty-eighth set)")
    func familyDay() {
        let parser = SearchParser(today: DateResolver(today: "2050-01-08")!)
        let search = parser.parse("comox bc to vancouver bc on family day")
        #expect(search.departure == DateResolver.Range(from: "2050-02-21", to: "2050-02-21"))
    }
}
