import AssistUnderstanding
import Testing

/// Ways travellers write dates and parties that the written-after sets found missing (`golden/written-after/
/// README.md`): a bare ordinal day, the week after next, a holiday, two dated days as departure and return, a party
/// of one or two named in words, a red-eye; from the fifth, currency signs, a trip's length, one passenger, no
/// stops, the beach, premium ekonomi, a month before a head count, and place names. Each with the shape it must not
/// take over.
@Suite("Travel phrasing: days, holidays, trips and parties")
struct TravelPhrasingTests {
    let today = DateResolver(today: "2026-12-02")!  // a Wednesday

    func span(_ from: String, _ to: String? = nil) -> DateResolver.Range { DateResolver.Range(from: from, to: to ?? from) }

    @Test("a bare ordinal day is the next such day; a bare number is not a day")
    func ordinalDays() {
        #expect(today.resolve("to Istanbul on the 20th").departure == span("2026-12-20"))
        #expect(today.resolve("on the 1st").departure == span("2027-01-01"))
        #expect(today.resolve("on the 31st").departure == span("2026-12-31"))
        #expect(today.resolve("the 2nd").departure == span("2026-12-02"))
        #expect(today.resolve("the 20 of us").departure == nil)
        #expect(today.resolve("gate 20").departure == nil)
    }

    @Test("the week after next, and öbür hafta, are the Monday-to-Sunday week two on")
    func weekAfterNext() {
        #expect(today.resolve("the week after next").departure == span("2026-12-14", "2026-12-20"))
        #expect(today.resolve("öbür hafta").departure == span("2026-12-14", "2026-12-20"))
        #expect(today.resolve("next week").departure == span("2026-12-07", "2026-12-13"))
    }

    @Test("fixed-date holidays: Christmas Eve, Christmas, New Year's Eve and Day, the next one on or after today")
    func holidays() {
        #expect(today.resolve("Hong Kong to Taipei on Christmas Eve").departure == span("2026-12-24"))
        #expect(today.resolve("home for Christmas").departure == span("2026-12-25"))
        #expect(today.resolve("New Year's Eve in Paris").departure == span("2026-12-31"))
        #expect(today.resolve("flying on New Year's Day").departure == span("2027-01-01"))
        #expect(today.resolve("to Rome on the 27th, back on New Year's Day").return == span("2027-01-01"))
    }

    @Test("two dated days joined by to or until are departure and return; one month's days and whole months stay a range")
    func tripDays() {
        let trip = today.resolve("round trip Seattle Phoenix Dec 19 to Dec 28")
        #expect(trip.departure == span("2026-12-19") && trip.return == span("2026-12-28"))
        let weekdays = today.resolve("Friday until Sunday")
        #expect(weekdays.departure == span("2026-12-04") && weekdays.return == span("2026-12-06"))
        let window = today.resolve("any day 19 to 28 December")
        #expect(window.departure == span("2026-12-19", "2026-12-28") && window.return == nil)
        let months = today.resolve("from June to August")
        #expect(months.departure == span("2027-06-01", "2027-08-31") && months.return == nil)
        #expect(today.resolve("Dec 19 to Rome").return == nil)
    }

    @Test("a party in words: alone is one adult, one named companion two; a head count wins; several companions say nothing")
    func parties() {
        let parser = SearchParser(today: today)
        #expect(parser.parse("Milan to Stockholm, just me").adults == 1)
        #expect(parser.parse("tek başıma Roma'ya").adults == 1)
        #expect(parser.parse("from Cairo to Nairobi with my wife").adults == 2)
        #expect(parser.parse("eşimle Antalya'ya").adults == 2)
        #expect(parser.parse("with my wife, 3 adults").adults == 3)
        #expect(parser.parse("with my friends to Lisbon").adults == nil)
        #expect(parser.parse("arkadaşlarımla Lizbon'a").adults == nil)
        #expect(parser.parse("flights to Solo tomorrow").adults == nil)
    }

    @Test("the third set's phrasings: a return read from the departure, tonight, ayın N'inde, the shortest Turkish date before dönüş")
    func thirdSetDates() {
        let monday = DateResolver(today: "2027-02-15")!
        let back = monday.resolve("Budapest to Warsaw on March 14, returning the 21st")
        #expect(back.departure == span("2027-03-14") && back.return == span("2027-03-21"))
        #expect(monday.resolve("Oslo to Bergen tonight").departure == span("2027-02-15"))
        #expect(monday.resolve("Oslo Bergen bu gece").departure == span("2027-02-15"))
        #expect(monday.resolve("Brüksel'den Malaga'ya ayın 28'inde").departure == span("2027-02-28"))
        let turkish = monday.resolve("Budapeşte'den Varşova'ya 14 martta, 21 martta dönüş")
        #expect(turkish.departure == span("2027-03-14") && turkish.return == span("2027-03-21"))
        #expect(monday.resolve("20 ekimde dönüş").return == span("2027-10-20"))
    }

