import AssistUnderstanding
import Testing

/// What the fifteenth written-after set (`golden/written-after/README.md`) found missing or wrong: more airlines (Wingo,
/// GOL, Scoot, Rex, Norwegian, Tailwind and Neos only where the text makes them the airline, PLAY in capitals, a
/// question's "Do" outside a name's shape); an arrow as "to"; a place after "via" or before "üzerinden" as a stop on the
/// way; the rand, rupee and other dollars by their signs; Bonfire Night, "fri 24th", a day of a month named after the
/// month, "oct 30 night", "ppl" as a head count beside a date; a child by age; names from `tools/build_gazetteer.py`.
/// Each beside the reading it must not take.
@Suite("Travel phrasing: the fifteenth set")
struct TravelFifteenthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2031-10-16")!)  // a Thursday

    @Test("Ravn Alaska, Binter, El Al, ASKY, Jin Air, US-Bangla, Aurigny, Eastern Airways, Air Tahiti Nui, Air India Express")
    func airlines() {
        #expect(parser.parse("ravn alaska fairbanks to anchorage sat morning").airline == "Ravn Alaska")
        let binter = parser.parse("Binter from Las Palmas to Funchal Nov 20")
        #expect(binter.airline == "Binter Canarias" && binter.destination == "Funchal")
        #expect(parser.parse("flying El Al - Tel Aviv to Bangkok, out Dec 18").airline == "El Al Israel Airlines")
        #expect(parser.parse("ASKY lome to cotonou friday morning").airline == "ASKY Airlines")
        #expect(parser.parse("jin air busan to cebu dec 27").airline == "Jin Air")
        let bangla = parser.parse("US-Bangla Dhaka to Cox's Bazar this weekend")
        #expect(bangla.airline == "US-Bangla Airlines" && bangla.origin == "Dhaka")
        #expect(parser.parse("aurigny guernsey to gatwick fri 24th").airline == "Aurigny Air Services")
        #expect(parser.parse("Eastern Airways Southampton to Newcastle, Tues 4 Nov").airline == "Eastern Airways")
        // A longer listed name wins over the shorter one inside it.
        #expect(parser.parse("Air Tahiti Nui LAX to Papeete Feb 10").airline == "Air Tahiti Nui")
        #expect(parser.parse("Air India Express Kochi to Dubai 2/12").airline == "Air India Express")
        #expect(parser.parse("Iberia Express ile Madrid'den Tenerife'ye 19 aralık").airline == "Iberia Express")
        #expect(parser.parse("Air India Delhi to London").airline == "Air India")
        #expect(parser.parse("Kişinev'den Antalya'ya HiSky ile mayısta").airline == "HiSky")
        #expect(parser.parse("Sundair ile Kassel'den Antalya'ya 4 nisan").airline == "Sundair")
        // Their words elsewhere: a direction, no airline.
        #expect(parser.parse("Southampton to Newcastle, eastern side of town").airline == nil)
    }

    @Test("Wingo, GOL, Scoot, Rex, Norwegian, Tailwind and Neos where the text makes them the airline; PLAY in capitals")
    func wordAirlines() {
        #expect(parser.parse("wingo bogota to san andres dec 20").airline == "Wingo")
        #expect(parser.parse("gol sao luis to belem tmrw evening").airline == "GOL Linhas Aéreas")
        #expect(parser.parse("Scoot Singapore to Krabi, 2 pax").airline == "Scoot")
        #expect(parser.parse("Rex Sydney to Dubbo 3/11, 1 adult").airline == "Regional Express")
        #expect(parser.parse("Oslo'dan Bodø'ye Norwegian ile 5 aralıkta").airline == "Norwegian Air Shuttle")
        #expect(parser.parse("Tailwind ile Antalya'dan Kirov'a 30 ekim").airline == "Tailwind Airlines")
        #expect(parser.parse("Neos ile Verona'dan Zanzibar'a 28 aralıkta").airline == "Neos")
        #expect(parser.parse("PLAY from Stansted to Reykjavik on 7 Dec").airline == "PLAY")
        // A nationality, a word, a dog, a goal, a game: no airline.
        #expect(parser.parse("Oslo to Bergen to see the Norwegian fjords").airline == nil)
        #expect(parser.parse("Norwegian cruise from Miami to Nassau").airline == nil)
        #expect(parser.parse("Chicago to Denver, hoping for a tailwind").airline == nil)
        #expect(parser.parse("Sydney to Dubbo with our dog rex").airline == nil)
        #expect(parser.parse("London to Reykjavik to see a play").airline == nil)
        #expect(parser.parse("Madrid to Lisbon, we play bingo not wingo").airline == nil)
    }

    @Test("a question's 'Do' or 'Does' is no part of an airline's name")
    func questions() {
        let solomon = parser.parse("Do Solomon Airlines fly Honiara to Brisbane on the 9th of November?")
        #expect(solomon.airline == "Solomon Airlines" && solomon.origin == "Honiara")
        #expect(parser.parse("Does Cayman Airways fly Kingston to Miami?").airline == "Cayman Airways")
        #expect(parser.parse("Tibet Airlines Lhasa to Chengdu").airline == "Tibet Airlines")
    }

    @Test("an arrow is 'to'; a place after 'via' or before 'üzerinden' is a stop, neither end")
    func arrowsAndStops() {
        let arrow = parser.parse("hamilton ontario → calgary sometime in december, under 300 CAD")
        #expect(arrow.origin == "Hamilton" && arrow.destination == "Calgary")
        let ascii = parser.parse("Edinburgh -> Dublin this weekend")
        #expect(ascii.origin == "Edinburgh" && ascii.destination == "Dublin")
        let through = parser.parse("Selam, ocakta Karakol'a kayak yapmaya gitmek istiyoruz, Bişkek üzerinden de olur")
        #expect(through.destination == "Karakol" && through.origin == nil)
        let via = parser.parse("to Karakol via Bishkek in january")
        #expect(via.destination == "Karakol" && via.origin == nil)
        // A place with a role of its own is still that end: "from Bishkek via Almaty".
        let from = parser.parse("from Bishkek to Karakol via Almaty")
        #expect(from.origin == "Bishkek" && from.destination == "Karakol")
        let ends = parser.parse("Bişkek'ten Karakol'a 3 ocak")
        #expect(ends.origin == "Bishkek" && ends.destination == "Karakol")
    }

    @Test("S$, R and ₹ are Singapore dollars, rand and rupees; US$ and $ stay US dollars")
    func currencies() {
        #expect(parser.parse("Scoot Singapore to Krabi, under S$300").maxPrice == .init(amount: 300, currency: "SGD"))
        #expect(parser.parse("bloemfontein to cape town saturday, under R5000").maxPrice == .init(amount: 5000, currency: "ZAR"))
        #expect(parser.parse("vadodara to bangalore oct 30, under ₹6000").maxPrice == .init(amount: 6000, currency: "INR"))
        #expect(parser.parse("Sydney to Perth max A$450").maxPrice == .init(amount: 450, currency: "AUD"))
        #expect(parser.parse("Boston to Denver under $300").maxPrice == .init(amount: 300, currency: "USD"))
        #expect(parser.parse("Lima to Cusco under US$300").maxPrice == .init(amount: 300, currency: "USD"))
        // An "R" inside a word or a code is no rand.
        #expect(parser.parse("Cape Town to Durban on the R2 under 500").maxPrice == nil)
        #expect(parser.parse("Cape Town to Durban for R&B week").maxPrice == nil)
    }

    @Test("Bonfire Night; 'fri 24th'; 'oct 30 night'; a day named after its month; 'ppl' beside a date")
    func dates() {
        let bonfire = parser.parse("Bristol to Tenerife on Bonfire Night, 4 of us")
        #expect(bonfire.departure == .init(from: "2031-11-05", to: "2031-11-05") && bonfire.departureTimeOfDay == nil)
        #expect(parser.parse("aurigny guernsey to gatwick fri 24th").departure == .init(from: "2031-10-24", to: "2031-10-24"))
        #expect(parser.parse("Friday 24th Leeds to Dublin").departure == .init(from: "2031-10-24", to: "2031-10-24"))
        // "first" after the weekday is no date: "fri first thing" is the coming Friday's morning.
        let first = parser.parse("evansville to atlanta fri first thing")
        #expect(first.departure == .init(from: "2031-10-17", to: "2031-10-17") && first.departureTimeOfDay == "morning")
        #expect(parser.parse("vadodara to bangalore oct 30 night").departureTimeOfDay == "night")
        #expect(parser.parse("vadodara to bangalore oct 30 for 3 nights").departureTimeOfDay == nil)
        let june = parser.parse("Merhaba, haziranda İstanköy'e gitmek istiyoruz, 14 haziran gidiş 21 haziran dönüş, 4 kişiyiz")
        #expect(june.departure == .init(from: "2032-06-14", to: "2032-06-14") && june.return == .init(from: "2032-06-21", to: "2032-06-21"))
        // The month alone, or with a day of another month, stays the month.
        #expect(parser.parse("Ankara'dan İzmir'e haziranda, 2 kişi").departure == .init(from: "2032-06-01", to: "2032-06-30"))
        #expect(parser.parse("in june from Boston to Rome, back 14 july").departure == .init(from: "2032-06-01", to: "2032-06-30"))
        let back = parser.parse("wingo bogota to san andres dec 20, back jan 3, 4 ppl")
        #expect(back.return == .init(from: "2032-01-03", to: "2032-01-03") && back.adults == 4)
        #expect(parser.parse("anything cold and snowy from Mesa AZ in january? 2 ppl").departure == .init(from: "2032-01-01", to: "2032-01-31"))
    }

    @Test("a child of 2 to 11 named by age counts; an old thing does not")
    func childrenByAge() {
        let six = parser.parse("Goiânia to Porto Seguro in January, 2 adults and our 6 year old")
        #expect(six.adults == 2 && six.children == 1)
        let son = parser.parse("Ipoh'tan Singapur'a 6 aralık, ben, eşim ve 7 yaşındaki oğlumuz")
        #expect(son.adults == 2 && son.children == 1)
        #expect(parser.parse("Boston to Denver, 2 adults, a 9-year-old and a 4 year old son").children == 2)
        #expect(parser.parse("Boston to Denver, 2 adults, staying in a 10 year old hotel").children == nil)
        #expect(parser.parse("Boston to Denver with my 35 year old brother").children == nil)
        #expect(parser.parse("İzmir'den Ankara'ya 7 yaşındaki arabamızla").children == nil)
    }

    @Test("Turkish names and an island's, Las Palmas and Tenerife, from tools/build_gazetteer.py; not Oral nor Hoy")
    func places() {
        #expect(parser.parse("Afyon'dan İstanbul'a cuma akşamı").origin == "Afyonkarahisar")
        #expect(parser.parse("Hokand'dan İstanbul'a gelecek ay").origin == "Kokand")
        #expect(parser.parse("Avlonya-İstanbul 7 kasım 2 kişi direkt").origin == "Vlora")
        #expect(parser.parse("haziranda İstanköy'e gitmek istiyoruz").destination == "Kos")
        #expect(parser.parse("kazvinden meşhede yarın").origin == "Qazvin")
        #expect(parser.parse("Arhangelsk'ten Moskova'ya 1 aralık").origin == "Archangelsk")
        #expect(parser.parse("Antalya havaalanından Nijnekamsk'a 2 haziran").destination == "Nizhnekamsk")
        #expect(parser.parse("Exeter to Lanzarote Sat 25 Oct for 10 nights").destination == "Arrecife")
        #expect(parser.parse("Cork to Tenerife 22/11 return 29/11").destination == "Santa Cruz de Tenerife")
        #expect(parser.parse("Binter from Las Palmas to Funchal Nov 20").origin == "Las Palmas de Gran Canaria")
        // Brazil's Palmas is still Palmas; Santa Cruz alone is no Tenerife.
        #expect(parser.parse("Brasilia to Palmas tomorrow").destination == "Palmas")
        #expect(parser.parse("La Paz to Santa Cruz tomorrow").destination != "Santa Cruz de Tenerife")
        // "oral" and "hoy" are words.
        #expect(parser.parse("Antalya'ya oral exam sonrası").origin == nil)
    }
}
