import AssistBudget
import AssistUnderstanding
import Testing

/// The twelfth written-after set's misses (`golden/written-after/README.md`): follow-ups that keep the last slice
/// ("geçen yılın aynı ayında", a category alone, "ilk üçü", "ertesi gün"), a long month's name with a slip, and shops
/// never paid written in lower case in new places ("dropped at home depot", "every aldi receipt", "did hulu take",
/// "chick-fil-a runs", "beymen harcamalarımı", "kaç kez baydönerden", "ayakkabı dünyası'nda"), beside the readings they
/// must not take.
@Suite("Budget: the twelfth set's follow-ups, periods and lowercase shops")
struct BudgetTwelfthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "BİM", "Gratis", "Shell"], today: "2032-03-04")  // a Thursday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
    func merchant(_ text: String) -> String? { understander.understand(text).merchant }

    @Test("'geçen yılın aynı ayında' after a month is that month a year before, the same category, no shop")
    func sameMonthLastYear() {
        let previous = understander.understand("şubatta restoranlara kaç lira gitti?")
        let question = understander.understand("geçen yılın aynı ayında ne kadardı", previous: previous)
        #expect(question.period == range("2031-02-01", "2031-02-28"))
        #expect(question.category == "restaurants")
        #expect(question.merchant == nil)
        // "aynı" (same) and a unit of time in the possessive are no shop's words.
        #expect(merchant("geçen yılın aynı gününde ne kadar harcadım") == nil)
        #expect(merchant("geçen ay tavuk dünyasından ne kadar harcadım") == "Tavuk Dünyası")  // a compound still is
    }

    @Test("A short follow-up naming only a category keeps the last period; a longer question does not")
    func categoryAloneKeepsPeriod() {
        let previous = understander.understand("bu yıl kitaba ne kadar para verdim?")
        let question = understander.understand("eğlenceye ne kadar gitmiş", previous: previous)
        #expect(question.period == range("2032-01-01", "2032-03-04"))
        #expect(question.category == "entertainment")
        #expect(question.intent == .totalSpent)
        // After a shop, the category replaces it.
        let atShop = understander.understand("bu yıl Migros'a ne kadar verdim?")
        let swapped = understander.understand("kahveye ne kadar gitmiş", previous: atShop)
        #expect(swapped.period == range("2032-01-01", "2032-03-04"))
        #expect(swapped.merchant == nil)
        #expect(swapped.category == "cafes")
        // A period of its own wins; a longer question is one of its own; without a question before, this month.
        #expect(understander.understand("geçen ay eğlenceye ne kadar gitmiş", previous: previous).period == range("2032-02-01", "2032-02-29"))
        #expect(understander.understand("sinemaya toplamda ne kadar para harcadım acaba", previous: previous).period == range("2032-03-01", "2032-03-04"))
        #expect(understander.understand("eğlenceye ne kadar gitmiş").period == range("2032-03-01", "2032-03-04"))
        // Asking something else of another category is a question of its own: this month.
        #expect(understander.understand("kaç kere kafeye gitmişim", previous: previous).period == range("2032-03-01", "2032-03-04"))
    }

    @Test("'ilk üçü', 'ilk beşini', 'ilk dördü' after a top list change its count; 'ilk haftayı' is no count")
    func firstNWithEnding() {
        let previous = understander.understand("bu sene en çok para harcadığım 5 yer")
        let question = understander.understand("sadece ilk üçü göster", previous: previous)
        #expect(question.intent == .topMerchants)
        #expect(question.limit == 3)
        #expect(question.period == range("2032-01-01", "2032-03-04"))
        #expect(understander.understand("ilk dördü göster", previous: previous).limit == 4)
        let categories = understander.understand("bu yıl en çok harcadığım 3 kategori")
        #expect(understander.understand("ilk ikisini göster", previous: categories).limit == 2)
        #expect(understander.understand("ilk haftayı göster").limit == nil)
        #expect(understander.understand("ilk işlemi göster").limit == nil)
        #expect(understander.understand("ilk biri göster").limit == nil)
    }

    @Test("'ertesi gün' after a day is the day after; 'ertesi hafta' the week after; 'bir önceki gün' still goes back")
    func theDayAfter() {
        let tuesday = understander.understand("salı günü ne kadar harcadım?")
        #expect(tuesday.period == range("2032-03-02", "2032-03-02"))
        #expect(understander.understand("ertesi gün?", previous: tuesday).period == range("2032-03-03", "2032-03-03"))
        #expect(understander.understand("bir önceki gün?", previous: tuesday).period == range("2032-03-01", "2032-03-01"))
        let week = understander.understand("geçen hafta ne kadar harcadım?")
        #expect(understander.understand("peki ertesi hafta?", previous: week).period == range("2032-03-01", "2032-03-07"))
    }

    @Test("A long month's name with one slip ('febuary', 'septmber') is that month; other words are not")
    func monthWithSlip() {
        #expect(understander.understand("what was my total spend in febuary").period == range("2032-02-01", "2032-02-29"))
        #expect(understander.understand("how much on groceries in septmber").period == range("2031-09-01", "2031-09-30"))
        #expect(understander.understand("how much did i spend to remember mom this year").period == range("2032-01-01", "2032-03-04"))
        #expect(understander.understand("how much in febry").period == range("2032-03-01", "2032-03-04"))  // short: two slips
    }

    @Test("'9 şubat haftasında' is Monday to Sunday of that day's week, as 'the week of 9 February'; '9 şubatta' is the day")
    func turkishWeekOf() {
        #expect(understander.understand("9 şubat haftasında eğlenceye ne kadar harcadım").period == range("2032-02-09", "2032-02-15"))
        #expect(understander.understand("3 mart haftası ne kadar harcadım").period == range("2032-03-01", "2032-03-07"))
        #expect(understander.understand("the week of 9 february").period == range("2032-02-09", "2032-02-15"))
        #expect(understander.understand("9 şubatta ne kadar harcadım").period == range("2032-02-09", "2032-02-09"))
        #expect(understander.understand("geçen hafta ne kadar harcadım").period == range("2032-02-23", "2032-02-29"))
    }

    @Test("English: 'at home depot', 'every aldi receipt', 'did hulu take', 'chick-fil-a runs'")
    func englishShops() {
        #expect(merchant("how much have i dropped at home depot this year") == "Home Depot")
        #expect(merchant("how much did i spend at home this year") == nil)
        #expect(merchant("how much did i spend at home depot") == "Home Depot")
        #expect(merchant("show me every aldi receipt from january") == "Aldi")
        #expect(merchant("show me every receipt from january") == nil)
        let groceries = understander.understand("show me every grocery receipt from january")
        #expect(groceries.merchant == nil)
        #expect(groceries.category == "groceries")
        #expect(merchant("how much did hulu take from me last year") == "Hulu")
        #expect(merchant("how much did uber eats charge me in january") == "Uber Eats")
        #expect(merchant("how much did it cost me last year") == nil)
        #expect(merchant("how much did the kids cost this year") == nil)
        #expect(merchant("how much did stuff cost this year") == nil)
        #expect(understander.understand("how much did groceries cost me").category == "groceries")
        #expect(merchant("how much did groceries cost me") == nil)
        #expect(merchant("Chick-fil-A runs last week, how many?") == "Chick-fil-A")
        #expect(merchant("chick-fil-a runs last week") == "Chick-fil-a")  // the first letter capitalised, as written
        #expect(merchant("Coffee runs last week, how many?") == nil)
        #expect(merchant("Hulu payments last year?") == nil)  // capitalised as the first word is: no name by its shape
        #expect(merchant("Weekly runs last month?") == nil)
    }

    @Test("Turkish: 'beymen harcamalarımı', 'simit sarayı harcamalarımı', 'kaç kez baydönerden', 'ayakkabı dünyası'nda'")
    func turkishShops() {
        #expect(merchant("ocaktaki beymen harcamalarımı göster") == "Beymen")
        #expect(merchant("geçen çarşamba simit sarayı harcamalarımı göster") == "Simit Sarayı")
        #expect(merchant("bana pazartesi yaptığım harcamaları göster") == nil)  // the spending I did
        #expect(merchant("bu ay sağlık harcamalarım ne kadar") == nil)
        #expect(merchant("geçen ayın harcamalarını göster") == nil)
        let market = understander.understand("ocaktaki market harcamalarımı göster")
        #expect(market.merchant == nil)
        #expect(market.category == "groceries")
        let baydoner = understander.understand("geçen hafta kaç kez baydönerden yemek söyledim")
        #expect(baydoner.merchant == "Baydöner")
        #expect(baydoner.category == nil)
        #expect(baydoner.intent == .count)
        let outside = understander.understand("geçen hafta kaç kez dışarıdan yemek söyledim")
        #expect(outside.merchant == nil)
        #expect(merchant("geçen hafta kaç kez evden yemek söyledim") == nil)
        #expect(merchant("ekimden beri ayakkabı dünyası'nda ortalama ne harcadım") == "Ayakkabı Dünyası")
        #expect(merchant("ekimden beri petrol ofisi'nden ne kadar aldım") == "Petrol Ofisi")
        #expect(merchant("23 nisandan beri kitapyurdu'ndan aldıklarımı göster") == "Kitapyurdu")  // one word, a compound alone
        #expect(merchant("geçen ay mavi'de ne kadar harcadım") == "Mavi")
    }

    @Test("A short lower-case name of consonants only is an acronym ('cvs' → 'CVS', 'kfc'ye' → 'KFC'); other names capitalised")
    func acronyms() {
        #expect(merchant("cvs total for the past 30 days") == "CVS")
        #expect(merchant("geçen ay kfc'ye ne kadar harcadım") == "KFC")
        #expect(merchant("how much did i spend at lcw this year") == "LCW")
        #expect(merchant("how much did i spend at lyft this year") == "Lyft")  // "y" is a vowel here
        #expect(merchant("şubatta şok'tan kaç kere alışveriş yaptım") == "Şok")
        #expect(merchant("how much did hulu take from me last year") == "Hulu")
        #expect(merchant("how much at CVS this year") == "CVS")
    }
}