    @Test("the third set's parties, sun, early and prices with Turkish endings; early yields to a named time")
    func thirdSetFields() {
        let parser = SearchParser(today: today)
        #expect(parser.parse("four of us flying Zurich to Lisbon").adults == 4)
        #expect(parser.parse("My husband and I want to go from Seattle to Anchorage").adults == 2)
        #expect(parser.parse("Toronto to Miami, somewhere I can get some sun").climate == "warm")
        #expect(parser.parse("flights on sunday").climate == nil)
        #expect(parser.parse("from Mumbai to Delhi early tomorrow").departureTimeOfDay == "morning")
        #expect(parser.parse("early evening flight to Rome").departureTimeOfDay == "evening")
        #expect(parser.parse("Chicago'dan New Orleans'a 200 doları geçmesin").maxPrice == SearchFilters.Price(amount: 200, currency: "USD"))
        #expect(parser.parse("Frankfurt'tan Malaga'ya 150 euronun altında").maxPrice == SearchFilters.Price(amount: 150, currency: "EUR"))
        #expect(parser.parse("Frankfurt'tan Malaga'ya 150 euro").maxPrice == nil)
    }

    @Test("the fourth set's parties: me with one named companion is two adults, one baby without a number is one infant")
    func fourthSetParties() {
        let parser = SearchParser(today: today)
        #expect(parser.parse("tickets Tbilisi to Yerevan for my wife and me").adults == 2)
        #expect(parser.parse("me and my sister from Oslo to Rome").adults == 2)
        #expect(parser.parse("me and my friends from Oslo to Rome").adults == nil)
        #expect(parser.parse("Addis Ababa'dan Kigali'ye bebekle").infants == 1)
        #expect(parser.parse("bebeğimle Lizbon'a").infants == 1)
        #expect(parser.parse("Oslo to Rome with our baby").infants == 1)
        #expect(parser.parse("Oslo to Rome with 2 babies").infants == 2)
        #expect(parser.parse("Bebek'te kahvaltı, sonra Londra'ya").infants == nil)  // Bebek, the Istanbul neighbourhood
    }

    @Test("a red-eye is a night flight")
    func redEye() {
        #expect(SearchParser(today: today).parse("red-eye from Los Angeles to New York").departureTimeOfDay == "night")
    }

    @Test("the fifth set's prices: a currency sign or code before or after the amount, with a limit word; alone, no limit")
    func currencySigns() {
        let parser = SearchParser(today: today)
        func price(_ amount: Double, _ currency: String) -> SearchFilters.Price { SearchFilters.Price(amount: amount, currency: currency) }
        #expect(parser.parse("cheap flights manchester to malaga under £200").maxPrice == price(200, "GBP"))
        #expect(parser.parse("LA to Honolulu nonstop, under $500, the 28th").maxPrice == price(500, "USD"))
        #expect(parser.parse("Berlin to Rome below €150").maxPrice == price(150, "EUR"))
        #expect(parser.parse("Berlin to Rome, max 200€").maxPrice == price(200, "EUR"))
        #expect(parser.parse("Ankara'dan İzmir'e ₺3000 altında").maxPrice == price(3000, "TRY"))
        #expect(parser.parse("Boston to Denver, max USD 1,200").maxPrice == price(1200, "USD"))
        #expect(parser.parse("Berlin to Rome, £200").maxPrice == nil)
        #expect(parser.parse("Berlin to Rome for $500 or so").maxPrice == nil)
        #expect(parser.parse("try 2 flights to Rome under 3 hours").maxPrice == nil)  // "try" is a verb before an amount
    }

    @Test("a trip's length after a departure day gives the return; a departure of several days or no unit of length, none")
    func tripLength() {
        let wednesday = DateResolver(today: "2027-08-11")!
        let week = wednesday.resolve("Zurich to Barcelona for a week starting September 24")
        #expect(week.departure == span("2027-09-24") && week.return == span("2027-10-01"))
        #expect(wednesday.resolve("for 5 days from Oct 3").return == span("2027-10-08"))
        #expect(wednesday.resolve("on Friday for two weeks").return == span("2027-08-27"))
        #expect(wednesday.resolve("Dalaman'dan Londra'ya 7 eylülde, 1 haftalığına").return == span("2027-09-14"))
        #expect(wednesday.resolve("3 ekimde, 5 günlüğüne").return == span("2027-10-08"))
        #expect(wednesday.resolve("bir haftalık, 3 ekimde").return == span("2027-10-10"))
        #expect(wednesday.resolve("for two weeks in October").return == nil)
        #expect(wednesday.resolve("for 2 adults on October 3").return == nil)
        #expect(wednesday.resolve("3 ekimde günlük uçuşlar").return == nil)
        #expect(wednesday.resolve("for a week").departure == nil)
    }

