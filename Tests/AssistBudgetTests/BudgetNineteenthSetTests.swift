import AssistBudget
import AssistUnderstanding
import Testing

/// The nineteenth written-after set's misses (`golden/written-after/README.md`): shops never paid, read by their shape
/// and place in the sentence, none added to a list of names: a name of three letters and two vowels said letter by
/// letter ("rei" → REI, "ido'ya" → İDO), an initial before a hyphen ("t-mobile" → T-Mobile), a possessive name and the
/// words after it ("dick's sporting goods purchases", "at Dick's Sporting Goods"), a name and two periods set against
/// each other ("wayfair q1 vs q2"), a name before a comma and a question ("chipotle, was june …"), two consonants as
/// initials before an apostrophed name ("hd iskender'de"); and what is no name's word: a common word with the
/// possessive ("bunun ne kadarı kadoil'e"). Each beside the reading it must not take.
@Suite("Budget: the nineteenth set's shops")
struct BudgetNineteenthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Zara", "Turkcell", "Opet"],
                                           today: "2035-07-11")  // a Wednesday

    func ask(_ text: String) -> FinanceQuestion { understander.understand(text) }

    @Test("a name of three letters and two vowels is said letter by letter ('rei' → REI, 'ido'ya' → İDO); one vowel is a word ('flo' → Flo)")
    func threeLetterNames() {
        #expect(ask("how many times did i shop at rei in the first half of the year").merchant == "REI")
        #expect(ask("2 mayıs ile 20 mayıs arası ido'ya ne kadar verdim").merchant == "İDO")
        #expect(ask("eylül başından beri flo'dan aldıklarımı listele").merchant == "Flo")
        #expect(SearchParser.brandSpelling(of: "rei") == nil)
    }

    @Test("an initial before a hyphen and the word after it are both capitalised ('t-mobile' → T-Mobile); no bill category with it")
    func initialBeforeHyphen() {
        let phone = ask("what was my t-mobile bill in may")
        #expect(phone.merchant == "T-Mobile" && phone.category == nil)
        // Parts longer than a letter keep their case ("buc-ee's" → Buc-ee's).
        #expect(ask("how much did i blow at buc-ee's last month").merchant == "Buc-ee's")
    }

    @Test("a possessive name and the words after it: 'dick's sporting goods purchases', 'at Dick's Sporting Goods'; 'at Denny's Sunday' is Denny's")
    func possessiveAndAfter() {
        #expect(ask("list my dick's sporting goods purchases from last quarter").merchant == "Dick's Sporting Goods")
        #expect(ask("How much have I spent at Dick's Sporting Goods this year?").merchant == "Dick's Sporting Goods")
        #expect(ask("how much at Trader Joe's this year").merchant == "Trader Joe's")
        #expect(ask("how much did I spend at Denny's Sunday").merchant == "Denny's")
        // A person's possessive is no shop's first word.
        #expect(ask("list my son's soccer gear purchases from last quarter").merchant != "Son's Soccer Gear")
    }

    @Test("a name and two periods set against each other ('wayfair q1 vs q2'); a category so stays one")
    func namesAgainstPeriods() {
        #expect(ask("wayfair q1 vs q2").merchant == "Wayfair")
        let groceries = ask("groceries q1 vs q2")
        #expect(groceries.merchant == nil && groceries.category == "groceries")
    }

    @Test("a name before a comma and a question of how it went ('chipotle, was june pricier than may?'); an adverb is none")
    func nameBeforeComma() {
        #expect(ask("chipotle, was june pricier than may?").merchant == "Chipotle")
        #expect(ask("honestly, was june pricier than may?").merchant == nil)
        #expect(ask("groceries, was june pricier than may?").merchant == nil)
    }

    @Test("two consonants before an apostrophed name are its initials ('hd iskender'de' → HD İskender)")
    func initialsBeforeApostrophe() {
        #expect(ask("haziranda hd iskender'de kişi başı ortalama ne bıraktım").merchant == "HD İskender")
        #expect(ask("madame coco'ya ne kadar harcadım").merchant == "Madame Coco")
    }

    @Test("a common word with the possessive joins no name: 'bunun ne kadarı kadoil'e gitti' is Kadoil")
    func possessiveCommonWord() {
        #expect(ask("bunun ne kadarı kadoil'e gitti").merchant == "Kadoil")
        #expect(ask("geçen ay english home'dan ne kadar harcadım").merchant == "English Home")
    }
}
