import AssistUnderstanding
import Testing

/// What the twentieth written-after set (`golden/written-after/README.md`) found missing, fixed by general rules: the
/// US federal holidays the calendar lacked (MLK Day, Presidents' Day and the rest, a closed calendar), parties named
/// in words ("3 grown-ups", "me + my 3 kids", "me and a friend", "two of us plus our baby"), a cap on the price ("cap
/// it at $700", "$300 tops"), airlines cut short or missed where they stand ("Iran Airtour", "Trans Air Congo from …",
/// "on air sunshine,", "air choice one decatur …", "Afrijet", "Canaryfly"), and the one place before "somewhere" as the
/// origin. None from a list of the set's values; each beside the reading it must not take.
@Suite("Travel phrasing: the twentieth set")
struct TravelTwentiethSetTests {
    let parser = SearchParser(today: DateResolver(today: "2035-07-11")!)  // a Wednesday

    func day(_ iso: String) -> DateResolver.Range { DateResolver.Range(from: iso, to: iso) }

    @Test("the US federal holidays in their common spellings: MLK Day, Presidents' Day, Juneteenth, the Fourth of July, Indigenous Peoples' Day")
    func federalHolidays() {
        #expect(parser.parse("Augusta GA to Jackson MS on Presidents' Day").departure == day("2036-02-18"))
        #expect(parser.parse("boston to denver on presidents day").departure == day("2036-02-18"))
        #expect(parser.parse("Salisbury MD to Williamsport on MLK Day, 7am").departure == day("2036-01-21"))
        #expect(parser.parse("boston to denver martin luther king jr. day").departure == day("2036-01-21"))
        #expect(parser.parse("boston to denver on juneteenth").departure == day("2036-06-19"))
        #expect(parser.parse("boston to denver for the fourth of july").departure == day("2036-07-04"))
        #expect(parser.parse("boston to denver on independence day").departure == day("2036-07-04"))
        #expect(parser.parse("boston to denver on indigenous peoples day").departure == day("2035-10-08"))
        // A president's name or "day" alone is no holiday.
        #expect(parser.parse("boston to washington, 2 adults, one day trip").departure == nil)
    }

    @Test("parties in words: '3 grown-ups', 'me + my 3 kids', 'me and a friend', 'two of us plus our baby'")
    func partiesInWords() {
        #expect(parser.parse("roswell nm - grand island ne, 3 grown-ups").adults == 3)
        let kids = parser.parse("me + my 3 kids, johnstown pa to vero beach march 7")
        #expect(kids.adults == 1 && kids.children == 3)
        #expect(parser.parse("next weekend rutland vt → el dorado ar for me and a friend").adults == 2)
        #expect(parser.parse("boston to denver, a friend and I").adults == 2)
        let baby = parser.parse("morgantown wv → pendleton or, feb 27, two of us plus our baby")
        #expect(baby.adults == 2 && baby.infants == 1)
        // Grown men, a bag, or bags plus: no count of grown-ups, companions or babies.
        #expect(parser.parse("boston to denver, 3 grown men").adults == nil)
        #expect(parser.parse("boston to denver, me and a bag").adults == nil)
        #expect(parser.parse("boston to denver, two of us plus our bags").infants == nil)
    }

    @Test("a cap on the price: 'cap it at $700', '$300 tops'; a cap elsewhere, or tops not after the money, sets none")
    func cappedPrice() {
        #expect(parser.parse("roswell nm - grand island ne, cap it at $700").maxPrice?.amount == 700)
        #expect(parser.parse("cheap watertown sd to springfield il this weekend, $300 tops").maxPrice?.amount == 300)
        #expect(parser.parse("boston to denver, baseball cap, $300 fare").maxPrice == nil)
        #expect(parser.parse("boston to denver, $300 fare, tank tops").maxPrice == nil)
    }

    @Test("airlines where they stand: 'Iran Airtour ile', 'Trans Air Congo from …', 'on air sunshine,', 'air choice one decatur …'")
    func airlinesWhereTheyStand() {
        #expect(parser.parse("Iran Airtour ile Tahran'dan Şiraz'a haftaya salı").airline == "Iran Airtour")
        #expect(parser.parse("Iran Air ile Tahran'dan Şiraz'a").airline == "Iran Air")
        let congo = parser.parse("Trans Air Congo from Dolisie to Impfondo sunday afternoon")
        #expect(congo.airline == "Trans Air Congo" && congo.origin == "Dolisie")
        #expect(parser.parse("Trans Air from Dolisie to Impfondo sunday").airline == "Trans Air")
        #expect(parser.parse("charlotte to road town tomorrow on air sunshine, under $250").airline == "Air Sunshine")
        #expect(parser.parse("david to changuinola on air panama sat afternoon").airline == "Air Panama")
        #expect(parser.parse("air choice one decatur il → kirksville wednesday").airline == "Air Choice One")
        // A thing after "air", a time of day, or "one way": no name.
        #expect(parser.parse("boston to denver with air miles tomorrow").airline == nil)
        #expect(parser.parse("boston to denver, back on air tonight").airline == nil)
        #expect(parser.parse("air tahiti one way papeete to moorea").airline != "Air Tahiti One")
    }

    @Test("'jet' or 'fly' glued at a name's end where a carrier stands: 'Afrijet Franceville to …', 'Canaryfly Fuerteventura to La Palma'")
    func gluedJetAndFly() {
        #expect(parser.parse("Afrijet Franceville to Oyem 2/9, 2 adults").airline == "Afrijet")
        #expect(parser.parse("Canaryfly Fuerteventura to La Palma 3/4").airline == "Canaryfly")
        // English words so made, or the name elsewhere: none.
        #expect(parser.parse("Butterfly Boston to Denver tomorrow").airline == nil)
        #expect(parser.parse("Turbojet Boston to Denver tomorrow").airline == nil)
        #expect(parser.parse("Boston to Denver, Bravojet brochure").airline == nil)  // Afrijet is listed since the thirty-sixth set
    }

    @Test("a Turkish spelling of three letters, capitalised before an apostrophe right after a place: 'Anadır'dan Oha'ya' (Okha)")
    func shortTurkishSpelling() {
        #expect(parser.parse("ChukotAvia ile Anadır'dan Oha'ya 5 şubat").destination == "Okha")
        // Alone, or in lower case, the interjection names no place.
        #expect(parser.parse("Oha'ya bak, yarın Anadır'dan uçuyorum").destination != "Okha")
        #expect(parser.parse("oha, anadırdan yarın uçuyorum").destination == nil)
    }

    @Test("the one place before 'somewhere' is left from ('sick of the snow in cheyenne - somewhere with beaches')")
    func placeBeforeSomewhere() {
        let cheyenne = parser.parse("sick of the snow in cheyenne - somewhere with beaches in march")
        #expect(cheyenne.origin == "Cheyenne" && cheyenne.destination == nil)
        // The open word first, or the two joined: the place is gone to.
        #expect(parser.parse("anywhere in italy in march").origin == nil)
        #expect(parser.parse("denver or somewhere warm in march").destination == "Denver")
    }
}
