@testable import AssistUnderstanding
import Testing

/// The thirty-fourth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside
/// the reading it must not take.
@Suite("Travel phrasing: the thirty-fourth set")
struct TravelThirtyFourthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2055-09-14")!)  // a Tuesday

    @Test("a town its own region is named for is in the gazetteer ('Mae Hong Son', 'Paro'); a small US town named as a state is not")
    func townsNamedAsTheirRegion() {
        #expect(Gazetteer.builtin.byName[["mae", "hong", "son"]]?.first?.country == "TH")
        #expect(Gazetteer.builtin.byName[["paro"]]?.first?.country == "BT")
        #expect(parser.parse("thai airways bangkok to mae hong son 11/8").destination == "Mae Hong Son")
        // "Nevada", Missouri, is left to the state: no US town of that name.
        #expect(Gazetteer.builtin.byName[["nevada"]]?.contains(where: { $0.country == "US" }) != true)
    }

    @Test("a country's or region's name after a word no reader knows is that word's: 'cabo mexico' names no Mexico City")
    func qualifierAfterUnknownWord() {
        #expect(parser.parse("zipolite mexico the day after thanksgiving").destination == nil)
        #expect(parser.parse("flights to mexico the day after thanksgiving").destination == "Mexico City")
        // After a common word, or after a word in capitals (a carrier's), it is read as before; a city named as its
        // region stays the city.
        #expect(parser.parse("cheap mexico flights the day after thanksgiving").destination == "Mexico City")
        #expect(parser.parse("MIAT Ulaanbaatar to Tokyo next Tuesday").origin == "Ulan Bator")
        #expect(parser.parse("zipolite to tokyo next tuesday").destination == "Tokyo")
        #expect(!Gazetteer.isUnknownWord("tmrw") && !Gazetteer.isUnknownWord("cheap") && Gazetteer.isUnknownWord("zipolite"))
    }

    @Test("regional carriers: 'air greenland', 'central mountain air'; a carrier named as a word only where the text makes it one")
    func regionalCarriers() {
        #expect(parser.parse("air greenland nuuk to ilulissat 9/21").airline == "Air Greenland")
        #expect(parser.parse("smithers to vancouver 10/18, central mountain air").airline == "Central Mountain Air")
        #expect(parser.parse("sata air acores ponta delgada to horta 10/2").airline == "SATA Air Açores")
        #expect(parser.parse("sansa to liberia costa rica 11/20").airline == "Sansa Airlines")
        #expect(parser.parse("flying with lade to esquel 11/3").airline == "LADE")
        // "maldivian" is a nationality mid-sentence; "sansa" is Turkish "şansa" typed plainly.
        #expect(parser.parse("a maldivian island trip from male 12/14").airline == nil)
        #expect(parser.parse("istanbul'dan izmir'e 12 aralık, biraz sansa kaldı").airline == nil)
    }

    @Test("'w/ my wife' is with her: two grown-ups; 'kar görmeye' (to see snow) is cold, 'kar' alone (profit) is not")
    func companionsAndSnow() {
        #expect(parser.parse("denver to boise w/ my wife 10/4").adults == 2)
        #expect(parser.parse("Rovaniemi'ye şubatta kar görmeye gidiyoruz").climate == "cold")
        #expect(parser.parse("kar marjı yüksek bir bilet istemiyorum, izmir'den ankara'ya").climate == nil)
    }
}
