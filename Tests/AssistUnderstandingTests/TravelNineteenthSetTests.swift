import AssistUnderstanding
import Testing

/// What the nineteenth written-after set (`golden/written-after/README.md`) found missing: airlines the table lacks,
/// cut short or not read by the shapes the eighteenth set added (a capitalised name opening the request before its
/// route, with an ordinary word or a place inside it; "Air" and a hyphenated name; a day's name before "Airlines";
/// "Express" and "Flight" in the one place each ends a carrier's name; a name written as one word), and places the
/// words beside them hid (a US state's code in lower case, Turkish "ile" after a name, a Turkish spelling in lower
/// case before another place). None from a list of the set's values; each beside the reading it must not take.
@Suite("Travel phrasing: the nineteenth set")
struct TravelNineteenthSetTests {
    let parser = SearchParser(today: DateResolver(today: "2035-07-11")!)  // a Wednesday

    @Test("a capitalised name opening the request before its route is whole: 'Central Mountain Air Calgary to …', 'Fuji Dream Airlines Nagoya to …'")
    func openingNames() {
        let mountain = parser.parse("Central Mountain Air Calgary to Lloydminster Aug 2")
        #expect(mountain.airline == "Central Mountain Air" && mountain.origin == "Calgary")
        let fuji = parser.parse("Fuji Dream Airlines Nagoya to Yamagata Aug 6")
        #expect(fuji.airline == "Fuji Dream Airlines" && fuji.origin == "Nagoya" && fuji.destination == "Yamagata")
        // An ordinary word first, a day first, or no place after the name: not so.
        #expect(parser.parse("Fresh Mountain Air Calgary to Banff Aug 2").airline != "Fresh Mountain Air")
        #expect(parser.parse("Next Tuesday Rise Air Saskatoon to Prince Albert").airline == "Rise Air")
        let nagoya = parser.parse("Nagoya Dream Airlines to Yamagata Aug 6")
        #expect(nagoya.airline == "Dream Airlines" && nagoya.origin == "Nagoya")
    }

    @Test("'Air' and a capitalised hyphenated name keep it whole ('Air Saint-Pierre'); a lower-case part after a hyphen is none")
    func hyphenatedName() {
        let pierre = parser.parse("Air Saint-Pierre Halifax to Saint-Pierre Aug 10 - Aug 13")
        #expect(pierre.airline == "Air Saint-Pierre" && pierre.origin == "Halifax")
        #expect(parser.parse("Air Seychelles-style service Mahe to Praslin tomorrow").airline == "Air Seychelles")
    }

    @Test("a day's name right before 'Airlines' is the carrier's, no date ('Sunday Airlines ile … eylülde')")
    func dayInName() {
        let sunday = parser.parse("Sunday Airlines ile Almatı'dan Antalya'ya eylülde, 3 kişiyiz")
        #expect(sunday.airline == "Sunday Airlines")
        #expect(sunday.departure == DateResolver.Range(from: "2035-09-01", to: "2035-09-30"))
        // A day before a listed carrier, or apart from the name, or in lower case, is still the day.
        let listed = parser.parse("Boston to Denver Sunday Silver Airways")
        #expect(listed.airline == "Silver Airways" && listed.departure == DateResolver.Range(from: "2035-07-15", to: "2035-07-15"))
        let lower = parser.parse("sunday airlines boston to denver")
        #expect(lower.airline == nil && lower.departure == DateResolver.Range(from: "2035-07-15", to: "2035-07-15"))
    }

    @Test("'Express' opening the request before a place, 'Flight' before Turkish 'ile'; a train's or a booking's elsewhere")
    func narrowGenericWords() {
        let skyward = parser.parse("Skyward Express Nairobi to Wajir Aug 1, 1 adult")
        #expect(skyward.airline == "Skyward Express" && skyward.origin == "Nairobi")
        #expect(parser.parse("Royal Flight ile Moskova'dan Antalya'ya 1 ağustos").airline == "Royal Flight")
        #expect(parser.parse("Return Flight Boston to Denver next week").airline == nil)
        #expect(parser.parse("London to Paris, then the Gatwick Express").airline == nil)
        #expect(parser.parse("skyward express nairobi to wajir aug 1").airline == nil)
    }

