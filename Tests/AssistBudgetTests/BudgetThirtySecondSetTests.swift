import AssistBudget
import AssistUnderstanding
import Testing

/// The thirty-second written-after set's misses (`golden/written-after/README.md`), read by general rules. Each beside
/// the reading it must not take.
@Suite("Budget: the thirty-second set")
struct BudgetThirtySecondSetTests {
    let monday = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2054-11-16")

    func ask(_ text: String) -> FinanceQuestion { monday.understand(text) }
    func span(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }

    @Test("what one stops at a shop for, after its name: 'drive-thru', 'tolls', 'haircut', 'breakfast', 'fill up', 'stops'")
    func boughtThere() {
        #expect(ask("checkers drive-thru over the weekend, total?").merchant == "Checkers")
        let perkins = ask("perkins breakfast on veterans day")
        #expect(perkins.merchant == "Perkins" && perkins.period == span("2054-11-11", "2054-11-11"))
        let sams = ask("fantastic sams haircut on friday, how much")
        #expect(sams.merchant == "Fantastic Sams" && sams.category == nil)
        let farms = ask("show each royal farms fill up in october")
        #expect(farms.merchant == "Royal Farms" && farms.category == nil && farms.intent == .listTransactions)
        #expect(ask("ezpass tolls since october 15").merchant == "Ezpass")
        // "Stop" opens a name ("stop & shop"); a meal alone is no shop's.
        #expect(ask("how much at stop & shop last month").merchant == "Stop & Shop")
        #expect(ask("how much did breakfast cost me last week").merchant == nil)
    }

    @Test("'the' before a period's word ends a name after 'at'; 'charges from' a payee; 'compared to' between periods")
    func boundaries() {
        let potbelly = ask("avg lunch at potbelly the last 3 months")
        #expect(potbelly.merchant == "Potbelly" && potbelly.category == nil && potbelly.period == span("2054-08-01", "2054-10-31"))
        #expect(ask("list this year's charges from noom").merchant == "Noom")
        #expect(ask("list this year's charges from last month").merchant == nil)
        let hollister = ask("hollister this month compared to last month")
        #expect(hollister.merchant == "Hollister" && hollister.intent == .comparePeriods)
        // A city a traveller spends in is no shop there.
        #expect(ask("istanbul last month").merchant == nil)
    }

    @Test("an American utility's name: 'georgia power', 'duke energy'; 'my electric bill', 'solar power' are none")
    func englishUtilities() {
        let georgia = ask("was georgia power higher in october or september")
        #expect(georgia.merchant == "Georgia Power" && georgia.intent == .comparePeriods)
        #expect(ask("duke energy bill last month").merchant == "Duke Energy")
        #expect(ask("my electric bill last month").merchant == nil)
        #expect(ask("how much on solar power this year").merchant == nil)
    }

    @Test("each charge, or their list, asked for in a follow-up: 'give me the individual charges', 'ödemelerin listesini çıkar'")
    func listFollowUps() {
        let previous = ask("What have I spent at Crutchfield since September?")
        let each = monday.understand("give me the individual charges", previous: previous)
        #expect(each.intent == .listTransactions && each.merchant == "Crutchfield")
        let desa = monday.understand("ödemelerin listesini çıkar", previous: ask("Eylülden beri Desa'ya ne kadar ödedim?"))
        #expect(desa.intent == .listTransactions && desa.merchant == "Desa")
    }

    @Test("Turkish: a past verb is no name's word; a name said twice; a dish after a name; a name glued to its case before the period and what is asked")
    func turkish() {
        #expect(ask("geçen ay kaç lira gitti bildirici'ye").merchant == "Bildirici")
        #expect(ask("aldın aldın'a son 30 günde kaç kez gittim").merchant == "Aldın Aldın")
        // Names of common Turkish words still join ("hafız mustafa'dan").
        #expect(ask("geçen ay hafız mustafa'dan ne kadar aldım").merchant == "Hafız Mustafa")
        let terra = ask("terra pizza siparişlerim ekimde ne tuttu")
        #expect(terra.merchant == "Terra Pizza" && terra.period == span("2054-10-01", "2054-10-31"))
        #expect(ask("pizza siparişlerim ekimde ne tuttu").merchant == nil)
        let mezzaluna = ask("mezzalunada bu sonbahar en pahalı yemeğim ne kadardı")
        #expect(mezzaluna.merchant == "Mezzaluna" && mezzaluna.category == nil && mezzaluna.intent == .largest)
        #expect(ask("kayserigaza son 12 ayda ortalama ne ödemişim").merchant == "Kayserigaz")
        #expect(ask("kentkart yüklemelerim geçen hafta sonu ne tuttu").merchant == "Kentkart")
    }
}
