import AssistBudget
import AssistUnderstanding
import Testing

/// The thirty-first written-after set's misses (`golden/written-after/README.md`), read by general rules. Each beside
/// the reading it must not take.
@Suite("Budget: the thirty-first set")
struct BudgetThirtyFirstSetTests {
    let saturday = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2053-03-22")

    func ask(_ text: String) -> FinanceQuestion { saturday.understand(text) }
    func span(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }

    @Test("a word no reader knows, then 'coffee', is a coffee house's name; 'coffee runs' alone is the category")
    func nameEndingInCoffee() {
        let philz = ask("avg per visit at philz coffee last month")
        #expect(philz.merchant == "Philz Coffee" && philz.category == nil)
        #expect(ask("total at pj's coffee on st patrick's day").merchant == "PJ's Coffee")
        let biggby = ask("how many biggby coffee runs so far this year")
        #expect(biggby.merchant == "Biggby Coffee" && biggby.intent == .count)
        let runs = ask("how many coffee runs so far this year")
        #expect(runs.merchant == nil && runs.category == "cafes")
        #expect(ask("how much at work coffee last month").merchant == nil)
    }

    @Test("a payee after 'what did i pay'; a name before a comma and 'what's my avg'; 'X rentals'")
    func payeeAndTopic() {
        #expect(ask("what did i pay carrabba's in the past 30 days").merchant == "Carrabba's")
        #expect(ask("what did i pay for gas in the past 30 days").merchant == nil)
        let smash = ask("smashburger, what's my avg order the last 3 months")
        #expect(smash.merchant == "Smashburger" && smash.intent == .average)
        #expect(ask("turo rentals in the past 90 days - how many?").merchant == "Turo")
        #expect(ask("honestly, what's my avg order the last 3 months").merchant == nil)
    }

    @Test("Turkish: 'yok,' corrects a period; a night's noun is no name's word; a Turkish name before 'siparişlerimi'")
    func turkish() {
        let hgs = ask("hgs'ye cuma... yok, perşembe günü ne kadar gitti")
        #expect(hgs.period == span("2053-03-20", "2053-03-20") && hgs.intent == .totalSpent && hgs.otherPeriod == nil)
        #expect(ask("yılbaşı gecesi kitapsepeti'nden aldıklarım ne tuttu").merchant == "Kitapsepeti")
        #expect(ask("bu ay incehesap siparişlerimi listele").merchant == "İncehesap")
    }

    @Test("'train and subway fares' is transport")
    func transportFares() {
        #expect(ask("train and subway fares in february").category == "transport")
    }

    @Test("a category's English word takes a plural, not another word's letters: 'cabs' is transport, 'cabelas' and 'cabin' are not")
    func englishCategoryWords() {
        #expect(ask("cabs last month").category == "transport")
        #expect(ask("buses in february").category == "transport")
        #expect(ask("how much at cabelas last month").category == nil)
        #expect(ask("how much did i spend at the cabin last weekend").category == nil)
        #expect(ask("cinemark last month, how much").category == nil)
        // Turkish endings glued on stay read: "taksiye", "aboneliklerimi".
        #expect(ask("taksiye ne kadar verdim").category == "transport")
        #expect(ask("ocak ayı aboneliklerimi listeler misin").category == "subscriptions")
    }

    @Test("initials open a name, whose words then are no period: 'h mart', 'tgi fridays'; 'mart' alone is March")
    func initials() {
        let hMart = ask("h mart since valentine's day")
        #expect(hMart.merchant == "H Mart" && hMart.period == span("2053-02-14", "2053-03-22") && hMart.intent == .totalSpent)
        let tgi = ask("biggest tab at tgi fridays this winter")
        #expect(tgi.merchant == "TGI Fridays" && tgi.period == span("2052-12-01", "2053-02-28") && tgi.intent == .largest)
        #expect(ask("8 mart'ta w collection'dan aldıklarımın toplamı").merchant == "W Collection")
        // Without an initial, the month and the weekday are read as before.
        #expect(ask("mart ayında migros'a ne kadar verdim").period == span("2053-03-01", "2053-03-22"))
        #expect(ask("how much at starbucks on fridays this winter").merchant == "Starbucks")
        #expect(ask("how much at target this winter").period == span("2052-12-01", "2053-02-28"))
    }

