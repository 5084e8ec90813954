import AssistBudget
import AssistUnderstanding
import Testing

/// The twentieth written-after set's misses (`golden/written-after/README.md`), fixed by general rules: this month's
/// name after "last" in that month is the year before's ("this january compared to last january", "bu ocak geçen
/// ocaktan"), "go back one more month" and "bir ay daha geriye git" as follow-ups, a range of months written with a
/// dash ("temmuz-eylül", "july-september"), "kasımdan fazla mı" as a comparison, "most i dropped … in one night"
/// (largest), "where has my money gone" (top merchants), two words "&" joins after "at" ("at dave & buster's"),
/// "streaming" as the subscriptions' word and "dönem" (a period) as no shop. Each beside the reading it must not take.
@Suite("Budget: the twentieth set's periods, follow-ups, intents and shops")
struct BudgetTwentiethSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Netflix", "Shell"], today: "2031-01-16")  // a Thursday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
    func ask(_ text: String, after previous: String? = nil) -> FinanceQuestion {
        understander.understand(text, previous: previous.map { understander.understand($0) })
    }

    @Test("this month's name after 'last' in that month is the year before's: 'this january compared to last january'")
    func lastOfThisMonth() {
        let english = ask("how does this january compare to last january")
        #expect(english.intent == .comparePeriods && english.period == range("2031-01-01", "2031-01-16"))
        #expect(english.otherPeriod == range("2030-01-01", "2030-01-31"))
        let turkish = ask("bu ocak geçen ocaktan daha mı pahalıya geliyor")
        #expect(turkish.period == range("2031-01-01", "2031-01-16") && turkish.otherPeriod == range("2030-01-01", "2030-01-31"))
        // Another month after "last" is its latest, as before; and "since last january" stays a start.
        #expect(ask("how much did i spend last march").period == range("2030-03-01", "2030-03-31"))
        #expect(ask("what did i spend in january").period == range("2031-01-01", "2031-01-16"))
    }

    @Test("'go back one more month', 'bir ay daha geriye git' move the last period one month back; 'one more month' alone does not")
    func oneMoreMonthBack() {
        #expect(ask("go back one more month", after: "How much did I spend at Migros last month?").period == range("2030-11-01", "2030-11-30"))
        #expect(ask("bir ay daha geriye git", after: "Geçen ay Migros'a ne kadar harcadım?").period == range("2030-11-01", "2030-11-30"))
        #expect(ask("one more month please", after: "How much did I spend at Migros last month?").period != range("2030-11-01", "2030-11-30"))
    }

    @Test("a range of months written with a dash: 'temmuz-eylül arasında', 'july-september'; months dashed to compare stay two")
    func dashedMonths() {
        #expect(ask("temmuz-eylül arasında en çok para giden 3 kategori").period == range("2030-07-01", "2030-09-30"))
        #expect(ask("how much did i spend july-september").period == range("2030-07-01", "2030-09-30"))
        let quarter = ask("nisan-haziran döneminde ne kadardı", after: "Geçen çeyrekte aboneliklere ne kadar ödedim?")
        #expect(quarter.period == range("2030-04-01", "2030-06-30") && quarter.merchant == nil && quarter.category == "subscriptions")
        let compared = ask("compare july-august spending")
        #expect(compared.period == range("2030-07-01", "2030-07-31") && compared.otherPeriod == range("2030-08-01", "2030-08-31"))
    }

    @Test("'kasımdan fazla mı' after a month sets it against November; 'kasımdan beri' and an amount do not")
    func moreThanMonth() {
        let more = ask("kasımdan fazla mı", after: "Geçen ay eğlenceye ne kadar harcadım?")
        #expect(more.intent == .comparePeriods && more.period == range("2030-12-01", "2030-12-31"))
        #expect(more.otherPeriod == range("2030-11-01", "2030-11-30") && more.category == "entertainment")
        #expect(ask("kasımdan beri ne kadar harcadım").intent != .comparePeriods)
        #expect(ask("geçen ay 500 liradan fazla mı harcadım").intent != .comparePeriods)
    }

    @Test("'most i dropped at dave & buster's in one night' is the largest, at a name '&' joins; 'where has my money gone' the top merchants")
    func intentsAndAmpersandName() {
        let night = ask("most i dropped at dave & buster's in one night last year")
        #expect(night.intent == .largest && night.merchant == "Dave & Buster's" && night.category == nil)
        #expect(ask("how much was my one night at migros").intent != .largest)
        // A category's whole word either side of "&" makes no name.
        #expect(ask("how much did i spend at taxi & bus last month").merchant == nil)
        #expect(ask("where has my money gone since christmas").intent == .topMerchants)
        #expect(ask("how much money has gone to netflix this year").intent != .topMerchants)
    }

    @Test("'what did culver's run me' and 'paid Peacock': a cost's verb and a payee capitalised; 'did the kids run' is none")
    func costAndPayee() {
        #expect(ask("what did culver's run me last month").merchant == "Culver's")
        #expect(ask("how much have I paid Peacock since October?").merchant == "Peacock")
        #expect(ask("how far did the kids run last month").merchant == nil)
        #expect(ask("how much have I paid Monday").merchant == nil)
    }

    @Test("brand capitals: a vowel and two consonants no word ends with ('amc' → AMC), a letter between two words ('in-n-out' → In-N-Out)")
    func brandCapitals() {
        #expect(ask("list every amc ticket from last month").merchant == "AMC")
        #expect(ask("list every elf order from last month").merchant == "Elf")
        #expect(ask("in-n-out this week, how many times").merchant == "In-N-Out")
        // Parts longer than a letter keep their case ("buc-ee's" → Buc-ee's).
        #expect(ask("how much did i blow at buc-ee's last month").merchant == "Buc-ee's")
    }

    @Test("two words opening the question before 'üyelik…' are a name ('mars athletic üyeliğime'); a period before it is none")
    func twoWordsBeforeMembership() {
        #expect(ask("mars athletic üyeliğime geçen yıl toplam ne kadar ödedim").merchant == "Mars Athletic")
        #expect(ask("geçen yıl spor üyeliğime toplam ne kadar ödedim").merchant != "Yıl Spor")
    }

    @Test("a word before the kind of shop it is, the ending on the kind: 'atasun optik'e', 'bkm kitap'a', 'mikel coffee'de'")
    func nameBeforeShopKind() {
        #expect(ask("atasun optik'e 2030'da kaç kez ödeme yaptım").merchant == "Atasun Optik")
        let books = ask("geçen sonbahar bkm kitap'a kaç sipariş verdim")
        #expect(books.merchant == "BKM Kitap" && books.category == nil)
        let coffee = ask("mikel coffee'de bu ay kahve başına ortalama ne ödüyorum")
        #expect(coffee.merchant == "Mikel Coffee" && coffee.category == nil)
        // A period's word before the kind: the category, no shop.
        let groceries = ask("geçen ay market'e ne kadar harcadım")
        #expect(groceries.merchant == nil && groceries.category == "groceries")
    }

    @Test("'streaming' is the subscriptions' word, no shop; 'dönem' (a period) is none either")
    func commonWordsNoShops() {
        let streaming = ask("list my streaming subscriptions this year")
        #expect(streaming.merchant == nil && streaming.category == "subscriptions")
        #expect(ask("list my netflix subscriptions this year").merchant == "Netflix")
        #expect(ask("bu dönemde migros'a ne kadar harcadım").merchant == "Migros")
    }
}
