@testable import AssistUnderstanding
import Testing

/// The twenty-ninth written-after set's misses (`golden/written-after/README.md`), read by general rules: a country
/// after a town that pins it belongs to the town's mention; a place taken back ("X'e değil", "not X") is no end of the
/// route; a date after a correction ("no wait", "yok yok") replaces the one before; a carrier glued to "air" opening
/// the request right before "to". Each beside the reading it must not take.
@Suite("Travel phrasing: the twenty-ninth set")
struct TravelTwentyNinthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2051-05-26")!)  // a Friday
    func day(_ iso: String) -> DateResolver.Range { DateResolver.Range(from: iso, to: iso) }

    @Test("a country after a town that pins it is the town's, no second place: 'esquipulas guatemala', 'sagua la grande cuba'")
    func countryAfterTown() {
        let guatemala = parser.parse("maya island air to esquipulas guatemala 6/9, 3 of us")
        #expect(guatemala.destination == "Esquipulas" && guatemala.origin == nil && guatemala.airline == "Maya Island Air")
        let cuba = parser.parse("sunwing to sagua la grande cuba 7/1 - 7/8, 2 adults 2 kids")
        #expect(cuba.destination == "Sagua la Grande" && cuba.origin == nil)  // "Cuba" is also Juba's Turkish name
        // Nor is "cuba" alone Juba: a Turkish name that is another country's English name is left out of the gazetteer.
        #expect(parser.parse("flights to cuba next week").destination == nil)
        #expect(parser.parse("flights to juba next week").destination == "Juba")
        let route = parser.parse("Puerto Barrios Guatemala to Havana")
        #expect(route.origin == "Puerto Barrios" && route.destination == "Havana")
        // A country that does not pin the place before it stays what it was: "Mexico" is Mexico City's name too.
        let paris = parser.parse("Paris, Texas to Mexico")
        #expect(paris.origin == "Paris" && paris.destination == "Mexico City")
    }

    @Test("a place taken back is no end of the route: 'Kongoussi'ye değil, Yako'ya', 'to Kongoussi, not Yako'")
    func placeTakenBack() {
        let turkish = parser.parse("Koupela'dan Kongoussi'ye değil, Yako'ya; pazartesi")
        #expect(turkish.origin == "Koupela" && turkish.destination == "Yako" && turkish.departure == day("2051-05-29"))
        let first = parser.parse("Kisumu değil Webuye'den Garba Tula'ya yarından sonra")
        #expect(first.origin == "Webuye" && first.destination == "Garba Tula")
        #expect(parser.parse("to Kongoussi, not Yako, on friday").destination == "Kongoussi")
        let english = parser.parse("not from Paris, from Lyon to Rome")
        #expect(english.origin == "Lyon" && english.destination == "Rome")
    }

    @Test("a date after a correction replaces the one before it; a correction with no date before it changes nothing")
    func correctedDate() {
        #expect(parser.parse("Dourados to Tres Lagoas on memorial day? no wait, tuesday").departure == day("2051-05-30"))
        #expect(parser.parse("İstanbul'dan Ankara'ya cuma, yok yok cumartesi").departure == day("2051-05-27"))
        #expect(parser.parse("Dourados to Tres Lagoas on memorial day").departure == day("2051-05-29"))
        #expect(parser.parse("actually, next friday from Dourados to Tres Lagoas").departure == day("2051-06-02"))
        // A return named on either side: what the correction takes back is unclear, so the dates stay as written.
        let trip = parser.parse("London to Rome out june 5, back june 12, no wait, june 14")
        #expect(trip.departure == day("2051-06-05"))
    }

    @Test("a carrier glued to 'air' opening the request right before 'to' (the arrow is read as 'to')")
    func gluedCarrierBeforeTo() {
        let search = parser.parse("Winair → Azua DR this weekend")
        #expect(search.airline == "Winair" && search.destination == "Azua")
        #expect(parser.parse("Winair to Azua this weekend").airline == "Winair")
        // English words ending in "air" are no carrier.
        #expect(parser.parse("Wheelchair to Azua this weekend").airline == nil)
        #expect(parser.parse("Repair to Azua this weekend").airline == nil)
    }
}
