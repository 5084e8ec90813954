@testable import AssistUnderstanding
import Testing

/// The thirty-ninth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside
/// the reading it must not take. The places and wordings here are not the set's.
@Suite("Travel phrasing: the thirty-ninth set")
struct TravelThirtyNinthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2056-11-14")!)  // a Tuesday

    func day(_ date: String) -> DateResolver.Range { DateResolver.Range(from: date, to: date) }

    @Test("holidays by their other names: 'turkey day', 'xmas eve', 'xmas day', 'şükran günü', Hogmanay, St Andrew's Day")
    func holidaysByOtherNames() {
        #expect(parser.parse("boston to denver on turkey day").departure == day("2056-11-23"))
        #expect(parser.parse("boston to denver xmas eve").departure == day("2056-12-24"))
        #expect(parser.parse("boston to denver xmas day").departure == day("2056-12-25"))
        #expect(parser.parse("istanbul'dan berline şükran gününde").departure == day("2056-11-23"))
        #expect(parser.parse("noel arifesinde londra'ya").departure == day("2056-12-24"))
        #expect(parser.parse("London to Oslo at Hogmanay").departure == day("2056-12-31"))
        #expect(parser.parse("Glasgow to Oslo on St Andrew's Day").departure == day("2056-11-30"))
        // Turkey the country, and a day trip, name no holiday.
        #expect(parser.parse("istanbul turkey to paris friday").departure == day("2056-11-17"))
    }

    @Test("an English climate word takes only English endings: 'the sunday after' asks for no sun; 'sunnier', 'warmer' do")
    func climateWords() {
        #expect(parser.parse("delta the sunday after thanksgiving, 2 ppl").climate == nil)
        #expect(parser.parse("boston to a hotel in denver friday").climate == nil)
        #expect(parser.parse("somewhere sunnier than boston in december").climate == "warm")
        #expect(parser.parse("somewhere warmer, leaving boston friday").climate == "warm")
        #expect(parser.parse("winter sun from manchester, 2 adults").climate == "warm")
        #expect(parser.parse("cuma günü ankara'dan uçalım ama güneş görelim").climate == "warm")
        #expect(parser.parse("somewhere with skiing in january").climate == "cold")
    }

    @Test("where the traveller is stuck is the origin; 'me and my grandma', 'yalnız gideceğim'")
    func originsAndParties() {
        let stuck = parser.parse("stuck in denver, anything to reno tmrw night?")
        #expect(stuck.origin == "Denver" && stuck.destination == "Reno")
        // "ne" after a Nebraska town, in an English text, is its state, no Turkish ending: no destination of it.
        let nebraska = parser.parse("stuck in kearney ne, anything to denver tmrw night?")
        #expect(nebraska.origin == "Kearney" && nebraska.destination == "Denver")
        #expect(parser.parse("flying me and my grandpa to reno on the 29th").adults == 2)
        #expect(parser.parse("ankara'dan izmir'e yalnız gideceğim, ayın 27'si").adults == 1)
        // "yalnız" before no verb of going ("only") counts nobody.
        #expect(parser.parse("ankara'dan izmir'e yalnız sabah uçuşları").adults == nil)
    }

    @Test("an unlisted carrier in lower case before 'fly' or 'flight': 'does kivalliq air fly that?'; 'alaska air' is Alaska Airlines")
    func carriers() {
        #expect(parser.parse("winnipeg to rankin inlet 12/5, does kivalliq air fly that?").airline == "Kivalliq Air")
        #expect(parser.parse("does sunrise aviation still fly into wrangell ak? need 12/1").airline == "Sunrise Aviation")
        #expect(parser.parse("anchorage to nome jan 8, alaska air").airline == "Alaska Airlines")
        // Places before "air flights" stay places.
        let denver = parser.parse("denver air flights to reno friday")
        #expect(denver.airline == nil && denver.origin == "Denver" && denver.destination == "Reno")
    }

    @Test("a long date word typed with a slip: 'wendsday', 'thurdsay', 'chrismas eve' stay dates; a common word does not become one")
    func dateWordsWithSlips() {
        #expect(parser.parse("boston to denver wendsday").departure == day("2056-11-15"))
        #expect(parser.parse("boston to denver thurdsay morning").departure == day("2056-11-16"))
        #expect(parser.parse("boston to denver on chrismas eve").departure == day("2056-12-24"))
        #expect(parser.parse("boston to denver on thanksgving").departure == day("2056-11-23"))
        // "christian" is a common word: no date.
        #expect(parser.parse("boston to denver with christian").departure == nil)
    }
}
