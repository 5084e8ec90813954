import AssistUnderstanding
import Testing

/// The Turkish ways of naming a route that the first grammar missed (issue 30): a place noun after the name
/// carrying the ending, "X ile Y arası" and dash pairs, endings glued without an apostrophe, two bare names. Each
/// shape has its negative: a word that only looks like a place, or a pair of things that are not places.
@Suite("Turkish route shapes")
struct TurkishPlaceShapesTests {
    let gazetteer = Gazetteer.builtin

    @Test("a noun after the name carries its ending: şehri, şehrinden, şehrine, havaalanından, Havalimanı'na", arguments: [
        ("izmir şehrinden münih şehrine uçuş", "Izmir", "Munich"),
        ("münih şehrine izmir şehrinden uçuş", "Izmir", "Munich"),
        ("Berlin'e Antalya havaalanından", "Antalya", "Berlin"),
        ("Antalya Havalimanı'ndan Berlin Havalimanı'na", "Antalya", "Berlin"),
        ("paris havalimanına ankara kentinden", "Ankara", "Paris"),
        ("roma şehri çıkışlı londra uçuşu", "Rome", "London"),
        ("Antalya havaalanı kalkışlı Paris", "Antalya", "Paris"),
        ("viyana şehirden atinaya", "Vienna", "Athens"),
    ] as [(String, String?, String?)])
    func placeNouns(text: String, origin: String?, destination: String?) {
        let route = gazetteer.route(in: text)
        #expect(route.origin?.name == origin, "\(text)")
        #expect(route.destination?.name == destination, "\(text)")
    }

    @Test("ile … arası and dash pairs read as origin and destination, whatever else the sentence says", arguments: [
        ("ankara ile berlin arası uçuşlar", "Ankara", "Berlin"),
        ("İzmir ve Roma arasındaki uçuşlar, iki kişi", "Izmir", "Rome"),
        ("ankara - berlin arası", "Ankara", "Berlin"),
        ("Ankara–Berlin, 3 Mart", "Ankara", "Berlin"),
        ("between Lisbon and Porto on Friday", "Lisbon", "Porto"),
    ] as [(String, String?, String?)])
    func pairs(text: String, origin: String?, destination: String?) {
        let route = gazetteer.route(in: text)
        #expect(route.origin?.name == origin, "\(text)")
        #expect(route.destination?.name == destination, "\(text)")
    }

    @Test("the join gives the roles only to two names without roles of their own")
    func pairRolesOnlyWhereNoneIs() {
        #expect(gazetteer.mentions(in: "ankara ile berlin arası").map(\.role) == [.origin, .destination])
        #expect(gazetteer.mentions(in: "ankara - berlin").map(\.role) == [.origin, .destination])
        // "Berlin'e" already says destination; the join does not make it the origin.
        #expect(gazetteer.mentions(in: "Berlin'e - Ankara").map(\.role) == [.destination, .unknown])
        #expect(gazetteer.mentions(in: "ankara berlin").map(\.role) == [.unknown, .unknown])
    }

    @Test("endings glued without an apostrophe, and two bare names in a row", arguments: [
        ("izmirden londraya yarın", "Izmir", "London"),
        ("londraya izmirden", "Izmir", "London"),
        ("romadan parise iki bilet", "Rome", "Paris"),
        ("londra roma uçuş", "London", "Rome"),
        ("Kahire Varşova bileti 12 mayıs", "Cairo", "Warsaw"),
    ] as [(String, String?, String?)])
    func gluedAndBare(text: String, origin: String?, destination: String?) {
        let route = gazetteer.route(in: text)
        #expect(route.origin?.name == origin, "\(text)")
        #expect(route.destination?.name == destination, "\(text)")
    }

    @Test("words that only look like these shapes name no place", arguments: [
        "bu şehirden sıkıldım, güzel bir şehre gitmek istiyorum",
        "pazartesi ile cuma arası uçuşlar",
        "sabah ile akşam arasındaki uçuşlar",
        "ekim - kasım arası, 2 kişi",
        "10-12 ekim arası",
        "havaalanından otele transfer",
        "between March and May",
    ])
    func lookalikes(text: String) {
        #expect(gazetteer.mentions(in: text).isEmpty, "\(text)")
    }

    @Test("a place's words are no date: Mar del Plata is not March, and a month beside it still is")
    func placeWordsAreNoDates() throws {
        let today = try #require(DateResolver(today: "2026-07-26"))
        let parser = SearchParser(today: today, gazetteer: gazetteer)
        let glued = parser.parse("mar del plataya yangzhoudan bilet")
        #expect(glued.destination == "Mar del Plata" && glued.origin == "Yangzhou" && glued.departure == nil)
        let dated = parser.parse("from Mar del Plata to Lima in March")
        #expect(dated.origin == "Mar del Plata" && dated.departure == DateResolver.Range(from: "2027-03-01", to: "2027-03-31"))
    }

    @Test("a place noun is never offered as a span the model could pick")
    func placeNounsAreNoSpans() {
        let spans = PlaceSpans.candidates(in: "Babaeski Havalimanı'ndan Münih Şehrine", gazetteer: gazetteer)
        #expect(!spans.contains { $0.lowercased().hasPrefix("havalimanı") || $0.lowercased().hasPrefix("şehrine") }, "\(spans)")
    }

    @Test("a dash is found between words with spaces or none, and not inside a word's neighbours")
    func dashes() {
        #expect(TextMatching.dashedWords("Ankara - Berlin") == [1])
        #expect(TextMatching.dashedWords("Ankara–Berlin, 3 Mart") == [1])
        #expect(TextMatching.dashedWords("a b -c d") == [2])
        #expect(TextMatching.dashedWords("- a b") == [])
    }

    @Test("the separators before each word are gathered in one pass, and the word sets read from them agree")
    func separatorsBefore() {
        #expect(TextMatching.separatorsBefore(in: "a, b; c d (e) - f") == [1: [","], 2: [";"], 4: ["("], 5: [")", "-"]])
        #expect(TextMatching.separatorsBefore(in: ", a b") == [:])
        #expect(TextMatching.separatorsBefore(in: "Lizbon'a, Roma") == [2: [","]])
        #expect(TextMatching.wordsAfter([","], in: "a, b; c, d") == [1, 3])
        #expect(TextMatching.wordsAfter([","], in: "a; b") == [])
    }
}
