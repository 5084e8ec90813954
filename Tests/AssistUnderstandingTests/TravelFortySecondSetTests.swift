@testable import AssistUnderstanding
import Testing

/// The forty-second written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The places, carriers and wordings here are not the set's.
@Suite("Travel phrasing: the forty-second set")
struct TravelFortySecondSetTests {
    let parser = SearchParser(today: DateResolver(today: "2057-03-22")!)  // a Thursday

    @Test("towns of 500 to 1,000 people an airport serves are read: 'anchorage to talkeetna', 'nome to savoonga'")
    func hamletsWithAnAirfield() {
        let talkeetna = parser.parse("anchorage to talkeetna on 4/2, 2 adults")
        #expect(talkeetna.origin == "Anchorage" && talkeetna.destination == "Talkeetna")
        #expect(parser.parse("Kangerlussuaq'a 5 nisanda").destination == "Kangerlussuaq")
    }

    @Test("a state's code that is no word pins its town, even before a dash: 'omak wa - cascade locks' has no Wa, Ghana")
    func stateCodeBeforeADash() {
        let route = parser.parse("pullman wa - boise next monday, 1 adult")
        #expect(route.origin == "Pullman" && route.destination == "Boise")
        #expect(parser.parse("hot springs ar on 4/3").destination == "Hot Springs")
    }

    @Test("a small town whose name a larger place has is read with its own state's code after it: 'cordova ak', 'bathurst nb'")
    func townsPinnedByTheirState() {
        func cities(_ text: String) -> [String] { Gazetteer.builtin.mentions(in: text).map { "\($0.city.name) \($0.city.country) \($0.city.region)" } }
        #expect(cities("cordova ak to anchorage friday") == ["Cordova US AK", "Anchorage US AK"])
        #expect(cities("Cordova AK to Anchorage") == ["Cordova US AK", "Anchorage US AK"])
        #expect(cities("crescent city ca to portland") == ["Crescent City US CA", "Portland US OR"])
        #expect(cities("bathurst nb to halifax") == ["Bathurst CA 04", "Halifax CA 07"])
        #expect(parser.parse("london ky to nashville on 4/2").origin == "London")
        // Alone, or with another state's code, the name is the larger place's.
        #expect(cities("bathurst to sydney") == ["Bathurst AU 02", "Sydney AU 02"])
        #expect(cities("london to paris in may").first == "London GB ENG")
        #expect(cities("athens to rome") == ["Athens GR ESYE31", "Rome IT 07"])
    }

    @Test("Victoria Day is the Monday before 25 May, and its first word no place")
    func victoriaDay() {
        let day = parser.parse("kamloops bc on victoria day, 2 adults")
        #expect(day.departure == DateResolver.Range(from: "2057-05-21", to: "2057-05-21") && day.destination == "Kamloops")
        #expect(DateResolver(today: "2058-01-10")!.resolve("victoria day").departure == DateResolver.Range(from: "2058-05-20", to: "2058-05-20"))
        #expect(parser.parse("to victoria on 5/21").destination == "Victoria")
    }

    @Test("a carrier's English plural '-es' follows a hissing end only: 'jales' is a town, no JAL; 'mcmurray' is McMurray")
    func carrierNames() {
        let jales = parser.parse("Jales'e 7 mayısta")
        #expect(jales.airline == nil && jales.destination == "Jales")
        #expect(parser.parse("tokyo on jal, 4/20").airline == "Japan Airlines")
        #expect(SearchParser.writtenName("mccall") == "McCall" && SearchParser.writtenName("mcx") == "Mcx")
    }

    @Test("Brazil's real with a Turkish case ending after an amount: '900 reali geçmesin', '1200 realin altında'")
    func realWithAnEnding() {
        #expect(parser.parse("Recife'ye 30 nisanda, 1200 realin altında").maxPrice == SearchFilters.Price(amount: 1200, currency: "BRL"))
        #expect(parser.parse("Natal'a 30 nisanda, 700 reali geçmesin").maxPrice == SearchFilters.Price(amount: 700, currency: "BRL"))
        #expect(parser.parse("a realistic trip to natal in april").maxPrice == nil)
    }
}
