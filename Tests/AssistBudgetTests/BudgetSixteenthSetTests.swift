import AssistBudget
import AssistUnderstanding
import Testing

/// The sixteenth written-after set's misses (`golden/written-after/README.md`): "the weekend before", "yılbaşından
/// bugüne", follow-ups moving the period ("one more month back?", "bir ay geriye git"), comparing with "more than"
/// ("is that more than january?"), intents ("avrage", "purchase by purchase", "işlem işlem", "en kabarık"), and shops
/// never paid ("switch to tim hortons", "Morrisons so far this week?", "Nordstrom: …", "avg sweetgreen bowl", "amtrak
/// tickets", "chevron fill-ups", "Exxen üyeliğime", "etstur rezervasyonlarım", "dürümzadede ortalama", "paşabahçe
/// harcamalarımı", "remzi kitabevinden", "lukoilde bıraktığım kısım", "bu sene kiğılı'da"), beside the readings they must
/// not take.
@Suite("Budget: the sixteenth set's periods, follow-ups, comparisons, intents and shops")
struct BudgetSixteenthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Sushico", "Zara", "Turkcell", "Opet", "BiTaksi"],
                                           today: "2032-03-09")  // a Tuesday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
    func ask(_ text: String, after previous: String? = nil) -> FinanceQuestion {
        understander.understand(text, previous: previous.map { understander.understand($0) })
    }

    @Test("'the weekend before' shifts the weekend named before it; 'over the weekend' stays the latest weekend")
    func weekendBefore() {
        let compared = ask("compare last weekend to the weekend before")
        #expect(compared.intent == .comparePeriods)
        #expect(compared.period == range("2032-03-06", "2032-03-07"))
        #expect(compared.otherPeriod == range("2032-02-28", "2032-02-29"))
        #expect(ask("the weekend before?", after: "what did i spend last weekend").period == range("2032-02-28", "2032-02-29"))
        // "the weekend" alone, or of a day, keeps its reading.
        #expect(ask("what did i spend over the weekend").period == range("2032-03-06", "2032-03-07"))
        #expect(ask("spending the weekend of feb 14").period == range("2032-02-14", "2032-02-15"))
    }

    @Test("'bugüne (kadar)' after a start is to today ('yılbaşından bugüne', 'ocaktan bugüne kadar'); 'bugün' stays today")
    func toToday() {
        let yearToDate = ask("yılbaşından bugüne turkcell'e ödediğim toplam tutar")
        #expect(yearToDate.period == range("2032-01-01", "2032-03-09"))
        #expect(yearToDate.merchant == "Turkcell")
        #expect(ask("ocaktan bugüne kadar ne harcadım").period == range("2032-01-01", "2032-03-09"))
        #expect(ask("pazartesiden bugüne ne harcadım").period == range("2032-03-08", "2032-03-09"))
        #expect(ask("bugün ne harcadım").period == range("2032-03-09", "2032-03-09"))
        #expect(ask("ay başından beri ne harcadım").period == range("2032-03-01", "2032-03-09"))
    }

    @Test("'one more month back', 'another week earlier', 'bir ay geriye git' move the last period one unit; 'one more' alone does not")
    func oneMoreBack() {
        let back = ask("one more month back?", after: "How much did I spend at Migros last month?")
        #expect(back.period == range("2032-01-01", "2032-01-31"))
        #expect(back.merchant == "Migros")
        #expect(ask("another week earlier?", after: "How much did I spend on groceries last week?").period == range("2032-02-23", "2032-02-29"))
        let turkish = ask("bir ay geriye git", after: "Geçen ay Migros'a ne kadar harcadım?")
        #expect(turkish.period == range("2032-01-01", "2032-01-31"))
        #expect(turkish.merchant == "Migros")
        // A count with no unit is no shift; "iki ay" with no "bir" is none either.
        let more = ask("one more?", after: "top 3 merchants last month")
        #expect(more.period == range("2032-02-01", "2032-02-29"))
        #expect(ask("iki ay geriye git", after: "Geçen ay Migros'a ne kadar harcadım?").period == range("2032-02-01", "2032-02-29"))
    }

    @Test("'more' or 'less than' right before a period compares the last one with it; before an amount it does not")
    func moreThan() {
        let january = ask("is that more than january?", after: "How much have I spent on cafes this month?")
        #expect(january.intent == .comparePeriods)
        #expect(january.period == range("2032-03-01", "2032-03-09"))
        #expect(january.otherPeriod == range("2032-01-01", "2032-01-31"))
        #expect(january.category == "cafes")
        let before = ask("less than the month before?", after: "How much have I spent on cafes this month?")
        #expect(before.intent == .comparePeriods)
        #expect(before.otherPeriod == range("2032-02-01", "2032-02-29"))
        // An amount after "than" is no period.
        #expect(ask("did i spend more than 500 last month").intent == .totalSpent)
        #expect(ask("how many purchases more than 500 tl last month").intent == .count)
    }

    @Test("'avrage' asks the average; 'purchase by purchase', 'işlem işlem' list; 'en kabarık' is the largest; 'kategori kategori' stays categories")
    func intents() {
        let average = ask("whats my avrage transaction in the last 45 days")
        #expect(average.intent == .average)
        #expect(average.period == range("2032-01-25", "2032-03-09"))
        #expect(ask("avreage spend at zara this year").intent == .average)
        let english = ask("break it out purchase by purchase", after: "What have I spent at Zara this year?")
        #expect(english.intent == .listTransactions)
        #expect(english.merchant == "Zara")
        #expect(ask("item by item please", after: "What have I spent at Zara this year?").intent == .listTransactions)
        #expect(ask("işlem işlem dök", after: "Bu yıl Zara'ya ne kadar harcadım?").intent == .listTransactions)
        let largest = ask("2031'in ikinci yarısındaki en kabarık faturam hangisiydi")
        #expect(largest.intent == .largest)
        #expect(largest.category == "bills")
        #expect(largest.period == range("2031-07-01", "2031-12-31"))
        // A breakdown said twice is no list; a word two edits from "average" is no average.
        #expect(ask("kategori kategori nasıl dağılıyor", after: "Geçen ay param en çok nereye gitti?").intent == .topCategories)
        #expect(ask("how much on beverages this month").intent == .totalSpent)
    }

    @Test("'switch to tim hortons' after a question swaps its merchant; 'switch to cafes' its category; 'change it to 5' its count")
    func switchTo() {
        let switched = ask("switch to tim hortons", after: "How much have I spent at Starbucks this month?")
        #expect(switched.merchant == "Tim Hortons")
        #expect(switched.period == range("2032-03-01", "2032-03-09"))
        let cafes = ask("switch to cafes", after: "How much have I spent at Starbucks this month?")
        #expect(cafes.merchant == nil)
        #expect(cafes.category == "cafes")
        #expect(ask("change it to 5", after: "top 3 merchants last month").limit == 5)
        #expect(ask("change it to 5", after: "top 3 merchants last month").merchant == nil)
    }

    @Test("A name and its period alone, a name before a colon or dash, 'avg X bowl', 'X tickets', 'X fill-ups'; never a follow-up's opener, a remark or a common word")
    func englishShops() {
        #expect(ask("Morrisons so far this week?").merchant == "Morrisons")
        #expect(ask("morrisons so far this week?").period == range("2032-03-08", "2032-03-09"))
        let colon = ask("Nordstrom: what was my largest single charge this year?")
        #expect(colon.merchant == "Nordstrom")
        #expect(colon.intent == .largest)
        #expect(ask("Tim Hortons: how many visits this year").merchant == "Tim Hortons")
        #expect(ask("kohls - what was my priciest order in october?").merchant == "Kohls")
        let bowl = ask("avg sweetgreen bowl since january")
        #expect(bowl.merchant == "Sweetgreen")
        #expect(bowl.intent == .average)
        #expect(ask("amtrak tickets between jan 10 and feb 20, total?").merchant == "Amtrak")
        let fillUps = ask("chevron fill-ups last month, total")
        #expect(fillUps.merchant == "Chevron")
        #expect(fillUps.category == nil)
        // Never a remark, a category, a period, a common word or a follow-up's opener.
        #expect(ask("Quick question: how much did i spend last month").merchant == nil)
        #expect(ask("Groceries: how much this month?").category == "groceries")
        #expect(ask("Coffee so far this week?").merchant == nil)
        #expect(ask("Spending so far this week?").merchant == nil)
        #expect(ask("Yesterday: how much?").merchant == nil)
        #expect(ask("avg weekday spend since january").merchant == nil)
        #expect(ask("avg movie ticket last month").merchant == nil)
        #expect(ask("avg movie ticket last month").category == "entertainment")
        #expect(ask("bus tickets last month, total").merchant == nil)
        #expect(ask("gas fill-ups last month, total").category == "fuel")
        #expect(ask("gas fill-ups last month, total").merchant == nil)
        #expect(ask("peki eylülde?", after: "Ağustosta Migros'a ne kadar harcadım?").merchant == "Migros")
        #expect(ask("Morrisons so far this week, how many visits?").merchant == nil)
    }

    @Test("Turkish shops: 'Exxen üyeliğime', 'etstur rezervasyonlarım', 'dürümzadede ortalama', 'paşabahçe harcamalarımı', 'remzi kitabevinden', 'lukoilde bıraktığım kısım', 'bu sene kiğılı'da'; not a neighbourhood's shop")
    func turkishShops() {
        let exxen = ask("Exxen üyeliğime 2031'de toplam ne ödedim?")
        #expect(exxen.merchant == "Exxen")
        #expect(exxen.period == range("2031-01-01", "2031-12-31"))
        #expect(ask("geçen yaz etstur rezervasyonlarım toplam ne tuttu").merchant == "Etstur")
        let average = ask("ocaktan beri dürümzadede ortalama ne bırakıyorum")
        #expect(average.merchant == "Dürümzade")
        #expect(average.intent == .average)
        #expect(ask("10 ocak ile 20 şubat arası paşabahçe harcamalarımı listele").merchant == "Paşabahçe")
        let books = ask("son 3 ayda remzi kitabevinden kaç kez alışveriş yaptım")
        #expect(books.merchant == "Remzi Kitabevi")
        #expect(books.intent == .count)
        let part = ask("lukoilde bıraktığım kısım ne kadar", after: "Bu yıl akaryakıta ne kadar harcadım?")
        #expect(part.merchant == "Lukoil")
        #expect(part.category == "fuel")
        #expect(ask("bu sene kiğılı'da yaptığım en yüksek harcama hangisiydi").merchant == "Kiğılı")
        // A word of the period never joins a name; a shop's kind after a common word is no name; a locative before the
        // noun "harcama…" is still a name in a case, as is a category's word alone.
        #expect(ask("geçen hafta madame coco'ya ne kadar verdim").merchant == "Madame Coco")
        #expect(ask("bu hafta kiğılı'ya ne kadar verdim").merchant == "Kiğılı")
        #expect(ask("mahalle fırınından kaç kez ekmek aldım").merchant == nil)
        #expect(ask("pentide harcamam ne kadar").merchant == "Penti")
        #expect(ask("markete harcamam ne kadar").merchant == nil)
        #expect(ask("eczane harcamalarım bu ay").merchant == nil)
    }
}
