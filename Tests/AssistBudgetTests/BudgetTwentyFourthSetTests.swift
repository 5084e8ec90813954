import AssistBudget
import AssistUnderstanding
import Testing

/// The twenty-fourth written-after set's wrong shop names (`golden/written-after/README.md`), fixed by general rules: a
/// kind of shop after its name's word is the whole name ("dost kitabevi'ne", "avşar sinemaları'ndan"), never the kind
/// alone; two letters that are no grammar word open a name ("la fitness charge"). Each beside the reading it must not
/// take.
@Suite("Budget: the twenty-fourth set's shop names")
struct BudgetTwentyFourthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Netflix", "Shell"], today: "2043-06-03")  // a Wednesday

    func ask(_ text: String) -> FinanceQuestion { understander.understand(text) }

    @Test("a kind of shop after a name's word is the whole name; alone it names no shop")
    func shopKinds() {
        #expect(ask("dost kitabevi'ne geçen yaz ne kadar gitti").merchant == "Dost Kitabevi")
        #expect(ask("son 6 ayda avşar sinemaları'ndan aldığım biletleri göster").merchant == "Avşar Sinemaları")
        let alone = ask("kitabevi'ne geçen yaz ne kadar gitti")
        #expect(alone.merchant == nil && alone.category == "books")
        #expect(ask("sinemaları'ndan aldığım biletler").merchant == nil)
        // A compound's possessive second word after its first is still the whole name, and one word alone is one.
        #expect(ask("ayakkabı dünyası'nda ne kadar harcadım").merchant == "Ayakkabı Dünyası")
        #expect(ask("kitapyurdu'ndan ne aldım").merchant == "Kitapyurdu")
    }

    @Test("two letters that are no grammar word open a name: 'la fitness', as initials do ('tk maxx')")
    func twoLetterFirstWords() {
        #expect(ask("show every la fitness charge since easter").merchant == "La Fitness")
        #expect(ask("every tk maxx purchase").merchant == "TK Maxx")
        // A grammar word before the name is none of it.
        #expect(ask("my netflix charges last month").merchant == "Netflix")
        #expect(ask("so many uber rides last week").merchant == "Uber")
    }

    @Test("a word written before an apostrophe is the whole name: 'martı'ya' is Martı, no March; months stay dates")
    func nameBeforeApostropheIsNoMonth() {
        let marti = ask("cuma günü martı'ya ne kadar ödedim")
        #expect(marti.merchant == "Martı")
        #expect(marti.period == DateResolver.Range(from: "2043-05-29", to: "2043-05-29") && marti.otherPeriod == nil)
        #expect(ask("bu hafta martı'ya kaç kez bindim").merchant == "Martı")
        // The month itself before an apostrophe, or with its ending glued, is still the month.
        #expect(ask("mart'ta ne harcadım").period == DateResolver.Range(from: "2043-03-01", to: "2043-03-31"))
        #expect(ask("martta ne harcadım").period == DateResolver.Range(from: "2043-03-01", to: "2043-03-31"))
        #expect(ask("15 mart'ta migros'a ne kadar verdim").period == DateResolver.Range(from: "2043-03-15", to: "2043-03-15"))
        // A weekday's case ending without an apostrophe is still the weekday.
        #expect(ask("cumaya ne kadar harcadım").period == DateResolver.Range(from: "2043-05-29", to: "2043-05-29"))
    }
}

/// The twenty-fourth set's holidays in questions about spending: their latest day, "since" one running to today.
@Suite("Budget: the twenty-fourth set's holidays")
struct BudgetTwentyFourthSetHolidayTests {
    let understander = FinanceUnderstander(merchants: ["Yemeksepeti"], today: "2043-06-03")  // a Wednesday

    @Test("since Eid al-Adha or Kurban Bayramı: from its latest first day (23 November 2042) to today; 'the next day'; Cinco de Mayo")
    func holidays() {
        let since = DateResolver.Range(from: "2042-11-23", to: "2043-06-03")
        #expect(understander.understand("where did my money go since eid al-adha").period == since)
        #expect(understander.understand("kurban bayramından beri yemeksepeti'ne ne kadar ödedim").period == since)
        #expect(understander.understand("kurban bayramından beri yemeksepeti'ne ne kadar ödedim").merchant == "Yemeksepeti")
        let friday = understander.understand("What did I spend on Friday?")
        #expect(understander.understand("and the next day?", previous: friday).period == DateResolver.Range(from: "2043-05-30", to: "2043-05-30"))
        // "next week" after a question about one is no shift of a day.
        #expect(understander.understand("and the next week?", previous: friday).period != DateResolver.Range(from: "2043-05-30", to: "2043-05-30"))
        let cinco = understander.understand("concerts and movies on cinco de mayo")
        #expect(cinco.period == DateResolver.Range(from: "2043-05-05", to: "2043-05-05") && cinco.category == "entertainment")
    }
}
