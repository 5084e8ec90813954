@testable import AssistUnderstanding
import Testing

/// What the twenty-second written-after set (`golden/written-after/README.md`) found missing, fixed by general rules:
/// carriers with no airline word, read from where they stand, opening the request right before its route ("equair
/// ambato to manta", "Zorbex from Boston to Denver") or before Turkish "ile" and the place it leaves from ("Aero K
/// ile Wonju'dan …"). None from a list of the set's carriers; each beside the reading it must not take.
@Suite("Travel phrasing: the twenty-second set")
struct TravelTwentySecondSetTests {
    let parser = SearchParser(today: DateResolver(today: "2039-11-09")!)  // a Wednesday

    @Test("one to three words opening the request before 'origin to destination' are the carrier: 'equair ambato to manta'")
    func nameBeforeRoute() {
        let equair = parser.parse("equair ambato to manta friday evening")
        #expect(equair.airline == "Equair" && equair.origin == "Ambato" && equair.destination == "Manta")
        let crane = parser.parse("Fly Blue Crane Mossel Bay to Welkom 24/11, 1 adult")
        #expect(crane.airline == "Fly Blue Crane" && crane.origin == "Mossel Bay")
        #expect(parser.parse("Zorbex from Boston to Denver").airline == "Zorbex")
        // The verb "fly", a request's words, one written with a slip, greetings and a verb's "-ing" form name no carrier.
        for text in ["fly boston to denver", "chepest flight boston to denver", "Heading Boston to Denver friday", "red eye boston to denver",
                     "hi there boston to denver", "fly solo boston to denver", "Tickets from Boston to Denver",
                     "Wheelchair Boston to Denver", "skyward express boston to denver",
                     // Common English words say what the trip is, not who flies it.
                     "Honeymoon Boston to Denver", "Honeymoon Trip Boston to Denver", "Graduation Boston to Denver"] {
            let filters = parser.parse(text)
            #expect(filters.airline == nil && filters.origin == "Boston", "\(text)")
        }
    }

    @Test("two or three capitalised words opening a Turkish request before 'ile' and a place are the carrier: 'Aero K ile …'")
    func nameBeforeTurkishWith() {
        #expect(parser.parse("Aero K ile Wonju'dan Seosan'a bu hafta sonu").airline == "Aero K")
        #expect(parser.parse("9 Air ile Nanchong'dan Xuzhou'ya cumartesi akşamı").airline == "9 Air")
        #expect(parser.parse("Royal Air Philippines ile Calbayog'dan Catarman'a 30 kasım").airline == "Royal Air Philippines")
        #expect(parser.parse("Chang'an Airlines ile Qingyang'dan Ulanqab'a 1 aralık").airline == "Chang'an Airlines")
        let sol = parser.parse("Sol del Paraguay ile Pedro Juan Caballero'dan Encarnación'a 8 aralık")
        #expect(sol.airline == "Sol del Paraguay" && sol.origin == "Pedro Juan Caballero")
        // One word before "ile" is as often a person; the people one flies with are no carrier.
        #expect(parser.parse("Ahmet ile İzmir'den Berlin'e cuma").airline == nil)
        #expect(parser.parse("Annem ve babam ile İzmir'den Berlin'e cuma").airline == nil)
        // A given name and a surname are common words: a person, whoever it is, not a carrier; so is a party.
        for text in ["Ayşe Yılmaz ile Ankara'dan İzmir'e uçuş", "Mehmet Demir ile İstanbul'dan Berlin'e yarın",
                     "Zeynep Çelik ile Trabzon'dan Köln'e", "Annem Babam ile Ankara'dan İzmir'e", "John Smith ile Ankara'dan İzmir'e"] {
            let filters = parser.parse(text)
            #expect(filters.airline == nil && filters.origin != nil, "\(text)")
        }
        #expect(parser.parse("Amapola Flyg ile Visby'den Örebro'ya").airline == "Amapola Flyg")  // words of neither language
    }

    @Test("the common words are folded as the rules fold text, and hold what the rules ask of them")
    func commonWords() {
        for word in Array(CommonWords.english.prefix(2000)) + Array(CommonWords.turkish.prefix(2000)) { #expect(TextMatching.fold(word) == word) }
        #expect(CommonWords.english.count > 30_000 && CommonWords.turkish.count > 30_000)
        #expect(CommonWords.english.contains("honeymoon") && CommonWords.turkish.contains("yilmaz") && CommonWords.turkish.contains("ayse"))
        #expect(!CommonWords.contains("equair") && !CommonWords.contains("amapola"))
    }
}
