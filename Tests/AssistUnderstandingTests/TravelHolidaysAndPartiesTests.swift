import AssistUnderstanding
import Testing

/// What the ninth written-after set (`golden/written-after/README.md`) found missing in travel requests: holidays set
/// by Easter, St Patrick's Day, Turkey's Republic Day with a case ending, a weekday's abbreviation ending a request,
/// "biz class", and parties with one's parents or one's children. Each beside the reading it must not take.
@Suite("Travel phrasing: Easter's holidays, Republic Day, a trailing weekday, parents and children")
struct TravelHolidaysAndPartiesTests {
    let parser = SearchParser(today: DateResolver(today: "2029-02-21")!)  // a Wednesday; Easter 2029 is 1 April

    func span(_ from: String) -> DateResolver.Range { DateResolver.Range(from: from, to: from) }

    @Test("Good Friday, Easter and Easter Monday by the computus; St Patrick's Day; Cumhuriyet Bayramı with its case ending")
    func holidays() {
        #expect(parser.parse("Dublin to Rome on Good Friday").departure == span("2029-03-30"))
        #expect(parser.parse("Dublin to Rome for Easter").departure == span("2029-04-01"))
        #expect(parser.parse("Rome to Dublin on Easter Monday").departure == span("2029-04-02"))
        #expect(parser.parse("Boston to Dublin for St Patrick's Day").departure == span("2029-03-17"))
        #expect(parser.parse("Cumhuriyet Bayramı günü Ankara'dan İzmir'e").departure == span("2029-10-29"))
        #expect(parser.parse("Cumhuriyet Bayramında Ankara'dan İzmir'e").departure == span("2029-10-29"))
        // A Friday alone is still the coming one; "good" elsewhere is no holiday.
        #expect(parser.parse("Dublin to Rome on Friday, good prices").departure == span("2029-02-23"))
    }

    @Test("a weekday's abbreviation ending a request is that day; after an article or a pronoun it is a word")
    func trailingWeekday() {
        #expect(parser.parse("Des Moines to Pensacola fri").departure == span("2029-02-23"))
        #expect(parser.parse("ryanair bergamo to brindisi sat").departure == span("2029-02-24"))
        #expect(parser.parse("somewhere warm in the sun").departure == nil)
        #expect(parser.parse("flights to Lisbon where we wed").departure == nil)
        #expect(parser.parse("sat").departure == nil)  // a word alone is no request
    }

    @Test("'biz class' is business; 'biz' alone (Turkish: we) is no cabin")
    func bizClass() {
        #expect(parser.parse("Johannesburg to Victoria Falls, 2 adults, biz class, Mar 21").cabin == "business")
        #expect(parser.parse("biz İstanbul'dan Roma'ya gidiyoruz").cabin == nil)
    }

    @Test("with one's parents three; 'me and my two kids' one grown-up; a couple with kids still two")
    func parties() {
        #expect(parser.parse("Chongqing to Guilin for my parents and me on March 4").adults == 3)
        #expect(parser.parse("me and my parents, Oslo to Bergen").adults == 3)
        #expect(parser.parse("Oslo to Bergen with my parents").adults == 3)
        #expect(parser.parse("tickets for my parents, Oslo to Bergen").adults != 3)  // they travel; "me" is not said
        #expect(parser.parse("nisanda Erdebil'den İstanbul'a, annem, babam ve ben").adults == 3)
        let parent = parser.parse("Srinagar to Chandigarh, me and my two kids, March 18")
        #expect(parent.adults == 1 && parent.children == 2)
        #expect(parser.parse("eşim, ben ve 2 çocuğumuz Antalya'ya").adults == 2)
        #expect(parser.parse("me and my wife, Paris to Nice").adults == 2)
    }

    @Test("'party of 5', '3 arkadaşız' count people; a child counted in months is a baby; 'nothing over' and 'bin' set a price cap")
    func countsAndPrices() {
        #expect(parser.parse("Varanasi to Mumbai on the 27th, party of 5").adults == 5)
        #expect(parser.parse("Volgograd-Antalya, 5 haziran, 3 arkadaşız").adults == 3)
        #expect(parser.parse("Rijeka'dan İstanbul'a haftaya cuma, eşim, ben ve 8 aylık kızımız").infants == 1)
        #expect(parser.parse("Paris to Oslo with our 6 month old son").infants == 1)
        #expect(parser.parse("Paris to Oslo, a 30 month old and me").infants == nil)  // past two years: no baby
        #expect(parser.parse("Kaunas to London Luton, nothing over 120 euros").maxPrice == SearchFilters.Price(amount: 120, currency: "EUR"))
        #expect(parser.parse("Kaunas to London Luton, over 120 euros is fine").maxPrice == nil)  // "over" alone is a least
        #expect(parser.parse("Kayseri'den martta sıcak bir yere, 7 bin lirayı geçmesin").maxPrice == SearchFilters.Price(amount: 7000, currency: "TRY"))
        #expect(parser.parse("Kayseri'den martta, 7 bin kişilik bir festival").maxPrice == nil)  // no currency: no price
    }
}
