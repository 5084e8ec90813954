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

    @Test("places the airport list lacked, dotted and two-word names, verbs of leaving and arriving, word order", arguments: [
        ("flights from Toronto to Tacoma", "Toronto", "Tacoma"),
        ("burbank to long beach on friday", "Burbank", "Long Beach"),
        ("from st. louis to st. petersburg", "St. Louis", "St. Petersburg"),
        ("leave Detroit and arrive in St. Petersburg", "Detroit", "St. Petersburg"),
        ("departing Chicago, landing in Denver", "Chicago", "Denver"),
        ("boston denver tomorrow", "Boston", "Denver"),
        ("İzmir çıkışlı Roma uçuşu", "Izmir", "Rome"),
        ("Roma varışlı Ankara uçuşları", "Ankara", "Rome"),
        ("out of Seattle into Tokyo", "Seattle", "Tokyo"),
    ] as [(String, String?, String?)])
    func widerRoutes(text: String, origin: String?, destination: String?) {
        let route = gazetteer.route(in: text)
        #expect(route.origin?.name == origin, "\(text)")
        #expect(route.destination?.name == destination, "\(text)")
    }

    @Test("a name that is a common word is a place only in a travel context", arguments: [
        ("a nice view of the sea, somewhere warm", [String]()),
        ("reading about split fares on mobile", []),
        ("iki kişi, sıcak bir yer", []),
        ("Nice weather, but I want the bathroom nicely done", []),
        ("flights to Nice in May", ["Nice"]),
        ("Fly from Reading to Split", ["Reading", "Split"]),
        ("We loved Nice last year", ["Nice"]),
        ("Nice'e iki kişi", ["Nice"]),
        ("flights from nanya tomorrow", []),  // "nanya" is no Nan with a glued "-ya"
    ] as [(String, [String])])
    func commonWords(text: String, places: [String]) {
        #expect(gazetteer.mentions(in: text).map(\.city.name) == places, "\(text)")
    }

    @Test("a country or US state after a name picks among namesakes; alone, the most populous")
    func namesakes() {
        #expect(gazetteer.route(in: "from Paris, Texas to Dallas").origin?.region == "TX")
        #expect(gazetteer.route(in: "to Paris").destination?.country == "FR")
        #expect(gazetteer.route(in: "to Portland Maine").destination?.region == "ME")
        #expect(gazetteer.route(in: "to Portland").destination?.region == "OR")
        #expect(gazetteer.route(in: "flights to London, Canada").destination?.country == "CA")
        #expect(gazetteer.city(ofAirport: "YYZ")?.name == "Toronto")
        #expect(gazetteer.city(ofAirport: "NYC")?.name == "New York")
        let istanbul: Set<String> = Set(gazetteer.city(named: "Istanbul")?.airports ?? [])
        #expect(istanbul.isSuperset(of: ["IST", "SAW"]))
    }

    @Test("month ranges, spelled ordinals, weekdays of next week and Turkish period endings")
    func widerDates() throws {
        let resolver = try #require(DateResolver(today: "2026-11-29"))  // a Sunday
        let range = { (from: String, to: String) in DateResolver.Range(from: from, to: to) }
        #expect(resolver.resolve("between June and August").departure == range("2027-06-01", "2027-08-31"))
        #expect(resolver.resolve("from March to May, somewhere warm").departure == range("2027-03-01", "2027-05-31"))
        #expect(resolver.resolve("haziran ile ağustos arası").departure == range("2027-06-01", "2027-08-31"))
        #expect(resolver.resolve("hazirandan ağustosa kadar").departure == range("2027-06-01", "2027-08-31"))
        #expect(resolver.resolve("november to january").departure == range("2026-11-01", "2027-01-31"))
        #expect(resolver.resolve("april sixth").departure == range("2027-04-06", "2027-04-06"))
        #expect(resolver.resolve("on the twenty-first of June").departure == range("2027-06-21", "2027-06-21"))
        let monday = try #require(DateResolver(today: "2026-11-30"))
        #expect(monday.resolve("salı").departure == range("2026-12-01", "2026-12-01"))
        #expect(monday.resolve("haftaya salı").departure == range("2026-12-08", "2026-12-08"))
        #expect(resolver.resolve("haftaya salı").departure == range("2026-12-01", "2026-12-01"))  // on a Sunday, next week starts tomorrow
        #expect(resolver.resolve("marttaki uçuşlar").departure == range("2027-03-01", "2027-03-31"))
        #expect(resolver.resolve("next friday from Berlin to somewhere warm").departure == range("2026-12-04", "2026-12-04"))
        #expect(resolver.resolve("for 3 days in Rome").departure == nil)
    }

    @Test("a name two places share resolves to the busier one")
    func ambiguity() {
        #expect(gazetteer.city(named: "Rome")?.country == "IT")
        #expect(gazetteer.city(named: "London")?.country == "GB")
        #expect(gazetteer.city(named: "Roma")?.name == "Rome")
        #expect(gazetteer.city(named: "İstanbul")?.airports.contains("IST") == true)
    }

    @Test("a Turkish name from GeoNames or CLDR ranks with a place's own name: Akra is Accra, not Iraq's 'Akra")
    func turkishNames() {
        #expect(gazetteer.city(named: "Akra")?.name == "Accra")
        #expect(gazetteer.city(named: "Marsilya")?.name == "Marseille")
        #expect(gazetteer.city(named: "Maskat")?.name == "Muscat")
        #expect(gazetteer.city(named: "Tunus")?.name == "Tunis")
        #expect(gazetteer.city(named: "Larnaka")?.name == "Larnaca")
        #expect(gazetteer.route(in: "Maskat'tan Tunus'a").origin?.name == "Muscat")
        #expect(gazetteer.route(in: "Maskat'tan Tunus'a").destination?.name == "Tunis")
        // A Turkish name that is also a town in Turkey stays the town's: Larisa's Ottoman name is not offered.
        #expect(gazetteer.city(named: "Yenişehir")?.country != "GR")
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
