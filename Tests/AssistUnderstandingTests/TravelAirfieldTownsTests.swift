@testable import AssistUnderstanding
import Testing

/// Towns that only an airfield with an ICAO code serves (`tools/build_gazetteer.py`), which the twenty-third
/// written-after set named in numbers (Offenburg, Wels, Narva), and what their names must not take from a sentence:
/// a person's name ("Davis", "Tracy"), a carrier's word ("Azul", "Tara Air"), a country's name read with a Turkish
/// ending ("Angola" is no Angol with "-a").
@Suite("Travel: towns an airfield serves")
struct TravelAirfieldTownsTests {
    let parser = SearchParser(today: DateResolver(today: "2041-02-26")!)  // a Tuesday

    @Test("a town only an ICAO airfield serves is a place, in both languages")
    func airfieldTowns() {
        let english = parser.parse("Offenburg to Wels on friday")
        #expect(english.origin == "Offenburg" && english.destination == "Wels")
        let turkish = parser.parse("Deventer'den Genk'e 1 nisan")
        #expect(turkish.origin == "Deventer" && turkish.destination == "Genk")
        let lower = parser.parse("galway to shrewsbury next week")
        #expect(lower.origin == "Galway" && lower.destination == "Shrewsbury")
    }

    @Test("such a town named as a frequent word counts only where the sentence makes it a place")
    func frequentWordNames() {
        #expect(parser.parse("Davis to Sacramento friday").origin == "Davis")
        #expect(parser.parse("I'd like to visit Davis").destination == "Davis")
        // A person's name, out of a place's context, is no place.
        let perry = parser.parse("Perry family trip to Orlando")
        #expect(perry.origin == nil && perry.destination == "Orlando")
        let kant = parser.parse("Kant ile Ankara'ya")
        #expect(kant.origin == nil && kant.destination == "Ankara" && kant.airline == nil)
        #expect(parser.parse("Metan gazı faturası değil, Roma'ya uçuş").origin == nil)
    }

    @Test("a name after 'with', a word for a person, or before 'and me' is a companion, no end of the route")
    func companions() {
        let friend = parser.parse("flights to denver with my friend Davis next friday")
        #expect(friend.origin == nil && friend.destination == "Denver")
        let tracy = parser.parse("cheap flight for Tracy and me to Rome")
        #expect(tracy.origin == nil && tracy.destination == "Rome")
        let lincoln = parser.parse("Lincoln and I want to fly to Paris")
        #expect(lincoln.origin == nil && lincoln.destination == "Paris")
        let mercedes = parser.parse("with Mercedes to Berlin")
        #expect(mercedes.origin == nil && mercedes.destination == "Berlin")
        // A stop between them keeps the place the route's start.
        let mum = parser.parse("me and my mum, Helsinki to Reykjavik, sometime in October")
        #expect(mum.origin == "Helsinki" && mum.destination == "Reykjavik")
        #expect(parser.parse("my wife Florence and I want Rome to Paris").origin == "Rome")
    }

    @Test("a carrier's word that is also a town's name stays the carrier's")
    func carrierWords() {
        let azul = parser.parse("azul campinas to natal 4/20, 2 adults")
        #expect(azul.airline == "Azul Brazilian Airlines" && azul.origin == "Campinas" && azul.destination == "Natal")
        let tara = parser.parse("tara air tikapur to darchula 3/8 early morning")
        #expect(tara.airline == "Tara Air" && tara.origin == "Tikapur" && tara.destination == "Darchula")
        let atrak = parser.parse("atrak air ile gonabaddan babolsara yarın akşam")
        #expect(atrak.airline == "Atrak Air" && atrak.origin == "Gonabad" && atrak.destination == "Babolsar")
        // "Air" after a place, with no route after it, names no carrier.
        let fares = parser.parse("boston air fares to denver")
        #expect(fares.airline == nil && fares.origin == "Boston" && fares.destination == "Denver")
    }

    @Test("a country's whole name is no town with a Turkish ending: 'angola' is no Angol")
    func countryNames() {
        let angola = parser.parse("fly angola lobito to menongue 12/14, max $400")
        #expect(angola.origin == "Lobito" && angola.destination == "Menongue")
        #expect(parser.parse("Kenya'ya uçuş").destination == nil)
        // A town's own name with an ending still is one.
        #expect(parser.parse("Angol'dan Santiago'ya").origin == "Angol")
    }
}
