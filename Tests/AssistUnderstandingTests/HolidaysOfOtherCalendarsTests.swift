@testable import AssistUnderstanding
import Testing

/// Holidays the twenty-fourth written-after set named that the resolver lacked: the two Eids, on the Islamic calendar
/// (Umm al-Qura, as Foundation computes it), England's bank holidays set by weekday, and Cinco de Mayo. A traveller means
/// the next one; an Eid may fall twice in one Gregorian year, and the next is still the one meant.
@Suite("Dates: holidays of the Islamic calendar, England's bank holidays, Cinco de Mayo")
struct HolidaysOfOtherCalendarsTests {
    func departure(_ text: String, today: String) -> DateResolver.Range? { DateResolver(today: today)!.resolve(text).departure }
    func day(_ iso: String) -> DateResolver.Range { DateResolver.Range(from: iso, to: iso) }

    @Test("the Eids, in English and Turkish, are their next first day; checked against Python's hijridate (Umm al-Qura)")
    func eids() {
        // 2026's: Eid al-Fitr on 20 March, Eid al-Adha on 27 May (hijridate 2.3.0 gives the same days).
        #expect(departure("london to cairo for eid al-fitr", today: "2026-01-10") == day("2026-03-20"))
        #expect(departure("london to cairo eid ul adha", today: "2026-01-10") == day("2026-05-27"))
        #expect(departure("kurban bayramında istanbul'dan antalya'ya", today: "2026-01-10") == day("2026-05-27"))
        #expect(departure("ramazan bayramı için berlin'den izmir'e", today: "2026-01-10") == day("2026-03-20"))
        #expect(departure("şeker bayramında ankara'ya", today: "2026-01-10") == day("2026-03-20"))
        // Once this year's has passed, next year's (2027's Eid al-Adha, 16 May).
        #expect(departure("london to cairo for eid al-adha", today: "2026-06-01") == day("2027-05-16"))
    }

    @Test("an Eid that falls twice in one Gregorian year: the next of the two")
    func twiceInAYear() {
        // Eid al-Fitr 1454 and 1455 fell on 3 January and 23 December 2033 (Foundation's Umm al-Qura).
        #expect(DateWords.islamicDays(10, 1, inGregorianYear: 2033).count == 2)
        #expect(departure("london to cairo for eid al-fitr", today: "2033-01-01") == day("2033-01-03"))
        #expect(departure("london to cairo for eid al-fitr", today: "2033-02-01") == day("2033-12-23"))
    }

    @Test("England's bank holidays by season or month; the month alone is still the month")
    func bankHolidays() {
        #expect(departure("Andover to Caserta on the August bank holiday", today: "2043-06-03") == day("2043-08-31"))
        #expect(departure("leeds to rome summer bank holiday", today: "2043-06-03") == day("2043-08-31"))
        #expect(departure("leeds to rome early may bank holiday", today: "2043-01-10") == day("2043-05-04"))
        #expect(departure("leeds to rome may bank holiday", today: "2043-01-10") == day("2043-05-04"))
        #expect(departure("leeds to rome spring bank holiday", today: "2043-01-10") == day("2043-05-25"))
        #expect(departure("leeds to rome in august", today: "2043-06-03") == DateResolver.Range(from: "2043-08-01", to: "2043-08-31"))
    }

    @Test("Cinco de Mayo is 5 May; 'mayo' alone is no date")
    func cincoDeMayo() {
        #expect(departure("dallas to puebla for cinco de mayo", today: "2043-01-10") == day("2043-05-05"))
        #expect(departure("dallas to mayo", today: "2043-01-10") == nil)
    }
}
