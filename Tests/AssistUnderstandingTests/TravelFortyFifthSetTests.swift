@testable import AssistUnderstanding
import Testing

/// The forty-fifth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The places and wordings here are not the set's.
@Suite("Travel phrasing: the forty-fifth set")
struct TravelFortyFifthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2057-08-16")!)  // a Thursday

    @Test("warmth asked for: 'some heat', 'want warmth', 'güneşe', 'biraz güneş'; 'escape the heat' asks none")
    func warmth() {
        #expect(parser.parse("denver in december, we want some heat").climate == "warm")
        #expect(parser.parse("anywhere in january, i want warmth").climate == "warm")
        #expect(parser.parse("kasımda güneşe kaçalım, 2 kişi").climate == "warm")
        #expect(parser.parse("aralıkta biraz güneş lazım, tek kişi").climate == "warm")
        #expect(parser.parse("escape the heat next week, 2 adults").climate == nil)
    }

    @Test("parties: '2 adults + my dad', 'me + 3 kids', 'üçümüz için', '2 ekonomi bileti'; a companion's occasion adds no one")
    func parties() {
        #expect(parser.parse("boston in october, 2 adults + my dad").adults == 3)
        #expect(parser.parse("boston in october, 1 adult and my sister").adults == 2)
        #expect(parser.parse("boston in october, 1 adult, my brother's wedding").adults == 1)
        let kids = parser.parse("me + 3 kids to orlando in december")
        #expect(kids.adults == 1 && kids.children == 3)
        #expect(parser.parse("üçümüz için cuma akşamı izmir").adults == 3)
        #expect(parser.parse("cuma sabahı için 2 ekonomi bileti").adults == 2)
        #expect(parser.parse("2 business tickets to rome friday").adults == 2)
        // A ticket alone, or one way, counts no one.
        #expect(parser.parse("a single ticket to rome friday").adults == nil)
    }

    @Test("a price: '$600 cap', '$600 limit'; '$600 fare' is no cap")
    func priceCap() {
        #expect(parser.parse("rome in october, $600 cap").maxPrice == SearchFilters.Price(amount: 600, currency: "USD"))
        #expect(parser.parse("rome in october, $600 limit").maxPrice == SearchFilters.Price(amount: 600, currency: "USD"))
        #expect(parser.parse("rome in october, saw a $600 fare").maxPrice == nil)
    }
}
