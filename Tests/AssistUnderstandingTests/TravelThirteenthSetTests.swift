import AssistUnderstanding
import Testing

/// What the thirteenth written-after set (`golden/written-after/README.md`) found missing or wrong: more airlines
/// (Canadian North, Southwind and Freebird only where the text makes them the airline, BA in capitals, no place inside
/// "Air Cairo"); a weekday before or after a named day ("the wednesday before thanksgiving"); British "w/c" and "w/e";
/// "return" as the kind of ticket before "out … back …"; "tonite"; "am" after a numeric date; places as travellers
/// shorten them ("vegas", "Jerez") and Turkish names from `tools/build_gazetteer.py`. Each beside the reading it must
/// not take.
@Suite("Travel phrasing: the thirteenth set")
struct TravelThirteenthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2033-10-12")!)  // a Wednesday

    @Test("Cape Air, Avelo, Flybondi, Sky Express, Precision Air, Akasa, Belavia, SalamAir, flyadeal, Mahan Air, Türkmenistan Hava Yolları")
    func airlines() {
        #expect(parser.parse("Hyannis to Boston on cape air").airline == "Cape Air")
        #expect(parser.parse("Avelo Eugene to Burbank").airline == "Avelo Airlines")
        #expect(parser.parse("Flybondi Buenos Aires to Cordoba").airline == "Flybondi")
        #expect(parser.parse("Boliviana de Aviacion Santa Cruz to Sucre").airline == "Boliviana de Aviación")
        #expect(parser.parse("Sky Express Athens to Heraklion").airline == "Sky Express")
        #expect(parser.parse("precision air dar es salaam to mwanza").airline == "Precision Air")
        #expect(parser.parse("Air Senegal Dakar to Banjul").airline == "Air Senegal")
        #expect(parser.parse("Air Zimbabwe Harare to Johannesburg").airline == "Air Zimbabwe")
        #expect(parser.parse("Buddha Air Kathmandu to Pokhara").airline == "Buddha Air")
        #expect(parser.parse("Akasa Air Mumbai to Pune").airline == "Akasa Air")
        #expect(parser.parse("Spring Airlines Shanghai to Harbin").airline == "Spring Airlines")
        #expect(parser.parse("Aşkabat'tan İstanbul'a Türkmenistan Hava Yolları ile").airline == "Turkmenistan Airlines")
        #expect(parser.parse("Minsk'ten Batum'a Belavia ile").airline == "Belavia")
        #expect(parser.parse("Tunus'tan Paris'e Nouvelair ile").airline == "Nouvelair")
        #expect(parser.parse("Maskat'tan Dubai'ye SalamAir ile").airline == "SalamAir")
        #expect(parser.parse("flyadeal ile Riyad'dan Cidde'ye").airline == "flyadeal")
        #expect(parser.parse("Tahran'dan Meşhed'e Mahan Air ile").airline == "Mahan Air")
        #expect(parser.parse("Frankfurt'tan Antalya'ya Discover Airlines ile").airline == "Discover Airlines")
        #expect(parser.parse("Larnaka'dan Atina'ya Cyprus Airways ile").airline == "Cyprus Airways")
        // Their words alone are no airline: a season, a verb, a country.
        #expect(parser.parse("Shanghai to Harbin in spring").airline == nil)
        #expect(parser.parse("Frankfurt to Lisbon to discover the old town").airline == nil)
        #expect(parser.parse("Nicosia to Athens, I love the air in Cyprus").airline == nil)
    }

    @Test("Canadian North, Southwind and Freebird where the text makes them the airline; BA only in capitals")
    func wordAirlines() {
        #expect(parser.parse("Canadian North Yellowknife to Iqaluit").airline == "Canadian North")
        #expect(parser.parse("Yellowknife to Iqaluit with Canadian North").airline == "Canadian North")
        #expect(parser.parse("Yellowknife to Whitehorse, exploring the Canadian north in winter").airline == nil)
        #expect(parser.parse("Canadian Northern lights tour, Yellowknife to Whitehorse").airline == nil)
        #expect(parser.parse("pardubiceden antalyaya southwind ile mayısta").airline == "Southwind Airlines")
        #expect(parser.parse("Bodrum to Izmir, hoping for a southwind").airline == nil)
        #expect(parser.parse("Freebird ile Lüksemburg'dan Antalya'ya").airline == "Freebird Airlines")
        #expect(parser.parse("Leeds to Faro, playing freebird on repeat").airline == nil)
        #expect(parser.parse("BA Heathrow to Zurich on Friday").airline == "British Airways")
        #expect(parser.parse("Leeds to Faro, my ba degree trip").airline == nil)
    }

    @Test("the city in 'Air Cairo' is no place")
    func airCairo() {
        let flight = parser.parse("asyuttan kahireye air cairo yarin aksam")
        #expect(flight.airline == "Air Cairo" && flight.origin == "Assiut" && flight.destination == "Cairo")
        let luxor = parser.parse("Air Cairo Hurghada to Luxor")
        #expect(luxor.origin == "Hurghada" && luxor.destination == "Luxor")
    }

    @Test("a weekday before or after a named day is the nearest such weekday to it")
    func weekdayBeforeHoliday() {
        #expect(parser.parse("ithaca to nyc the wednesday before thanksgiving").departure == .init(from: "2033-11-23", to: "2033-11-23"))
        #expect(parser.parse("Boston to Denver the Sunday after Christmas").departure == .init(from: "2034-01-01", to: "2034-01-01"))
        #expect(parser.parse("Boston to Denver monday after the 20th").departure == .init(from: "2033-10-24", to: "2033-10-24"))
        // "before" a time, or "after next", names no day: the coming weekday as before.
        #expect(parser.parse("Boston to Denver Friday before 10am").departure == .init(from: "2033-10-14", to: "2033-10-14"))
        #expect(parser.parse("Boston to Denver on wednesday").departure == .init(from: "2033-10-19", to: "2033-10-19"))
    }

    @Test("'w/c 7 November' is the week commencing; 'this w/e' the weekend; a lone 'w/' is neither")
    func britishShorthand() {
        #expect(parser.parse("Bristol to Lamezia Terme w/c 7 November, 3 adults").departure == .init(from: "2033-11-07", to: "2033-11-13"))
        #expect(parser.parse("Bristol to Faro week commencing Monday 14 November").departure == .init(from: "2033-11-14", to: "2033-11-20"))
        #expect(parser.parse("stockton to sacramento this w/e, 4 of us").departure == .init(from: "2033-10-15", to: "2033-10-16"))
        #expect(parser.parse("Bristol to Faro next w/e").departure == .init(from: "2033-10-22", to: "2033-10-23"))
        #expect(parser.parse("Bristol to Faro 14 Nov w/ my wife").departure == .init(from: "2033-11-14", to: "2033-11-14"))
        // A week's stay beginning on a day is still a stay from that day.
        let stay = parser.parse("Bristol to Faro for a week beginning 24 November")
        #expect(stay.departure == .init(from: "2033-11-24", to: "2033-11-24") && stay.return == .init(from: "2033-12-01", to: "2033-12-01"))
    }

    @Test("'return' before the dates, with 'out … back …' after, is the kind of ticket")
    func returnTicket() {
        let trip = parser.parse("BA return Heathrow to Zurich, out Thursday 20 Oct, back Sunday the 23rd, 2 adults, business")
        #expect(trip.departure == .init(from: "2033-10-20", to: "2033-10-20") && trip.return == .init(from: "2033-10-23", to: "2033-10-23"))
        let back = parser.parse("Return Lisbon to Porto 3 Nov, back 9 Nov")
        #expect(back.departure == .init(from: "2033-11-03", to: "2033-11-03") && back.return == .init(from: "2033-11-09", to: "2033-11-09"))
        // After a date, or with no other marker after it, "return" still marks the way back.
        let marked = parser.parse("Lisbon to Porto on 3 Nov, return 9 Nov, back in time for work")
        #expect(marked.departure == .init(from: "2033-11-03", to: "2033-11-03") && marked.return == .init(from: "2033-11-09", to: "2033-11-09"))
        #expect(parser.parse("Lisbon to Porto on 3 Nov, return on the 9th").return == .init(from: "2033-11-09", to: "2033-11-09"))
    }

    @Test("'tonite' is tonight; 'am' or 'pm' after a numeric date is the time of day, a clock's dot is still a time")
    func timesOfDay() {
        let tonight = parser.parse("laredo to houston tonite")
        #expect(tonight.departure == .init(from: "2033-10-12", to: "2033-10-12") && tonight.departureTimeOfDay == "night")
        #expect(parser.parse("prince george to vancouver 10/31 am").departureTimeOfDay == "morning")
        #expect(parser.parse("prince george to vancouver 10/31 pm").departureTimeOfDay == "afternoon")
        #expect(parser.parse("prince george to vancouver 10/31 at 10.30 pm").departureTimeOfDay == "night")
        #expect(parser.parse("prince george to vancouver 10/31, I am flexible").departureTimeOfDay == nil)
    }

    @Test("'vegas' and 'Jerez', as travellers shorten them and GeoNames lists them; no other place's name taken")
    func shortenedNames() {
        #expect(parser.parse("stockton to vegas this w/e").destination == "Las Vegas")
        #expect(parser.parse("Jerez'den Barselona'ya 4 kasım akşam").origin == "Jerez de la Frontera")
        #expect(parser.parse("Madrid to Jerez on 3 May").destination == "Jerez de la Frontera")
        // "Romana" is not La Romana's: it would take Turkish "romana" (Roma with "-na") from Rome.
        #expect(parser.parse("Punta Cana to La Romana tomorrow").destination == "La Romana")
        #expect(parser.parse("romana yarın").destination == "Rome")
        #expect(parser.parse("Denver to Santiago de Compostela").destination == "Santiago de Compostela")
        #expect(parser.parse("Denver to Santiago").destination == "Santiago")
    }

    @Test("Turkish names of Assiut, Ust-Kamenogorsk, Gabala, Zaqatala, Najran, N'Djamena and Mazar-e Sharif")
    func turkishNames() {
        #expect(parser.parse("Asyut'tan Kahire'ye yarın").origin == "Assiut")
        #expect(parser.parse("Öskemen'den Almatı'ya 30 ekim").origin == "Ust-Kamenogorsk")
        #expect(parser.parse("Bakü'den Gebele'ye bu hafta sonu").destination == "Gabala")
        #expect(parser.parse("Zakatala'dan Bakü'ye gelecek hafta").origin == "Zaqatala")
        #expect(parser.parse("Cidde'ye Necran'dan 7 kasım").origin == "Najran")
        #expect(parser.parse("Ncamena'ya İstanbul'dan 21 kasım").destination == "N'Djamena")
        #expect(parser.parse("Mezar-ı Şerif'ten İstanbul'a 28 ekim").origin == "Mazar-e Sharif")
        // "mezar" (a grave) and "şerif" alone are words, no place.
        #expect(parser.parse("Konya'ya mezar ziyareti için yarın").destination == "Konya")
        #expect(parser.parse("Konya'ya mezar ziyareti için yarın").origin == nil)
    }
}
