import AssistUnderstanding
import Testing

/// Ways travellers write dates and parties that the second written-after set found missing (`golden/written-after/
/// README.md`): a bare ordinal day, the week after next, a holiday, two dated days as departure and return, a party
/// of one or two named in words, a red-eye. Each with the shape it must not take over.
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
}
