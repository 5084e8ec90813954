import AssistUnderstanding
import Testing

/// What the eighth written-after set (`golden/written-after/README.md`) found missing in travel requests: places
/// read inside an airline's name, short names of cities GeoNames lists ("Jeju", "Taif", "Rio"), Turkish names
/// from TDK's guide, airlines in capitals ("LOT"), tickets as a head count, "no more than", "ucuz", nights counted
/// as no time of day, "direk uçuş", a sea or ski holiday in Turkish, and "me, my wife and our twin babies".
@Suite("Travel phrasing: places and airlines by name, head counts, limits and holidays")
struct TravelNamesTests {
    let parser = SearchParser(today: DateResolver(today: "2028-09-13")!)  // a Wednesday

    @Test("no place inside an airline's name; short names GeoNames lists; Turkish names from TDK's guide, for the right namesake")
    func places() {
        let arabia = parser.parse("Air Arabia Sharjah to Peshawar, 7 adults, non-stop")
        #expect(arabia.origin == "Sharjah" && arabia.destination == "Peshawar" && arabia.airline == "Air Arabia")
        let singapore = parser.parse("Singapore Airlines Surabaya to Canberra")
        #expect(singapore.origin == "Surabaya" && singapore.destination == "Canberra")
        #expect(parser.parse("Singapore Airlines from Singapore to London").origin == "Singapore")
        let jeju = parser.parse("Korean Air Nagoya to Jeju on the 27th")
        #expect(jeju.origin == "Nagoya" && jeju.destination == "Jeju City")
        #expect(parser.parse("Saudia Dammam to Taif on the 1st").destination == "Ta’if")
        #expect(parser.parse("latam rio to porto alegre sat afternoon").origin == "Rio de Janeiro")
        let turkish = parser.parse("Nahçıvan'dan Gence'ye 2 kasım")
        #expect(turkish.origin == "Nakhchivan" && turkish.destination == "Ganja")
        #expect(parser.parse("Tebriz'den Meşhed'e 3 yetişkin").destination == "Mashhad")
        #expect(parser.parse("Oş'a yarından sonra").destination == "Osh")
        #expect(parser.parse("bingaziden trablusgarpa bu gece").destination == "Tripoli")
        #expect(Gazetteer.builtin.city(named: "Trablusgarp")?.country == "LY")
        #expect(Gazetteer.builtin.city(named: "Londra")?.country == "GB")
    }

    @Test("airlines in capitals that are words in lower case; Air Albania and Iraqi Airways")
    func airlines() {
        #expect(parser.parse("LOT Katowice to Gdansk saturday morning").airline == "LOT Polish Airlines")
        #expect(parser.parse("a lot of flights from Katowice").airline == nil)
        #expect(parser.parse("KATOWICE TO GDANSK, LOT").airline == nil)  // all in capitals, nothing stands out
        #expect(parser.parse("Tiran'a Air Albania ile 12 ekim").airline == "Air Albania")
        #expect(parser.parse("Basra'dan Ankara'ya Iraqi Airways ile 25 eylül").airline == "Iraqi Airways")
    }

    @Test("tickets count people; twins count two; 'me, my wife' is two adults")
    func parties() {
        #expect(parser.parse("need 2 tickets Tulsa to El Paso on the 10th of October").adults == 2)
        let family = parser.parse("Eindhoven to Granada on Dec 2 for 10 days, me, my wife and our twin babies")
        #expect(family.adults == 2 && family.infants == 2)
    }

    @Test("no more than is a most, more than alone is not; ucuz after money is under; counted nights are no time of day")
    func limitsAndNights() {
        #expect(parser.parse("Asuncion to Guayaquil in 10 days, no more than 450 dollars").maxPrice == SearchFilters.Price(amount: 450, currency: "USD"))
        #expect(parser.parse("Asuncion to Guayaquil, more than 450 dollars").maxPrice == nil)
        #expect(parser.parse("Giresun'a ayın 20'sinde, 4000 liradan ucuz olsun").maxPrice == SearchFilters.Price(amount: 4000, currency: "TRY"))
        #expect(parser.parse("Şımkent'ten Astana'ya 1 kasımda gidip 5 gece kalacağım").departureTimeOfDay == nil)
        #expect(parser.parse("Paris to Rome April 2, staying 5 nights").departureTimeOfDay == nil)
        #expect(parser.parse("Paris to Rome April 2, at night").departureTimeOfDay == "night")
    }

    @Test("direk uçuş is nonstop; a sea or ski holiday in Turkish gives the climate")
    func nonstopAndClimate() {
        #expect(parser.parse("Kişinev'e Batum'dan direk uçuş ayın 3'ünde").nonstop == true)
        #expect(parser.parse("Varna'ya temmuzda deniz tatili, 4 kişiyiz").climate == "warm")
        #expect(parser.parse("Innsbruck'a kayağa gideceğiz ocakta").climate == "cold")
    }
}
