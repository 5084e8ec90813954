import AssistUnderstanding
import Testing

/// What the tenth written-after set (`golden/written-after/README.md`) found missing in travel dates: dates written in
/// numbers, read in the request's locale, and holidays the table lacked (Canada Day, Zafer Bayramı, Noel, Black
/// Friday, Mother's Day, yılbaşı gecesi). Each beside the reading it must not take.
@Suite("Travel dates: numeric dates by locale, more holidays")
struct TravelNumericDatesAndHolidaysTests {
    static let today = "2030-06-12"  // a Wednesday

    func parser(_ locale: String? = nil) -> SearchParser {
        SearchParser(today: DateResolver(today: Self.today, locale: locale)!)
    }

    func span(_ from: String) -> DateResolver.Range { DateResolver.Range(from: from, to: from) }

    @Test("en-US writes the month first, en-GB and Turkish the day; a year may follow")
    func numericDatesByLocale() {
        #expect(parser("en-US").parse("to Asheville on 7/19, just me").departure == span("2030-07-19"))
        #expect(parser("en-US").parse("Boston to Denver 5/6").departure == span("2031-05-06"))  // May 6 has passed this year
        #expect(parser("en-US").parse("Boston to Denver 7/19/2031").departure == span("2031-07-19"))
        #expect(parser("en-GB").parse("Rovaniemi to Helsinki on 14/12, just me").departure == span("2030-12-14"))
        #expect(parser("en-GB").parse("Leeds to Faro 5/6").departure == span("2031-06-05"))
        #expect(parser("tr-TR").parse("Viyana'dan Antalya'ya 20.07.2030, 2 yetişkin").departure == span("2030-07-20"))
        #expect(parser("tr-TR").parse("Viyana'dan Antalya'ya 20.07'de").departure == span("2030-07-20"))
        #expect(parser("tr-TR").parse("Viyana'dan Antalya'ya 20/07").departure == span("2030-07-20"))
    }

    @Test("without a locale only an order the numbers decide is read")
    func numericDatesWithoutLocale() {
        #expect(parser().parse("to Asheville on 7/19").departure == span("2030-07-19"))
        #expect(parser().parse("Helsinki on 14/12").departure == span("2030-12-14"))
        #expect(parser().parse("Boston to Denver 5/6").departure == nil)
    }

    @Test("a numeric return and a numeric span of days")
    func numericReturn() {
        let trip = parser("en-US").parse("Boston to Denver on 7/19, back 7/25")
        #expect(trip.departure == span("2030-07-19") && trip.return == span("2030-07-25"))
        let span = parser("en-GB").parse("Leeds to Faro 19/7 to 25/7")
        #expect(span.departure == self.span("2030-07-19") && span.return == self.span("2030-07-25"))
    }

    @Test("impossible dates, fractions, amounts and times are no dates")
    func notNumericDates() {
        #expect(parser("en-US").parse("Boston to Denver on 13/13").departure == nil)
        #expect(parser("en-GB").parse("Leeds to Faro on 31/2").departure == nil)
        #expect(parser("en-US").parse("Boston to Denver on 2/31").departure == nil)
        #expect(parser("en-GB").parse("Leeds to Faro on 7/19").departure == nil)  // day first: no 19th month
        #expect(parser("en-US").parse("Boston to Denver, 1/2 price seats").departure == nil)
        #expect(parser("en-US").parse("Boston to Denver for 2 1/2 weeks").departure == nil)
        #expect(parser("en-US").parse("Boston to Denver, a coffee is $4.50").departure == nil)
        #expect(parser("tr-TR").parse("Viyana'dan Antalya'ya 12.10 TL altında").departure == nil)
        #expect(parser("tr-TR").parse("Viyana'dan Antalya'ya saat 10.10 uçuşu").departure == nil)
        #expect(parser("tr-TR").parse("Viyana'dan Antalya'ya 1.2.3").departure == nil)
        // The price an amount with a dot is still read as one.
        #expect(parser("tr-TR").parse("Viyana'dan Antalya'ya 5.000 TL altında").maxPrice == SearchFilters.Price(amount: 5000, currency: "TRY"))
    }

    @Test("Canada Day, Zafer Bayramı, Noel, Black Friday, Mother's Day and New Year's Eve: the next one on or after today")
    func holidays() {
        let parser = parser()
        #expect(parser.parse("yellowknife to calgary on canada day").departure == span("2030-07-01"))
        #expect(parser.parse("İstanbul'dan Trabzon'a Zafer Bayramı'nda").departure == span("2030-08-30"))
        #expect(parser.parse("Noel'de Londra'dan Ankara'ya 3 kişi").departure == span("2030-12-25"))
        #expect(parser.parse("Noelde Londra'dan Ankara'ya").departure == span("2030-12-25"))
        #expect(parser.parse("Boston to Miami on Black Friday").departure == span("2030-11-29"))  // Thanksgiving 2030 is the 28th
        #expect(parser.parse("Boston to Miami for Mother's Day").departure == span("2031-05-11"))  // May 12, 2030 has passed
        #expect(parser.parse("anneler gününde Adana'dan İzmir'e").departure == span("2031-05-11"))
        #expect(parser.parse("Boston to Miami for Father's Day").departure == span("2030-06-16"))
        let eve = parser.parse("yılbaşı gecesi Adana'dan İzmir'e")
        #expect(eve.departure == span("2030-12-31"))
        #expect(eve.departureTimeOfDay == nil)  // the holiday's night is its date, not a night flight
    }

    @Test("a holiday's words elsewhere are no holiday")
    func notHolidays() {
        let parser = parser()
        #expect(parser.parse("Toronto, Canada to Miami on Friday").departure == span("2030-06-14"))
        #expect(parser.parse("Boston to Miami, black luggage, Friday").departure == span("2030-06-14"))
        #expect(parser.parse("Adana'dan İzmir'e anneler ile").departure == nil)
    }

    @Test("the budget side reads the new holidays on their latest past day")
    func pastHolidays() {
        let resolver = DateResolver(today: Self.today)!
        #expect(resolver.pastHoliday(["black", "friday"], at: 0)?.range == span("2029-11-23"))
        #expect(resolver.pastHoliday(["on", "mother", "s", "day"], at: 1)?.range == span("2030-05-12"))
        #expect(resolver.pastHoliday(["yilbasi", "gecesi"], at: 0)?.range == span("2029-12-31"))
        #expect(resolver.pastHoliday(["noel", "de"], at: 0)?.range == span("2029-12-25"))
        #expect(resolver.pastHoliday(["black", "tea"], at: 0) == nil)
    }
}
