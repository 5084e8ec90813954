import AssistBudget
import AssistUnderstanding
import Testing

/// The forty-first written-after set's misses (`golden/written-after/README.md`), read by general rules, each beside the
/// reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the forty-first set")
struct BudgetFortyFirstSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2057-05-14")  // a Monday

    @Test("periods: two words for one day compare nothing; 'iki hafta öncesinden'; a dashed range named as a week")
    func periods() {
        let sameDay = ask("mother's day lunch at starbucks yesterday, total?")
        #expect(sameDay.intent == .totalSpent && sameDay.otherPeriod == nil && sameDay.period == span("2057-05-13", "2057-05-13"))
        // Two days apart are still compared.
        #expect(ask("groceries on mother's day versus easter").intent == .comparePeriods)
        let before = ask("geçen hafta migros'a iki hafta öncesinden fazla mı ödedim")
        #expect(before.period == span("2057-05-07", "2057-05-13") && before.otherPeriod == span("2057-04-30", "2057-05-06"))
        let dashed = ask("16 Nisan-22 Nisan haftasında market harcamam")
        #expect(dashed.period == span("2057-04-16", "2057-04-22") && dashed.otherPeriod == nil && dashed.intent == .totalSpent)
        #expect(ask("22 Nisan haftasında market harcamam").period == span("2057-04-16", "2057-04-22"))
    }

    @Test("follow-ups move on: 'bir ay ileri al', 'one month ahead'; 'make it …' keeps the category")
    func movesOn() {
        #expect(after("Mart ayında kafelere ne kadar harcadım?", "bir ay ileri al").period == span("2057-04-01", "2057-04-30"))
        let ahead = after("How much on groceries in March?", "one month ahead")
        #expect(ahead.period == span("2057-04-01", "2057-04-30") && ahead.category == "groceries")
        let made = after("How much on fuel so far this month?", "make it all of march")
        #expect(made.category == "fuel" && made.period == span("2057-03-01", "2057-03-31"))
    }

    @Test("ways of asking: 'total … up from', 'category view', 'kalemlerine göre', 'hangi 3 kalemde', 'en kabarığı', 'hangisi en fazla tuttu', 'big splurge'")
    func intents() {
        let up = ask("starbucks total last week - up from the week before?")
        #expect(up.intent == .comparePeriods && up.otherPeriod == span("2057-04-30", "2057-05-06"))
        #expect(after("Which shops got the most from me in April?", "now the category view").intent == .topCategories)
        #expect(after("Nisanda en çok hangi mağazalara harcadım?", "harcama kalemlerine göre böl").intent == .topCategories)
        #expect(ask("mayıstan beri hangi 3 kalemde çok harcadım").intent == .topCategories)
        // "tek kalemde" is one payment's size.
        #expect(ask("bu yıl tek kalemde en çok ne ödedim").intent == .largest)
        #expect(ask("bu yıl migros faturalarının en kabarığı").intent == .largest)
        #expect(after("Geçen yaz tatile ne kadar harcadım?", "bu tatillerden hangisi en fazla tuttu").intent == .largest)
        #expect(ask("which migros run was the big splurge this year").intent == .largest)
    }

    @Test("counts: 'listeyi beşle sınırla' keeps the list and takes five")
    func limits() {
        let limited = after("Son 3 ayda en çok para harcadığım 8 mağaza hangileri?", "listeyi beşle sınırla")
        #expect(limited.limit == 5 && limited.intent == .topMerchants)
    }

    @Test("categories: 'internet alışverişlerimiz', 'online sipariş', 'benzinciye', 'dışarıda kaç öğün yedim'")
    func categories() {
        #expect(ask("internet alışverişlerimiz bu ay ne tuttu").category == "shopping")
        let orders = ask("geçen hafta kaç tane online sipariş verdim")
        #expect(orders.category == "shopping" && orders.intent == .count)
        #expect(ask("bu ay benzinciye ne kadar verdim").category == "fuel")
        let meals = ask("nisanda dışarıda kaç öğün yedim")
        #expect(meals.category == "restaurants" && meals.intent == .count)
    }

    @Test("the last total pointed back to keeps its shop: 'behind that number', 'bu parayla'; 'X pastanesine de bak bir' names another")
    func followUps() {
        let behind = after("How much at Starbucks this year?", "count the coffees behind that number")
        #expect(behind.merchant == "Starbucks" && behind.category == nil && behind.intent == .count && behind.period == span("2057-01-01", "2057-05-14"))
        let money = after("Bu yıl Migros'a ne kadar harcadım?", "kaç market alışverişi yapmışız bu parayla")
        #expect(money.merchant == "Migros" && money.intent == .count && money.period == span("2057-01-01", "2057-05-14"))
        let other = after("Nisanda Migros'a ne kadar harcadım?", "güllüoğlu pastanesine de bak bir")
        #expect(other.merchant == "Güllüoğlu Pastanesi" && other.period == span("2057-04-01", "2057-04-30"))
    }

    @Test("another shop in the last one's place: 'same question for X', 'check X too', 'X, same month?', 'X'i de bir kontrol et', 'X kitabevine bakalım'")
    func anotherShop() {
        let previous = "How much did I spend at Starbucks last month?"
        let same = after(previous, "same question for banana republic")
        #expect(same.merchant == "Banana Republic" && same.period == span("2057-04-01", "2057-04-30"))
        #expect(after(previous, "check zumiez too").merchant == "Zumiez")
        #expect(after(previous, "hobby lobby, same month?").merchant == "Hobby Lobby")
        #expect(after("Geçen ay Migros'a ne kadar harcadım?", "mavi'yi de bir kontrol et").merchant == "Mavi")
        #expect(after("Geçen ay Migros'a ne kadar harcadım?", "remzi kitabevine bakalım").merchant == "Remzi Kitabevi")
        // A period, a category or a word of the question in that place is no shop.
        #expect(after(previous, "check march too").merchant == "Starbucks")
        #expect(after(previous, "try a different month").merchant == "Starbucks")
        #expect(after(previous, "same for groceries").category == "groceries")
        #expect(after("Geçen ay Migros'a ne kadar harcadım?", "geçen yıla da bakalım").merchant == "Migros")
    }

    @Test("names: one's companion with '-le' and one's card are no name's words")
    func names() {
        #expect(ask("dün eşimle lezzetçi'ye ne kadar verdim").merchant == "Lezzetçi")
        #expect(ask("martta metropol kartıma kaç lira yükledim").merchant?.contains("Kartım") != true)
    }

    @Test("a trade after a name's word with the apostrophe: 'toroslar elektrik'e', 'hatemoğlu triko'dan'")
    func trades() {
        #expect(ask("toroslar elektrik'e bu yıl ne kadar ödedim").merchant == "Toroslar Elektrik")
        #expect(ask("hatemoğlu triko'dan geçen ay ne aldım").merchant == "Hatemoğlu Triko")
        // A period's word before the trade is no name's.
        #expect(ask("geçen ay triko'ya ne verdim").merchant != "Ay Triko")
    }
}
