import AssistUnderstanding
import Testing

/// What the tenth written-after set (`golden/written-after/README.md`) found missing in travel dates besides numeric
/// dates and holidays: a day range whose second end is a bare number, a weekday followed by its date, a count after a
/// month, "come home" as the return, "bir hafta sonra". Each beside the reading it must not take.
@Suite("Travel dates: day ranges, dated weekdays, coming home, in a week")
struct TravelRangesAndReturnsTests {
    let parser = SearchParser(today: DateResolver(today: "2030-06-12")!)  // a Wednesday

    func span(_ from: String, _ to: String? = nil) -> DateResolver.Range { DateResolver.Range(from: from, to: to ?? from) }

    @Test("'between July 8 and 12': the second number takes the first's month; a count is no end")
    func betweenDayAndNumber() {
        #expect(parser.parse("Manila to Denpasar, leaving sometime between July 8 and 12").departure == span("2030-07-08", "2030-07-12"))
        #expect(parser.parse("Manila to Denpasar between July 8 and 12 adults").departure == span("2030-07-08"))
        #expect(parser.parse("Manila to Denpasar between July 12 and 8").departure?.to != "2030-07-08")
    }

    @Test("a weekday followed by its date names that date; the return's 'the 21st' takes the departure's month")
    func datedWeekdays() {
        let trip = parser.parse("Missoula to Las Vegas, leave Thursday the 18th of July and fly back Sunday the 21st")
        #expect(trip.departure == span("2030-07-18") && trip.return == span("2030-07-21"))
        #expect(parser.parse("Missoula to Reno on Friday 5 July").departure == span("2030-07-05"))
        #expect(parser.parse("Missoula to Reno Friday the 21st").departure == span("2030-06-21"))
        #expect(parser.parse("Missoula to Reno Friday, 2 adults").departure == span("2030-06-14"))
        #expect(parser.parse("Missoula to Reno Friday 3 nights").departure == span("2030-06-14"))
    }

    @Test("'in february, 3 of us' is the month and three people, not February 3")
    func countAfterMonth() {
        let trip = parser.parse("skiing trip from Amarillo in february, 3 of us")
        #expect(trip.departure == span("2031-02-01", "2031-02-28") && trip.adults == 3)
        #expect(parser.parse("from Amarillo on February 3, 2 adults").departure == span("2031-02-03"))
    }

    @Test("'come home' and 'home' before a date give the return after a dated departure; a trip home alone is a departure")
    func comingHome() {
        let trip = parser.parse("fly from Little Rock to Orlando on the Fourth of July and come home July 11")
        #expect(trip.departure == span("2030-07-04") && trip.return == span("2030-07-11"))
        #expect(parser.parse("Orlando on July 4, flying home on the 9th").return == span("2030-07-09"))
        let home = parser.parse("fly home to Boston on July 3")
        #expect(home.departure == span("2030-07-03") && home.return == nil)
        #expect(parser.parse("Orlando on July 4, home town Boston").return == nil)
    }

    @Test("'bir hafta sonra' is a week from today; 'bir hafta sonu' (a weekend) is not")
    func inAWeek() {
        #expect(parser.parse("Adana'dan İstanbul'a bir hafta sonra, tek kişi").departure == span("2030-06-19"))
        #expect(parser.parse("Adana'dan İstanbul'a bir hafta sonu").departure != span("2030-06-19"))
    }
}