    @Test("a word is said letter by letter by its shape: 'tgi', 'hbo', 'iksv'; 'tri', 'xcel', 'vrbo', 'arts' are said as words")
    func lettersByShape() {
        #expect(FinanceUnderstander.saidLetterByLetter("tgi") && FinanceUnderstander.saidLetterByLetter("hbo"))
        #expect(FinanceUnderstander.saidLetterByLetter("iksv"))
        for word in ["tri", "spa", "xcel", "vrbo", "arts", "ends", "asks", "shop", "kral"] {
            #expect(!FinanceUnderstander.saidLetterByLetter(word), "\(word)")
        }
        #expect(FinanceUnderstander.spelledAsName("iksv", turkish: true) == "İKSV")
        #expect(FinanceUnderstander.isInitials("h") && !FinanceUnderstander.isInitials("a") && !FinanceUnderstander.isInitials("hat"))
    }

    @Test("before an apostrophed name: its word said twice, an initial, English words before an English word")
    func wordsBeforeApostrophe() {
        #expect(ask("num num'da son 3 ayda hesap ortalaması ne").merchant == "Num Num")
        let arabica = ask("arabica coffee house'a bu yıl kaç kez uğradım")
        #expect(arabica.merchant == "Arabica Coffee House" && arabica.category == nil && arabica.intent == .count)
        // Turkish words, periods and question words before the name stay out of it.
        #expect(ask("geçen ay starbucks'a ne kadar verdim").merchant == "Starbucks")
        #expect(ask("toplam netflix'e ne kadar ödedim").merchant == "Netflix")
        #expect(ask("bu hafta coffee'ye ne kadar gitti").merchant == nil)
    }

    @Test("a plus or a number glued on marks a name: 'tv+', 'apple tv+', 'round1'; 'q4', 'concerts + movies' are none")
    func markedNames() {
        #expect(ask("tv+ için son 12 ayda ne ödedim").merchant == "TV+")
        #expect(ask("how much did apple tv+ cost me in q4").merchant == "Apple TV+")
        let round1 = ask("round1 friday night... actually it was thursday. how much?")
        #expect(round1.merchant == "Round1" && round1.period == span("2053-03-20", "2053-03-20"))
        #expect(ask("how much in q4").merchant == nil)
        #expect(ask("week2 of march, how much").merchant == nil)
        let shows = ask("concerts + movies this month")
        #expect(shows.merchant == nil && shows.category == "entertainment")
    }

    @Test("a category's long word with its letters moved: 'restraunts' is restaurants; 'restrooms' is not")
    func movedLetters() {
        let restaurants = ask("restraunts on new year's eve")
        #expect(restaurants.category == "restaurants" && restaurants.merchant == nil)
        #expect(ask("restrooms on new year's eve").category != "restaurants")
    }

    @Test("'bunların … hangi tatildi' after a shop's question keeps the shop and its period; the holiday is what was bought")
    func pointsAtLastItems() {
        let previous = ask("Bu yıl Anex Tour'a ne kadar ödedim?")
        let priciest = saturday.understand("bunların en pahalısı hangi tatildi", previous: previous)
        #expect(priciest.merchant == "Anex Tour" && priciest.category == nil && priciest.intent == .largest)
        #expect(priciest.period == span("2053-01-01", "2053-03-22"))
        // After a category's question, the category is still what it was.
        let travel = saturday.understand("which of those was the priciest trip", previous: ask("travel this year"))
        #expect(travel.category == "travel" && travel.merchant == nil)
    }

    @Test("a utility's name before its bill: 'dicle elektrik faturam'; 'elektrik faturam', 'yüksek elektrik faturam' are the bills")
    func utilityNames() {
        let dicle = ask("dicle elektrik faturam son 6 ayda ortalama ne")
        #expect(dicle.merchant == "Dicle Elektrik" && dicle.category == nil && dicle.intent == .average)
        #expect(ask("elektrik faturam son 6 ayda ortalama ne").category == "bills")
        let high = ask("geçen ay yüksek elektrik faturam ne kadardı")
        #expect(high.merchant == nil && high.category == "bills")
    }
}
