import AssistUnderstanding
import Testing

/// What the eleventh written-after set (`golden/written-after/README.md`) found missing in times, dates and parties:
/// clock times and "am", shorthand ("nxt wk", "wknd"), November 11's holidays, a written day after a holiday, a
/// weekday's abbreviation right after the route, two dated days side by side, "gidiş dönüş" (round trip), a couple, a
/// baby, a spouse with the children. Each beside the reading it must not take.
@Suite("Travel phrasing: clock times, shorthand, couples")
struct TravelClockShorthandAndCouplesTests {
    let parser = SearchParser(today: DateResolver(today: "2030-06-12")!)  // a Wednesday

    private func day(_ iso: String) -> DateResolver.Range { DateResolver.Range(from: iso, to: iso) }

    @Test("a clock time gives its part of the day; 'am' alone only after a day")
    func clockTimes() {
        #expect(parser.parse("Oslo to Bergen around 7am").departureTimeOfDay == "morning")
        #expect(parser.parse("Oslo to Bergen, leaving at 6:30pm").departureTimeOfDay == "evening")
        #expect(parser.parse("Oslo to Bergen at 2 pm").departureTimeOfDay == "afternoon")
        #expect(parser.parse("Oslo to Bergen 11pm").departureTimeOfDay == "night")
        let tomorrow = parser.parse("oslo to bergen tmrw am")
        #expect(tomorrow.departureTimeOfDay == "morning" && tomorrow.departure == day("2030-06-13"))
        #expect(parser.parse("I am flying from Oslo to Bergen").departureTimeOfDay == nil)
        #expect(parser.parse("Oslo to Bergen, am I too late for Friday?").departureTimeOfDay == nil)
    }

    @Test("'nxt wk' and 'wknd' as 'next week' and 'weekend'")
    func shorthand() {
        #expect(parser.parse("perth to darwin nxt wk").departure == DateResolver.Range(from: "2030-06-17", to: "2030-06-23"))
        #expect(parser.parse("perth to darwin this wknd").departure == DateResolver.Range(from: "2030-06-15", to: "2030-06-16"))
        #expect(parser.parse("perth to darwin, 3 wk stay").departure == nil)
    }

    @Test("Remembrance Day and Veterans Day are November 11; a day written after a holiday wins over it")
    func holidays() {
        #expect(parser.parse("Regina to Toronto on Remembrance Day").departure == day("2030-11-11"))
        #expect(parser.parse("Tampa to Denver for Veterans Day").departure == day("2030-11-11"))
        #expect(parser.parse("Tampa to Denver for Christmas week, leaving Dec 20").departure == day("2030-12-20"))
        #expect(parser.parse("Tampa to Denver for Christmas, 2 adults").departure == day("2030-12-25"))
    }

    @Test("a weekday's abbreviation right after the route or before an early morning is that day; after a pronoun no day")
    func abbreviatedWeekdays() {
        #expect(parser.parse("glasgow to dublin fri, under 80 quid").departure == day("2030-06-14"))
        let early = parser.parse("dublin from glasgow thu early morning")
        #expect(early.departure == day("2030-06-13") && early.departureTimeOfDay == "morning")
        #expect(parser.parse("flights to Dublin where we sat last year").departure == nil)
    }

    @Test("two days each with its month side by side are the way out and back; one month's days stay one range")
    func datedEnds() {
        let trip = parser.parse("cairns to sydney round trip dec 3 - dec 9")
        #expect(trip.departure == day("2030-12-03") && trip.return == day("2030-12-09"))
        let range = parser.parse("cairns to sydney dec 3-9")
        #expect(range.departure == DateResolver.Range(from: "2030-12-03", to: "2030-12-09") && range.return == nil)
    }

    @Test("'gidiş dönüş' is the ticket's kind: its dates are the departure's; a dated 'dönüş' still returns")
    func roundTripTicket() {
        let ticket = parser.parse("Van'dan İzmir'e gidiş dönüş önümüzdeki hafta")
        #expect(ticket.departure == DateResolver.Range(from: "2030-06-17", to: "2030-06-23") && ticket.return == nil)
        let dated = parser.parse("Van'dan İzmir'e 5 temmuz gidiş, 12 temmuz dönüş")
        #expect(dated.departure == day("2030-07-05") && dated.return == day("2030-07-12"))
    }

    @Test("a couple is two; a couple of days counts no one")
    func couples() {
        #expect(parser.parse("we are a couple flying Oslo to Rome in July").adults == 2)
        #expect(parser.parse("Oslo to Rome as a couple").adults == 2)
        #expect(parser.parse("Oslo to Rome for a couple days in July").adults == nil)
        #expect(parser.parse("Oslo to Rome, a couple of nights").adults == nil)
    }

    @Test("'me and my baby' is one adult and one infant; 'eşim ve 2 çocuğumla' two adults")
    func babiesAndSpouses() {
        let baby = parser.parse("Lima to Cusco, me and my baby")
        #expect(baby.adults == 1 && baby.infants == 1)
        let family = parser.parse("Bursa'dan Van'a eşim ve 3 çocuğumla")
        #expect(family.adults == 2 && family.children == 3)
        let parents = parser.parse("Bursa'dan Van'a annem, babam ve bebeğimle")
        #expect(parents.adults == 3 && parents.infants == 1)
        #expect(parser.parse("Bursa'dan Van'a 2 çocuğumla").adults == nil)
    }
}
