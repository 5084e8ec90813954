import AssistBudget
import AssistUnderstanding
import Testing

/// The seventeenth written-after set's misses (`golden/written-after/README.md`): shops never paid, read by their shape
/// and place in the sentence, none added to a list of names ("paramount+ charges", "tk maxx spending", "macy's charge",
/// "expedia bookings", "Exxon total", "hobby lobby this quarter, how much", "bath & body works order", "pret a manger
/// charge", "spent on trainline", "hit krispy kreme", "did olive garden set us back", "try tk maxx", "of that was
/// macy's", "sunexpress biletlerimi", "blutv ödemelerimi", "kahve diyarına", "anneler gününde çiçeksepetine",
/// "cinemapink'e", "golden rose'da"), a slip of "between" and of a doubled letter ("betwen", "cofees"), intents ("en çok
/// tutan", "daha mı pahalıya") and follow-ups ("2031'de ne kadarmış", "aynı ay", "on taneye çıkar", "bunun içinden"),
/// beside the readings they must not take.
@Suite("Budget: the seventeenth set's shops, slips, intents and follow-ups")
struct BudgetSeventeenthSetTests {
    let understander = FinanceUnderstander(merchants: ["Migros", "Starbucks", "Zara", "Turkcell", "Opet"],
                                           today: "2033-06-15")  // a Wednesday

    func range(_ from: String, _ to: String) -> DateResolver.Range { DateResolver.Range(from: from, to: to) }
    func ask(_ text: String, after previous: String? = nil) -> FinanceQuestion {
        understander.understand(text, previous: previous.map { understander.understand($0) })
    }

    @Test("A plus ending a name ('paramount+ charges', 'What did Paramount+ cost me'); a question naming none reads none")
    func plusEndsName() {
        let listed = ask("paramount+ charges since the start of the year, list them")
        #expect(listed.merchant == "Paramount+")
        #expect(listed.intent == .listTransactions)
        #expect(listed.period == range("2033-01-01", "2033-06-15"))
        #expect(ask("What did Paramount+ cost me in March?").merchant == "Paramount+")
        // Capitalised after "did", a name; a pronoun or a common word is none.
        #expect(ask("What did I spend in March?").merchant == nil)
        #expect(ask("how much did rent cost in march").merchant == nil)
    }

    @Test("Two consonants as a name's first word before another ('tk maxx'); alone before what is bought, none ('tv bill')")
    func initials() {
        let spending = ask("tk maxx spending in the last 2 months")
        #expect(spending.merchant == "TK Maxx")
        #expect(spending.period == range("2033-04-01", "2033-05-31"))
        let tried = ask("try tk maxx", after: "How much have I spent at Macy's this month?")
        #expect(tried.merchant == "TK Maxx")
        #expect(tried.period == range("2033-06-01", "2033-06-15"))
        #expect(ask("my tv bill last month").merchant == nil)
        #expect(ask("try again", after: "How much have I spent at Macy's this month?").merchant == "Macy's")
    }

    @Test("'charge' and 'bookings' are bought at a name ('macy's charge', 'expedia bookings'); 'single charge', 'hotel bookings' name none")
    func chargeAndBookings() {
        let biggest = ask("whats the biggest macy's charge ive had this year")
        #expect(biggest.merchant == "Macy's")
        #expect(biggest.intent == .largest)
        let bookings = ask("show me my expedia bookings from last year")
        #expect(bookings.merchant == "Expedia")
        #expect(bookings.intent == .listTransactions)
        #expect(bookings.period == range("2032-01-01", "2032-12-31"))
        #expect(ask("largest single charge this year").merchant == nil)
        #expect(ask("show me my hotel bookings from last year").merchant == nil)
    }

    @Test("A sentence's capital on a name before 'total' ('Exxon total'); 'Grand total', 'Monthly total' name none")
    func capitalBeforeTotal() {
        let exxon = ask("Exxon total for the last 30 days")
        #expect(exxon.merchant == "Exxon")
        #expect(exxon.period == range("2033-05-17", "2033-06-15"))
        #expect(ask("Grand total for last month").merchant == nil)
        #expect(ask("Monthly total for may").merchant == nil)
    }

    @Test("Two words opening the question before its period and what it asks ('hobby lobby this quarter, how much'); a category's do not")
    func twoWordsThenPeriod() {
        let hobby = ask("hobby lobby this quarter, how much have i dropped there")
        #expect(hobby.merchant == "Hobby Lobby")
        #expect(hobby.period == range("2033-04-01", "2033-06-15"))
        let eating = ask("eating out this quarter, how much")
        #expect(eating.merchant == nil)
        #expect(eating.category == "restaurants")
    }

