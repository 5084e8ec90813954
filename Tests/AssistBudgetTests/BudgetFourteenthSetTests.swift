import AssistBudget
import AssistUnderstanding
import Testing

/// The fourteenth written-after set's misses (`golden/written-after/README.md`): periods ("over the weekend", "hafta
/// sonu", "valentine's", "feb 10-20", "dec 20 thru jan 3", "20 aralık - 3 ocak arası", "2033'ün ilk yarısıyla", "the
/// wk before that"), intents ("# of", "yesterday's transactions", "where'd all my money go", "what did all that come
/// to", "sırala", "en tuzlu"), categories ("concerts", "dışarda yedik", "internetten", "kısmı" after a category) and
/// merchants ("nusret" for Nusr-Et, "hafız mustafaya", "köfteci ramizden", "mopaşta yaptığım", "coffyye bu hafta",
/// "avg waitrose shop", "panera bread total"), beside the readings they must not take.
@Suite("Budget: the fourteenth set's periods, intents and lowercase shops")
struct BudgetFourteenthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "BiTaksi", "Sushico", "Nusr-Et", "Cinemaximum", "CarrefourSA"],
                                           today: "2034-03-07")  // a Tuesday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
    func ask(_ text: String, after previous: String? = nil) -> FinanceQuestion {
        understander.understand(text, previous: previous.map { understander.understand($0) })
    }

    @Test("'over the weekend' and a bare 'hafta sonu' are the latest weekend; a named one keeps its reading")
    func latestWeekend() {
        let english = ask("list the bitaksi rides i took over the weekend")
        #expect(english.intent == .listTransactions)
        #expect(english.period == range("2034-03-04", "2034-03-05"))
        #expect(english.merchant == "BiTaksi")
        #expect(ask("hafta sonu bindiğim bitaksileri listele").period == range("2034-03-04", "2034-03-05"))
        // On a weekend day, the weekend so far.
        let sunday = FinanceUnderstander(merchants: [], today: "2034-03-05")
        #expect(sunday.understand("what did i spend over the weekend").period == range("2034-03-04", "2034-03-05"))
        // "the weekend of feb 10" is that weekend; "bu hafta", "her hafta sonu", "10-11 şubat hafta sonu" are not the latest one.
        #expect(ask("how much did i spend the weekend of feb 10").period == range("2034-02-11", "2034-02-12"))
        #expect(ask("bu hafta sonu ne harcadım").period != range("2034-03-04", "2034-03-05"))
        #expect(ask("her hafta sonu ne kadar harcıyorum").period == range("2034-03-01", "2034-03-07"))
        #expect(ask("how much do i spend on weekends").period == range("2034-03-01", "2034-03-07"))
        // With another period, "hafta sonu" is weekends in general; cut from "geçen hafta sonu", no period to follow.
        #expect(ask("mart ayında hafta sonu ne harcadım").period == range("2034-03-01", "2034-03-07"))
        #expect(ask("geçen hafta sonu arkadaşım aliye ne kadar verdim").merchant == nil)
        // One word, "haftasonu", is no period alone: "geçen haftasonu" still is.
        #expect(ask("geçen haftasonu taksi ve otobüse ne kadar gitti").category == "transport")
        #expect(ask("geçen haftasonu taksi ve otobüse ne kadar gitti").merchant == nil)
    }

    @Test("'valentine's' alone is Valentine's Day; 'valentine' alone is no day")
    func valentines() {
        let question = ask("what did sushico cost me on valentine's")
        #expect(question.period == range("2034-02-14", "2034-02-14"))
        #expect(question.merchant == "Sushico")
        #expect(ask("how much on valentines").period == range("2034-02-14", "2034-02-14"))
        #expect(ask("how much at valentine this month").period == range("2034-03-01", "2034-03-07"))
    }

    @Test("Days from one to another: 'feb 10-20', 'dec 20 thru jan 3', '20 aralık - 3 ocak arası'; two days alone stay two")
    func daySpans() {
        let month = ask("personal care stuff feb 10-20, total?")
        #expect(month.period == range("2034-02-10", "2034-02-20"))
        #expect(month.category == "personal care")
        #expect(ask("spending feb 10 to 20").period == range("2034-02-10", "2034-02-20"))
        let english = ask("spending dec 20 thru jan 3")
        #expect(english.intent == .totalSpent)
        #expect(english.period == range("2033-12-20", "2034-01-03"))
        #expect(english.otherPeriod == nil)
        let turkish = ask("20 aralık - 3 ocak arası toplam ne harcamışım")
        #expect(turkish.intent == .totalSpent)
        #expect(turkish.period == range("2033-12-20", "2034-01-03"))
        #expect(turkish.otherPeriod == nil)
        // No dash nor joining word: "feb 10 20 dollars" is the 10th; "compare dec 20 and jan 3" stays two days.
        #expect(ask("how much on feb 10 20 dollars or more").period == range("2034-02-10", "2034-02-10"))
        let compared = ask("compare dec 20 and jan 3")
        #expect(compared.intent == .comparePeriods)
        #expect(compared.otherPeriod == range("2034-01-03", "2034-01-03"))
    }

    @Test("A genitive after an apostrophe joins a year to its half: '2033'ün ilk yarısıyla ikinci yarısını'")
    func halvesOfAYear() {
        let question = ask("2033'ün ilk yarısıyla ikinci yarısını kıyasla")
        #expect(question.intent == .comparePeriods)
        #expect(question.period == range("2033-01-01", "2033-06-30"))
        #expect(question.otherPeriod == range("2033-07-01", "2033-12-31"))
        #expect(ask("2032'nin ilk yarısında ne harcadım").period == range("2032-01-01", "2032-06-30"))
    }

    @Test("'the wk before that' after a week is the week before it")
    func weekBeforeThat() {
        let question = ask("what about the wk before that", after: "what did I spend on restaurants last week?")
        #expect(question.period == range("2034-02-20", "2034-02-26"))
        #expect(question.category == "restaurants")
    }

    @Test("Intents: '# of', 'transactions' alone, 'where'd all my money go', 'come to', 'sırala', 'en tuzlu'")
    func intents() {
        let count = ask("# of starbucks runs since friday")
        #expect(count.intent == .count)
        #expect(count.merchant == "Starbucks")
        #expect(ask("#of starbucks runs").intent == .count)
        #expect(ask("#offers from starbucks").intent == .totalSpent)
        #expect(ask("yesterday's transactions pls").intent == .listTransactions)
        #expect(ask("how many transactions yesterday").intent == .count)
        #expect(ask("total of yesterday's transactions").intent == .totalSpent)
        #expect(ask("where'd all my money go in january").intent == .topMerchants)
        #expect(ask("what did all that come to", after: "how many times did I go to Cinemaximum last year?").intent == .totalSpent)
        #expect(ask("ocaktaki abonelik ödemelerimi sırala").intent == .listTransactions)
        #expect(ask("en çok harcadığım yerleri sırala").intent == .topMerchants)
        let salty = ask("nusretteki en tuzlu hesabım geçen yıl ne kadardı")
        #expect(salty.intent == .largest)
        #expect(salty.merchant == "Nusr-Et")
    }

    @Test("Categories: concerts, 'dışarda yedik', 'internetten'; 'kısmı' narrows the last category to a merchant")
    func categories() {
        let concerts = ask("concerts and movies this year, how much")
        #expect(concerts.category == "entertainment")
        #expect(concerts.merchant == nil)
        let out = ask("gecen hafta kac kere disarda yedik")
        #expect(out.intent == .count)
        #expect(out.category == "restaurants")
        #expect(ask("black fridayde internetten ne kadarlık alışveriş yaptım").category == "shopping")
        #expect(ask("internetten fatura ödedim mi").category == "bills")
        let part = ask("carrefoursadaki kısmı ne kadar", after: "geçen ay markete ne kadar harcadım?")
        #expect(part.merchant == "CarrefourSA")
        #expect(part.category == "groceries")
    }

    @Test("A listed name's hyphen left out is that name; a word merely like it is not")
    func hyphenLeftOut() {
        #expect(ask("priciest nusret bill last year").merchant == "Nusr-Et")
        #expect(ask("nusrette ne kadar harcadım").merchant == "Nusr-Et")
        #expect(ask("priciest nusretim bill").merchant != "Nusr-Et")
        #expect(ask("how much on nusr").merchant != "Nusr-Et")
    }

    @Test("Turkish shops never paid in lower case: 'hafız mustafaya', 'köfteci ramizden', 'mopaşta yaptığım', 'coffyye bu hafta'")
    func turkishShops() {
        #expect(ask("geçen ay hafız mustafaya ne kadar verdim").merchant == "Hafız Mustafa")
        let ramiz = ask("bu ay köfteci ramizden kaç kere yemek aldım")
        #expect(ramiz.merchant == "Köfteci Ramiz")
        #expect(ramiz.intent == .count)
        let mopas = ask("ocakta mopaşta yaptığım en büyük alışveriş")
        #expect(mopas.merchant == "Mopaş")
        #expect(mopas.intent == .largest)
        let coffy = ask("coffyye bu hafta kaç para gitti")
        #expect(coffy.merchant == "Coffy")
        #expect(coffy.period == range("2034-03-06", "2034-03-07"))
        // A genitive before the word stays a possession; a word with no name shape after the period stays none.
        #expect(ask("geçen ay annemin evine ne kadar harcadım").merchant == nil)
        #expect(ask("bu hafta ne kadar harcadım").merchant == nil)
    }

    @Test("English shops never paid in lower case: 'avg waitrose shop', 'panera bread total'")
    func englishShops() {
        let waitrose = ask("avg waitrose shop over the last 6 months")
        #expect(waitrose.intent == .average)
        #expect(waitrose.merchant == "Waitrose")
        let panera = ask("panera bread total for the past 14 days")
        #expect(panera.merchant == "Panera Bread")
        #expect(panera.period == range("2034-02-22", "2034-03-07"))
        #expect(ask("eating out total for the past 14 days").merchant == nil)
        #expect(ask("where do i shop the most").merchant == nil)
        #expect(ask("how much did I spend at the corner shop last month?").merchant == nil)
        #expect(ask("avg Tesco shop last month?").merchant == "Tesco")
        #expect(ask("my local corner shop total").merchant == nil)
    }
}
