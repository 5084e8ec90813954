@testable import AssistUnderstanding
import Testing

/// The forty-fourth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The places, carriers and wordings here are not the set's.
@Suite("Travel phrasing: the forty-fourth set")
struct TravelFortyFourthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2057-06-26")!)  // a Tuesday

    @Test("a town named by a common word, with 'ga' or 'ct' after it, is that state's town in any context")
    func georgiaAndConnecticutCodes() {
        #expect(parser.parse("camilla ga next friday, just me").destination == "Camilla")
        #expect(parser.parse("fitzgerald ga to atlanta friday").origin == "Fitzgerald")
        // Without its code it stays the word (a name).
        #expect(parser.parse("camilla and me next friday").destination == nil)
    }

    @Test("a town read only when pinned, before its state's name: 'mena arkansas', 'Mena'ya (Arkansas)'")
    func pinnedByStateName() {
        #expect(parser.parse("to mena arkansas next friday").destination == "Mena")
        let turkish = parser.parse("Mena'ya (Arkansas) gelecek hafta, 2 kişi")
        #expect(turkish.destination == "Mena" && turkish.origin == nil)
        // A country's name pins no such town; nor does another state's.
        #expect(parser.parse("winner usa next friday").destination == nil)
        #expect(parser.parse("to mena, texas next friday").destination != "Mena")
    }

    @Test("Turkish: a common English word's town with 'from' glued on: 'sulphurdan'; not a Turkish or English word")
    func gluedFromOnACommonWord() {
        #expect(parser.parse("hazarddan cuma nereye olursa").origin == "Hazard")
        // "golden" is an English word, no Gol with "-den"; "birden" (suddenly) a Turkish one.
        #expect(parser.parse("golden cuma").origin == nil)
        #expect(parser.parse("birden cuma gitmem gerekti").origin == nil)
    }

    @Test("a place named as home is the origin: 'hays ks is home', 'home is boise'")
    func namedAsHome() {
        let hays = parser.parse("hays ks is home, a red-eye out friday, anywhere")
        #expect(hays.origin == "Hays" && hays.destination == nil)
        #expect(parser.parse("home is boise, need denver on friday").origin == "Boise")
        #expect(parser.parse("going home to boise friday").destination == "Boise")
    }

    @Test("a part of a region right after a place says where it is: 'Ithaca, upstate New York' is one place")
    func partOfARegion() {
        let ithaca = parser.parse("ithaca, upstate new york next friday")
        #expect(ithaca.destination == "Ithaca" && ithaca.origin == nil)
        let both = parser.parse("ithaca to new york next friday")
        #expect(both.origin == "Ithaca" && both.destination == "New York")
        // A compass word before the route goes on is no part of a region.
        #expect(parser.parse("from boston, south to miami").destination == "Miami")
    }

    @Test("climates: 'somewhere tropical', 'güneş ve deniz' are warm; of two, the one asked for")
    func climates() {
        #expect(parser.parse("somewhere tropical in august, 2 adults").climate == "warm")
        #expect(parser.parse("ağustosta güneş ve deniz olan bir yer").climate == "warm")
        #expect(parser.parse("sıcak bitirdi bizi, serin değil soğuk bir yere gidelim").climate == "cold")
        #expect(parser.parse("so hot here, somewhere cold next week").climate == "cold")
        // One climate alone, or two neither asked for, read as before.
        #expect(parser.parse("somewhere warm next week").climate == "warm")
        #expect(parser.parse("hot or cold, whatever is cheap").climate == "warm")
    }

    @Test("parties: '2 first class seats … for 7/12' is two; 'tek kişiyim' one; 've bebeğimiz' a baby")
    func parties() {
        let seats = parser.parse("3 business class seats to denver for 8/14")
        #expect(seats.adults == 3 && seats.cabin == "business")
        #expect(parser.parse("to denver for 8 july").adults == nil)
        #expect(parser.parse("to denver for 2, friday").adults == 2)
        #expect(parser.parse("yarın Ankara'ya, tek kişiyim").adults == 1)
        let baby = parser.parse("bu cuma Bodrum'a, kocam, ben ve bebeğimiz")
        #expect(baby.infants == 1 && baby.adults == 2)
        #expect(parser.parse("bu cuma Bodrum'a, kocam ve ben").infants == nil)
    }
}
