import AssistBudget
import AssistUnderstanding
import Testing

/// The thirty-seventh and thirty-eighth written-after sets' misses (`golden/written-after/README.md`), read by general
/// rules. Each beside the reading it must not take. The names and wordings here are not the sets'.
@Suite("Budget: the thirty-eighth set")
struct BudgetThirtyEighthSetTests: BudgetSetReading {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks"], today: "2056-12-14")  // a Thursday

    @Test("from a quarter's start to today: 'since the start of q3', '… of the third quarter', '… of the quarter'")
    func sinceAQuarterStarted() {
        #expect(ask("fuel since the start of q2").period == span("2056-04-01", "2056-12-14"))
        #expect(ask("groceries since the beginning of the third quarter").period == span("2056-07-01", "2056-12-14"))
        #expect(ask("spending since the start of the quarter").period == span("2056-10-01", "2056-12-14"))
        // Q2 alone is still the quarter, whole.
        #expect(ask("fuel in q2").period == span("2056-04-01", "2056-06-30"))
    }

    @Test("halves of a year: '2055's second half', 'geçen yılın son altı ayı'; 'son 6 ay' alone is still the last six months")
    func halves() {
        let english = ask("did starbucks cost more in 2056's first half than in 2055's second half")
        #expect(english.period == span("2056-01-01", "2056-06-30") && english.otherPeriod == span("2055-07-01", "2055-12-31"))
        let turkish = ask("market harcamam bu yılın ilk altı ayında geçen yılın son altı ayına göre nasıl")
        #expect(turkish.period == span("2056-01-01", "2056-06-30") && turkish.otherPeriod == span("2055-07-01", "2055-12-31"))
        #expect(turkish.limit == nil)
        #expect(ask("son 6 ay market harcamam").period == span("2056-06-01", "2056-11-30"))
    }

    @Test("since a day or a holiday: 'ayın 3'ünden', 'ayın 2'sinden bu yana', 'black friday'den beri', 'from X till now'")
    func sinceADay() {
        #expect(ask("ayın 2'sinden bu yana market harcamam").period == span("2056-12-02", "2056-12-14"))
        #expect(ask("black friday'den beri giyime ne kadar verdim").period == span("2056-11-24", "2056-12-14"))
        #expect(ask("fuel from black friday till now").period == span("2056-11-24", "2056-12-14"))
        // The day alone, without "since" or "till now".
        #expect(ask("fuel on black friday").period == span("2056-11-24", "2056-11-24"))
    }

    @Test("two months joined: 'across september and october', 'eylül ve ekimde'; 'compare september and october' stays two")
    func twoMonthsJoined() {
        #expect(ask("weekly avg on groceries across september and october").period == span("2056-09-01", "2056-10-31"))
        #expect(ask("eylül ve ekimde markete ortalama ne verdim").period == span("2056-09-01", "2056-10-31"))
        let compared = ask("compare my fuel in september and october")
        #expect(compared.period == span("2056-09-01", "2056-09-30") && compared.otherPeriod == span("2056-10-01", "2056-10-31"))
    }

    @Test("Turkish seasons: 'bu yazki', 'kış aylarında', 'geçen kıştan'; comparisons: 'yetişti mi', 'daha çok mu', 'altında mı kaldı'")
    func turkishSeasonsAndComparisons() {
        #expect(ask("bu sonbaharki market harcamam").period == span("2056-09-01", "2056-11-30"))
        #expect(ask("kış aylarında yakıta ne verdim").period == span("2056-12-01", "2056-12-14"))
        let winter = ask("bu kış doğalgaza geçen kıştan daha çok mu veriyorum")
        #expect(winter.intent == .comparePeriods && winter.otherPeriod == span("2055-12-01", "2056-02-29"))
        let week = ask("bu haftaki harcamam geçen haftanınkine yetişti mi")
        #expect(week.intent == .comparePeriods && week.otherPeriod == span("2056-12-04", "2056-12-10"))
        #expect(ask("geçen ayki toplamım ekimin altında mı kaldı").intent == .comparePeriods)
        #expect(ask("bu kış doğalgaza ne kadar verdim").intent == .totalSpent)
    }

    @Test("follow-ups: 'lower in august or not?', 'bir hafta evvel', 'o haftaki', 'top payees'; 'Fiesta Mart' is no March")
    func followUps() {
        let lower = after("How much did I spend at Food Mart in October?", "higher in september or not?")
        #expect(lower.intent == .comparePeriods && lower.period == span("2056-10-01", "2056-10-31")
            && lower.otherPeriod == span("2056-09-01", "2056-09-30"))
        #expect(after("Geçen hafta Migros'a ne kadar harcadım?", "peki ondan bir hafta evvel").period == span("2056-11-27", "2056-12-03"))
        #expect(after("Geçen hafta yakıta ne kadar verdim?", "o haftaki restoran harcamalarım").period == span("2056-12-04", "2056-12-10"))
        #expect(after("What were my top categories in Q3?", "and the top payees?").intent == .topMerchants)
        // "mart" after a name is the shop's; after a number or "in" it is still Turkish March.
        #expect(ask("how much at food mart in november").period == span("2056-11-01", "2056-11-30"))
        #expect(ask("15 mart'tan beri ne kadar harcadım").period.from == "2056-03-15")
    }

    @Test("ways of asking: 'tek siparişte en çok', 'bir bir', 'alt alta'; no shop from 'across' or 'since'")
    func waysOfAsking() {
        #expect(ask("bu ay tek alışverişte en çok ne ödedim").intent == .largest)
        #expect(ask("bu ayki ödemeleri bir bir yaz").intent == .listTransactions)
        #expect(ask("kasımda markete ne ödediysem alt alta yaz").intent == .listTransactions)
        #expect(ask("monthly avg on fuel across october and november").merchant == nil)
        #expect(ask("what's starbucks costing me a week on average since june").merchant == "Starbucks")
        #expect(ask("bu ay markete ne kadar harcadım").intent == .totalSpent)
    }

    @Test("its leftovers: 'each X charge', 'friday's purchases', 'tally my … vists', 'hangileri', 'next to', 'ondan önceki haftanın', 'ekimdekini'")
    func leftovers() {
        let each = ask("i'd like to see each fuel charge from the fall")
        #expect(each.intent == .listTransactions && each.category == "fuel")
        #expect(ask("tuesday's charges please").intent == .listTransactions)
        #expect(ask("netflix charges this year, add them up").intent == .totalSpent)
        #expect(ask("tally my starbucks vists from 2055").intent == .count)
        // A tally of the spending itself is its total.
        #expect(ask("tally up my starbucks spending from 2055").intent == .totalSpent)
        #expect(ask("temmuzdan beri migros'a yaptığım ödemeler hangileri").intent == .listTransactions)
        let beside = after("How much did I spend at Food Mart in September?", "and next to august?")
        #expect(beside.intent == .comparePeriods && beside.otherPeriod == span("2056-08-01", "2056-08-31"))
        let weeks = ask("bu haftaki toplamım ondan önceki haftanın üstüne mi çıktı")
        #expect(weeks.period == span("2056-12-11", "2056-12-14") && weeks.otherPeriod == span("2056-12-04", "2056-12-10"))
        let october = after("Kasımda Migros'a ne kadar harcadım?", "eylüldekini geçmiş mi")
        #expect(october.intent == .comparePeriods && october.otherPeriod == span("2056-09-01", "2056-09-30"))
        #expect(ask("eylüldekiler ne kadar tuttu").period == span("2056-09-01", "2056-09-30"))
    }
}