    @Test("'&' or the article 'a' inside a name before what is bought ('bath & body works order', 'pret a manger charge'); 'gas & electric bill' none")
    func joinedNames() {
        let bath = ask("avg bath & body works order since march")
        #expect(bath.merchant == "Bath & Body Works")
        #expect(bath.intent == .average)
        #expect(ask("every pret a manger charge from last wednesday").merchant == "Pret A Manger")
        // The article alone before a name is no part of it.
        #expect(ask("was there a netflix charge this month").merchant == "Netflix")
        #expect(ask("gas & electric bill this month").merchant == nil)
    }

    @Test("'spent on', 'hit', 'did … set us back' take a name as 'at' does; a category, 'my budget', 'i' are none")
    func verbsBeforeName() {
        let trainline = ask("total spent on trainline from 2 may to 20 may")
        #expect(trainline.merchant == "Trainline")
        #expect(trainline.period == range("2033-05-02", "2033-05-20"))
        let krispy = ask("how many times did i hit krispy kreme last weekend")
        #expect(krispy.merchant == "Krispy Kreme")
        #expect(krispy.intent == .count)
        #expect(krispy.period == range("2033-06-11", "2033-06-12"))
        let olive = ask("how much did olive garden set us back last month")
        #expect(olive.merchant == "Olive Garden")
        #expect(olive.period == range("2033-05-01", "2033-05-31"))
        let groceries = ask("how much have i spent on groceries this month")
        #expect(groceries.merchant == nil)
        #expect(groceries.category == "groceries")
        #expect(ask("did i hit my budget this month").merchant == nil)
        #expect(ask("how much did i set aside last month").merchant == nil)
    }

    @Test("'how much of that was macy's': a part of the last answer, at a name, keeping its category and period")
    func partAtName() {
        let part = ask("how much of that was macy's", after: "What did clothing cost me last quarter?")
        #expect(part.merchant == "Macy's")
        #expect(part.category == "clothing")
        #expect(part.period == range("2033-01-01", "2033-03-31"))
        let groceries = ask("how much of that was groceries", after: "What did I spend last quarter?")
        #expect(groceries.merchant == nil)
        #expect(groceries.category == "groceries")
    }

    @Test("'betwen' is 'between' written with a slip; 'compare may 10 and may 24' stays two days")
    func betweenSlip() {
        let care = ask("personal care betwen may 10 and may 24")
        #expect(care.intent == .totalSpent)
        #expect(care.period == range("2033-05-10", "2033-05-24"))
        #expect(care.otherPeriod == nil)
        #expect(care.category == "personal care")
        #expect(ask("compare may 10 and may 24").intent == .comparePeriods)
    }

    @Test("A category's doubled letter written once ('cofees', 'shoping'); a word two letters off ('stopping') is none")
    func undoubledLetter() {
        let coffees = ask("how many cofees have i bought this month")
        #expect(coffees.category == "cafes")
        #expect(coffees.intent == .count)
        #expect(ask("shoping last month").category == "shopping")
        #expect(ask("how much did i spend after stopping work").category == nil)
    }

    @Test("Turkish 'bilet…' and 'ödeme…' are paid at a name before them ('sunexpress biletlerimi', 'blutv ödemelerimi'); a category's or common word is none")
    func ticketsAndPayments() {
        let tickets = ask("geçen yılki sunexpress biletlerimi göster")
        // A carrier the airline table lists takes its spelling there (the eighteenth set's "ajet" → "AJet").
        #expect(tickets.merchant == "SunExpress")
        #expect(tickets.intent == .listTransactions)
        #expect(tickets.period == range("2032-01-01", "2032-12-31"))
        let payments = ask("yılbaşından bu yana blutv ödemelerimi listele")
        #expect(payments.merchant == "Blutv")
        #expect(payments.period == range("2033-01-01", "2033-06-15"))
        #expect(ask("geçen yılki uçak biletlerimi göster").merchant == nil)
        #expect(ask("yılbaşından bu yana kira ödemelerimi listele").merchant == nil)
        // A word between the period and the noun is no name ("en"), nor a category's first word ("kişisel bakım").
        let highest = ask("bu ayın en yüksek faturası")
        #expect(highest.merchant == nil)
        #expect(highest.category == "bills")
        let care = ask("geçen ayki kişisel bakım harcamalarım")
        #expect(care.merchant == nil)
        #expect(care.category == "personal care")
    }

