import AssistUnderstanding
import AssistWire
import Testing

@Suite("Smart search building blocks")
struct SearchUnderstandingTests {
    let gazetteer = Gazetteer.builtin

    @Test("routes from English prepositions and Turkish case suffixes, canonical English names", arguments: [
        ("İstanbul'dan Lizbon'a 14 ekimde business", "Istanbul", "Lisbon"),
        ("from London to Rome in October", "London", "Rome"),
        ("Lizbona gitmek istiyorum", nil, "Lisbon"),
        ("Antalya Londra uçuşu", "Antalya", "London"),
        ("New York'tan Dubai'ye iki kişi", "New York", "Dubai"),
        ("to Porto from Izmir", "Izmir", "Porto"),
        ("somewhere warm, nonstop", nil, nil),
    ] as [(String, String?, String?)])
    func route(text: String, origin: String?, destination: String?) {
        let route = gazetteer.route(in: text)
        #expect(route.origin?.name == origin, "\(text)")
        #expect(route.destination?.name == destination, "\(text)")
    }

    @Test("a name two places share resolves to the busier one")
    func ambiguity() {
        #expect(gazetteer.city(named: "Rome")?.country == "IT")
        #expect(gazetteer.city(named: "London")?.country == "GB")
        #expect(gazetteer.city(named: "Roma")?.name == "Rome")
        #expect(gazetteer.city(named: "İstanbul")?.airports.contains("IST") == true)
    }

    /// Sunday 29 November 2026.
    let resolver = DateResolver(today: "2026-11-29")!

    @Test("dates resolve against today; a day or month without a year is the next one on or after today", arguments: [
        ("14 ekimde", "2027-10-14", "2027-10-14"),
        ("on October 14th", "2027-10-14", "2027-10-14"),
        ("in October", "2027-10-01", "2027-10-31"),
        ("in December", "2026-12-01", "2026-12-31"),
        ("aralıkta", "2026-12-01", "2026-12-31"),
        ("tomorrow", "2026-11-30", "2026-11-30"),
        ("yarın sabah", "2026-11-30", "2026-11-30"),
        ("10-14 December", "2026-12-10", "2026-12-14"),
        ("next weekend", "2026-12-05", "2026-12-06"),
        ("bu hafta sonu", "2026-11-29", "2026-11-29"),
        ("haftaya hafta sonu", "2026-12-05", "2026-12-06"),
        ("haftaya", "2026-11-30", "2026-12-06"),
        ("gelecek ay", "2026-12-01", "2026-12-31"),
        ("14 March 2028", "2028-03-14", "2028-03-14"),
    ])
    func departure(text: String, from: String, to: String) {
        #expect(resolver.resolve(text).departure == DateResolver.Range(from: from, to: to), "\(text)")
    }

    @Test("a return marker splits departure from return, in both word orders")
    func returnDates() {
        let english = resolver.resolve("to Lisbon on 14 March, returning 20 March")
        #expect(english.departure == DateResolver.Range(from: "2027-03-14", to: "2027-03-14"))
        #expect(english.return == DateResolver.Range(from: "2027-03-20", to: "2027-03-20"))
        let turkish = resolver.resolve("14 ekimde gidip 20 ekimde dönüş")
        #expect(turkish.departure == DateResolver.Range(from: "2027-10-14", to: "2027-10-14"))
        #expect(turkish.return == DateResolver.Range(from: "2027-10-20", to: "2027-10-20"))
        #expect(resolver.resolve("somewhere warm").departure == nil)
    }
}

@Suite("Smart search parser")
struct SearchParserTests {
    let parser = SearchParser(today: DateResolver(today: "2026-11-29")!)

    @Test("head counts from seats, people and 'for N'; amounts are never years; the day after tomorrow")
    func details() {
        let seats = parser.parse("need 2 seats to Frankfurt the day after tomorrow")
        #expect(seats.adults == 2)
        #expect(seats.destination == "Frankfurt")
        #expect(seats.departure == DateResolver.Range(from: "2026-12-01", to: "2026-12-01"))
        #expect(parser.parse("to Doha on Jan 15 for one").adults == 1)
        #expect(parser.parse("to Rome for 3 days").adults == nil)
        let budget = parser.parse("beach in July under 2000 EUR")
        #expect(budget.departure == DateResolver.Range(from: "2027-07-01", to: "2027-07-31"))
        #expect(budget.maxPrice == SearchFilters.Price(amount: 2000, currency: "EUR"))
        #expect(parser.parse("Antalya'ya 5.000 TL altında").maxPrice == SearchFilters.Price(amount: 5000, currency: "TRY"))
        #expect(parser.parse("Sabiha'dan Trabzon'a").origin == "Istanbul")
    }

    @Test("a sentence without search facts yields an empty filter, not guesses")
    func nothing() {
        #expect(parser.parse("hello there") == SearchFilters())
        #expect(parser.parse("merhaba").json.objectValue?.values.allSatisfy { $0 == .null } == true)
    }
}
