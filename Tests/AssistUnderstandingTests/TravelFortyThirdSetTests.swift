@testable import AssistUnderstanding
import Testing

/// The forty-third written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The places, carriers and wordings here are not the set's.
@Suite("Travel phrasing: the forty-third set")
struct TravelFortyThirdSetTests {
    let parser = SearchParser(today: DateResolver(today: "2057-05-16")!)  // a Wednesday

    @Test("a carrier's short name opening the request before when to fly: 'hawaiian tuesday', 'flair in 2 weeks'; a red-eye")
    func carrierOpeningTheRequest() {
        #expect(parser.parse("hawaiian tuesday, one adult").airline == "Hawaiian Airlines")
        #expect(parser.parse("porter tomorrow morning to ottawa").airline == "Porter Airlines")
        #expect(parser.parse("flair in 2 weeks, 3 adults").airline == "Flair Airlines")
        #expect(parser.parse("any spirit red-eye tonight to fort lauderdale?").airline == "Spirit Airlines")
        // Not before when to fly, not opening the request, or a red-eye alone: no carrier.
        #expect(parser.parse("hawaiian islands in june, 2 adults").airline == nil)
        #expect(parser.parse("a red-eye to boston tonight").airline == nil)
        #expect(parser.parse("flair for somewhere warm, friday").airline == nil)
    }

    @Test("a town read only with its state's code is a place in any context: 'baker mt friday'")
    func pinnedTownAlone() {
        #expect(parser.parse("baker mt friday, 1 adult").destination == "Baker")
        #expect(parser.parse("bishop ca sunday morning").destination == "Bishop")
        // Without its code it stays the word.
        #expect(parser.parse("baker friday, 1 adult").destination == nil)
    }

    @Test("Turkish: the locative with 'I am' or 'we are' after a name is where the trip starts: 'Kiruna'dayız'")
    func beingThere() {
        let kiruna = parser.parse("Kiruna'dayız, temmuzda sıcak bir yere")
        #expect(kiruna.origin == "Kiruna" && kiruna.destination == nil && kiruna.climate == "warm")
        #expect(parser.parse("Tromsø'deyim, cuma Oslo'ya").origin == "Tromsø")
        #expect(parser.parse("Kiruna'ya temmuzda").destination == "Kiruna")
    }

    @Test("Turkish: money in the dative before 'kadar' is a most: '2000 liraya kadar', '400 dolara kadar'")
    func upToAnAmount() {
        #expect(parser.parse("Oslo'ya cuma, 2000 liraya kadar").maxPrice == SearchFilters.Price(amount: 2000, currency: "TRY"))
        #expect(parser.parse("Oslo'ya cuma, 400 dolara kadar").maxPrice == SearchFilters.Price(amount: 400, currency: "USD"))
        // "2000 lira kadar" is about that much, no most.
        #expect(parser.parse("Oslo'ya cuma, 2000 lira kadar tutar").maxPrice == nil)
    }

    @Test("climates: 'by the sea' is warm, as 'deniz kenarı' is; 'kar yağan bir yer' (where it snows) is cold")
    func climates() {
        #expect(parser.parse("somewhere by the sea in july, 2 adults").climate == "warm")
        #expect(parser.parse("aralıkta kar yağan bir yere, 2 kişi").climate == "cold")
        #expect(parser.parse("to seattle in july, 2 adults").climate == nil)
    }
}
