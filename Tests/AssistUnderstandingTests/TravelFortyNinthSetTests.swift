@testable import AssistUnderstanding
import Testing

/// The forty-ninth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The places and wordings here are not the set's.
@Suite("Travel phrasing: the forty-ninth set")
struct TravelFortyNinthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2058-06-27")!)  // a Thursday

    @Test("children counted as kin or kiddos: 'me + my 3 girls', 'our two sons', '2 kiddos'; '4 girls' alone is no child")
    func childrenCounted() {
        let girls = parser.parse("ames ia 8/2, me + my 3 girls")
        #expect(girls.children == 3 && girls.adults == 1)
        #expect(parser.parse("ames ia 8/2 with our two sons").children == 2)
        #expect(parser.parse("ames ia 8/2, 2 adults 3 kiddos").children == 3)
        #expect(parser.parse("ames ia 8/2, 4 girls, bachelorette weekend").children == nil)
    }

    @Test("Turkish: 'iki büyük, bir küçük' in words; 'gideceğim yalnız' ending the request is alone, 'yalnız' before more is not")
    func turkishParties() {
        #expect(parser.parse("Antalya'ya cuma; üç büyük, iki küçük").children == 2)
        #expect(parser.parse("antalyaya 3 gun sonra gidecegim yalniz").adults == 1)
        #expect(parser.parse("antalyaya 3 gun sonra gidecegim yalniz fiyat onemli").adults == nil)
    }

    @Test("'chasing winter' is cold, 'chasing winter sun' warm; 'deniz, kum, güneş' is warm")
    func climates() {
        #expect(parser.parse("ames ia friday, chasing winter down south").climate == "cold")
        #expect(parser.parse("ames ia friday, chasing winter sun").climate == "warm")
        #expect(parser.parse("gelecek ay deniz, kum, güneş olsun yeter").climate == "warm")
    }

    @Test("'in a fortnight' is two weeks on, 'in a week' one; 'dönüşü' marks the return; 'any direction' asks no nonstop")
    func datesAndStops() {
        #expect(parser.parse("easyJet in a fortnight, just me").departure == DateResolver.Range(from: "2058-07-11", to: "2058-07-11"))
        #expect(parser.parse("easyJet in a week, just me").departure == DateResolver.Range(from: "2058-07-04", to: "2058-07-04"))
        let back = parser.parse("THY ekonomi, gidişi 3 ağustos dönüşü 10 ağustos, iki yetişkin")
        #expect(back.departure == DateResolver.Range(from: "2058-08-03", to: "2058-08-03")
                && back.return == DateResolver.Range(from: "2058-08-10", to: "2058-08-10"))
        #expect(parser.parse("from ames ia 7/3, solo, any direction").nonstop == nil)
        #expect(parser.parse("from ames ia 7/3, solo, direct only").nonstop == true)
    }

    @Test("a place left 'out of there' or 'from there' is the origin; one flown 'to' stays the destination")
    func leftFromThere() {
        let left = parser.parse("been up in ames all week on a job, anything out of there saturday?")
        #expect(left.origin == "Ames" && left.destination == nil)
        #expect(parser.parse("been in ames for work, flights from there on friday").origin == "Ames")
        #expect(parser.parse("flights to ames on friday, it's nice there").destination == "Ames")
    }
}
