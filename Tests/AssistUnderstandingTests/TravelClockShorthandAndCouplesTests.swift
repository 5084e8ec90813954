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
}
