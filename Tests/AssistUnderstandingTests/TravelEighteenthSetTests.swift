import AssistUnderstanding
import Testing

/// What the eighteenth written-after set (`golden/written-after/README.md`) found missing: airlines the table lacks,
/// read by the shape of their names (a name opening the request before "Air" and a place, "Air" or "Aerolíneas" and a
/// name before a place, "Air" glued inside one word, a last word after "Air" before the place, Turkish "Aero" and "Fly
/// … ile"), and places written as Turkish spells a Russian, Arabic or Mongolian name (`TurkishSpellings.swift`),
/// found among the gazetteer's own names. None from a list of the set's values; each beside the reading it must not
/// take.
@Suite("Travel phrasing: the eighteenth set")
struct TravelEighteenthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2034-02-22")!)  // a Wednesday

    @Test("a name opening the request before 'air' and a place, in any case: 'harbour air vancouver to victoria'")
    func openingName() {
        let harbour = parser.parse("harbour air vancouver to victoria sat morning")
        #expect(harbour.airline == "Harbour Air" && harbour.origin == "Vancouver")
        let transocean = parser.parse("japan transocean air naha to tokyo tomorrow")
        #expect(transocean.airline == "Japan Transocean Air" && transocean.origin == "Naha")
        // Words that go with "air" otherwise, or a place first: no airline.
        #expect(parser.parse("fresh air boston to denver next week").airline == nil)
        #expect(parser.parse("business air boston to denver next week").airline == nil)
        let boston = parser.parse("boston air denver next week")
        #expect(boston.airline == nil && boston.origin == "Boston")
    }

    @Test("'Air' or 'Aerolíneas' and a name: capitalised, or opening the request before a place ('air chathams auckland to …')")
    func nameAfterLead() {
        let chathams = parser.parse("air chathams auckland to wellington tmrw")
        #expect(chathams.airline == "Air Chathams" && chathams.origin == "Auckland")
        let sosa = parser.parse("aerolineas sosa san pedro sula to la ceiba tomorrow")
        #expect(sosa.airline == "Aerolíneas Sosa" && sosa.origin == "San Pedro Sula")
        #expect(parser.parse("TAR Aerolineas Monterrey to Tepic 3/15").airline == "TAR Aerolíneas")
        // What travels by air, or air after the places: no airline.
        #expect(parser.parse("air travel boston to denver next week").airline == nil)
        #expect(parser.parse("boston to denver by air next week").airline == nil)
    }

    @Test("'Air' glued inside one word as a capitalised part ('CemAir', 'AirSial'); 'Airbnb', 'Cairo' are none")
    func gluedAir() {
        let cem = parser.parse("CemAir Johannesburg to Kimberley March 25")
        #expect(cem.airline == "CemAir" && cem.origin == "Johannesburg")
        #expect(parser.parse("AirSial ile Karaçi'den Lahor'a yarın akşam").airline == "AirSial")
        #expect(parser.parse("Airbnb in Lisbon, flights from London March 3").airline == nil)
        #expect(parser.parse("Cairo to Luxor March 3").airline == nil)
        #expect(parser.parse("AIR TRAVEL FROM LONDON TO PARIS").airline == nil)
    }

    @Test("one more capitalised word after 'Air', opening the request, before a place: 'Denver Air Connection Denver to …'")
    func lastWordAfterAir() {
        let connection = parser.parse("Denver Air Connection Denver to Sheridan on March 9")
        #expect(connection.airline == "Denver Air Connection" && connection.origin == "Denver")
        // The place itself after "Air": the shorter name.
        let tropic = parser.parse("Tropic Air Cancun to Belize City March 11")
        #expect(tropic.airline == "Tropic Air" && tropic.origin == "Cancun")
    }

    @Test("Turkish 'Aero' and 'Fly' names before 'ile': 'UVT Aero ile', 'Fly Arna ile'")
    func turkishWith() {
        #expect(parser.parse("Kazan'dan Antalya'ya UVT Aero ile nisanda").airline == "UVT Aero")
        #expect(parser.parse("Fly Arna ile Erivan'dan Antalya'ya mayısta").airline == "Fly Arna")
        // "fly" as a verb, and a person with "ile": no airline.
        #expect(parser.parse("Fly Boston to Denver next week").airline == nil)
        #expect(parser.parse("Ayşe ile Erivan'dan Antalya'ya mayısta").airline == nil)
    }

    @Test("Turkish spellings of places the gazetteer holds by their English ones: Kızıl, Hovd, Salehard, Kamışlı, …")
    func turkishSpellings() {
        let kyzyl = parser.parse("krasnoyarsktan kızıla yarın sabah")
        #expect(kyzyl.origin == "Krasnoyarsk" && kyzyl.destination == "Kyzyl")
        #expect(parser.parse("Ulan Batur'dan Hovd'a 20 mart").destination == "Khovd")
        #expect(parser.parse("Salehard'dan Moskova'ya yarın").origin == "Salekhard")
        #expect(parser.parse("Şam'dan Kamışlı'ya pazartesi").destination == "Al Qamishli")
        #expect(parser.parse("Naberejnıye Çelnı'dan İstanbul'a 5 nisan").origin == "Naberezhnyye Chelny")
        #expect(parser.parse("Novıy Urengoy'dan Antalya'ya temmuzda").origin == "Novy Urengoy")
        #expect(parser.parse("Hamis Müşeyt'ten Cidde'ye yarın").origin == "Khamis Mushait")
        // Ordinary Turkish words, with no ending or no place beside them: no place.
        let red = parser.parse("saçımı kızıla boyattım")
        #expect(red.origin == nil && red.destination == nil)
        let dress = parser.parse("kızıl bir elbise ve İstanbul'dan Ankara'ya bilet")
        #expect(dress.origin == "Istanbul" && dress.destination == "Ankara")
    }
}
