import AssistBudget
import AssistUnderstanding
import Testing

/// What the seventh written-after set (`golden/written-after/README.md`) found missing in budget questions: a month or
/// quarter of a named year ("february last year", "geçen yılın son çeyreği"), the day before yesterday, since New
/// Year's, the slice before a slice of several months ("the 3 months before that"), a new count in a follow-up
/// ("cut it down to 3", "3'e düşür"), Turkish "de" (also) opening a follow-up, and "priciest". Each beside the
/// reading it must not take.
@Suite("Budget phrasing: periods of a named year, days back, shifts by a count, new counts")
struct BudgetPeriodPhrasingTests {
    let march = FinanceUnderstander(merchants: ["Netflix", "Sushico", "BiTaksi", "Gratis", "BİM"], today: "2028-03-08")  // a Wednesday

    func span(_ from: String, _ to: String? = nil) -> DateResolver.Range { DateResolver.Range(from: from, to: to ?? from) }

    @Test("the day before yesterday, evvelki gün, dünden önceki gün are two days back; yesterday one; bir önceki gün no day")
    func daysBack() {
        #expect(march.understand("how many BiTaksi rides did I take the day before yesterday?").period == span("2028-03-06"))
        #expect(march.understand("evvelki gün kaç kez BiTaksi'ye bindim").period == span("2028-03-06"))
        #expect(march.understand("dünden önceki gün ne kadar harcadım").period == span("2028-03-06"))
        #expect(march.understand("how much did I spend yesterday?").period == span("2028-03-07"))
        #expect(march.understand("bir önceki gün ne kadar harcadım").period != span("2028-03-06"))
    }

    @Test("since New Year's is the year so far; New Year's Eve is not")
    func sinceNewYear() {
        #expect(march.understand("how many times have I ordered from Sushico since New Year's?").period == span("2028-01-01", "2028-03-08"))
        #expect(march.understand("spending since new year").period == span("2028-01-01", "2028-03-08"))
        #expect(march.understand("how much did I spend on New Year's Eve?").period != span("2028-01-01", "2028-03-08"))
    }

    @Test("a month or quarter written next to a year is that one of that year; with other words between, two periods")
    func monthsAndQuartersOfAYear() {
        let february = march.understand("what was my most expensive restaurant bill in February?")
        let lastYears = march.understand("what about february last year?", previous: february)
        #expect(lastYears.period == span("2027-02-01", "2027-02-28") && lastYears.otherPeriod == nil && lastYears.intent == .largest)
        let turkish = march.understand("geçen yılın şubatında?", previous: march.understand("şubattaki en yüksek restoran hesabım neydi?"))
        #expect(turkish.period == span("2027-02-01", "2027-02-28") && turkish.otherPeriod == nil)
        #expect(march.understand("how much in February 2027?").period == span("2027-02-01", "2027-02-28"))
        let q4 = span("2027-10-01", "2027-12-31")
        #expect(march.understand("geçen yılın son çeyreğinde Gratis'ten kaç kez alışveriş yaptım").period == q4)
        #expect(march.understand("how much at Gratis in Q4 last year?").period == q4)
        #expect(march.understand("how much in the first quarter of 2027?").period == span("2027-01-01", "2027-03-31"))
        let compared = march.understand("compare February with last year")
        #expect(compared.period == span("2028-02-01", "2028-02-29") && compared.otherPeriod == span("2027-01-01", "2027-12-31"))
        let october = FinanceUnderstander(merchants: [], today: "2027-10-20")
        #expect(october.understand("how much did I spend last quarter?").period == span("2027-07-01", "2027-09-30"))
        #expect(october.understand("how much did I spend in the last quarter of last year?").period == span("2026-10-01", "2026-12-31"))
    }

    @Test("the N months before that is the N months before the last slice; the month before stays one month back")
    func countedShifts() {
        let netflix = march.understand("how much have I paid Netflix over the last 3 months?")
        #expect(netflix.period == span("2027-12-01", "2028-02-29"))
        let before = march.understand("and in the 3 months before that?", previous: netflix)
        #expect(before.period == span("2027-09-01", "2027-11-30") && before.merchant == "Netflix")
        let turkish = march.understand("ondan önceki 3 ay?", previous: march.understand("son 3 ayda Netflix'e ne kadar ödedim?"))
        #expect(turkish.period == span("2027-09-01", "2027-11-30") && turkish.merchant == "Netflix")
        let weeks = march.understand("and the 2 weeks before that?", previous: march.understand("how much did I spend last week?"))
        #expect(weeks.period == span("2028-02-14", "2028-02-27"))
        #expect(march.understand("and the month before?", previous: netflix).period == span("2027-11-01", "2028-01-31"))
    }

    @Test("a new count with a verb of change after a top list; de (also) opens a Turkish follow-up, a case ending after an apostrophe does not")
    func countsAndAlso() {
        let top = march.understand("top 5 merchants so far this year")
        let three = march.understand("cut it down to 3", previous: top)
        #expect(three.limit == 3 && three.intent == .topMerchants)
        let turkishTop = march.understand("bu yıl en çok harcama yaptığım 5 yer hangileri?")
        #expect(march.understand("3'e düşür", previous: turkishTop).limit == 3)
        #expect(march.understand("how much did I spend from the 1st to the 3rd?").limit == nil)
        let sushico = march.understand("ocakta Sushico'ya ne kadar harcadım?")
        let february = march.understand("şubat için de bakar mısın", previous: sushico)
        #expect(february.merchant == "Sushico" && february.period == span("2028-02-01", "2028-02-29"))
        #expect(FinanceUnderstander.isFollowUp("şubat için de bakar mısın"))
        #expect(!FinanceUnderstander.isFollowUp("BİM'de geçen ay ne kadar"))
    }

    @Test("the period set against another may come first: after 'than', 'outspending', an opening 'vs'; Turkish ablative or 'göre'")
    func periodSetAgainstFirst() {
        let thisMonth = span("2028-03-01", "2028-03-08"), lastMarch = span("2027-03-01", "2027-03-31")
        for text in ["am i outspending last march this month", "did i spend more than last march this month",
                     "vs last march, how much more on food this month", "compared to last march, how is this month going",
                     "geçen marttan bu ay daha fazla mı harcadım", "geçen marta göre bu ay daha mı fazla harcadım"] {
            let question = march.understand(text)
            #expect(question.period == thisMonth && question.otherPeriod == lastMarch, "\(text)")
        }
        // Written the other way round, or "since" a month, the order stands.
        let plain = march.understand("january vs february, which cost more")
        #expect(plain.period == span("2028-01-01", "2028-01-31") && plain.otherPeriod == span("2028-02-01", "2028-02-29"))
        let ablative = march.understand("şubatta ocaktan fazla mı harcadım")
        #expect(ablative.period == span("2028-02-01", "2028-02-29") && ablative.otherPeriod == span("2028-01-01", "2028-01-31"))
        #expect(march.understand("ocaktan beri market harcamam").period == span("2028-01-01", "2028-03-08"))
    }

    @Test("priciest and costliest ask the largest payment; eating out is restaurants; kitaba is books")
    func wordings() {
        #expect(march.understand("what was my priciest purchase in january").intent == .largest)
        #expect(march.understand("my costliest order last month").intent == .largest)
        #expect(march.understand("how often did I eat out in September?").category == "restaurants")
        #expect(march.understand("bu yıl kitaba ne kadar harcadım?").category == "books")
    }
}
