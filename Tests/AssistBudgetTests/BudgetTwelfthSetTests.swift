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
}