    @Test("a name written as one word where a carrier stands: 'EcoJet', 'SkyAlps', 'TezJet ile', 'Originair', 'Israir ile'")
    func wordNames() {
        #expect(parser.parse("EcoJet Cochabamba to Cobija 8/9, 2 adults").airline == "EcoJet")
        #expect(parser.parse("SkyAlps Bolzano to Hamburg 3/8").airline == "SkyAlps")
        #expect(parser.parse("TezJet ile Bişkek'ten Oş'a yarın akşam").airline == "TezJet")
        #expect(parser.parse("Originair Nelson to Palmerston North thursday").airline == "Originair")
        #expect(parser.parse("Israir ile Tel Aviv'den Tiflis'e öbür hafta").airline == "Israir")
        // A place, a surname's capital, an English word in "-air", or a name elsewhere: none.
        #expect(parser.parse("McAllen to Houston tomorrow").airline == nil)
        #expect(parser.parse("LaGuardia to Chicago tomorrow").airline == nil)
        #expect(parser.parse("Wheelchair Boston to Denver tomorrow").airline == nil)
        #expect(parser.parse("Boston to Denver, bring the EcoJet brochure").airline == nil)
    }

    @Test("in one case, a word after 'air' before the place is the name's last: 'hokkaido air system sapporo to …'")
    func lowerCaseLastWord() {
        let hokkaido = parser.parse("hokkaido air system sapporo to kushiro sat afternoon")
        #expect(hokkaido.airline == "Hokkaido Air System" && hokkaido.origin == "Sapporo")
        #expect(parser.parse("island air tour maui to honolulu tomorrow").airline == nil)
    }

    @Test("a US state's code in lower case before 'to' pins the name: 'kearney ne to denver', 'hays ks to denver'")
    func lowerCaseStateCode() {
        let kearney = parser.parse("kearney ne to denver this sunday evening, direct")
        #expect(kearney.origin == "Kearney" && kearney.destination == "Denver")
        let hays = parser.parse("hays ks to denver tmrw am")
        #expect(hays.origin == "Hays" && hays.destination == "Denver")
        // Turkish "ne" (what) after a name, with no route after it: no code.
        #expect(parser.parse("kearney ne kadar uzak").origin == nil)
    }

    @Test("a place before Turkish 'ile' and the place left from is a companion, no end ('Aurora ile Habarovsk'tan …')")
    func companionBeforeWith() {
        let aurora = parser.parse("Aurora ile Habarovsk'tan Komsomolsk-na-Amure'ye cuma sabah")
        #expect(aurora.origin == "Khabarovsk" && aurora.destination != "Aurora")
        let aydin = parser.parse("Aydın ile İzmir'den Ankara'ya yarın")
        #expect(aydin.origin == "Izmir" && aydin.destination == "Ankara" && aydin.airline == nil)
        // Two places joined for a pair stay the route's ends.
        let pair = parser.parse("İstanbul ile Ankara arası yarın")
        #expect(pair.origin == "Istanbul" && pair.destination == "Ankara")
    }

    @Test("a Turkish spelling in lower case with a 'from' ending before a place gone to: 'nadımdan antalyaya'")
    func spellingBeforePlace() {
        let nadym = parser.parse("nadımdan antalyaya 4 ağustosta gidip 10 gece kalacağız")
        #expect(nadym.origin == "Nadym" && nadym.destination == "Antalya")
        // An ordinary word so ("from red to blue"): no place.
        let colours = parser.parse("kızıldan maviye boyadım")
        #expect(colours.origin == nil && colours.destination == nil)
    }
}
