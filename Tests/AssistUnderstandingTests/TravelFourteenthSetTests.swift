import AssistUnderstanding
import Testing

/// What the fourteenth written-after set (`golden/written-after/README.md`) found missing or wrong: more airlines
/// (Azul, Peach, TUI, Edelweiss and Red Wings only where the text makes them the airline, Fly Baghdad never first in
/// English, LAM and SWISS in capitals); "morn", "nite" and "first thing" as times of day; "ppl", "+ infant",
/// "bebekli", "2'si çocuk" and "2 büyük 2 küçük" in the party; Swiss francs; "snowboard" as a cold trip; "gelecek
/// hafta cuma günü" as that day of next week; Turkish names from `tools/build_gazetteer.py`. Each beside the reading it
/// must not take.
@Suite("Travel phrasing: the fourteenth set")
struct TravelFourteenthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2034-03-07")!)  // a Tuesday

    @Test("Air North, Arajet, Satena, Skymark, HK Express, Nok Air, Citilink, Bamboo, Yeti, Alliance Air, Jambojet, Arik Air, TAAG, Arkia")
    func airlines() {
        #expect(parser.parse("Air North Whitehorse to Edmonton April 6").airline == "Air North")
        #expect(parser.parse("Arajet santo domingo to guatemala city").airline == "Arajet")
        #expect(parser.parse("Satena Bogota to Villavicencio").airline == "Satena")
        #expect(parser.parse("skymark kobe to naha").airline == "Skymark Airlines")
        #expect(parser.parse("HK Express Hong Kong to Taichung next Tuesday").airline == "HK Express")
        #expect(parser.parse("Nok Air Bangkok to Udon Thani").airline == "Nok Air")
        #expect(parser.parse("Citilink Jakarta to Palembang").airline == "Citilink")
        #expect(parser.parse("bamboo airways hanoi to can tho").airline == "Bamboo Airways")
        #expect(parser.parse("Yeti Airlines Kathmandu to Nepalgunj").airline == "Yeti Airlines")
        #expect(parser.parse("Dehradun from Delhi sunday on Alliance Air").airline == "Alliance Air")
        #expect(parser.parse("jambojet to lodwar mon am").airline == "Jambojet")
        #expect(parser.parse("Arik Air Abuja to Sokoto").airline == "Arik Air")
        #expect(parser.parse("TAAG Luanda to Lubango").airline == "TAAG Angola Airlines")
        #expect(parser.parse("Arkia Haifa to Eilat on Good Friday").airline == "Arkia")
        // Their words alone are no airline: a direction, a plant, a creature, a pact.
        #expect(parser.parse("Whitehorse to Edmonton, fresh air up north").airline == nil)
        #expect(parser.parse("Hanoi to Can Tho to see the bamboo forests").airline == nil)
        #expect(parser.parse("Kathmandu to Lhasa, hoping to spot a yeti").airline == nil)
        #expect(parser.parse("Delhi to Paris for the alliance meeting").airline == nil)
    }

    @Test("Pobeda, Nordwind, Utair, Air Manas, Centrum Air, Yemenia, Afriqiyah, Air Côte d'Ivoire, Bulgaria Air, Smartwings, airblue, Biman")
    func turkishRequests() {
        #expect(parser.parse("Nijniy Novgorod'dan Antalya'ya Pobeda ile 12 mayıs").airline == "Pobeda")
        #expect(parser.parse("Ulyanovsk'tan Antalya'ya Nordwind ile 3 haziran").airline == "Nordwind Airlines")
        #expect(parser.parse("Ulan-Ude'den Moskova'ya Utair ile 25 mart").airline == "Utair")
        #expect(parser.parse("Air Manas ile Bişkek'ten İstanbul'a 5 nisan").airline == "Air Manas")
        #expect(parser.parse("Taşkent-İstanbul Centrum Air, 19 mart").airline == "Centrum Air")
        #expect(parser.parse("Sana'dan Kahire'ye Yemenia ile 28 mart").airline == "Yemenia")
        #expect(parser.parse("Misrata'dan İstanbul'a Afriqiyah ile 6 nisan").airline == "Afriqiyah Airways")
        let ivoire = parser.parse("Abidjan'dan Bouake'ye Air Côte d'Ivoire ile cumartesi")
        #expect(ivoire.airline == "Air Côte d'Ivoire" && ivoire.origin == "Abidjan" && ivoire.destination == "Bouake")
        #expect(parser.parse("Sofya Varna arası Bulgaria Air ile cuma akşam").airline == "Bulgaria Air")
        #expect(parser.parse("Smartwings'le Prag'dan Antalya'ya 21 mayısta").airline == "Smartwings")
        #expect(parser.parse("Bahawalpur'dan Karaçi'ye airblue ile ayın 24'ünde").airline == "airblue")
        #expect(parser.parse("Rajshahi'den Dakka'ya Biman ile haftaya salı").airline == "Biman Bangladesh Airlines")
        // A country's or a city's name alone is no airline: "Bulgaria'ya" is the country, "Manas" no carrier.
        #expect(parser.parse("Sofya'dan Bulgaria'ya, temiz hava için").airline == nil)
        #expect(parser.parse("Bişkek'ten Manas'a yarın").airline == nil)
    }

    @Test("Azul, Peach, TUI, Edelweiss, Red Wings and Fly Baghdad where the text makes them the airline")
    func wordAirlines() {
        #expect(parser.parse("azul campinas to natal 4/20").airline == "Azul Brazilian Airlines")
        #expect(parser.parse("Peach from Osaka to Miyazaki day after tomorrow").airline == "Peach Aviation")
        #expect(parser.parse("tui manchester to dalaman 3/6 for a week").airline == "TUI Airways")
        #expect(parser.parse("tui fly Brussels to Antalya").airline == "TUI fly")
        #expect(parser.parse("Zürih'ten Bodrum'a Edelweiss ile 27 mayıs").airline == "Edelweiss Air")
        #expect(parser.parse("Stavropol'den Antalya'ya Red Wings ile mayısta").airline == "Red Wings Airlines")
        let baghdad = parser.parse("Fly Baghdad ile Bağdat'tan İstanbul'a 22 martta")
        #expect(baghdad.airline == "Fly Baghdad" && baghdad.origin == "Baghdad" && baghdad.destination == "Istanbul")
        // A colour, a fruit, a flower, a team, a verb and a city.
        #expect(parser.parse("Lisbon to Faro, the costa azul is lovely").airline == nil)
        #expect(parser.parse("Atlanta to Savannah, the peach state").airline == nil)
        #expect(parser.parse("Zurich to Bern, picking edelweiss in the alps").airline == nil)
        #expect(parser.parse("Chicago to Detroit for the Red Wings game").airline == nil)
        let verb = parser.parse("fly baghdad to erbil tomorrow")
        #expect(verb.airline == nil && verb.origin == "Baghdad")
    }

    @Test("LAM and SWISS only in capitals; Swiss francs")
    func capitals() {
        #expect(parser.parse("LAM Maputo to Nampula next tuesday, economy").airline == "LAM Mozambique Airlines")
        let swiss = parser.parse("SWISS London City to Lugano thu 9 march, business, max 900 CHF")
        #expect(swiss.airline == "Swiss International Air Lines" && swiss.maxPrice == .init(amount: 900, currency: "CHF"))
        #expect(parser.parse("Zurich to Geneva under CHF 400").maxPrice == .init(amount: 400, currency: "CHF"))
        #expect(parser.parse("Maputo to Nampula, the lam is cheap").airline == nil)
        #expect(parser.parse("Zurich to Lugano to see the Swiss lakes").airline == nil)
        #expect(parser.parse("ZURICH TO LUGANO SWISS ALPS").airline == nil)
    }

    @Test("'morn', 'nite' and 'first thing' are times of day; 'the first thing' is none")
    func timesOfDay() {
        #expect(parser.parse("greensboro to orlando sat morn, 2 adults 2 kids").departureTimeOfDay == "morning")
        #expect(parser.parse("piura to lima sunday nite").departureTimeOfDay == "night")
        #expect(parser.parse("evansville to atlanta fri first thing").departureTimeOfDay == "morning")
        #expect(parser.parse("first thing tomorrow Boston to Denver").departureTimeOfDay == "morning")
        #expect(parser.parse("Boston to Denver friday, the first thing I need is a window seat").departureTimeOfDay == nil)
        #expect(parser.parse("Boston to Denver friday, my first thing to sort out").departureTimeOfDay == nil)
    }

    @Test("'2 ppl', '+ infant', 'bebekli', '2'si çocuk' and '2 büyük 2 küçük' in the party")
    func party() {
        #expect(parser.parse("west palm beach to laguardia 3/24 evening, 2 ppl").adults == 2)
        let infant = parser.parse("edinburgh to bacau 5/5, 2 adults + infant")
        #expect(infant.adults == 2 && infant.infants == 1)
        #expect(parser.parse("edinburgh to bacau 5/5, 2 adults, infant seat needed for the car").infants == nil)
        let baby = parser.parse("Çernivtsi'den İstanbul'a 9 nisan, bebekli 2 yetişkin")
        #expect(baby.adults == 2 && baby.infants == 1)
        let part = parser.parse("Bağdat'tan İstanbul'a 22 martta 5 kişiyiz, 2'si çocuk")
        #expect(part.adults == 3 && part.children == 2)
        let grown = parser.parse("Odessa'dan Antalya'ya mayıs ayında ailece gideceğiz, 2 büyük 2 küçük")
        #expect(grown.adults == 2 && grown.children == 2)
        // "küçük" (small) alone counts no child: two small bags.
        #expect(parser.parse("Odessa'dan Antalya'ya mayısta 2 yetişkin, 2 küçük bavul").children == nil)
        #expect(parser.parse("Odessa'dan Antalya'ya 2'si ucuz olsun").children == nil)
    }

    @Test("'gelecek hafta cuma günü' is that day of next week; 'gelecek hafta' alone the week")
    func dayOfNextWeek() {
        #expect(parser.parse("belgoroddan istanbula gelecek hafta cuma günü").departure == .init(from: "2034-03-17", to: "2034-03-17"))
        #expect(parser.parse("Ankara'dan İzmir'e önümüzdeki hafta salı").departure == .init(from: "2034-03-14", to: "2034-03-14"))
        #expect(parser.parse("Ankara'dan İzmir'e gelecek hafta, 2 yetişkin").departure == .init(from: "2034-03-13", to: "2034-03-19"))
        #expect(parser.parse("Ankara'dan İzmir'e gelecek hafta sonu").departure == .init(from: "2034-03-18", to: "2034-03-19"))
    }

    @Test("'snowboard' is a cold trip")
    func climate() {
        #expect(parser.parse("snowboard yapmak için İzmir'den bir yer öner").climate == "cold")
        #expect(parser.parse("somewhere to go snowboarding from Denver").climate == "cold")
    }

    @Test("Turkish names of Cheboksary, Hrodna, Kokshetau, Zanjan, Buraydah and Nouadhibou; not Mari nor Sana")
    func turkishNames() {
        #expect(parser.parse("Çeboksarı'dan Antalya'ya haziranda").origin == "Cheboksary")
        #expect(parser.parse("Grodno'dan Antalya'ya 15 mayısta").origin == "Hrodna")
        #expect(parser.parse("Kökşetav'dan Astana'ya pazartesi sabah").origin == "Kokshetau")
        #expect(parser.parse("Zencan - İstanbul, 1 nisan").origin == "Zanjan")
        #expect(parser.parse("Cidde'ye Büreyde'den 2 nisan").origin == "Buraydah")
        #expect(parser.parse("Nuadibu'dan Nuakşot'a pazar sabah").origin == "Nouadhibou")
        #expect(parser.parse("Nijniy Novgorod'dan Antalya'ya 12 mayıs").origin == "Nizhny Novgorod")
        // "sana" (to you) is a word, no place.
        #expect(parser.parse("sana İstanbul'dan bir yer önereyim").destination == nil)
    }
}
