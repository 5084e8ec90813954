import AssistUnderstanding
import Testing

/// Airlines read by rules that do not depend on the table listing them (`AirlineNameShapes.swift`,
/// `AirlineCues.swift`): an unlisted carrier by its name's shape ("Tibet Airlines", "Air Mauritius", "Loong Air ile"),
/// a listed one by its short name after a cue ("with Turkish", "Austrian'la"), and Turkish endings on listed and
/// contextual names ("pegasusla", "Delta'yla"). Each beside the ordinary phrase that must stay no airline.
@Suite("Travel phrasing: airlines by their name's shape and by cues")
struct TravelAirlineShapesTests {
    let parser = SearchParser(today: DateResolver(today: "2034-03-07")!)  // a Tuesday

    @Test("An unlisted name before Airlines, Airways, Air Lines or Hava Yolları is an airline, and no place")
    func strongGenericWords() {
        let tibet = parser.parse("Tibet Airlines Lhasa to Chengdu next Friday")
        #expect(tibet.airline == "Tibet Airlines" && tibet.origin == "Lhasa" && tibet.destination == "Chengdu")
        #expect(parser.parse("silver airways fort lauderdale to key west").airline == "Silver Airways")
        let hongKong = parser.parse("Hong Kong Airlines Hong Kong to Bangkok, economy")
        #expect(hongKong.airline == "Hong Kong Airlines" && hongKong.origin == "Hong Kong" && hongKong.destination == "Bangkok")
        let halifax = parser.parse("Boston to Halifax Contour Airlines")
        #expect(halifax.airline == "Contour Airlines" && halifax.destination == "Halifax")
        #expect(parser.parse("Ibiza from Madrid with Canaryfly Air Lines").airline == "Canaryfly Air Lines")
        // Places before another name word, and a request's verb, are no part of it.
        let qanot = parser.parse("Semerkant İstanbul Qanot Air, 19 mart")
        #expect(qanot.airline == "Qanot Air" && qanot.origin == "Samarkand" && qanot.destination == "Istanbul")
        #expect(parser.parse("Book Contour Airlines Nashville to Memphis").airline == "Contour Airlines")
        #expect(parser.parse("Duşanbe'den İstanbul'a tacikistan hava yolları ile").airline == "Tacikistan Hava Yolları")
        #expect(parser.parse("Sabiha'dan Tahran'a Kish Havayollarıyla 3 nisan").airline == "Kish Hava Yolları")
        // Ordinary words before them name no carrier.
        #expect(parser.parse("Boston to Denver on cheap airlines").airline == nil)
        #expect(parser.parse("London to Rome, any airways is fine").airline == nil)
        #expect(parser.parse("Budget airlines from Leeds to Alicante").airline == nil)
        #expect(parser.parse("İstanbul'dan Roma'ya ucuz hava yolları ile").airline == nil)
    }

    @Test("Air and Aviation after a capitalised or cued name, and Air before one")
    func weakGenericWords() {
        #expect(parser.parse("Loong Air Hangzhou to Xi'an on Friday").airline == "Loong Air")
        #expect(parser.parse("hangzhou to xian with loong air").airline == "Loong Air")
        #expect(parser.parse("hangzhou'dan xian'a loong air ile").airline == "Loong Air")
        let mauritius = parser.parse("Air Mauritius Port Louis to Rodrigues on 4/20")
        #expect(mauritius.airline == "Air Mauritius")
        #expect(parser.parse("Mahe to Praslin with Air Seychelles").airline == "Air Seychelles")
        #expect(parser.parse("Guernsey to Southampton, Skybus Aviation").airline == "Skybus Aviation")
        // Air as a thing, a way to travel or a feeling.
        #expect(parser.parse("Zurich to Geneva for some fresh air").airline == nil)
        #expect(parser.parse("Fresh air and mountains, Zurich to Geneva").airline == nil)
        #expect(parser.parse("Vienna to Salzburg for an open air concert").airline == nil)
        #expect(parser.parse("Boston to Chicago by air, not by train").airline == nil)
        #expect(parser.parse("Istanbul to Kayseri for a hot air balloon ride").airline == nil)
        #expect(parser.parse("Hot Air Balloon trip, Istanbul to Kayseri").airline == nil)
        #expect(parser.parse("Air travel from Paris to Nice next week").airline == nil)
        #expect(parser.parse("Dayton to Denver for the Air Force museum").airline == nil)
        #expect(parser.parse("london to paris, the mountain air is nice").airline == nil)
        #expect(parser.parse("Washington to Wichita, general aviation museum").airline == nil)
    }

    @Test("A listed airline's short name after a cue, never an adjective, a sea or a place")
    func shortNames() {
        #expect(parser.parse("Istanbul to Izmir with Turkish next Friday").airline == "Turkish Airlines")
        #expect(parser.parse("Athens to Chania on Aegean").airline == "Aegean Airlines")
        #expect(parser.parse("Lalibela from Gondar flying Ethiopian").airline == "Ethiopian Airlines")
        #expect(parser.parse("Viyana'dan Antalya'ya Austrian'la 5 mayıs").airline == "Austrian Airlines")
        #expect(parser.parse("Kopenhag'dan Oslo'ya Scandinavian ile").airline == "Scandinavian Airlines")
        #expect(parser.parse("Sydney to London with Singapore, business").airline == "Singapore Airlines")
        // An adjective before a noun, a sea, an island, a place to fly from, and a pair of places.
        #expect(parser.parse("Istanbul to Antalya with Turkish friends").airline == nil)
        #expect(parser.parse("Athens to Mykonos, sailing on the Aegean").airline == nil)
        #expect(parser.parse("London to Larnaca, two weeks on Cyprus").airline == nil)
        #expect(parser.parse("fly Singapore to Perth next week").airline == nil)
        #expect(parser.parse("Kenya ile Tanzanya arası uçuş").airline == nil)
        #expect(parser.parse("Bangkok to Phuket with Thai food tours").airline == nil)
        // A listed short name that is also a word: only written as a name, or with the request going on after it.
        #expect(parser.parse("Calgary to Toronto, something with flair").airline == nil)
        #expect(parser.parse("calgary to toronto, something with flair").airline == nil)
        #expect(parser.parse("Calgary to Toronto with Flair").airline == "Flair Airlines")
        #expect(parser.parse("shanghai to beijing with spring on friday").airline == "Spring Airlines")
    }

    @Test("Turkish endings on listed and contextual names")
    func turkishEndings() {
        #expect(parser.parse("istanbuldan ankaraya pegasusla yarın").airline == "Pegasus")
        #expect(parser.parse("İzmir'den Ankara'ya ajet'le cuma").airline == "AJet")
        #expect(parser.parse("thy ile istanbul londra 12 mayıs").airline == "Turkish Airlines")
        #expect(parser.parse("Atlanta'dan New York'a Delta'yla").airline == "Delta Air Lines")
        #expect(parser.parse("Doha'dan İstanbul'a Qatar'le").airline == "Qatar Airways")
        // A river's delta with no cue, and "LA" (Los Angeles) after a word that is no airline.
        #expect(parser.parse("Mekong deltası turu, Hanoi'den Saygon'a").airline == nil)
        #expect(parser.parse("the delta LA to New Orleans").airline == nil)
    }
}