    @Test("A compound's possessive word after a category's word is a name ('kahve diyarına'); a bill's or ticket's word is not")
    func compoundAfterCategoryWord() {
        let shop = ask("bu hafta kahve diyarına kaç kere uğradım")
        #expect(shop.merchant == "Kahve Diyarı")
        #expect(shop.category == nil)
        #expect(shop.period == range("2033-06-13", "2033-06-15"))
        let bill = ask("son iki ayda tek bir restoran hesabına ödediğim en yüksek tutar")
        #expect(bill.merchant == nil)
        #expect(bill.category == "restaurants")
        #expect(ask("bu ay uçak biletine ne kadar verdim").merchant == nil)
    }

    @Test("A day's noun in a case is the period, not a name's first word ('anneler gününde çiçeksepetine'); 'petrol ofisinden' still joins")
    func dayNounNotName() {
        let flowers = ask("anneler gününde çiçeksepetine ne kadar ödedim")
        #expect(flowers.merchant == "Çiçeksepeti")
        #expect(flowers.period == range("2033-05-08", "2033-05-08"))
        #expect(ask("ocakta petrol ofisinden kaç kere benzin aldım").merchant == "Petrol Ofisi")
    }

    @Test("Before an apostrophe a category's word is the whole stem ('market'e'), never its start ('cinemapink'e')")
    func wholeStemBeforeApostrophe() {
        let cinema = ask("ilk çeyrekte cinemapink'e kaç kez gittik")
        #expect(cinema.merchant == "Cinemapink")
        #expect(cinema.intent == .count)
        let market = ask("bu ay market'e ne kadar verdim")
        #expect(market.merchant == nil)
        #expect(market.category == "groceries")
    }

    @Test("A Turkish ending only as vowel harmony allows it: 'golden rose'da' is one name; 'okuldan mavi'ye' is not")
    func vowelHarmony() {
        let rose = ask("marttan beri golden rose'da sepet başına ortalama ne harcıyorum")
        #expect(rose.merchant == "Golden Rose")
        #expect(rose.intent == .average)
        #expect(rose.period == range("2033-03-01", "2033-06-15"))
        #expect(ask("okuldan mavi'ye ne kadar gitti").merchant == "Mavi")
    }

    @Test("'en çok tutan' is the largest; 'en çok hangi mağaza' still asks where")
    func cameToMost() {
        let bill = ask("ilk çeyrekte en çok tutan fatura hangisiydi")
        #expect(bill.intent == .largest)
        #expect(bill.category == "bills")
        #expect(bill.period == range("2033-01-01", "2033-03-31"))
        #expect(ask("bu yıl en çok hangi mağazaya harcadım").intent == .topMerchants)
    }

    @Test("'daha mı pahalıya' compares; 'bir önceki haftadan' is the week before; 'geçen haftadan beri' stays a start")
    func dearerThanWeekBefore() {
        let dearer = ask("geçen hafta bir önceki haftadan daha mı pahalıya geldi")
        #expect(dearer.intent == .comparePeriods)
        #expect(dearer.period == range("2033-06-06", "2033-06-12"))
        #expect(dearer.otherPeriod == range("2033-05-30", "2033-06-05"))
        let since = ask("geçen haftadan beri ne harcadım")
        #expect(since.intent == .totalSpent)
        #expect(since.otherPeriod == nil)
        #expect(ask("bu yıl en pahalı alışverişim").intent == .largest)
    }

    @Test("Follow-ups: 'ne kadarmış' with a year, 'aynı ay', 'on taneye çıkar', 'bunun içinden'")
    func turkishFollowUps() {
        let year = ask("2031'de ne kadarmış", after: "2032'de restoranlara ne kadar harcadım?")
        #expect(year.category == "restaurants")
        #expect(year.period == range("2031-01-01", "2031-12-31"))
        let same = ask("aynı ay ulaşım ne tutmuş", after: "Mayısta markete ne kadar harcadım?")
        #expect(same.period == range("2033-05-01", "2033-05-31"))
        #expect(same.category == "transport")
        let ten = ask("on taneye çıkar", after: "bu yıl en çok harcama yaptığım 5 yer")
        #expect(ten.limit == 10)
        #expect(ten.intent == .topMerchants)
        // English "on" is no ten.
        #expect(ask("what about on monday", after: "top 5 merchants this month").limit == 5)
        let part = ask("bunun içinden ipekyol'a giden ne kadar", after: "Geçen çeyrekte giyime ne kadar harcadım?")
        #expect(part.merchant == "İpekyol")
        #expect(part.category == "clothing")
        #expect(part.period == range("2033-01-01", "2033-03-31"))
        // "içinde" after a period's words is the period's, no part of the last answer.
        let own = ask("son üç ay içinde ipekyol'a ne kadar verdim", after: "Geçen çeyrekte giyime ne kadar harcadım?")
        #expect(own.merchant == "İpekyol")
        #expect(own.category == nil)
    }
}
