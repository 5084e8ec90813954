@testable import AssistUnderstanding
import Testing

/// The forty-sixth written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The places and wordings here are not the set's.
@Suite("Travel phrasing: the forty-sixth set")
struct TravelFortySixthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2057-10-23")!)  // a Tuesday

    @Test("parties: 'me + wife', twins by age, 'biri 5 yaşında'; a companion in the news is no traveller")
    func parties() {
        let couple = parser.parse("me + wife + our 7 yr old twins to tampa in december")
        #expect(couple.adults == 2 && couple.children == 2)
        #expect(parser.parse("me + wife to tampa friday").adults == 2)
        #expect(parser.parse("tampa friday, me + my kids").adults == 1)
        #expect(parser.parse("tampa friday with our 7 yr old son").children == 1)
        #expect(parser.parse("tampa tomorrow, 1 adult, my mom had surgery").adults == 1)
        #expect(parser.parse("tampa tomorrow, 1 adult, my mom is coming").adults == 2)
        #expect(parser.parse("tampa tomorrow, 1 adult and my mom").adults == 2)
        let seats = parser.parse("cuma günü izmir'e 4 koltuk, biri 6 yaşında")
        #expect(seats.adults == 3 && seats.children == 1)
        #expect(parser.parse("cuma günü izmir'e 4 koltuk").adults == 4)
    }

    @Test("where we are: 'were in X' opening the request; 'we were in X' later is the past")
    func beingThere() {
        let here = parser.parse("were in tulsa, something cheap friday")
        #expect(here.origin == "Tulsa" && here.destination == nil)
    }

    @Test("price and warmth: 'cant spend more than $500' a most, 'more than $500' a least; 'a bit of sun'")
    func priceAndWarmth() {
        #expect(parser.parse("tampa friday, cant spend more than $500").maxPrice?.amount == 500)
        #expect(parser.parse("tampa friday, we can't pay more than $450").maxPrice?.amount == 450)
        #expect(parser.parse("tampa friday, happy to spend more than $500").maxPrice == nil)
        #expect(parser.parse("need a bit of sun next week, 2 adults").climate == "warm")
    }

    @Test("the Turkish adjective in -ki on a day: 'bu geceki', 'yarınki', 'bugünkü' name the day as 'bu gece' does")
    func dayAdjectives() {
        let today = DateResolver.Range(from: "2057-10-23", to: "2057-10-23")
        let tonight = parser.parse("bu geceki izmir ankara uçuşu var mı")
        #expect(tonight.departure == today && tonight.departureTimeOfDay == "night")
        #expect(parser.parse("bu aksamki izmir ankara ucusu").departure == today)
        #expect(parser.parse("bugünkü izmir ankara uçuşu").departure == today)
        #expect(parser.parse("yarınki izmir ankara uçuşu").departure == DateResolver.Range(from: "2057-10-24", to: "2057-10-24"))
        // "geceki" without "bu" is a night flight on no day in particular.
        #expect(parser.parse("izmir ankara geceki ucus").departure == nil)
    }

    @Test("counts in parentheses after the noun, and seats asked in Turkish ('iki yer lazım'); a place ('bir yer') counts no one")
    func countsAsWritten() {
        let family = parser.parse("taking the kids (3) to sarasota on friday, 2 adults")
        #expect(family.children == 3 && family.adults == 2)
        #expect(parser.parse("sarasota friday, adults (2), infants (1)").adults == 2)
        #expect(parser.parse("sarasota friday, adults (2), infants (1)").infants == 1)
        #expect(parser.parse("sarasota friday with the kids (ages 4 and 6)").children == nil)
        #expect(parser.parse("AJet'in yarınki uçuşunda üç yer lazım").adults == 3)
        #expect(parser.parse("cuma antalyaya 2 yer var mı").adults == 2)
        #expect(parser.parse("sıcak bir yer lazım cuma günü").adults == nil)
        #expect(parser.parse("iki yer gezmek istiyoruz, roma ve paris").adults == nil)
    }
}