    @Test("a Turkish month with a case ending closes its date: a number after it is no day; a day before it still is")
    func monthBeforeCount() {
        let parser = SearchParser(today: DateResolver(today: "2027-08-11")!)
        let october = parser.parse("Saraybosna'dan İstanbul'a ekimde 2 yetişkin ekonomi")
        #expect(october.departure == span("2027-10-01", "2027-10-31") && october.adults == 2)
        #expect(parser.parse("İstanbul'dan Roma'ya 2 ekimde").departure == span("2027-10-02"))
        #expect(parser.parse("İstanbul'dan Roma'ya ekim 2'de").departure == span("2027-10-02"))
        #expect(parser.parse("Istanbul to Rome on October 2").departure == span("2027-10-02"))
    }

    @Test("one passenger in words or digits is one adult; single and tek count only before a noun of people")
    func onePassenger() {
        let parser = SearchParser(today: today)
        for text in ["Rome to Budapest, one passenger", "1 passenger to Oslo", "a single passenger to Oslo", "one person to Oslo",
                     "Gaziantep İzmir AJet 3 eylül tek kişi", "Roma'ya 1 kişi", "Roma'ya bir kişi"] {
            #expect(parser.parse(text).adults == 1, "\(text)")
        }
        #expect(parser.parse("Roma'ya tek yön").adults == nil)
        #expect(parser.parse("a single ticket to Oslo").adults == nil)
        #expect(parser.parse("under 100 euros per passenger").adults == nil)
    }

    @Test("no stops, no layovers, direkt uçuş are nonstop; a limit on stops is not")
    func noStops() {
        let parser = SearchParser(today: today)
        for text in ["Johannesburg to Cape Town, no stops", "Oslo to Rome without stops", "Oslo to Rome with no layovers",
                     "Oslo to Rome, no layover", "Oslo to Rome without a stop", "İstanbul'dan Roma'ya direkt uçuş", "Roma'ya aktarmasız"] {
            #expect(parser.parse(text).nonstop == true, "\(text)")
        }
        #expect(parser.parse("Oslo to Rome, no more than one stop").nonstop == nil)
        #expect(parser.parse("Oslo to Rome with a stop in Munich").nonstop == nil)
    }

    @Test("the beach and the seaside are warm, in either language; a beach in a place's name is not")
    func beach() {
        let parser = SearchParser(today: today)
        for text in ["plaja gitmek istiyorum ankaradan", "plajda tatil", "Roma'ya plaj", "somewhere with beaches", "a beach in June",
                     "sahile gitmek istiyorum"] {
            #expect(parser.parse(text).climate == "warm", "\(text)")
        }
        #expect(parser.parse("Long Beach to Denver on Friday").climate == nil)
    }

    @Test("premium ekonomi is premium economy, not economy")
    func premiumEkonomi() {
        let parser = SearchParser(today: today)
        #expect(parser.parse("Dubai'den Bakü'ye Emirates ile premium ekonomi").cabin == "premium_economy")
        #expect(parser.parse("Dubai to Baku in premium economy").cabin == "premium_economy")
        #expect(parser.parse("Dubai'den Bakü'ye ekonomi").cabin == "economy")
    }

    @Test("GeoNames' English names and Soçi find their cities; an abbreviation counts only in capitals and in a travel context")
    func placeNames() {
        let parser = SearchParser(today: today)
        #expect(Gazetteer.builtin.city(named: "Hanover")?.name == "Hannover")
        #expect(Gazetteer.builtin.city(named: "Bruges")?.name == "Brugge")
        #expect(parser.parse("Lufthansa from Hanover to Munich").origin == "Hannover")
        #expect(parser.parse("Moskova'dan Soçi'ye 2 yetişkin").destination == "Sochi")
        let route = parser.parse("LA to Honolulu nonstop")
        #expect(route.origin == "Los Angeles" && route.destination == "Honolulu")
        #expect(parser.parse("from SF to NYC tomorrow").origin == "San Francisco")
        #expect(parser.parse("from SF to NYC tomorrow").destination == "New York")
        #expect(parser.parse("Boston'dan LA'ya").destination == "Los Angeles")
        #expect(parser.parse("cheap flights to DC").destination == "Washington")
        #expect(parser.parse("from la to sf").origin == nil)  // lower-case "la" is a word
        #expect(parser.parse("Madrid to Sevilla, LA SEMANA QUE VIENE").origin == "Madrid")
        #expect(parser.parse("I love LA").destination == nil)
    }

    @Test("a name before \"to\" and another place starts a route, so a common word there is a place")
    func routeStart() {
        let parser = SearchParser(today: today)
        #expect(parser.parse("Nice to Paris tomorrow").origin == "Nice")
        #expect(parser.parse("Nice to meet you! Flights to Paris tomorrow").origin == nil)
    }
}
