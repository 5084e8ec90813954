import AssistUnderstanding
import Testing

/// What the sixteenth written-after set (`golden/written-after/README.md`) found missing or wrong: more airlines (the
/// table, Firefly, Marabu and Fly Jinnah only where the text makes them the airline, a contextual name that begins an
/// unlisted one's shape, "National" inside a shaped name); an English month's name with other letters after it; "three
/// weeks from today"; "return flights" before both ends, and a dash between two numeric dates; a stay's length before a
/// Turkish return verb; yen and reais; Turkish parties ("sadece ben", "ben ve 2 arkadaşım", a child's age after "eşim
/// ve", "kucakta bebeğimiz"); Turkish names from `tools/build_gazetteer.py`. Each beside the reading it must not take.
@Suite("Travel phrasing: the sixteenth set")
struct TravelSixteenthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2032-03-09")!)  // a Tuesday

    @Test("Safarilink, Proflight, Southern Airways Express, Mexicana, Cubana, interCaribbean, Star Peru, AIRDO, T'way Air, …")
    func airlines() {
        #expect(parser.parse("Safarilink Nairobi to Kitale Saturday morning").airline == "Safarilink Aviation")
        #expect(parser.parse("Proflight Lusaka to Chipata May 4").airline == "Proflight Zambia")
        #expect(parser.parse("Southern Airways Express Pittsburgh to Lancaster PA on April 6").airline == "Southern Airways Express")
        #expect(parser.parse("Mexicana Mexico City to Campeche May 7, economy").airline == "Mexicana de Aviación")
        #expect(parser.parse("Magnicharters Monterrey to Cancun leaving 7/10").airline == "Magnicharters")
        // "Cubana" is the airline, no Juba (whose Turkish name, "Cuba", with "-na" it would otherwise read).
        let cubana = parser.parse("Cubana Havana to Camagüey Dec 23, me and my mom")
        #expect(cubana.airline == "Cubana de Aviación" && cubana.origin == "Havana" && cubana.destination == "Camaguey")
        #expect(parser.parse("interCaribbean Kingston to Port-au-Prince next Monday").airline == "interCaribbean Airways")
        #expect(parser.parse("Star Peru Lima to Pucallpa March 30").airline == "Star Perú")
        #expect(parser.parse("easyfly medellin to monteria next weekend").airline == "EasyFly")
        #expect(parser.parse("Voepass São Paulo to Ribeirão Preto").airline == "Voepass Linhas Aéreas")
        #expect(parser.parse("AIRDO Tokyo to Asahikawa in January").airline == "AIRDO")
        #expect(parser.parse("MASwings Kota Kinabalu to Sandakan the 20th").airline == "MASwings")
        #expect(parser.parse("vietravel hanoi to da nang this weekend").airline == "Vietravel Airlines")
        #expect(parser.parse("SkyUp ile Ternopil'den Antalya'ya 20 haziran").airline == "SkyUp Airlines")
        #expect(parser.parse("Iran Aseman ile Erak'tan Meşhed'e 26 mart").airline == "Iran Aseman Airlines")
        #expect(parser.parse("Jessore - Dakka arası NOVOAIR ile bu cumartesi").airline == "NOVOAIR")
        #expect(parser.parse("FlyOne'la Kişinev'den Antalya'ya 4 temmuz").airline == "FlyOne")
        // The apostrophe inside the name: not "Way Air".
        #expect(parser.parse("T'way Air ile Seul'den Saga'ya haftaya salı").airline == "T'way Air")
        // Their words elsewhere: no airline.
        #expect(parser.parse("fly one way Boston to Denver").airline == nil)
        #expect(parser.parse("Lima to Cusco, under the stars of Peru").airline == nil)
    }

    @Test("Firefly, Marabu and Fly Jinnah only where the text makes them the airline")
    func wordAirlines() {
        #expect(parser.parse("Firefly ile Kuala Lumpur'dan Alor Setar'a 9 nisan").airline == "Firefly")
        #expect(parser.parse("Marabu ile Hamburg'dan Antalya'ya 27 mayıs").airline == "Marabu Airlines")
        #expect(parser.parse("Fly Jinnah'la Lahor'dan Karaçi'ye 28 mart akşam").airline == "Fly Jinnah")
        // An insect, a stork: no airline.
        #expect(parser.parse("Denver to Boston, firefly season").airline == nil)
        #expect(parser.parse("Nairobi to Arusha to see a marabu stork").airline == nil)
    }

    @Test("a contextual name that begins an unlisted airline's shaped name is that airline's first word")
    func contextualInsideShape() {
        let nigeria = parser.parse("United Nigeria Airlines Lagos to Asaba this friday afternoon")
        #expect(nigeria.airline == "United Nigeria Airlines" && nigeria.origin == "Lagos")
        // Alone, or with its own generic word straight after it, still the contextual airline.
        #expect(parser.parse("United Sacramento to Tucson friday").airline == "United Airlines")
        #expect(parser.parse("Delta Air to Atlanta friday").airline == "Delta Air Lines")
    }

    @Test("'National' inside a capitalised airline's name, never first nor in lower case")
    func designations() {
        let myanmar = parser.parse("Myanmar National Airlines ile Yangon'dan Myitkyina'ya ayın 25'inde")
        #expect(myanmar.airline == "Myanmar National Airlines" && myanmar.origin == "Yangon")
        #expect(parser.parse("Myanmar National Airlines Yangon to Mandalay").airline == "Myanmar National Airlines")
        #expect(parser.parse("any national airlines from Yangon to Mandalay").airline == nil)
        #expect(parser.parse("Boston to Denver, Regional Airlines only").airline == nil)
    }

    @Test("an English month's name takes only a case ending: 'Juneyao' is no June")
    func monthEndings() {
        let juneyao = parser.parse("Juneyao Air Shanghai to Jinan May 15, 2 adults 1 infant")
        #expect(juneyao.airline == "Juneyao Air" && juneyao.origin == "Shanghai")
        #expect(juneyao.departure == .init(from: "2032-05-15", to: "2032-05-15"))
        #expect(parser.parse("Boston to Denver with the marchers").departure == nil)
        // Turkish months keep every ending they had.
        #expect(parser.parse("Ankara'dan İzmir'e haziranda").departure == .init(from: "2032-06-01", to: "2032-06-30"))
        #expect(parser.parse("Ankara'dan İzmir'e marttaki tatil için").departure == .init(from: "2032-03-01", to: "2032-03-31"))
    }

    @Test("'three weeks from today', 'a week from now', '10 days from tomorrow'")
    func fromToday() {
        #expect(parser.parse("Waco to Las Vegas three weeks from today").departure == .init(from: "2032-03-30", to: "2032-03-30"))
        #expect(parser.parse("Boston to Denver a week from now").departure == .init(from: "2032-03-16", to: "2032-03-16"))
        #expect(parser.parse("Boston to Denver 10 days from tomorrow").departure == .init(from: "2032-03-20", to: "2032-03-20"))
        // "for a week from today" is a week's stay, leaving today.
        let stay = parser.parse("Boston to Denver for a week from today")
        #expect(stay.departure == .init(from: "2032-03-09", to: "2032-03-09") && stay.return == .init(from: "2032-03-16", to: "2032-03-16"))
    }

    @Test("'return flights' before both ends is the ticket's kind; a dash sets two numeric dates apart")
    func returnFlights() {
        let gb = SearchParser(today: DateResolver(today: "2032-03-09", locale: "en-GB")!)
        let crotone = gb.parse("return flights Birmingham to Crotone, 2/6 - 9/6, under £300")
        #expect(crotone.departure == .init(from: "2032-06-02", to: "2032-06-02") && crotone.return == .init(from: "2032-06-09", to: "2032-06-09"))
        let dashed = gb.parse("Birmingham to Crotone, 2/6 - 9/6")
        #expect(dashed.departure == .init(from: "2032-06-02", to: "2032-06-02") && dashed.return == .init(from: "2032-06-09", to: "2032-06-09"))
        // After a date, or before one date only, "return flight" is still the way back.
        let after = parser.parse("Boston to Denver April 3, return flight April 10")
        #expect(after.departure == .init(from: "2032-04-03", to: "2032-04-03") && after.return == .init(from: "2032-04-10", to: "2032-04-10"))
        let alone = parser.parse("return flight from Rome to Boston on April 10")
        #expect(alone.departure == nil && alone.return == .init(from: "2032-04-10", to: "2032-04-10"))
        // A fraction after a number is still no date.
        #expect(gb.parse("Leeds to Paris for 2 1/2 weeks").departure == nil)
    }

    @Test("a stay's length before a Turkish return verb, counted from the departure's day")
    func stayBeforeReturn() {
        let anapa = parser.parse("Anapa'dan İstanbul'a eşimle gideceğiz, 5 haziran çıkış, bir hafta kalıp döneceğiz")
        #expect(anapa.departure == .init(from: "2032-06-05", to: "2032-06-05") && anapa.return == .init(from: "2032-06-12", to: "2032-06-12"))
        // A departure of a whole month leaves the return open.
        #expect(parser.parse("Anapa'dan İstanbul'a haziranda, bir hafta kalıp döneceğiz").return == nil)
    }

    @Test("yen and reais by name, R$ by its sign; 'real' is a word")
    func currencies() {
        #expect(parser.parse("Solaseed Air Tokyo to Oita 4/29, under 30000 yen").maxPrice == .init(amount: 30000, currency: "JPY"))
        #expect(parser.parse("Foz do Iguaçu to Rio, out May 1, under 3000 reais").maxPrice == .init(amount: 3000, currency: "BRL"))
        #expect(parser.parse("Rio to Salvador under R$3000").maxPrice == .init(amount: 3000, currency: "BRL"))
        #expect(parser.parse("bloemfontein to cape town saturday, under R5000").maxPrice == .init(amount: 5000, currency: "ZAR"))
        #expect(parser.parse("Rio to Salvador, real cheap, 3000").maxPrice == nil)
    }

    @Test("Turkish parties: 'sadece ben', 'ben ve 2 arkadaşım', a child's age after 'eşim ve', a baby of ours on a lap")
    func turkishParties() {
        #expect(parser.parse("Bu hafta sonu Kars çıkışlı İstanbul uçuşu, ekonomi, sadece ben").adults == 1)
        #expect(parser.parse("Kars'tan İstanbul'a sadece ben ve eşim").adults == 2)
        #expect(parser.parse("Van'dan İstanbul'a 10 gün sonra, ben ve 2 arkadaşım, direkt").adults == 3)
        #expect(parser.parse("Van'dan İstanbul'a 3 arkadaşımla").adults == 4)
        #expect(parser.parse("Van'dan İstanbul'a 2 arkadaşız").adults == 2)
        // Friends counted without "ben ve" nor "with": no party.
        #expect(parser.parse("Van'dan İstanbul'a, 2 arkadaşım gelecek").adults == nil)
        let daughter = parser.parse("Gaziantep'ten Amsterdam'a iki hafta sonra, eşim ve 6 yaşındaki kızımla")
        #expect(daughter.adults == 2 && daughter.children == 1)
        let lap = parser.parse("Dalaman'dan Manchester'a Noel günü, ben, eşim ve kucakta bebeğimiz")
        #expect(lap.adults == 2 && lap.infants == 1)
    }

    @Test("Nasıriye, Erak and Bircend from tools/build_gazetteer.py")
    func places() {
        #expect(parser.parse("2 nisan'da Nasıriye'den İstanbul'a gideceğiz").origin == "Nasiriyah")
        #expect(parser.parse("Iran Aseman ile Erak'tan Meşhed'e 26 mart").origin == "Arak")
        #expect(parser.parse("Bircend'den Tahran'a Qeshm Air'le 30 mart").origin == "Birjand")
    }
}
