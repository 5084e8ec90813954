import AssistUnderstanding
import Testing

/// What the seventeenth written-after set (`golden/written-after/README.md`) found missing or wrong: a listed name
/// inside a longer one ("QantasLink", "Thai Lion Air", "Tunisair Express"); more airlines (the table, Pacific Coastal
/// and PAL Express only where the text makes them the airline, MIAT only in capitals); a party's noun with two
/// neighbouring letters swapped ("3 adutls"); Turkish names from `tools/build_gazetteer.py`. Each beside the reading it
/// must not take.
@Suite("Travel phrasing: the seventeenth set")
struct TravelSeventeenthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2033-06-15")!)  // a Wednesday

    @Test("a listed name inside a longer one's words is no name of its own: QantasLink, Thai Lion Air, Tunisair Express")
    func longerNames() {
        #expect(parser.parse("QantasLink Sydney to Ballina next Friday").airline == "QantasLink")
        #expect(parser.parse("with qantaslink to Ballina from Sydney").airline == "QantasLink")
        let thai = parser.parse("Thai Lion Air Bangkok to Chiang Mai on Saturday")
        #expect(thai.airline == "Thai Lion Air" && thai.origin == "Bangkok")
        #expect(parser.parse("Tunisair Express ile Tunus'tan Cerbe'ye cuma").airline == "Tunisair Express")
        #expect(parser.parse("Iberia Express Madrid to Tenerife").airline == "Iberia Express")
        // The shorter names alone are still theirs.
        #expect(parser.parse("Qantas Sydney to Perth next Friday").airline == "Qantas")
        #expect(parser.parse("Lion Air Jakarta to Medan on Saturday").airline == "Lion Air")
        #expect(parser.parse("Thai Airways Bangkok to Phuket on Saturday").airline == "Thai Airways")
        #expect(parser.parse("Tunisair ile Tunus'tan İstanbul'a cuma").airline == "Tunisair")
        // Two names apart keep the table's order.
        #expect(parser.parse("Pegasus or Turkish Airlines from Ankara to Izmir").airline == "Turkish Airlines")
    }

    @Test("Conviasa, Amaszonas, Andes Líneas Aéreas, Tigerair Taiwan, AirSWIFT, FitsAir, Camair-Co, Sky Mali, Airkenya, …")
    func airlines() {
        #expect(parser.parse("Conviasa Caracas to Maracaibo on Monday").airline == "Conviasa")
        #expect(parser.parse("amaszonas la paz to trinidad monday").airline == "Amaszonas")
        #expect(parser.parse("Andes Lineas Aereas Buenos Aires to Salta Aug 3").airline == "Andes Líneas Aéreas")
        let tigerair = parser.parse("Tigerair Taiwan Taipei to Okinawa in August")
        #expect(tigerair.airline == "Tigerair Taiwan" && tigerair.origin == "Taipei")
        #expect(parser.parse("Manila to Busuanga with AirSWIFT July 21").airline == "AirSWIFT")
        #expect(parser.parse("FitsAir Colombo to Chennai tomorrow").airline == "FitsAir")
        let camair = parser.parse("Camair-Co Douala to Yaounde on Aug 3")
        #expect(camair.airline == "Camair-Co" && camair.origin == "Douala")
        let mali = parser.parse("Sky Mali Bamako to Gao thursday")
        #expect(mali.airline == "Sky Mali" && mali.origin == "Bamako")
        #expect(parser.parse("Airkenya Nairobi to Lamu saturday").airline == "Airkenya Express")
        #expect(parser.parse("FlyNamibia Windhoek to Walvis Bay 7/18").airline == "FlyNamibia")
        let norse = SearchParser(today: DateResolver(today: "2033-06-15", locale: "en-GB")!).parse("Norse Atlantic Oslo to New York 12/8")
        #expect(norse.airline == "Norse Atlantic Airways" && norse.origin == "Oslo")
        #expect(parser.parse("Aeroitalia Rome to Olbia 9 July").airline == "Aeroitalia")
        #expect(parser.parse("Braathens Stockholm to Visby 5/7").airline == "Braathens Regional Airlines")
        #expect(parser.parse("Smartavia ile Moskova'dan Antalya'ya 9 temmuz").airline == "Smartavia")
        #expect(parser.parse("Eastar Jet ile Seul'den Jeju'ya yarın").airline == "Eastar Jet")
        // Their words elsewhere, or words that only look like them: no airline.
        #expect(parser.parse("Manaus to Belem, the Amazonas by plane").airline == nil)
        #expect(parser.parse("Buenos Aires to Mendoza to see the Andes").airline == nil)
        #expect(parser.parse("Bamako to Gao under a clear sky").airline == nil)
        #expect(parser.parse("Oslo to Tromso for a Norse mythology tour").airline == nil)
        #expect(parser.parse("Seul'den Roma'ya Easter tatili için").airline == nil)
    }

    @Test("Rossiya and Yakutia, a country's and a region's name, by the name with 'ile' as other listed airlines")
    func shortNames() {
        #expect(parser.parse("Rossiya ile Moskova'dan Antalya'ya 9 temmuz").airline == "Rossiya Airlines")
        #expect(parser.parse("Yakutia ile Yakutsk'tan İstanbul'a 5 ağustos").airline == "Yakutia Airlines")
        // The region itself, in a case: no airline.
        #expect(parser.parse("Yakutia'ya kışın gitmek istiyoruz, İstanbul'dan").airline == nil)
    }

    @Test("Pacific Coastal and PAL Express only where the text makes them the airline; MIAT only in capitals")
    func wordAirlines() {
        let coastal = parser.parse("Pacific Coastal Vancouver to Port Hardy tomorrow")
        #expect(coastal.airline == "Pacific Coastal Airlines" && coastal.origin == "Vancouver")
        #expect(parser.parse("flying Pacific Coastal to Campbell River from Vancouver").airline == "Pacific Coastal Airlines")
        let pal = parser.parse("PAL Express Manila to Cebu Aug 2")
        #expect(pal.airline == "PAL Express" && pal.origin == "Manila")
        #expect(parser.parse("MIAT Ulaanbaatar to Seoul next Tuesday").airline == "MIAT Mongolian Airlines")
        // A coast, a friend, a car: no airline.
        #expect(parser.parse("Pacific coastal towns in Mexico, anywhere warm in July").airline == nil)
        #expect(parser.parse("Boston to a Pacific coastal town in July").airline == nil)
        #expect(parser.parse("Manila to Cebu Aug 2, my pal expressed interest too").airline == nil)
        #expect(parser.parse("Denver to Boston, then a Miata for the coast").airline == nil)
    }

    @Test("a party's noun with two neighbouring letters swapped after a count: '3 adutls', '1 chidlren'")
    func swappedLetters() {
        #expect(parser.parse("Nepal Airlines Kathmandu to Pokhara June 27, 3 adutls").adults == 3)
        let party = parser.parse("Boston to Denver June 27, 2 adluts 1 chidlren")
        #expect(party.adults == 2 && party.children == 1)
        #expect(parser.parse("Boston to Denver June 27, 4 poeple").adults == 4)
        // Other words one edit or more away: no count.
        #expect(parser.parse("Boston to Denver, 3 audits to finish first").adults == nil)
        #expect(parser.parse("Boston to Denver with 2 rabies shots done").infants == nil)
    }

    @Test("Çerkasi, Jitomir and Yevlah from tools/build_gazetteer.py")
    func places() {
        let cherkasy = parser.parse("Çerkasi'ye Ankara'dan 3 temmuzda")
        #expect(cherkasy.destination == "Cherkasy" && cherkasy.origin == "Ankara")
        #expect(parser.parse("Jitomir'e İzmir'den ağustosta").destination == "Zhytomyr")
        let yevlakh = parser.parse("Yevlah'tan Bakü'ye yarın")
        #expect(yevlakh.origin == "Yevlakh" && yevlakh.destination == "Baku")
        // "Çerkes" (Circassian) is no Çerkasi.
        #expect(parser.parse("Çerkes düğünü için Ankara'dan Düzce'ye").origin == "Ankara")
    }
}
