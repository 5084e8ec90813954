import AssistUnderstanding
import Testing

/// What the seventh written-after set (`golden/written-after/README.md`) found missing in travel requests: shorthand
/// ("tmrw", "2 pax", "200 bucks", "6000 TL altı"), a span of days after one month ("March 24-27"), a Turkish return
/// by a bare day ("15'inde döneceğim") or by a stay's length ("bir hafta kalacağım"), airlines the table lacked
/// (some of them words too: "United"), and Turkish places (a common word joined to a place by a dash, a province's
/// small seat, names Turkish writes as the places' own languages do). Each beside the reading it must not take.
@Suite("Travel phrasing: shorthand, spans of days, stays, airlines and Turkish places")
struct TravelShorthandTests {
    let parser = SearchParser(today: DateResolver(today: "2028-03-08")!)  // a Wednesday, in a leap year

    func span(_ from: String, _ to: String? = nil) -> DateResolver.Range { DateResolver.Range(from: from, to: to ?? from) }

    @Test("tmrw is tomorrow; pax counts people; bucks and quid are dollars and pounds; altı after money is under, before people six")
    func shorthand() {
        #expect(parser.parse("tallinn to riga tmrw morning").departure == span("2028-03-09"))
        #expect(parser.parse("Abu Dhabi to Islamabad, business class, 2 pax, March 20").adults == 2)
        #expect(parser.parse("Gulf Air Manama to Erbil on the 15th, 5 pax").adults == 5)
        #expect(parser.parse("one way Omaha to Indianapolis, max 200 bucks").maxPrice == SearchFilters.Price(amount: 200, currency: "USD"))
        #expect(parser.parse("London to Dublin under 80 quid").maxPrice == SearchFilters.Price(amount: 80, currency: "GBP"))
        #expect(parser.parse("Tokat'tan sıcak bir yer, mayısta, 6000 TL altı").maxPrice == SearchFilters.Price(amount: 6000, currency: "TRY"))
        let six = parser.parse("Antalya'ya 6000 TL altı kişi")
        #expect(six.maxPrice == nil && six.adults == 6)
        #expect(parser.parse("Omaha to Indianapolis, 200 bucks").maxPrice == nil)  // an amount without a limit word is no limit
    }

    @Test("a month and two days joined by a dash or 'to' are the days between; a number that counts people is not a day")
    func spansOfDays() {
        #expect(parser.parse("Southwest, Charlotte to Memphis, flexible March 24-27").departure == span("2028-03-24", "2028-03-27"))
        #expect(parser.parse("Charlotte to Memphis March 24 to 27").departure == span("2028-03-24", "2028-03-27"))
        let party = parser.parse("Charlotte to Memphis March 24, 2 adults")
        #expect(party.departure == span("2028-03-24") && party.adults == 2)
        #expect(parser.parse("Charlotte to Memphis March 27-24").departure == span("2028-03-27"))  // backwards: the first day alone
    }

    @Test("a Turkish return by a bare day is read from the departure; a stay's length after the departure gives the return")
    func returns() {
        let bareDay = parser.parse("İskenderiye'den İstanbul'a 5 nisanda gidip 15'inde döneceğim")
        #expect(bareDay.departure == span("2028-04-05") && bareDay.return == span("2028-04-15"))
        let stay = parser.parse("Bağdat'tan Ankara'ya 2 nisan gidiş, bir hafta kalacağım")
        #expect(stay.departure == span("2028-04-02") && stay.return == span("2028-04-09"))
        #expect(parser.parse("Paris to Rome April 2, staying 5 nights").return == span("2028-04-07"))
        #expect(parser.parse("Bağdat'tan Ankara'ya 2 nisan gidiş, kalabalık olmasın").return == nil)  // "kalabalık" is no stay
        #expect(parser.parse("Paris to Rome April 2, a week of sun").return == nil)  // a week without "for" or "stay" is no length
    }

    @Test("airlines the table now names, in English and Turkish; a word-airline only where the text makes it one")
    func airlines() {
        #expect(parser.parse("united sacramento to tucson fri night").airline == "United Airlines")
        #expect(parser.parse("Southwest, Charlotte to Memphis").airline == "Southwest Airlines")
        #expect(parser.parse("Gulf Air Manama to Erbil").airline == "Gulf Air")
        #expect(parser.parse("Kenya Airways Mombasa to Durban April 1, direct").airline == "Kenya Airways")
        #expect(parser.parse("Semerkant'tan İstanbul'a Özbekistan Havayolları ile 21 mart").airline == "Uzbekistan Airways")
        #expect(parser.parse("Nürnberg'den Kayseri'ye Corendon ile 29 mart").airline == "Corendon Airlines")
        #expect(parser.parse("Rabat'tan İstanbul'a Royal Air Maroc ile birinci sınıf").airline == "Royal Air Maroc")
        #expect(parser.parse("United Kingdom to Spain in May").airline == nil)
        #expect(parser.parse("flights from the united kingdom to spain").airline == nil)
        #expect(parser.parse("a hotel in the southwest of France").airline == nil)
    }

    @Test("Turkish places: a common word dashed to a place, a province's seat, Nürnberg and Priştine; a dash to no place is no pair")
    func places() {
        let mus = parser.parse("Muş-Ankara arası tek yön, en fazla 2500 TL")
        #expect(mus.origin == "Mus" && mus.destination == "Ankara")
        #expect(parser.parse("Hakkari'den Ankara'ya pazar günü öğleden sonra").origin == "Hakkari")
        #expect(parser.parse("Priştine Stuttgart 22 mart").origin == "Pristina")
        #expect(parser.parse("Nürnberg'den Kayseri'ye 29 mart").origin == "Nuremberg")
        #expect(parser.parse("Nice - cheap flights to Paris please").origin == nil)
    }
}
