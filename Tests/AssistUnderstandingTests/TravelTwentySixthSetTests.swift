@testable import AssistUnderstanding
import Testing

/// The twenty-sixth written-after set's carriers (`golden/written-after/README.md`), read by general rules: a carrier's
/// name opening the request before "out of" or "from" and the origin, "Air" before a
/// place's name when the origin follows, and one unlisted word with Turkish "-la"/"-le" before the origin. Each beside
/// the reading it must not take.
@Suite("Travel phrasing: the twenty-sixth set")
struct TravelTwentySixthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2045-06-15")!)  // a Thursday

    @Test("a name opening the request before 'out of' or 'from' and the origin is the carrier; before 'to' it is not")
    func nameBeforeOneEnd() {
        let lowerCase = parser.parse("makani kai air out of kapolei hi tomorrow, 2 adults")
        #expect(lowerCase.airline == "Makani Kai Air" && lowerCase.origin == "Kapolei" && lowerCase.destination == nil)
        #expect(parser.parse("hinterland aviation out of gladstone qld in 3 weeks").airline == "Hinterland Aviation")
        // Before "to" and a destination alone stands an origin the gazetteer may lack, as often as a carrier.
        #expect(parser.parse("Mekelle to Addis Ababa the day after tomorrow").airline == nil)
        #expect(parser.parse("evansvile to atlanta fri first thing").airline == nil)
        // A trip's words, a request's, a place and "air" as a thing name no carrier.
        for text in ["trip to rome", "honeymoon to bali", "family trip out of denver", "flights from boston", "paris to rome",
                     "fresh air to boston", "fresh air out of boston", "business air to london", "mike from boston to denver"] {
            #expect(parser.parse(text).airline == nil, "\(text)")
        }
        #expect(parser.parse("paris to rome").origin == "Paris")
    }

    @Test("'air' and a place's name opening the request before where it leaves from is the carrier, not the destination")
    func airBeforePlace() {
        let search = parser.parse("air saguenay out of chicoutimi sunday afternoon, 3 of us")
        #expect(search.airline == "Air Saguenay" && search.origin == "Chicoutimi" && search.destination == nil)
        #expect(parser.parse("boston air denver").airline == nil)
    }

    @Test("one unlisted word with Turkish '-la'/'-le' opening the request before the origin is the carrier; a person is not")
    func oneWordWithTurkishWith() {
        let search = parser.parse("Maldivian'la Kalutara'dan ağustosta sıcak bir yere, sevgilimle")
        #expect(search.airline == "Maldivian" && search.origin == "Kalutara")
        for text in ["Ahmet'le İstanbul'dan Ankara'ya", "Zeynep'le Ankara'dan Roma'ya", "Kerem'le İzmir'den Münih'e", "Annemle İstanbul'dan Ankara'ya"] {
            #expect(parser.parse(text).airline == nil, "\(text)")
        }
    }
}
