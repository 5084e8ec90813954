import AssistUnderstanding
import Testing

/// What the fourteenth written-after set (`golden/written-after/README.md`) found missing or wrong: more airlines
/// (Azul, Peach, TUI, Edelweiss and Red Wings only where the text makes them the airline, Fly Baghdad never first in
/// English, LAM and SWISS in capitals); "morn", "nite" and "first thing" as times of day; "ppl", "+ infant",
/// "bebekli", "2'si çocuk" and "2 büyük 2 küçük" in the party; Swiss francs; "snowboard" as a cold trip; Turkish names
/// from `tools/build_gazetteer.py`. Each beside the reading it must not take.
@Suite("Travel phrasing: the fourteenth set")
struct TravelFourteenthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2034-03-07")!)  // a Tuesday

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

    @Test("'snowboard' is a cold trip")
    func climate() {
        #expect(parser.parse("snowboard yapmak için İzmir'den bir yer öner").climate == "cold")
        #expect(parser.parse("somewhere to go snowboarding from Denver").climate == "cold")
    }
}
