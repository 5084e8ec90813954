import AssistUnderstanding
import Testing

/// What the eleventh written-after set (`golden/written-after/README.md`) found missing in carriers, places and prices:
/// more airlines (and no origin inside "Jeju Air"), a big airport's code in lower case, "kl", Turkish names of Rasht and
/// Nagasaki, and Canadian and Australian dollars. Each beside the reading it must not take.
@Suite("Travel phrasing: carriers, codes, dollars")
struct TravelCarriersCodesAndDollarsTests {
    let parser = SearchParser(today: DateResolver(today: "2030-06-12")!)  // a Wednesday

    @Test("Loganair, Starlux, Druk Air, Royal Brunei, FlyArystan, Airlink, Fiji Airways, Sun Country; SCAT in capitals")
    func airlines() {
        #expect(parser.parse("Loganair Glasgow to Stornoway on Monday").airline == "Loganair")
        #expect(parser.parse("starlux taipei to osaka").airline == "Starlux Airlines")
        #expect(parser.parse("Delhi'den Paro'ya Druk Air ile").airline == "Druk Air")
        #expect(parser.parse("Royal Brunei from Manila to Bandar Seri Begawan").airline == "Royal Brunei Airlines")
        #expect(parser.parse("FlyArystan Astana to Aktau").airline == "FlyArystan")
        #expect(parser.parse("Airlink Durban to Windhoek").airline == "Airlink")
        #expect(parser.parse("Fiji Airways Sydney to Nadi").airline == "Fiji Airways")
        #expect(parser.parse("Sun Country Dallas to Minneapolis").airline == "Sun Country Airlines")
        #expect(parser.parse("Aktau'dan Almatı'ya SCAT ile").airline == "SCAT Airlines")
        #expect(parser.parse("Dallas to Minneapolis, no scat please").airline == nil)
    }

    @Test("Copa first or with a cue; 'Copa America' is no airline")
    func copa() {
        #expect(parser.parse("Copa from Panama City to Lima").airline == "Copa Airlines")
        #expect(parser.parse("Panama City to Lima with copa").airline == "Copa Airlines")
        #expect(parser.parse("Copa America final, Lima to Santiago").airline == nil)
        #expect(parser.parse("Lima to Santiago for the copa").airline == nil)
    }

    @Test("the city in an airline's name is no origin")
    func jejuAir() {
        let flight = parser.parse("jeju air seoul to osaka")
        #expect(flight.airline == "Jeju Air" && flight.origin == "Seoul" && flight.destination == "Osaka")
        #expect(parser.parse("Jeju to Seoul on Friday").origin == "Jeju City")
    }

    @Test("a big city's airport code in lower case, and 'kl', only in a travel context")
    func lowerCaseCodes() {
        let jfk = parser.parse("boston to jfk friday")
        #expect(jfk.origin == "Boston" && jfk.destination == "New York")
        #expect(parser.parse("from lhr to Oslo").origin == "London")
        #expect(parser.parse("watched a jfk documentary, now Oslo to Rome").origin == "Oslo")
        let kl = parser.parse("kl to singapore tomorrow")
        #expect(kl.origin == "Kuala Lumpur" && kl.destination == "Singapore")
        #expect(parser.parse("Singapore to Bangkok, will call the kl office").origin == "Singapore")
        #expect(parser.parse("Singapore to Bangkok, will call the kl office").destination == "Bangkok")
    }

    @Test("Reşt and Nagazaki, as Turkish writes Rasht and Nagasaki")
    func turkishNames() {
        #expect(parser.parse("Reşt'ten Tahran'a 3 temmuz").origin == "Rasht")
        #expect(parser.parse("Osaka'dan Nagazaki'ye cuma").destination == "Nagasaki")
    }

    @Test("Canadian and Australian dollars by name and code; dollars alone are US")
    func dollars() {
        #expect(parser.parse("Regina to Toronto, no more than 500 Canadian dollars").maxPrice == .init(amount: 500, currency: "CAD"))
        #expect(parser.parse("Perth to Darwin under 700 AUD").maxPrice == .init(amount: 700, currency: "AUD"))
        #expect(parser.parse("Perth to Darwin, max CAD 400").maxPrice == .init(amount: 400, currency: "CAD"))
        #expect(parser.parse("Perth to Darwin under 300 dollars").maxPrice == .init(amount: 300, currency: "USD"))
        #expect(parser.parse("Perth to Darwin, 900 Australian dollars").maxPrice == nil)  // no limit word
    }
}
