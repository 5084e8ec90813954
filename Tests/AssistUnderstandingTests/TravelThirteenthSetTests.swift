import AssistUnderstanding
import Testing

/// What the thirteenth written-after set (`golden/written-after/README.md`) found missing: places as travellers shorten
/// them ("vegas", "Jerez") and Turkish names, from `tools/build_gazetteer.py`. Each beside the reading it must not take.
@Suite("Travel phrasing: the thirteenth set")
struct TravelThirteenthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2033-10-12")!)  // a Wednesday

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
