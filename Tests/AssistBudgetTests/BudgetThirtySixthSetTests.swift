import AssistBudget
import AssistUnderstanding
import Testing

/// The thirty-sixth written-after set's misses (`golden/written-after/README.md`), read by general rules. Each beside
/// the reading it must not take. The names and wordings here are not the set's.
@Suite("Budget: the thirty-sixth set")
struct BudgetThirtySixthSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2056-07-13")  // a Thursday

    @Test("what is asked: 'hurt the most', 'rekor', 'en yüklü', 'tek kalemde' the largest; 'one line each', 'ayrı ayrı' a list; 'işyeri' where")
    func intents() {
        #expect(ask("which charge hurt the most in june").intent == .largest)
        #expect(ask("bu yıl rekor faturam hangisi").intent == .largest)
        #expect(ask("haziranda en yüklü alışverişim ne kadardı").intent == .largest)
        #expect(ask("dün tek kalemde en çok neye verdim").intent == .largest)
        #expect(ask("what did verizon bill me this year, one line each").intent == .listTransactions)
        #expect(ask("mayıs ödemelerimi ayrı ayrı göster").intent == .listTransactions)
        let places = ask("bu yıl en çok para bıraktığım 4 işyeri")
        #expect(places.intent == .topMerchants && places.limit == 4)
        let lower = after("How much did I spend on books in June?", "was may any higher?")
        #expect(lower.intent == .comparePeriods && lower.otherPeriod == span("2056-05-01", "2056-05-31"))
    }

    @Test("words that qualify the payments are no shop: 'actual', 'instead', 'liralık', 'oturuş', 'genel'")
    func qualifiersAreNoShop() {
        let behind = after("How much did I pay Verizon in 2055?", "show the actual charges behind that")
        #expect(behind.merchant == "Verizon" && behind.period == span("2055-01-01", "2055-12-31"))
        #expect(ask("geçen hafta kaç liralık alışveriş yaptım").merchant == nil)
        let sitting = ask("mayısta restoranlarda bir oturuşta ortalama ne bıraktım")
        #expect(sitting.merchant == nil && sitting.category == "restaurants")
        #expect(ask("genel harcamam bu ay ne durumda").merchant == nil)
        #expect(ask("how much have i put into stubhub tickets this year").merchant == "Stubhub")
    }

    @Test("periods: 'last night' is yesterday; a date whose numbers settle the order settles it for the next one")
    func periods() {
        #expect(ask("what did we spend at shake shack last night").period == span("2056-07-12", "2056-07-12"))
        #expect(ask("how much from 5/21 to 6/2").period == span("2056-05-21", "2056-06-02"))
        #expect(ask("how much from 18/6 to 2/7").period == span("2056-06-18", "2056-07-02"))
        #expect(ask("how much on 6/2").period != span("2056-06-02", "2056-06-02"))  // no date settles the order
    }

    @Test("a Turkish month with an ending is no month in an English question, nor with a word a Turkish ending cannot open")
    func turkishMonthsInNames() {
        #expect(ask("marta card reloads last week").period == span("2056-07-03", "2056-07-09"))
        #expect(after("Haziranda ne kadar harcadım?", "ya marta?").period == span("2056-03-01", "2056-03-31"))
        let grill = ask("bu ay Hasan Usta Ocakbaşı'na ne kadar verdim")
        #expect(grill.merchant == "Hasan Usta Ocakbaşı" && grill.period == span("2056-07-01", "2056-07-13"))
        #expect(ask("ocakta ne kadar harcadım").period == span("2056-01-01", "2056-01-31"))
    }

    @Test("a weekday next to the last period: 'the saturday just before it', 'sonraki cuma'; 'and on sunday?' is the latest")
    func weekdayNextToLast() {
        #expect(after("How much did I spend on Memorial Day?", "and the saturday just before it?").period == span("2056-05-27", "2056-05-27"))
        #expect(after("19 Mayıs'ta ne kadar harcadım?", "peki sonraki cuma?").period == span("2056-05-26", "2056-05-26"))
        #expect(after("How much did I spend on Memorial Day?", "and on sunday?").period == span("2056-07-09", "2056-07-09"))
    }

    @Test("names: a web address; 'hit up'; a name, its period and a colon or a dash; a name ending in a kind of eating place")
    func names() {
        #expect(ask("booking.com charges this year").merchant == "Booking.com")
        #expect(ask("geçen yıl getir.com'dan ne kadar aldım").merchant == "Getir.com")
        #expect(ask("what did i spend on 3.5 gallons").merchant == nil)
        #expect(ask("how often did i hit up portillos in may").merchant == "Portillos")
        #expect(ask("primark since easter: which haul was the biggest").merchant == "Primark")
        #expect(ask("ruby tuesday dinner saturday night, what did that come to").merchant != "Ruby")
        #expect(ask("how much at blue moon diner last week").merchant == "Blue Moon Diner")
        let diner = ask("how much at the diner last week")
        #expect(diner.merchant == nil && diner.category == "restaurants")
        #expect(ask("smoky bones bbq in may, how much").merchant == "Smoky Bones BBQ")  // consonants alone are initials
    }

    @Test("Turkish names: the buffer 'n' follows a possessive only; 'the' before a lower-case name with an ending is its own")
    func turkishNames() {
        #expect(ask("geçen ay chez simona ne kadar verdim").merchant == "Chez Simon")
        #expect(ask("geçen ay tavuk dünyasına ne kadar verdim").merchant == "Tavuk Dünyası")
        #expect(ask("dün akşam the ritz'e ne kadar ödedik").merchant == "The Ritz")
    }

    @Test("'X run' and 'X tab' name X; 'try X instead' swaps to X; 'my 3 heaviest spending categories' counts 3")
    func runsTabsAndCounts() {
        #expect(ask("hy-vee run last week, what did it come to").merchant == "Hy-Vee")
        #expect(ask("may red robin tab compared with april's").merchant == "Red Robin")
        #expect(ask("how much did i run up at target").merchant == "Target")
        #expect(after("How much did I spend at Zumiez in Q2?", "try vans instead").merchant == "Vans")
        #expect(ask("my 3 heaviest spending categories this year").limit == 3)
    }

    @Test("'şimdi ilk çeyreği göster' (now show Q1) asks the last question of that period; 'now show the q1 charges' lists them")
    func showingAPeriod() {
        let shown = after("İkinci çeyrekte Zara'ya ne kadar harcadım?", "şimdi ilk çeyreği göster")
        #expect(shown.intent == .totalSpent && shown.merchant == "Zara" && shown.period == span("2056-01-01", "2056-03-31"))
        let listed = after("How much did I spend at Zara in Q2?", "now show the q1 charges")
        #expect(listed.intent == .listTransactions && listed.merchant == "Zara" && listed.period == span("2056-01-01", "2056-03-31"))
    }

    @Test("Turkish names: two words after a period a postposition closes; a city before a compound; a compound topic before a colon")
    func turkishNamesAfterPeriods() {
        #expect(ask("1 mayıs - 1 haziran arası kemal tunç harcamam").merchant == "Kemal Tunç")
        #expect(ask("1 mayıs ile 1 haziran arası kredi kartı harcamam").merchant == nil)
        #expect(ask("geçen hafta adana kebap evine ne kadar verdim").merchant == "Adana Kebap Evi")
        #expect(ask("geçen hafta tavuk dünyasına ne kadar verdim").merchant == "Tavuk Dünyası")
        let topic = ask("mandabatmaz kahvesi: bu ay ne kadar")
        #expect(topic.merchant == "Mandabatmaz Kahvesi" && topic.category == nil)
        let kind = ask("türk kahvesi: bu ay ne kadar")
        #expect(kind.merchant == nil && kind.category == "cafes")
    }
}
